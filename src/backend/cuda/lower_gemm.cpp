// kiln.gemm: one cuBLASLt matmul with its epilogue fused (bias, relu, tanh GELU, the residual
// as C with beta = 1) where the composite's region computes exactly that
// (gemm_epilogue_match.h); any other kiln.gemm (silu, the erf GELU, a residual after an
// activation, converts cuBLASLt cannot express, types without epilogues) runs its region: the
// product on cuBLASLt, the epilogue a generated kernel (lower_fusion.cpp). A kiln.gemm without
// an epilogue goes to the library's gemm where the dispatch chooses it (lower_dot_on_library).
#include "backend/cuda/gemm_epilogue_match.h"
#include "backend/cuda/lower_dot_general.h"

namespace kiln::backend::cuda {

namespace {

// The composite's operand that the region's block argument `v` stands for.
Expected<BufferRef> operand_slot(Lowerer& l, const ir::Operation& op, const ir::Value* v) {
  const ir::Block& body = op.region(0).front();
  for (size_t i = 0; i < body.num_arguments(); ++i) {
    if (body.argument(i) == v) return l.ref(op.operand(i));
  }
  return Error::internal("cuda lowering: " + Lowerer::describe(op) +
                         ": a product operand that is not the composite's");
}

Status lower_gemm(Lowerer& l, const ir::Operation& op) {
  GemmEpilogueResult r = match_gemm_epilogue(op);
  if (!r.match) return lower_kiln_region(l, op);
  const GemmEpilogueMatch& m = *r.match;
  std::optional<DotGemm> g = plan_dot_gemm(*m.dot, l.options());
  if (!g) return lower_kiln_region(l, op);
  if (m.converted) {
    // The f32 sum rounded once to the operands' type: cuBLASLt's D of that type.
    g->desc.result_type = std::nullopt;
    g->out_bytes = op.result(0)->type().element().storage_bytes();
    g->desc.alignment = batch_alignment(*g);
  }
  g->desc.epilogue = m.activation;
  g->desc.bias = m.bias_arg >= 0;
  g->desc.accumulate = m.residual_arg >= 0;
  if (!::kiln::cuda::check_gemm_desc(g->desc).ok()) return lower_kiln_region(l, op);
  GemmBuffers io;
  KILN_TRY(io.lhs, operand_slot(l, op, m.dot->operand(0)));
  KILN_TRY(io.rhs, operand_slot(l, op, m.dot->operand(1)));
  if (m.bias_arg >= 0) {
    KILN_TRY(io.bias, l.ref(op.operand(static_cast<size_t>(m.bias_arg))));
  }
  if (m.residual_arg >= 0) {
    KILN_TRY(io.residual, l.ref(op.operand(static_cast<size_t>(m.residual_arg))));
  }
  // Without an epilogue the product may go to the library's gemm (dispatch.h).
  KILN_TRY(bool on_library, lower_dot_on_library(l, *g, op, io.lhs, io.rhs));
  if (on_library) return ok_status();
  io.out = l.define(op.result(0));
  add_dot_gemm(l, *g, *m.dot, io, Lowerer::describe(op));
  return ok_status();
}

}  // namespace

KILN_REGISTER_CUDA_LOWERING("kiln.gemm", lower_gemm);

}  // namespace kiln::backend::cuda
