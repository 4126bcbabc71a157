// kiln.attention on cuDNN's fused attention where its region is a case cuDNN computes
// (attention_layout.cpp); else its region (lower_fusion.cpp). Either way the choice and its
// reason go to the program's notes.
#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cstdlib>
#include <string_view>

#include "backend/cuda/attention_layout.h"
#include "backend/cuda/codegen/loop_kernel.h"
#include "backend/cuda/lowerer.h"

namespace kiln::backend::cuda {

namespace {

// $KILN_CUDNN_ATTENTION=0 keeps every attention on its region (to compare the two).
bool cudnn_attention_enabled() {
  const char* v = std::getenv("KILN_CUDNN_ATTENTION");
  return !(v && std::string_view(v) == "0");
}

using Dims = std::array<int64_t, 4>;

// A kernel step copying the [b, h, s, d] tensor of `dims` (16-bit elements) from `src`, laid
// out with element strides `from`, to `dst`, laid out with `to`: one thread an element.
KernelStep relayout(Lowerer& l, const ir::Operation& op, const Dims& dims, const Dims& from,
                    const Dims& to, const BufferRef& src, const BufferRef& dst) {
  const std::string name = "attention_relayout_" + l.kernel_name();
  const int64_t count = dims[0] * dims[1] * dims[2] * dims[3];
  std::string body;
  for (size_t i = 4; i-- > 0;) {
    body += fmt::format(
        "    x = rest % {0}LL;\n    rest /= {0}LL;\n    s += x * {1}LL;\n    d += x * {2}LL;\n",
        std::max<int64_t>(dims[i], 1), from[i], to[i]);
  }
  const std::string source = fmt::format(
      "extern \"C\" __global__ void __launch_bounds__({0}) {1}(const unsigned short* "
      "__restrict__ in, unsigned short* __restrict__ out) {{\n"
      "  const long long stride = static_cast<long long>(gridDim.x) * blockDim.x;\n"
      "  for (long long i = static_cast<long long>(blockIdx.x) * blockDim.x + threadIdx.x; i < "
      "{2}LL; i += stride) {{\n"
      "    long long rest = i, s = 0, d = 0, x = 0;\n{3}    out[d] = in[s];\n  }}\n}}\n",
      kLoopBlock, name, count, body);
  KernelStep step;
  step.module = l.add_module(name, source, {name});
  step.function = name;
  const int64_t blocks = (count + kLoopBlock - 1) / kLoopBlock;
  const int64_t cap = static_cast<int64_t>(std::max(1, l.options().device.sm_count)) * 16;
  step.grid = {static_cast<unsigned>(std::max<int64_t>(1, std::min(blocks, cap))), 1, 1};
  step.block = {kLoopBlock, 1, 1};
  step.args = {src, dst};
  step.what = Lowerer::describe(op) + " (relayout)";
  l.count_kernel();
  return step;
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
  const BufferRef result = l.define(op.result(0));
  // cuDNN writes a packed [b, h, s, d] output; where the region's is laid out otherwise, into
  // a scratch slot that a copy then lays out as the region does.
  step.o = layout->relayout ? l.scratch(result.bytes) : result;
  step.what = Lowerer::describe(op);
  // The region, fused as lower_kiln_region lowers it, for a run where cuDNN is missing or
  // refuses the description: it writes the step's output (its own slots are taken after the
  // output's, as a branch's are).
  step.fallback = std::make_shared<Program>();
  Program* main = l.redirect(step.fallback.get());
  Expected<std::vector<BufferRef>> fused = lower_fused_block(l, op.region(0).front(), args, op);
  l.redirect(main);
  KILN_TRY(std::vector<BufferRef> out, std::move(fused));
  if (layout->relayout) {
    step.fallback->steps.push_back(relayout(l, op, step.desc.o.dims, layout->result_strides,
                                            step.desc.o.strides, out.at(0), step.o));
  } else {
    step.fallback->steps.push_back(CopyStep{out.at(0), step.o});
  }
  for (const BufferRef& r : out) l.release(r);
  l.note(fmt::format("{}: cuDNN fused attention ({}{})", step.what, step.desc.key(),
                     layout->relayout ? ", then laid out as the region's result" : ""));
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
