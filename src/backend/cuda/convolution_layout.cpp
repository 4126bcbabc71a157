// The convolution's layout reader: stablehlo's dimension_numbers and window as cuDNN's [n, c,
// spatial...] tensors with strides, and the cases left to the elemental kernel, with why.
#include "backend/cuda/convolution_layout.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cstdlib>
#include <optional>
#include <string_view>

#include "interp/ops/convolution.h"
#include "interp/ops/op_helpers.h"

namespace kiln::backend::cuda {

namespace rt = ::kiln::cuda;

namespace {

Error conv_refused(const std::string& why) { return Error::unimplemented(why); }

std::optional<rt::ConvolutionType> conv_type_of(const ir::ElementType& e) {
  switch (e.kind()) {
    case ir::ElementKind::kF16: return rt::ConvolutionType::kF16;
    case ir::ElementKind::kBF16: return rt::ConvolutionType::kBF16;
    case ir::ElementKind::kF32: return rt::ConvolutionType::kF32;
    case ir::ElementKind::kF64: return rt::ConvolutionType::kF64;
    default: return std::nullopt;
  }
}

// The row-major element strides of `shape`.
std::vector<int64_t> row_major_strides(const std::vector<int64_t>& shape) {
  std::vector<int64_t> s(shape.size(), 1);
  for (size_t i = shape.size(); i-- > 1;) s[i - 1] = s[i] * shape[i];
  return s;
}

// A tensor of `type` read through its dims `batch`, `feature` and `spatial` (cuDNN's order):
// those dims and the strides the value has in memory.
rt::ConvolutionTensor conv_tensor_as_lying(const ir::Type& type, int64_t batch, int64_t feature,
                                           const std::vector<int64_t>& spatial) {
  const std::vector<int64_t> strides = row_major_strides(type.shape());
  rt::ConvolutionTensor t;
  for (int64_t d : {batch, feature}) {
    t.dims.push_back(type.dim(d));
    t.strides.push_back(strides[static_cast<size_t>(d)]);
  }
  for (int64_t d : spatial) {
    t.dims.push_back(type.dim(d));
    t.strides.push_back(strides[static_cast<size_t>(d)]);
  }
  return t;
}

// The packed strides of cuDNN `dims` in the layout family: channels last, [n, spatial..., c]
// outermost first, else [n, c, spatial...].
std::vector<int64_t> conv_packed_strides(const std::vector<int64_t>& dims, bool channels_last) {
  std::vector<size_t> order = {0};  // outermost first
  if (!channels_last) order.push_back(1);
  for (size_t i = 2; i < dims.size(); ++i) order.push_back(i);
  if (channels_last) order.push_back(1);
  std::vector<int64_t> strides(dims.size(), 1);
  int64_t step = 1;
  for (size_t k = order.size(); k-- > 0;) {
    strides[order[k]] = step;
    step *= dims[order[k]];
  }
  return strides;
}

// Whether a value of `dims` with `strides` lies as `packed` does (dims of size 1 anywhere).
bool lies_as(const std::vector<int64_t>& dims, const std::vector<int64_t>& strides,
             const std::vector<int64_t>& packed) {
  for (size_t i = 0; i < dims.size(); ++i) {
    if (dims[i] != 1 && strides[i] != packed[i]) return false;
  }
  return true;
}

// Whether the lhs is dilated: a transposed convolution, the data gradient JAX emits (cuDNN's
// conv_dgrad).
bool is_data_grad(const interp::ConvParams& p) {
  for (int64_t d : p.lhs_dilation) {
    if (d != 1) return true;
  }
  return false;
}

// The forward padding of the convolution whose data gradient `p` computes, one value for both
// sides per spatial dim (cuDNN pads symmetrically), or why there is none: spec padding (lo, hi)
// of the lhs dilated by s with a window of (k - 1) d + 1 is the adjoint of a forward padding of
// (k - 1) d - lo before and any of (k - 1) d - hi .. that + s - 1 after.
Expected<std::vector<int64_t>> data_grad_padding(const interp::ConvParams& p,
                                                 const std::vector<int64_t>& padding,
                                                 const ir::Type& rhs) {
  std::vector<int64_t> out;
  for (size_t i = 0; i < p.stride.size(); ++i) {
    const int64_t window = (rhs.dim(p.dims.kernel_spatial[i]) - 1) * p.rhs_dilation[i];
    const int64_t pre = window - padding[2 * i];
    const int64_t post_lo = window - padding[2 * i + 1];
    if (pre < 0 || pre < post_lo || pre > post_lo + p.lhs_dilation[i] - 1) {
      return conv_refused(fmt::format(
          "lhs_dilation with padding [{}, {}] in spatial dim {} (conv_dgrad of a forward padding "
          "{} before and {}..{} after: cuDNN pads symmetrically)",
          padding[2 * i], padding[2 * i + 1], i, pre, post_lo,
          post_lo + p.lhs_dilation[i] - 1));
    }
    out.push_back(pre);
  }
  return out;
}

// desc's padding, strides, dilation and mode from the op's window; a data gradient's are the
// forward convolution's whose adjoint it is.
Status set_conv_window(rt::ConvolutionDesc& d, const interp::ConvParams& p,
                       const std::vector<int64_t>& padding, const ir::Type& rhs) {
  const bool reversed = !p.reversal.empty() && p.reversal[0] != 0;
  if (d.data_grad) {
    KILN_TRY(d.pre_padding, data_grad_padding(p, padding, rhs));
    d.post_padding = d.pre_padding;
    d.stride = p.lhs_dilation;
    // conv_dgrad is the adjoint of a cross-correlation: it reverses the window itself.
    d.flip = !reversed;
  } else {
    for (size_t i = 0; i < p.stride.size(); ++i) {
      d.pre_padding.push_back(padding[2 * i]);
      d.post_padding.push_back(padding[2 * i + 1]);
    }
    d.stride = p.stride;
    d.flip = reversed;
  }
  d.dilation = p.rhs_dilation;
  return ok_status();
}

// What the elemental kernel keeps, before cuDNN's own checks; "" where nothing does.
std::string conv_kept_reason(const interp::ConvParams& p, const ir::Operation& op) {
  const size_t n = p.dims.input_spatial.size();
  if (n < 1 || n > 3) return fmt::format("{} spatial dimensions (cuDNN: 1 to 3)", n);
  if (is_data_grad(p)) {
    for (int64_t s : p.stride) {
      if (s != 1) {
        return fmt::format("lhs_dilation [{}] with window strides [{}] (cuDNN's conv_dgrad: "
                           "strides of 1)",
                           fmt::join(p.lhs_dilation, ", "), fmt::join(p.stride, ", "));
      }
    }
    if (p.feature_groups != 1) {
      return fmt::format("lhs_dilation with feature_group_count {} (conv_dgrad of groups, not "
                         "lowered yet)",
                         p.feature_groups);
    }
  }
  if (p.batch_groups != 1) {
    return fmt::format(
        "batch_group_count {} (a weight gradient: cuDNN's conv_wgrad, not lowered yet)",
        p.batch_groups);
  }
  int64_t reversed = 0;
  for (int64_t r : p.reversal) reversed += r != 0;
  if (reversed != 0 && reversed != static_cast<int64_t>(n)) {
    return "window_reversal of some spatial dimensions only (cuDNN reverses all or none)";
  }
  for (const ir::Value* v : {op.operand(0), op.operand(1), op.result(0)}) {
    if (v->type().num_elements().value_or(0) == 0) return "an empty tensor (nothing to sum)";
  }
  return "";
}

// Where a dimension's low and high padding differ: cuDNN pads both sides by the smaller, and
// desc.x becomes the copy of the lhs padded with the rest. Whether any did.
bool absorb_asymmetric_padding(ConvolutionLayout& layout) {
  rt::ConvolutionDesc& d = layout.desc;
  layout.lhs_pad_before.assign(d.x.dims.size(), 0);
  bool padded = false;
  for (size_t i = 0; i < d.pre_padding.size(); ++i) {
    if (d.pre_padding[i] == d.post_padding[i]) continue;
    const int64_t both = std::min(d.pre_padding[i], d.post_padding[i]);
    padded = true;
    layout.lhs_pad_before[2 + i] = d.pre_padding[i] - both;
    d.x.dims[2 + i] += d.pre_padding[i] + d.post_padding[i] - 2 * both;
    d.pre_padding[i] = d.post_padding[i] = both;
  }
  return padded;
}

}  // namespace

Expected<ConvolutionLayout> convolution_layout(const ir::Operation& op) {
  const auto* dn = op.attr_as<ir::ConvDimsAttr>("dimension_numbers");
  if (!dn) return conv_refused("no dimension_numbers");
  const ir::Type& lhs = op.operand(0)->type();
  const ir::Type& rhs = op.operand(1)->type();
  const ir::Type& out = op.result(0)->type();
  const std::optional<rt::ConvolutionType> type = conv_type_of(lhs.element());
  if (!type || !(rhs.element() == lhs.element()) || !(out.element() == lhs.element())) {
    return conv_refused(fmt::format(
        "element types {}, {} -> {} (cuDNN: one of f16, bf16, f32, f64 throughout)",
        ir::to_string(lhs.element()), ir::to_string(rhs.element()), ir::to_string(out.element())));
  }
  const size_t n = dn->input_spatial.size();
  const std::vector<int64_t> padding = interp::attr_ints_or(op, "padding", 2 * n, 0);
  const interp::ConvParams p = interp::conv_params(op, padding);
  if (std::string why = conv_kept_reason(p, op); !why.empty()) return conv_refused(why);

  ConvolutionLayout layout;
  rt::ConvolutionDesc& d = layout.desc;
  d.type = *type;
  // A data gradient: cuDNN's y is the op's lhs, its x the op's result, its w's k the op's
  // kernel input features (cuDNN's forward roles).
  d.data_grad = is_data_grad(p);
  rt::ConvolutionTensor* in = d.data_grad ? &d.y : &d.x;
  rt::ConvolutionTensor* result = d.data_grad ? &d.x : &d.y;
  *in = conv_tensor_as_lying(lhs, dn->input_batch, dn->input_feature, dn->input_spatial);
  d.w = d.data_grad ? conv_tensor_as_lying(rhs, dn->kernel_input_feature,
                                           dn->kernel_output_feature, dn->kernel_spatial)
                    : conv_tensor_as_lying(rhs, dn->kernel_output_feature,
                                           dn->kernel_input_feature, dn->kernel_spatial);
  *result = conv_tensor_as_lying(out, dn->output_batch, dn->output_feature, dn->output_spatial);
  KILN_CHECK_OK(set_conv_window(d, p, padding, rhs));
  if (n == 1) {
    // cuDNN convolves 2 or 3 spatial dims: a second one of size 1, with the window's identity.
    for (rt::ConvolutionTensor* t : {&d.x, &d.w, &d.y}) {
      t->dims.push_back(1);
      t->strides.push_back(t->strides.back());
    }
    d.pre_padding.push_back(0);
    d.post_padding.push_back(0);
    d.stride.push_back(1);
    d.dilation.push_back(1);
  }
  layout.lhs_dims = in->dims;
  layout.lhs_strides = in->strides;
  layout.rhs_strides = d.w.strides;
  layout.result_strides = result->strides;
  // Channels last where the input lies so, or keeps its features innermost; else first.
  const bool nhwc = lies_as(in->dims, in->strides, conv_packed_strides(in->dims, true));
  const bool nchw = lies_as(in->dims, in->strides, conv_packed_strides(in->dims, false));
  layout.channels_last = nhwc || (!nchw && in->strides[1] == 1);
  const bool padded_copy = absorb_asymmetric_padding(layout);
  const std::pair<rt::ConvolutionTensor*, bool*> tensors[] = {
      {in, &layout.copy_lhs}, {&d.w, &layout.copy_rhs}, {result, &layout.copy_result}};
  for (auto [t, copy] : tensors) {
    std::vector<int64_t> packed = conv_packed_strides(t->dims, layout.channels_last);
    *copy = !lies_as(t->dims, t->strides, packed);
    t->strides = std::move(packed);
  }
  layout.copy_lhs = layout.copy_lhs || padded_copy;
  // The padding cuDNN applies itself (what the lhs's copy carries as zeros is multiplied).
  auto nonzero = [](const std::vector<int64_t>& v) {
    return std::any_of(v.begin(), v.end(), [](int64_t x) { return x != 0; });
  };
  layout.needs_finite_rhs = d.data_grad || nonzero(d.pre_padding) || nonzero(d.post_padding);
  if (std::string why = rt::convolution_unsupported_reason(d); !why.empty()) {
    return conv_refused(why);
  }
  return layout;
}

bool cudnn_convolutions_enabled() {
  const char* v = std::getenv("KILN_CUDNN_CONVOLUTION");
  return !(v && std::string_view(v) == "0");
}

bool cudnn_finite_guard_enabled() {
  const char* v = std::getenv("KILN_CUDNN_FINITE_GUARD");
  return !(v && std::string_view(v) == "0");
}

bool convolution_uses_cudnn(const ir::Operation& op) {
  return op.name() == "stablehlo.convolution" && cudnn_convolutions_enabled() &&
         convolution_layout(op).ok();
}

}  // namespace kiln::backend::cuda
