// What the elemental rules of src/backend/cuda/ops share: operand elements at the result's
// index, result types, and attribute reading.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "backend/cuda/codegen/emitter.h"
#include "interp/ops/op_helpers.h"

namespace kiln::backend::cuda {

using interp::attr_int;
using interp::attr_ints;
using interp::attr_ints_or;

// The scalar type of `op`'s result `i` / operand `i`.
inline Expected<ScalarType> result_type(Emitter& e, const ir::Operation& op, size_t i = 0) {
  return e.scalar_type(op.result(i)->type(), &op);
}
inline Expected<ScalarType> operand_type(Emitter& e, const ir::Operation& op, size_t i) {
  return e.scalar_type(op.operand(i)->type(), &op);
}

// Operand `i` at the result's index, where the operand has the result's shape (element-wise
// ops), or at the scalar index when it is rank 0 and the result is not (clamp's bounds).
inline Expected<std::string> operand_at(Emitter& e, const ir::Operation& op, size_t i,
                                        Index& index) {
  const ir::Value* v = op.operand(i);
  if (v->type().rank() == 0 && !index.shape.empty()) {
    Index scalar = Index::scalar();
    return e.emit(v, scalar);
  }
  return e.emit(v, index);
}

// `x` (of `from`'s compute type) converted as stablehlo.convert does (ops/convert.cpp).
std::string convert_expr(const ScalarType& from, const ScalarType& to, const std::string& x);

// Element-wise binary op `name` (stablehlo.add, ...: ops/elementwise_binary.cpp) on `a` and
// `b`, compute-type expressions of `t`: the expression, rounded to `t` as the op rounds; none
// where the op is not binary or does not take `t`.
std::optional<std::string> binary_expr(std::string_view name, const ScalarType& t,
                                       const std::string& a, const std::string& b);

// Every operand at the result's index.
inline Expected<std::vector<std::string>> operands_at(Emitter& e, const ir::Operation& op,
                                                      Index& index) {
  std::vector<std::string> out;
  for (size_t i = 0; i < op.num_operands(); ++i) {
    KILN_TRY(std::string x, operand_at(e, op, i, index));
    out.push_back(std::move(x));
  }
  return out;
}

// A start index of integer type `t` held in `expr`, as i64 (the interpreter's index_element):
// unsigned 64-bit values beyond INT64_MAX saturate, which keeps them out of bounds.
inline std::string index_i64(const ScalarType& t, const std::string& expr) {
  if (t.is_int && !t.is_signed && t.bits == 64) {
    return "(" + expr + " > 0x7fffffffffffffffULL ? 0x7fffffffffffffffLL : static_cast<i64>(" +
           expr + "))";
  }
  return "static_cast<i64>(" + expr + ")";
}

}  // namespace kiln::backend::cuda
