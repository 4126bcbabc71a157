// emit_loop_kernel: the parameter list, the grid-stride loops, the stores.
#include "backend/cuda/codegen/loop_kernel.h"

#include <fmt/format.h>

#include <map>

#include "backend/cuda/codegen/emitter.h"
#include "backend/cuda/codegen/row_reduction.h"

namespace kiln::backend::cuda {

int64_t loop_threads(const LoopKernel& kernel) {
  if (const ir::Operation* reduce = row_reduction_of(kernel)) return row_reduction_rows(*reduce) * 32;
  return loop_elements(kernel);
}

int64_t loop_elements(const LoopKernel& kernel) {
  int64_t n = 0;
  for (const ir::Value* r : kernel.roots) n = std::max(n, r->type().num_elements().value_or(0));
  return n;
}

Expected<std::string> emit_loop_kernel(const LoopKernel& kernel) {
  if (const ir::Operation* reduce = row_reduction_of(kernel)) {
    return emit_row_reduction_kernel(kernel, *reduce);
  }
  CodeWriter body;
  Emitter e(body);
  std::vector<std::string> signature;
  for (size_t i = 0; i < kernel.params.size(); ++i) {
    const ir::Value* v = kernel.params[i];
    KILN_TRY(ScalarType t, Emitter::scalar_type(v->type(), v->defining_op()));
    signature.push_back(fmt::format("const {}* __restrict__ p{}", t.storage, i));
    e.bind_param(v, fmt::format("p{}", i));
  }
  // Roots grouped by shape: one loop each.
  std::map<std::vector<int64_t>, std::vector<size_t>> by_shape;
  for (size_t i = 0; i < kernel.roots.size(); ++i) {
    const ir::Value* v = kernel.roots[i];
    KILN_TRY(ScalarType t, Emitter::scalar_type(v->type(), v->defining_op()));
    signature.push_back(fmt::format("{}* __restrict__ o{}", t.storage, i));
    by_shape[v->type().shape()].push_back(i);
  }
  body.line("const i64 stride = static_cast<i64>(gridDim.x) * blockDim.x;");
  for (const auto& [shape, roots] : by_shape) {
    int64_t n = 1;
    for (int64_t d : shape) n *= d;
    if (n == 0) continue;
    body.open(fmt::format("for (i64 i = static_cast<i64>(blockIdx.x) * blockDim.x + threadIdx.x; "
                          "i < {}; i += stride)", n));
    e.push_scope();
    Index index = Index::of_linear(shape, "i");
    for (size_t r : roots) {
      const ir::Value* v = kernel.roots[r];
      KILN_TRY(ScalarType t, Emitter::scalar_type(v->type(), v->defining_op()));
      KILN_TRY(std::string x, e.emit(v, index));
      body.line(t.store(fmt::format("o{}", r), "i", x));
    }
    e.pop_scope();
    body.close();
  }
  std::string text = fmt::format("extern \"C\" __global__ void __launch_bounds__({}) {}(", kLoopBlock,
                                 kernel.function);
  for (size_t i = 0; i < signature.size(); ++i) text += (i ? ", " : "") + signature[i];
  text += ") {\n";
  // Indent the body one level.
  const std::string& b = body.text();
  size_t pos = 0;
  while (pos < b.size()) {
    size_t end = b.find('\n', pos);
    text += "  " + b.substr(pos, end - pos) + "\n";
    pos = end + 1;
  }
  text += "}\n";
  return text;
}

}  // namespace kiln::backend::cuda
