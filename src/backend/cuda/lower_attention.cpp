// kiln.attention on cuDNN's fused attention where its region is a case cuDNN computes
// (attention_layout.cpp); else its region (lower_fusion.cpp). Either way the choice and its
// reason go to the program's notes.
#include <fmt/format.h>

#include <cstdlib>
#include <string_view>

#include "backend/cuda/attention_layout.h"
#include "backend/cuda/lowerer.h"

namespace kiln::backend::cuda {

namespace {

// $KILN_CUDNN_ATTENTION=0 keeps every attention on its region (to compare the two).
bool cudnn_attention_enabled() {
  const char* v = std::getenv("KILN_CUDNN_ATTENTION");
  return !(v && std::string_view(v) == "0");
}

Status lower_attention(Lowerer& l, const ir::Operation& op) {
  Expected<AttentionLayout> layout = attention_layout(op);
  if (!layout.ok() || !cudnn_attention_enabled()) {
    l.note(fmt::format("{}: its region ({})", Lowerer::describe(op),
                       layout.ok() ? "KILN_CUDNN_ATTENTION=0" : layout.error().message()));
    return lower_kiln_region(l, op);
  }
  std::vector<BufferRef> args;
  for (const ir::Value* v : op.operands()) {
    KILN_TRY(BufferRef r, l.ref(v));
    args.push_back(r);
  }
  AttentionStep step;
  step.desc = layout->desc;
  step.q = args.at(layout->q);
  step.k = args.at(layout->k);
  step.v = args.at(layout->v);
  if (step.desc.has_bias) step.bias = args.at(layout->bias);
  step.o = l.define(op.result(0));
  step.what = Lowerer::describe(op);
  // The region, for a run where cuDNN is missing or refuses the description: it writes the
  // step's output (its own slots are taken after the output's, as a branch's are).
  step.fallback = std::make_shared<Program>();
  KILN_TRY(std::vector<BufferRef> out, l.lower_block(op.region(0).front(), args, *step.fallback));
  step.fallback->steps.push_back(CopyStep{out.at(0), step.o});
  for (const BufferRef& r : out) l.release(r);
  l.note(fmt::format("{}: cuDNN fused attention ({})", step.what, step.desc.key()));
  l.add(std::move(step));
  l.count_attention();
  return ok_status();
}

KILN_REGISTER_CUDA_LOWERING("kiln.attention", lower_attention);

}  // namespace

}  // namespace kiln::backend::cuda
