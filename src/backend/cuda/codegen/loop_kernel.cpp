// emit_loop_kernel: the parameter list, the grid-stride loops (vectorized where they can be,
// or over transposes' tiles), the stores.
#include "backend/cuda/codegen/loop_kernel.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>

#include "backend/cuda/codegen/emitter.h"
#include "backend/cuda/codegen/row_reduction.h"
#include "backend/cuda/codegen/transpose_tile.h"
#include "backend/cuda/codegen/vector_loop.h"

namespace kiln::backend::cuda {

namespace {

// The extern "C" function's signature, up to its opening brace.
Expected<std::string> kernel_signature(const LoopKernel& kernel) {
  std::string text = fmt::format("extern \"C\" __global__ void __launch_bounds__({}) {}(", kLoopBlock,
                                 kernel.function);
  for (size_t i = 0; i < kernel.params.size(); ++i) {
    const ir::Value* v = kernel.params[i];
    KILN_TRY(ScalarType t, Emitter::scalar_type(v->type(), v->defining_op()));
    text += fmt::format("{}const {}* __restrict__ p{}", i ? ", " : "", t.storage, i);
  }
  for (size_t i = 0; i < kernel.roots.size(); ++i) {
    const ir::Value* v = kernel.roots[i];
    KILN_TRY(ScalarType t, Emitter::scalar_type(v->type(), v->defining_op()));
    text += fmt::format("{}{}* __restrict__ o{}", i || !kernel.params.empty() ? ", " : "", t.storage, i);
  }
  return text + ") {\n";
}

// The grid-stride loop over the roots `roots` (indices into kernel.roots) of `shape`, an
// element a thread from element `start` (a C++ i64 expression) on.
Status emit_scalar_loop(Emitter& e, const LoopKernel& kernel, const std::vector<size_t>& roots,
                        const std::vector<int64_t>& shape, const std::string& start) {
  CodeWriter& out = e.out();
  out.open(fmt::format("for (i64 i = {}static_cast<i64>(blockIdx.x) * blockDim.x + threadIdx.x; "
                       "i < {}; i += stride)",
                       start == "0" ? "" : start + " + ", elements_of(shape)));
  e.push_scope();
  Index index = Index::of_linear(shape, "i");
  for (size_t r : roots) {
    const ir::Value* v = kernel.roots[r];
    KILN_TRY(ScalarType t, Emitter::scalar_type(v->type(), v->defining_op()));
    KILN_TRY(std::string x, e.emit(v, index));
    out.line(t.store(fmt::format("o{}", r), "i", x));
  }
  e.pop_scope();
  out.close();
  return ok_status();
}

// The loop over one shape's roots: vectorized where plan_vector_loop, told which parameters a
// scalar emission reads at the loop's own index, finds it worth it, with the scalar loop after
// it for the tail. Returns the threads it wants.
Expected<int64_t> emit_shape_loop(Emitter& e, const LoopKernel& kernel,
                                  const std::vector<size_t>& roots,
                                  const std::vector<int64_t>& shape) {
  const int64_t n = elements_of(shape);
  CodeWriter scratch;
  Emitter probe(scratch);
  bind_loop_params(probe, kernel);
  KILN_CHECK_OK(emit_scalar_loop(probe, kernel, roots, shape, "0"));
  std::optional<VectorLoop> plan = plan_vector_loop(kernel, roots, n, probe.param_loads());
  std::string start = "0";
  if (plan) {
    KILN_TRY(start, emit_vector_loop(e, kernel, roots, shape, *plan));
  }
  KILN_CHECK_OK(emit_scalar_loop(e, kernel, roots, shape, start));
  return plan ? (n + plan->lanes - 1) / plan->lanes : n;
}

// The body over transposes' tiles, where tile_candidates finds transposes to tile and some of
// them are read only at the roots' own index; else nullopt.
Expected<std::optional<TiledBody>> tiled_body(const LoopKernel& kernel) {
  std::vector<const ir::Operation*> transposes = tile_candidates(kernel);
  while (!transposes.empty()) {
    KILN_TRY(TiledBody body, emit_tiled_body(kernel, transposes));
    if (body.read_elsewhere.empty()) return std::optional<TiledBody>(std::move(body));
    std::erase_if(transposes, [&](const ir::Operation* op) {
      return std::find(body.read_elsewhere.begin(), body.read_elsewhere.end(), op) !=
             body.read_elsewhere.end();
    });
  }
  return std::optional<TiledBody>();
}

}  // namespace

int64_t loop_elements(const LoopKernel& kernel) {
  int64_t n = 0;
  for (const ir::Value* r : kernel.roots) n = std::max(n, r->type().num_elements().value_or(0));
  return n;
}

void bind_loop_params(Emitter& e, const LoopKernel& kernel) {
  for (size_t i = 0; i < kernel.params.size(); ++i) {
    e.bind_param(kernel.params[i], fmt::format("p{}", i));
  }
}

Expected<LoopKernelCode> emit_loop_kernel(const LoopKernel& kernel) {
  if (const ir::Operation* reduce = row_reduction_of(kernel)) {
    KILN_TRY(std::string text, emit_row_reduction_kernel(kernel, *reduce));
    return LoopKernelCode{std::move(text), row_reduction_rows(*reduce) * 32};
  }
  // The signature first: an element type generated code does not hold is named there.
  KILN_TRY(std::string signature, kernel_signature(kernel));
  KILN_TRY(std::optional<TiledBody> tiled, tiled_body(kernel));
  if (tiled) return LoopKernelCode{function_text(std::move(signature), tiled->text), tiled->threads};
  CodeWriter body;
  Emitter e(body);
  bind_loop_params(e, kernel);
  // Roots grouped by shape: one loop each.
  std::map<std::vector<int64_t>, std::vector<size_t>> by_shape;
  for (size_t i = 0; i < kernel.roots.size(); ++i) {
    by_shape[kernel.roots[i]->type().shape()].push_back(i);
  }
  body.line("const i64 stride = static_cast<i64>(gridDim.x) * blockDim.x;");
  int64_t threads = 0;
  for (const auto& [shape, roots] : by_shape) {
    if (elements_of(shape) == 0) continue;
    KILN_TRY(int64_t wanted, emit_shape_loop(e, kernel, roots, shape));
    threads = std::max(threads, wanted);
  }
  return LoopKernelCode{function_text(std::move(signature), body.text()), threads, true};
}

}  // namespace kiln::backend::cuda
