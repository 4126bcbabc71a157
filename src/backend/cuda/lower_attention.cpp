// kiln.attention on the library's decode_attention for a short query over a long KV cache; on
// the library's flash_attention where the dispatch chooses it (lower_attention_on_library); else
// on cuDNN's fused attention where its region is a case cuDNN computes (attention_layout.cpp),
// the flash kernel (or the region) its fallback where cuDNN is missing at run time; else on the
// flash kernel where it takes the case; else its region (lower_fusion.cpp). Either way the
// choice and its reason go to the program's notes.
#include <fmt/format.h>

#include <array>

#include "backend/cuda/attention_grad_layout.h"
#include "backend/cuda/lowerer.h"
#include "backend/cuda/strided_copy.h"
#include "kernels/cuda/spec.h"

namespace kiln::backend::cuda {

namespace {

using Dims = std::array<int64_t, 4>;

// A kernel step copying the [b, h, s, d] tensor of `dims` (16-bit elements) from `src`, laid
// out with element strides `from`, to `dst`, laid out with `to`.
KernelStep relayout(Lowerer& l, const ir::Operation& op, const Dims& dims, const Dims& from,
                    const Dims& to, const BufferRef& src, const BufferRef& dst) {
  StridedCopy copy;
  copy.dims.assign(dims.begin(), dims.end());
  copy.src_strides.assign(from.begin(), from.end());
  copy.dst_strides.assign(to.begin(), to.end());
  copy.elem_bytes = 2;
  return strided_copy(l, op, copy, src, dst, "attention_relayout_", "relayout");
}

Status lower_attention(Lowerer& l, const ir::Operation& op) {
  // A few query tokens over a long KV cache (kernels/cuda/decode_attention_match.h): the
  // library's flash-decoding kernel, far faster than cuDNN at Sq = 1. Not where a backward on
  // cuDNN needs this forward's row statistics.
  if (!cudnn_attention_grad_of(op)) {
    KILN_TRY(bool decoded, lower_on_library(l, op, [](const ::kiln::kernels::KernelSpec& spec) {
               return spec.name == "decode_attention";
             }));
    if (decoded) {
      l.note(fmt::format("{}: the library's decode_attention", Lowerer::describe(op)));
      return ok_status();
    }
  }
  KILN_TRY(bool on_library, lower_attention_on_library(l, op));  // dispatch.h's choice
  if (on_library) return ok_status();
  Expected<AttentionLayout> layout = attention_layout(op);
  if (!layout.ok() || !cudnn_attention_enabled()) {
    const std::string why = layout.ok() ? "KILN_CUDNN_ATTENTION=0" : layout.error().message();
    KILN_TRY(bool flash, lower_attention_on_library(l, op, why));
    if (flash) return ok_status();
    l.note(fmt::format("{}: its region ({})", Lowerer::describe(op), why));
    return lower_kiln_region(l, op);
  }
  KILN_TRY(std::vector<BufferRef> args, l.operand_refs(op));
  AttentionStep step;
  step.desc = layout->desc;
  step.q = args.at(layout->q);
  step.k = args.at(layout->k);
  step.v = args.at(layout->v);
  if (step.desc.has_bias) step.bias = args.at(layout->bias);
  // A backward on cuDNN reads this attention's row statistics (attention_grad_layout.h).
  const bool stats = cudnn_attention_grad_of(op) != nullptr;
  if (stats) {
    step.desc.pass = ::kiln::cuda::AttentionPass::kForwardStats;
    step.stats = l.scratch(::kiln::cuda::attention_stats_bytes(step.desc));
    l.set_attention_stats(op.result(0), step.stats);
  }
  const BufferRef result = l.define(op.result(0));
  // cuDNN writes a packed [b, h, s, d] output; where the region's is laid out otherwise, into
  // a scratch slot that a copy then lays out as the region does.
  step.o = layout->relayout ? l.scratch(result.bytes) : result;
  step.what = Lowerer::describe(op);
  // For a run where cuDNN is missing or refuses the description: the library's flash kernel
  // where it takes the op (writing the packed output cuDNN would), else the region, fused as
  // lower_kiln_region lowers it, which writes the step's output (its own slots are taken
  // after the output's, as a branch's are).
  step.fallback = std::make_shared<Program>();
  bool flash = false;
  if (!layout->relayout) {
    KILN_TRY(flash, lower_attention_fallback_on_library(l, op, args, step.o, *step.fallback));
  }
  if (!flash) {
    KILN_TRY(std::vector<BufferRef> out, lower_region_into(l, op, args, *step.fallback));
    if (layout->relayout) {
      step.fallback->steps.push_back(relayout(l, op, step.desc.o.dims, layout->result_strides,
                                              step.desc.o.strides, out.at(0), step.o));
    } else {
      step.fallback->steps.push_back(CopyStep{out.at(0), step.o});
    }
    for (const BufferRef& r : out) l.release(r);
  }
  l.note(fmt::format("{}: cuDNN fused attention ({}{}{}; without cuDNN: {})", step.what,
                     step.desc.key(),
                     layout->relayout ? ", then laid out as the region's result" : "",
                     stats ? ", with the row statistics for its backward" : "",
                     flash ? "the library's flash kernel" : "its region"));
  const BufferRef packed = step.o;
  const Dims dims = step.desc.o.dims, packed_strides = step.desc.o.strides;
  l.add(std::move(step));
  l.count_attention();
  if (layout->relayout) {
    l.add(relayout(l, op, dims, packed_strides, layout->result_strides, packed, result));
    l.release(packed);
  }
  return ok_status();
}

KILN_REGISTER_CUDA_LOWERING("kiln.attention", lower_attention);

}  // namespace

}  // namespace kiln::backend::cuda
