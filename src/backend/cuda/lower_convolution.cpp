// stablehlo.convolution on cuDNN's convolution where its layout reader accepts it
// (convolution_layout.cpp); else the elemental kernel (ops/convolution.cpp). Either way the
// choice and its reason go to the program's notes.
#include <fmt/format.h>

#include <cstdlib>
#include <string_view>
#include <fmt/ranges.h>

#include <algorithm>
#include <memory>

#include "backend/cuda/convolution_layout.h"
#include "backend/cuda/codegen/loop_kernel.h"
#include "backend/cuda/lowerer.h"

namespace kiln::backend::cuda {

namespace {

// A kernel step copying a tensor (elements of `elem_bytes`, the bits as they are) from `src`,
// of cuDNN `src_dims` laid out with element strides `from`, to `dst`, of `dst_dims` laid out
// with `to`: element i of each dim goes to i + before[d], the elements no source reaches are
// zeros (explicit padding). One thread an element of dst.
KernelStep conv_copy(Lowerer& l, const ir::Operation& op, const std::vector<int64_t>& dst_dims,
                     const std::vector<int64_t>& src_dims, const std::vector<int64_t>& before,
                     const std::vector<int64_t>& from, const std::vector<int64_t>& to,
                     int64_t elem_bytes, const BufferRef& src, const BufferRef& dst,
                     const char* which) {
  const std::string name = "convolution_copy_" + l.kernel_name();
  const char* type = elem_bytes == 2 ? "unsigned short"
                     : elem_bytes == 4 ? "unsigned int"
                                       : "unsigned long long";
  int64_t count = 1;
  for (int64_t n : dst_dims) count *= n;
  std::string body;
  for (size_t i = dst_dims.size(); i-- > 0;) {
    body += fmt::format("    x = rest % {0}LL;\n    rest /= {0}LL;\n    d += x * {1}LL;\n",
                        std::max<int64_t>(dst_dims[i], 1), to[i]);
    if (before[i] != 0 || src_dims[i] != dst_dims[i]) {
      body += fmt::format("    x -= {0}LL;\n    inside = inside && x >= 0 && x < {1}LL;\n",
                          before[i], src_dims[i]);
    }
    body += fmt::format("    s += x * {}LL;\n", from[i]);
  }
  const std::string source = fmt::format(
      "extern \"C\" __global__ void __launch_bounds__({0}) {1}(const {4}* __restrict__ in, {4}* "
      "__restrict__ out) {{\n"
      "  const long long stride = static_cast<long long>(gridDim.x) * blockDim.x;\n"
      "  for (long long i = static_cast<long long>(blockIdx.x) * blockDim.x + threadIdx.x; i < "
      "{2}LL; i += stride) {{\n"
      "    long long rest = i, s = 0, d = 0, x = 0;\n    bool inside = true;\n{3}"
      "    out[d] = inside ? in[s] : static_cast<{4}>(0);\n  }}\n}}\n",
      kLoopBlock, name, count, body, type);
  KernelStep step;
  step.module = l.add_module(name, source, {name});
  step.function = name;
  const int64_t blocks = (count + kLoopBlock - 1) / kLoopBlock;
  const int64_t cap = static_cast<int64_t>(std::max(1, l.options().device.sm_count)) * 16;
  step.grid = {static_cast<unsigned>(std::max<int64_t>(1, std::min(blocks, cap))), 1, 1};
  step.block = {kLoopBlock, 1, 1};
  step.args = {src, dst};
  step.what = Lowerer::describe(op) + fmt::format(" (copy of the {})", which);
  l.count_kernel();
  return step;
}

// One generated kernel computing `op` through its elemental rule into `result` (defined by the
// caller), appended to the program being built.
Status add_conv_elemental(Lowerer& l, const ir::Operation& op, const BufferRef& lhs,
                          const BufferRef& rhs, const BufferRef& result) {
  LoopKernel kernel{l.kernel_name(), {op.operand(0), op.operand(1)}, {op.result(0)}};
  return l.add_loop_kernel(std::move(kernel), {lhs, rhs}, {result}, op);
}

// The scratch slots of `step` (x, w, y: the operands and result where cuDNN reads or writes
// them elsewhere than they lie) and the copies into and out of them; returns what is copied,
// for the note.
std::vector<std::string> add_conv_copies(Lowerer& l, const ir::Operation& op,
                                         const ConvolutionLayout& layout, ConvolutionStep& step,
                                         const BufferRef& lhs, const BufferRef& rhs,
                                         const BufferRef& result) {
  const int64_t elem_bytes = op.result(0)->type().element().storage_bytes();
  const std::vector<int64_t> no_pad(step.desc.x.dims.size(), 0);
  auto packed_bytes = [&](const std::vector<int64_t>& dims) {
    int64_t n = elem_bytes;
    for (int64_t d : dims) n *= d;
    return n;
  };
  // The op's lhs is cuDNN's x (forward) or y (data gradient); its result the other.
  const bool dgrad = step.desc.data_grad;
  const ::kiln::cuda::ConvolutionTensor& in = dgrad ? step.desc.y : step.desc.x;
  const ::kiln::cuda::ConvolutionTensor& out = dgrad ? step.desc.x : step.desc.y;
  BufferRef& in_buf = dgrad ? step.y : step.x;
  BufferRef& out_buf = dgrad ? step.x : step.y;
  in_buf = layout.copy_lhs ? l.scratch(packed_bytes(in.dims)) : lhs;
  step.w = layout.copy_rhs ? l.scratch(rhs.bytes) : rhs;
  out_buf = layout.copy_result ? l.scratch(result.bytes) : result;
  std::vector<std::string> copied;
  if (layout.copy_lhs) {
    const bool padded = layout.lhs_dims != in.dims;
    step.before->steps.push_back(conv_copy(l, op, in.dims, layout.lhs_dims,
                                           layout.lhs_pad_before, layout.lhs_strides,
                                           in.strides, elem_bytes, lhs, in_buf,
                                           padded ? "lhs, padded" : "lhs"));
    copied.push_back(padded ? "lhs (padded: cuDNN pads symmetrically)" : "lhs");
  }
  if (layout.copy_rhs) {
    step.before->steps.push_back(conv_copy(l, op, step.desc.w.dims, step.desc.w.dims, no_pad,
                                           layout.rhs_strides, step.desc.w.strides, elem_bytes,
                                           rhs, step.w, "kernel"));
    copied.push_back("kernel");
  }
  if (layout.copy_result) {
    step.after->steps.push_back(conv_copy(l, op, out.dims, out.dims, no_pad, out.strides,
                                          layout.result_strides, elem_bytes, out_buf, result,
                                          "result"));
    copied.push_back("result");
  }
  return copied;
}

Status lower_convolution(Lowerer& l, const ir::Operation& op) {
  Expected<ConvolutionLayout> layout = convolution_layout(op);
  KILN_TRY(BufferRef lhs, l.ref(op.operand(0)));
  KILN_TRY(BufferRef rhs, l.ref(op.operand(1)));
  if (!layout.ok() || !cudnn_convolutions_enabled() ||
      (layout->desc.data_grad && !l.options().cudnn_data_grad)) {
    const std::string why =
        !layout.ok() ? layout.error().message()
        : !cudnn_convolutions_enabled()
            ? "KILN_CUDNN_CONVOLUTION=0"
            : "lhs_dilation: cuDNN's conv_dgrad skips the holes where the spec multiplies zeros "
              "into the kernel (0 * inf is NaN); KILN_CUDNN_DATA_GRAD=1 takes it";
    l.note(fmt::format("{}: its elemental kernel ({})", Lowerer::describe(op), why));
    return add_conv_elemental(l, op, lhs, rhs, l.define(op.result(0)));
  }
  const BufferRef result = l.define(op.result(0));
  ConvolutionStep step;
  step.desc = layout->desc;
  step.what = Lowerer::describe(op);
  step.before = std::make_shared<Program>();
  step.after = std::make_shared<Program>();
  step.fallback = std::make_shared<Program>();
  const std::vector<std::string> copied =
      add_conv_copies(l, op, *layout, step, lhs, rhs, result);
  // The elemental kernel, for a run where cuDNN is missing or refuses the description: it
  // reads the operands and writes the result where they lie.
  Program* main = l.redirect(step.fallback.get());
  Status fallback = add_conv_elemental(l, op, lhs, rhs, result);
  l.redirect(main);
  KILN_CHECK_OK(fallback);
  const std::string copies_text =
      copied.empty() ? "" : fmt::format(", copying the {}", fmt::join(copied, ", "));
  l.note(fmt::format("{}: cuDNN convolution{}, channels {} ({}){}", step.what,
                     step.desc.data_grad ? " (conv_dgrad: a transposed convolution)" : "",
                     layout->channels_last ? "last" : "first", step.desc.key(), copies_text));
  const bool dgrad = step.desc.data_grad;
  const std::vector<BufferRef> scratch = {dgrad ? step.y : step.x, step.w,
                                          dgrad ? step.x : step.y};
  const bool copies[] = {layout->copy_lhs, layout->copy_rhs, layout->copy_result};
  l.add(std::move(step));
  l.count_convolution();
  for (size_t i = 0; i < 3; ++i) {
    if (copies[i]) l.release(scratch[i]);
  }
  return ok_status();
}

KILN_REGISTER_CUDA_LOWERING("stablehlo.convolution", lower_convolution);

}  // namespace

bool LowerOptions::default_cudnn_data_grad() {
  const char* v = std::getenv("KILN_CUDNN_DATA_GRAD");
  return v && std::string_view(v) == "1";
}

}  // namespace kiln::backend::cuda
