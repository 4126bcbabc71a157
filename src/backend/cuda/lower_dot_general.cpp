// dot_general and dot through cuBLASLt: a dot whose operands are (batches of) row-major
// matrices as they lie, [B, M, K] or [B, K, M] times [B, K, N] or [B, N, K], is one GemmStep in
// cuBLASLt's column-major terms (C^T = B^T A^T: the row-major result [M, N] is the column-major
// [N, M]); every other dot (other types, an algorithm, dimensions that would need a transpose,
// an empty contraction) is a generated kernel through the elemental rule (ops/dot_general.cpp).
#include <fmt/format.h>

#include <algorithm>
#include <numeric>
#include <optional>

#include "backend/cuda/lowerer.h"
#include "backend/cuda/ops/dot_general.h"

namespace kiln::backend::cuda {

namespace {

using ::kiln::cuda::FloatType;
using ::kiln::cuda::GemmDesc;

std::optional<FloatType> gemm_type(const ir::Type& t) {
  switch (t.element().kind()) {
    case ir::ElementKind::kF32:
      return FloatType::kF32;
    case ir::ElementKind::kF16:
      return FloatType::kF16;
    case ir::ElementKind::kBF16:
      return FloatType::kBF16;
    default:
      return std::nullopt;
  }
}

// How one operand's non-batch dimensions lie: the contracting ones a contiguous block paired
// in order with the other operand's, first or last.
struct OperandLayout {
  int64_t free = 1, contracted = 1;
  bool contracting_first = false;
};

std::optional<OperandLayout> operand_layout(const ir::Type& t, const std::vector<int64_t>& batching,
                                            const std::vector<int64_t>& contracting) {
  const int64_t nb = static_cast<int64_t>(batching.size());
  for (int64_t i = 0; i < nb; ++i) {
    if (batching[static_cast<size_t>(i)] != i) return std::nullopt;
  }
  // The contracting dimensions, in the order they pair: consecutive and increasing, so the
  // flattened K index means the same element on both sides.
  for (size_t i = 1; i < contracting.size(); ++i) {
    if (contracting[i] != contracting[i - 1] + 1) return std::nullopt;
  }
  OperandLayout o;
  for (int64_t c : contracting) o.contracted *= t.dim(c);
  for (int64_t f : dot_free_dims(t.rank(), batching, contracting)) o.free *= t.dim(f);
  if (contracting.empty()) return o;
  if (contracting.back() == t.rank() - 1) return o;
  if (contracting.front() == nb) {
    o.contracting_first = true;
    return o;
  }
  return std::nullopt;
}

struct DotGemm {
  GemmDesc desc;
  int64_t batch = 1, m = 1, n = 1, k = 1;
  int64_t elem_bytes = 4, out_bytes = 4;  // of an operand's element, of a result's
};

std::optional<DotGemm> plan_dot_gemm(const ir::Operation& op) {
  if (op.name() != "stablehlo.dot_general" && op.name() != "stablehlo.dot") return std::nullopt;
  if (op.num_operands() != 2 || op.attr("algorithm") != nullptr) return std::nullopt;
  const ir::Type& lhs = op.operand(0)->type();
  const ir::Type& rhs = op.operand(1)->type();
  const ir::Type& out = op.result(0)->type();
  if (!lhs.is_static() || !rhs.is_static() || !out.is_static()) return std::nullopt;
  // One type throughout, or f16 / bf16 operands summed into an f32 result (JAX's
  // preferred_element_type): the accumulation is f32 either way, as the interpreter's.
  std::optional<FloatType> type = gemm_type(lhs);
  std::optional<FloatType> result_type = gemm_type(out);
  if (!type || !result_type || lhs.element() != rhs.element()) return std::nullopt;
  if (*result_type != *type && *result_type != FloatType::kF32) return std::nullopt;
  Expected<DotDims> d = dot_dims_of(op);
  if (!d.ok() || d->lhs_batching.size() != d->rhs_batching.size() ||
      d->lhs_contracting.size() != d->rhs_contracting.size()) {
    return std::nullopt;
  }
  auto l = operand_layout(lhs, d->lhs_batching, d->lhs_contracting);
  auto r = operand_layout(rhs, d->rhs_batching, d->rhs_contracting);
  if (!l || !r) return std::nullopt;
  DotGemm g;
  for (int64_t b : d->lhs_batching) g.batch *= lhs.dim(b);
  g.m = l->free;
  g.n = r->free;
  g.k = l->contracted;
  g.elem_bytes = lhs.element().storage_bytes();
  g.out_bytes = out.element().storage_bytes();
  // An empty contraction is zeros: the elemental rule's.
  if (g.k == 0) return std::nullopt;
  // Column-major C^T [n, m] = op(A) op(B) with A the rhs and B the lhs. The rhs as stored,
  // row-major [k, n], is column-major [n, k]; row-major [n, k] is [k, n], transposed.
  GemmDesc& desc = g.desc;
  desc.type = *type;
  if (*result_type != *type) desc.result_type = result_type;
  desc.m = g.n;
  desc.n = g.m;
  desc.k = g.k;
  desc.transpose_a = !r->contracting_first;
  desc.lda = r->contracting_first ? g.n : g.k;
  // The lhs, row-major [m, k], is column-major [k, m]; row-major [k, m] is [m, k], transposed.
  desc.transpose_b = l->contracting_first;
  desc.ldb = l->contracting_first ? g.m : g.k;
  desc.ldc = g.n;
  // Every batch's matrices start at a multiple of the strides' common power of two.
  int64_t align = 256;
  if (g.batch > 1) {
    for (int64_t s :
         {g.m * g.k * g.elem_bytes, g.k * g.n * g.elem_bytes, g.m * g.n * g.out_bytes}) {
      while (align > 1 && s % align != 0) align /= 2;
    }
  }
  desc.alignment = align;
  return g;
}

// One generated kernel computing `op` through its elemental rule (as Lowerer::lower_op does
// for an op without a lowering).
Status lower_dot_elementally(Lowerer& l, const ir::Operation& op) {
  LoopKernel kernel{l.kernel_name(), {}, {}};
  std::vector<BufferRef> params, roots;
  for (const ir::Value* v : op.operands()) {
    KILN_TRY(BufferRef r, l.ref(v));
    kernel.params.push_back(v);
    params.push_back(r);
  }
  kernel.roots.push_back(op.result(0));
  roots.push_back(l.define(op.result(0)));
  return l.add_loop_kernel(std::move(kernel), params, roots, op);
}

Status lower_dot_general(Lowerer& l, const ir::Operation& op) {
  std::optional<DotGemm> g = plan_dot_gemm(op);
  if (!g) return lower_dot_elementally(l, op);
  KILN_TRY(BufferRef lhs, l.ref(op.operand(0)));
  KILN_TRY(BufferRef rhs, l.ref(op.operand(1)));
  BufferRef out = l.define(op.result(0));
  // An empty result has nothing to compute (cuBLASLt wants every dimension at least 1).
  if (g->batch == 0 || g->m == 0 || g->n == 0) return ok_status();
  GemmStep step;
  step.desc = g->desc;
  step.batch = g->batch;
  step.a = rhs;
  step.b = lhs;
  step.c = out;
  step.stride_a = g->k * g->n * g->elem_bytes;
  step.stride_b = g->m * g->k * g->elem_bytes;
  step.stride_c = g->m * g->n * g->out_bytes;
  step.what = Lowerer::describe(op);
  l.add(std::move(step));
  l.count_gemm();
  return ok_status();
}

}  // namespace

bool dot_uses_gemm(const ir::Operation& op) { return plan_dot_gemm(op).has_value(); }

KILN_REGISTER_CUDA_LOWERING("stablehlo.dot_general", lower_dot_general);
KILN_REGISTER_CUDA_LOWERING("stablehlo.dot", lower_dot_general);

}  // namespace kiln::backend::cuda
