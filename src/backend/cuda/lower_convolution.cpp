// stablehlo.convolution on cuDNN's convolution where its layout reader accepts it
// (convolution_layout.cpp), guarded where the spec's products with zeros matter (below); else
// the elemental kernel (ops/convolution.cpp). Either way the choice and its reason go to the
// program's notes.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <memory>
#include <optional>

#include "backend/cuda/codegen/loop_kernel.h"
#include "backend/cuda/convolution_layout.h"
#include "backend/cuda/finite_guard.h"
#include "backend/cuda/lowerer.h"
#include "backend/cuda/strided_copy.h"

namespace kiln::backend::cuda {

namespace {

// One generated kernel computing `op` through its elemental rule into `result` (defined by the
// caller), appended to the program being built.
Status add_conv_elemental(Lowerer& l, const ir::Operation& op, const BufferRef& lhs,
                          const BufferRef& rhs, const BufferRef& result) {
  LoopKernel kernel{l.kernel_name(), {op.operand(0), op.operand(1)}, {op.result(0)}};
  return l.add_loop_kernel(std::move(kernel), {lhs, rhs}, {result}, op);
}

// A copy of `dims` from element strides `from` to `to`, the bits of `elem_bytes` as they are.
StridedCopy conv_copy(std::vector<int64_t> dims, std::vector<int64_t> from,
                      std::vector<int64_t> to, int64_t elem_bytes) {
  StridedCopy c;
  c.dims = std::move(dims);
  c.src_strides = std::move(from);
  c.dst_strides = std::move(to);
  c.elem_bytes = elem_bytes;
  return c;
}

// The scratch slots of `step` (x, w, y: the operands and result where cuDNN reads or writes
// them elsewhere than they lie) and the copies into and out of them; returns what is copied,
// for the note.
std::vector<std::string> add_conv_copies(Lowerer& l, const ir::Operation& op,
                                         const ConvolutionLayout& layout, ConvolutionStep& step,
                                         const BufferRef& lhs, const BufferRef& rhs,
                                         const BufferRef& result) {
  const int64_t elem_bytes = op.result(0)->type().element().storage_bytes();
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
  auto kernel = [&](const StridedCopy& c, const BufferRef& src, const BufferRef& dst,
                    const std::string& which) {
    return strided_copy(l, op, c, src, dst, "convolution_copy_", "copy of the " + which);
  };
  std::vector<std::string> copied;
  if (layout.copy_lhs) {
    const bool padded = layout.lhs_dims != in.dims;
    StridedCopy c = conv_copy(in.dims, layout.lhs_strides, in.strides, elem_bytes);
    c.src_dims = layout.lhs_dims;
    c.pad_before = layout.lhs_pad_before;
    step.before->steps.push_back(kernel(c, lhs, in_buf, padded ? "lhs, padded" : "lhs"));
    copied.push_back(padded ? "lhs (padded: cuDNN pads symmetrically)" : "lhs");
  }
  if (layout.copy_rhs) {
    step.before->steps.push_back(
        kernel(conv_copy(step.desc.w.dims, layout.rhs_strides, step.desc.w.strides, elem_bytes),
               rhs, step.w, "kernel"));
    copied.push_back("kernel");
  }
  if (layout.copy_result) {
    step.after->steps.push_back(
        kernel(conv_copy(out.dims, out.strides, layout.result_strides, elem_bytes), out_buf,
               result, "result"));
    copied.push_back("result");
  }
  return copied;
}

// The guard a convolution on cuDNN needs: the operand whose inf or NaN would make cuDNN's
// result differ from the spec's (ConvolutionLayout::needs_finite_rhs), the note's words for it,
// and what the host knows of it at compile time (finite_on_host).
struct GuardPlan {
  const ir::Value* operand = nullptr;  // null: no guard
  BufferRef ref;
  std::string why;
  std::optional<bool> finite;  // known at compile time: no device check
};

GuardPlan plan_guard(Lowerer& l, const ir::Operation& op, const ConvolutionLayout& layout,
                     const BufferRef& rhs) {
  GuardPlan g;
  if (!layout.needs_finite_rhs || !cudnn_finite_guard_enabled()) return g;
  g.operand = op.operand(1);
  g.ref = rhs;
  g.why = layout.desc.data_grad ? "the rhs (lhs dilation)" : "the rhs (padding)";
  g.finite = finite_on_host(g.operand, rhs, l.constants());
  return g;
}

// The note's words for the guard.
std::string guard_text(const ConvolutionLayout& layout, const GuardPlan& g) {
  if (g.finite) return fmt::format("; unguarded: {} is a finite constant", g.why);
  if (g.operand) {
    return fmt::format("; its elemental kernel where {} holds inf or NaN{}", g.why,
                       g.ref.space == BufferRef::Space::kInput ? " (checked at the start)" : "");
  }
  if (layout.needs_finite_rhs) {
    return "; unguarded (KILN_CUDNN_FINITE_GUARD=0): where the rhs holds inf or NaN, cuDNN's "
           "result, not the spec's NaN";
  }
  return "";
}

// cuDNN's step where the guarded operand is finite, else the elemental kernel (its fallback's
// launch again: no second kernel is generated): an if on the flag of the operand's check (a
// conditional node in a CUDA graph, lower_control_flow.cpp).
Status add_guarded(Lowerer& l, const ir::Operation& op, ConvolutionStep step, const GuardPlan& g) {
  KILN_TRY(BufferRef flag, l.finite_guards().flag(l, op, g.operand, g.ref));
  CaseStep c = branch_step(l, step.what + " (finite guard)", flag, /*is_pred=*/true);
  auto elemental = std::make_shared<Program>(*step.fallback);
  auto on_cudnn = std::make_shared<Program>();
  on_cudnn->steps.push_back(std::move(step));
  c.branches = {std::move(on_cudnn), std::move(elemental)};
  l.add(std::move(c));
  return ok_status();
}

Status lower_convolution(Lowerer& l, const ir::Operation& op) {
  Expected<ConvolutionLayout> layout = convolution_layout(op);
  KILN_TRY(BufferRef lhs, l.ref(op.operand(0)));
  KILN_TRY(BufferRef rhs, l.ref(op.operand(1)));
  if (!layout.ok() || !cudnn_convolutions_enabled()) {
    const std::string why = layout.ok() ? "KILN_CUDNN_CONVOLUTION=0" : layout.error().message();
    l.note(fmt::format("{}: its elemental kernel ({})", Lowerer::describe(op), why));
    return add_conv_elemental(l, op, lhs, rhs, l.define(op.result(0)));
  }
  const GuardPlan guard = plan_guard(l, op, *layout, rhs);
  if (guard.finite == false) {
    l.note(
        fmt::format("{}: its elemental kernel ({} is a constant holding inf or NaN, which "
                    "cuDNN would not multiply by the zeros it skips)",
                    Lowerer::describe(op), guard.why));
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
  KILN_CHECK_OK(l.lower_nested(step.fallback.get(),
                               [&] { return add_conv_elemental(l, op, lhs, rhs, result); }));
  const std::string copies_text =
      copied.empty() ? "" : fmt::format(", copying the {}", fmt::join(copied, ", "));
  l.note(fmt::format("{}: cuDNN convolution{}, channels {} ({}){}{}", step.what,
                     step.desc.data_grad ? " (conv_dgrad: a transposed convolution)" : "",
                     layout->channels_last ? "last" : "first", step.desc.key(), copies_text,
                     guard_text(*layout, guard)));
  const bool dgrad = step.desc.data_grad;
  const std::vector<BufferRef> scratch = {dgrad ? step.y : step.x, step.w,
                                          dgrad ? step.x : step.y};
  const bool copies[] = {layout->copy_lhs, layout->copy_rhs, layout->copy_result};
  if (!guard.operand || guard.finite) {
    l.add(std::move(step));
  } else {
    KILN_CHECK_OK(add_guarded(l, op, std::move(step), guard));
  }
  l.count_convolution();
  for (size_t i = 0; i < 3; ++i) {
    if (copies[i]) l.release(scratch[i]);
  }
  return ok_status();
}

KILN_REGISTER_CUDA_LOWERING("stablehlo.convolution", lower_convolution);

}  // namespace

}  // namespace kiln::backend::cuda
