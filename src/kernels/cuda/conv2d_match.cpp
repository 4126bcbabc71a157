// conv2d's dimensions and its match of JAX's NHWC x HWIO convolutions.
#include "kernels/cuda/conv2d_match.h"

#include <algorithm>
#include <vector>

#include "kernels/cuda/op_match.h"

namespace kiln::kernels {

Conv2dDims conv2d_dims(const Shape& s) {
  Conv2dDims d{s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7], s[8], s[9], s[10], s[11], 0, 0};
  auto out = [&](int64_t in, int64_t before, int64_t after, int64_t window) -> int64_t {
    const int64_t padded = in + before + after;
    return padded < window || d.stride < 1 ? 0 : (padded - window) / d.stride + 1;
  };
  d.p = out(d.h, d.pad_top, d.pad_bottom, d.r);
  d.q = out(d.w, d.pad_left, d.pad_right, d.s);
  return d;
}

namespace {

// An attribute of two spatial values, each `fill` where it is absent; nullopt when it has
// another count.
std::optional<std::vector<int64_t>> spatial_pair(const ir::Operation& op, std::string_view name,
                                                 int64_t fill) {
  if (op.attr(name) == nullptr) return std::vector<int64_t>{fill, fill};
  auto v = int_elements_attr(op, name);
  if (!v || v->size() != 2) return std::nullopt;
  return v;
}

bool int_attr_is(const ir::Operation& op, std::string_view name, int64_t want) {
  const auto* a = op.attr_as<ir::IntegerAttr>(name);
  return a == nullptr ? want == 1 : a->value == want;
}

}  // namespace

std::optional<Problem> conv2d_match(const KernelSpec& spec, const ir::Operation& op) {
  const auto* dn = op.attr_as<ir::ConvDimsAttr>("dimension_numbers");
  if (op.num_operands() != 2 || op.num_results() != 1 || dn == nullptr) return std::nullopt;
  const std::vector<int64_t> spatial = {1, 2};
  if (dn->input_batch != 0 || dn->input_spatial != spatial || dn->input_feature != 3 ||
      dn->kernel_spatial != std::vector<int64_t>{0, 1} || dn->kernel_input_feature != 2 ||
      dn->kernel_output_feature != 3 || dn->output_batch != 0 || dn->output_spatial != spatial ||
      dn->output_feature != 3) {
    return std::nullopt;
  }
  if (!int_attr_is(op, "feature_group_count", 1) || !int_attr_is(op, "batch_group_count", 1)) {
    return std::nullopt;
  }
  auto strides = spatial_pair(op, "window_strides", 1);
  auto lhs_dilation = spatial_pair(op, "lhs_dilation", 1);
  auto rhs_dilation = spatial_pair(op, "rhs_dilation", 1);
  auto reversal = spatial_pair(op, "window_reversal", 0);
  if (!strides || !lhs_dilation || !rhs_dilation || !reversal || (*strides)[0] != (*strides)[1] ||
      *lhs_dilation != std::vector<int64_t>{1, 1} || *rhs_dilation != std::vector<int64_t>{1, 1} ||
      *reversal != std::vector<int64_t>{0, 0}) {
    return std::nullopt;
  }
  std::vector<int64_t> padding = {0, 0, 0, 0};
  if (op.attr("padding") != nullptr) {
    auto given = int_elements_attr(op, "padding");
    if (!given || given->size() != 4) return std::nullopt;
    padding = *given;
  }
  if (std::any_of(padding.begin(), padding.end(), [](int64_t v) { return v < 0; })) {
    return std::nullopt;
  }
  const ir::Type& x = op.operand(0)->type();
  const ir::Type& w = op.operand(1)->type();
  if (!x.is_tensor() || !w.is_tensor() || x.rank() != 4 || w.rank() != 4) return std::nullopt;
  const Shape& xs = x.shape();
  const Shape& ws = w.shape();
  if (ws[2] != xs[3]) return std::nullopt;
  const Shape shape = {xs[0], xs[1],         xs[2],      xs[3],      ws[3],      ws[0],
                       ws[1], (*strides)[0], padding[0], padding[1], padding[2], padding[3]};
  if (w.element() != x.element()) return std::nullopt;
  return fitting_problem(spec, op, shape, x.element());
}

}  // namespace kiln::kernels
