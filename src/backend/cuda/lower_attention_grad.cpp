// kiln.attention_grad on cuDNN's SDPA backward where its forward is on cuDNN and wrote the row
// statistics for it (attention_grad_layout.cpp, lower_attention.cpp); else its region
// (lower_fusion.cpp). Either way the choice and its reason go to the program's notes.
#include <fmt/format.h>

#include "backend/cuda/attention_grad_layout.h"
#include "backend/cuda/lowerer.h"

namespace kiln::backend::cuda {

namespace {

Status lower_attention_grad(Lowerer& l, const ir::Operation& op) {
  Expected<AttentionGradLayout> layout = attention_grad_layout(op);
  std::optional<BufferRef> stats;
  if (layout.ok()) stats = l.take_attention_stats(op.operand(layout->o));
  if (!stats) {
    std::string why = !layout.ok()                 ? layout.error().message()
                      : !cudnn_attention_enabled() ? "KILN_CUDNN_ATTENTION=0"
                                                   : "its forward writes no row statistics";
    l.note(fmt::format("{}: its region ({})", Lowerer::describe(op), why));
    return lower_kiln_region(l, op);
  }
  KILN_TRY(std::vector<BufferRef> args, l.operand_refs(op));
  AttentionStep step;
  step.desc = layout->desc;
  step.q = args.at(layout->q);
  step.k = args.at(layout->k);
  step.v = args.at(layout->v);
  step.o = args.at(layout->o);
  step.d_o = args.at(layout->d_o);
  if (step.desc.has_bias) step.bias = args.at(layout->bias);
  step.stats = *stats;
  step.d_q = l.define(op.result(0));
  step.d_k = l.define(op.result(1));
  step.d_v = l.define(op.result(2));
  step.what = Lowerer::describe(op);
  // The region, fused as lower_kiln_region lowers it, for a run where cuDNN is missing, refuses
  // the description or ran no forward with statistics: it writes dq, dk and dv.
  step.fallback = std::make_shared<Program>();
  KILN_TRY(std::vector<BufferRef> out, lower_region_into(l, op, args, *step.fallback));
  if (out.size() != 3) {
    return Error::internal(fmt::format("{}: its region returns {} values", step.what, out.size()));
  }
  const BufferRef grads[] = {step.d_q, step.d_k, step.d_v};
  for (size_t i = 0; i < 3; ++i) step.fallback->steps.push_back(CopyStep{out[i], grads[i]});
  for (const BufferRef& r : out) l.release(r);
  l.note(fmt::format("{}: cuDNN fused attention backward ({})", step.what, step.desc.key()));
  l.add(std::move(step));
  l.count_attention();
  l.release(*stats);
  return ok_status();
}

KILN_REGISTER_CUDA_LOWERING("kiln.attention_grad", lower_attention_grad);

}  // namespace

}  // namespace kiln::backend::cuda
