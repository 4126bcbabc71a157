// The element-wise ("elemental") emitter: writes the CUDA C++ that computes one element of a
// value at a multi-index, by walking the value's defining ops back to the kernel's inputs.
// Each op's rule (src/backend/cuda/ops/<stem>.cpp, registered with KILN_REGISTER_CUDA_ELEMENTAL)
// maps the index it is asked for onto its operands' indices (a broadcast drops dimensions, a
// transpose permutes them, a reduce loops over the reduced ones) and combines their elements.
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "backend/cuda/codegen/code_writer.h"
#include "backend/cuda/codegen/scalar_type.h"
#include "ir/operation.h"
#include "support/error.h"

namespace kiln::backend::cuda {

// A multi-index into a static shape: C++ expressions of type i64, one per dimension, and/or
// the row-major linear index. The emitter fills in whichever form a rule asks for.
struct Index {
  std::vector<int64_t> shape;
  std::vector<std::string> dims;  // empty until known
  std::string linear;             // empty until known

  static Index of_linear(std::vector<int64_t> shape, std::string linear);
  static Index of_dims(std::vector<int64_t> shape, std::vector<std::string> dims);
  // The scalar index of a rank-0 value.
  static Index scalar() { return of_dims({}, {}); }
  // A key naming this index for the emitter's memo.
  std::string key() const;
};

class Emitter;
// Writes the statements computing result `result` of `op` at `index` and returns the C++
// expression (usually a local's name) holding it, in ScalarType::compute of the result type.
using ElementalRule = Expected<std::string> (*)(Emitter& e, const ir::Operation& op, size_t result,
                                                Index& index);

// The rule for an op name, or null when the op cannot be computed element by element.
ElementalRule find_elemental_rule(std::string_view op_name);
struct ElementalRegistration {
  ElementalRegistration(std::string_view op_name, ElementalRule rule);
};
#define KILN_REGISTER_CUDA_ELEMENTAL(name, rule)                                              \
  static const ::kiln::backend::cuda::ElementalRegistration KILN_CONCAT(kiln_cuda_elem_, \
                                                                        __COUNTER__)(name, rule)

// Emits the body of one kernel. Values bound to a source (a kernel parameter, a scalar
// variable) are read from it; every other value is computed through its op's rule.
class Emitter {
 public:
  explicit Emitter(CodeWriter& out) : out_(out) {}

  // Reads `v` from kernel parameter `param` (a pointer to its storage type, row-major).
  void bind_param(const ir::Value* v, std::string param);
  // Reads `v` (rank 0 or a value whose every element is the same) from the C++ expression
  // `expr` of its compute type, whatever the index.
  void bind_scalar(const ir::Value* v, std::string expr);
  // Forgets a scalar binding (a region's arguments after the region).
  void unbind(const ir::Value* v);
  // Reads `v` (a stand-in op's operand, codegen/stand_in.h) through `view`, which returns the
  // C++ expression of its element at the index it is given (an operand of the original op at
  // a mapped index, dequantized, ...).
  using ValueView = std::function<Expected<std::string>(Emitter& e, Index& index)>;
  void bind_view(const ir::Value* v, ValueView view);
  // Keeps `owned` (a stand-in op a rule made) alive as long as this emitter: the memo's keys
  // name its values.
  void keep(std::shared_ptr<const void> owned) { kept_.push_back(std::move(owned)); }

  // The element of `v` at `index`, as a C++ expression of v's compute type.
  Expected<std::string> emit(const ir::Value* v, Index& index);
  // Every load of a kernel parameter emitted so far: the value and the linear index it was
  // read at (a loop kernel learns from a first emission which parameters it reads at its own
  // index, codegen/vector_loop.h).
  struct ParamLoad {
    const ir::Value* value;
    std::string linear;
  };
  const std::vector<ParamLoad>& param_loads() const { return param_loads_; }
  // The element types' knowledge: compute types, loads, stores, rounding.
  static Expected<ScalarType> scalar_type(const ir::Type& type, const ir::Operation* where);

  // Code helpers for rules.
  CodeWriter& out() { return out_; }
  // A fresh local name: "v12".
  std::string fresh(std::string_view prefix = "v");
  // Declares `const T name = expr;` and returns the name.
  std::string let(const std::string& type, const std::string& expr);
  // The dims / linear form of `index` (emitting the division or the sum the first time).
  const std::vector<std::string>& dims(Index& index);
  const std::string& linear(Index& index);
  // The memo is scoped: values computed inside a loop or branch are forgotten at its end.
  void push_scope();
  void pop_scope();
  // Remembers that `v` at `index` is held in `expr` (a rule that computes several results at
  // once, such as a variadic reduce, records the others).
  void remember(const ir::Value* v, const Index& index, std::string expr);
  // Emits a region's single block with its arguments bound to `args` (compute-type
  // expressions, each of a rank-0 value); returns the terminator's operands as expressions.
  Expected<std::vector<std::string>> emit_region(const ir::Region& region,
                                                 const std::vector<std::string>& args);

 private:
  CodeWriter& out_;
  std::unordered_map<const ir::Value*, std::string> params_;
  std::unordered_map<const ir::Value*, std::string> scalars_;
  std::unordered_map<const ir::Value*, ValueView> views_;
  std::vector<std::shared_ptr<const void>> kept_;
  std::vector<ParamLoad> param_loads_;
  std::vector<std::unordered_map<std::string, std::string>> memo_{1};
  int next_ = 0;
};

// Result `result` of `op`, an op on quantized values that the spec computes as
// dequantize_op_quantize (interp::needs_dequantize): its rule on a stand-in op of the
// expressed types, its quantized operands dequantized, its quantized results quantized
// (ops/uniform_quantize.cpp).
Expected<std::string> emit_dequantize_op_quantize(Emitter& e, const ir::Operation& op,
                                                  size_t result, Index& index);

// The error for an op the CUDA backend cannot compile, located at the op:
// "FILE:L:C: error: the cuda backend cannot compile 'stablehlo.fft' (...)".
Error unsupported(const ir::Operation& op, std::string_view why);

// The number of elements of a static shape (1 for rank 0).
int64_t elements_of(const std::vector<int64_t>& shape);

}  // namespace kiln::backend::cuda
