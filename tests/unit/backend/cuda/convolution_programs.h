// Convolution test programs generated from a description (sizes, window, layouts, type), for
// the cuDNN convolution tests: the stablehlo text and the shapes it implies.
#pragma once

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <cstdint>
#include <string>
#include <vector>

namespace kiln::backend::cuda::convolution_programs {

// One convolution. Layouts name each dimension of a value in memory order, outermost first:
// the input's and result's `b`, `f` and spatial digits, the kernel's `o`, `i` and digits.
struct ConvCase {
  std::string type = "f32";
  int64_t n = 2, c = 4, k = 8;
  std::vector<int64_t> in = {9, 9}, window = {3, 3};
  std::vector<int64_t> stride, pad_lo, pad_hi, lhs_dilate, rhs_dilate;  // empty: 1 or 0
  bool reverse = false;
  int64_t groups = 1, batch_groups = 1;
  std::string lhs_layout = "b01f", rhs_layout = "01io", out_layout = "b01f";
};

inline int64_t conv_at(const std::vector<int64_t>& v, size_t i, int64_t fallback) {
  return v.empty() ? fallback : v[i];
}

// The result's spatial sizes (spec: the window over the padded, dilated input).
inline std::vector<int64_t> conv_out_spatial(const ConvCase& c) {
  std::vector<int64_t> out;
  for (size_t i = 0; i < c.in.size(); ++i) {
    const int64_t dilated = (c.in[i] - 1) * conv_at(c.lhs_dilate, i, 1) + 1;
    const int64_t padded = dilated + conv_at(c.pad_lo, i, 0) + conv_at(c.pad_hi, i, 0);
    const int64_t win = (c.window[i] - 1) * conv_at(c.rhs_dilate, i, 1) + 1;
    out.push_back(padded < win ? 0 : (padded - win) / conv_at(c.stride, i, 1) + 1);
  }
  return out;
}

// "tensor<2x9x9x4xf32>" for a layout and the size of each of its letters.
inline std::string conv_tensor_type(const std::string& layout, int64_t batch, char batch_letter,
                                     int64_t feature, char feature_letter,
                                     const std::vector<int64_t>& spatial, const std::string& t) {
  std::string s = "tensor<";
  for (char ch : layout) {
    const int64_t size = ch == batch_letter     ? batch
                         : ch == feature_letter ? feature
                                                : spatial[static_cast<size_t>(ch - '0')];
    s += fmt::format("{}x", size);
  }
  return s + t + ">";
}

inline std::string conv_dims_text(const std::string& layout) {
  std::vector<std::string> parts;
  for (char ch : layout) parts.push_back(std::string(1, ch));
  return fmt::format("[{}]", fmt::join(parts, ", "));
}

inline std::string conv_lhs_type(const ConvCase& c) {
  return conv_tensor_type(c.lhs_layout, c.n, 'b', c.c, 'f', c.in, c.type);
}
inline std::string conv_rhs_type(const ConvCase& c) {
  const int64_t in_features = c.batch_groups > 1 ? c.c : c.c / c.groups;
  return conv_tensor_type(c.rhs_layout, c.k, 'o', in_features, 'i', c.window, c.type);
}
inline std::string conv_out_type(const ConvCase& c) {
  return conv_tensor_type(c.out_layout, c.n / c.batch_groups, 'b', c.k, 'f', conv_out_spatial(c),
                          c.type);
}

// `result = stablehlo.convolution(x, w)` of `c`, a line of a function body.
inline std::string conv_op_text(const ConvCase& c, const std::string& result, const std::string& x,
                                const std::string& w) {
  const size_t s = c.in.size();
  std::vector<std::string> pads, strides, lhs_d, rhs_d, rev;
  for (size_t i = 0; i < s; ++i) {
    pads.push_back(fmt::format("[{}, {}]", conv_at(c.pad_lo, i, 0), conv_at(c.pad_hi, i, 0)));
    strides.push_back(std::to_string(conv_at(c.stride, i, 1)));
    lhs_d.push_back(std::to_string(conv_at(c.lhs_dilate, i, 1)));
    rhs_d.push_back(std::to_string(conv_at(c.rhs_dilate, i, 1)));
    rev.push_back(c.reverse ? "true" : "false");
  }
  return fmt::format(
      "  {0} = stablehlo.convolution({1}, {2}) dim_numbers = {3}x{4}->{5}, window = {{stride = "
      "[{6}], pad = [{7}], lhs_dilate = [{8}], rhs_dilate = [{9}], reverse = [{10}]}} "
      "{{batch_group_count = {11} : i64, feature_group_count = {12} : i64}} : ({13}, {14}) -> "
      "{15}\n",
      result, x, w, conv_dims_text(c.lhs_layout), conv_dims_text(c.rhs_layout),
      conv_dims_text(c.out_layout), fmt::join(strides, ", "), fmt::join(pads, ", "),
      fmt::join(lhs_d, ", "), fmt::join(rhs_d, ", "), fmt::join(rev, ", "), c.batch_groups,
      c.groups, conv_lhs_type(c), conv_rhs_type(c), conv_out_type(c));
}

// The @main of one stablehlo.convolution of `c`.
inline std::string conv_program(const ConvCase& c) {
  const std::string x = conv_lhs_type(c), w = conv_rhs_type(c), r = conv_out_type(c);
  return fmt::format("func.func @main(%x: {0}, %w: {1}) -> {2} {{\n{3}  return %r : {2}\n}}\n", x,
                     w, r, conv_op_text(c, "%r", "%x", "%w"));
}

// JAX's data gradient of a stride-2 3x3 convolution padded 1 (dy 4x4 with 8 channels into dx
// 8x8 with 4: lhs_dilation 2, padding (1, 2), the kernel's i and o swapped and reversed by an
// op before): cuDNN's conv_dgrad of the forward convolution, padding 1, stride 2, in
// convolution mode (the kernel as given is already reversed).
inline ConvCase jax_data_gradient() {
  ConvCase c;
  c.n = 2;
  c.c = 8;
  c.k = 4;
  c.in = {4, 4};
  c.lhs_dilate = {2, 2};
  c.pad_lo = {1, 1};
  c.pad_hi = {2, 2};
  c.rhs_layout = "01oi";
  return c;
}

}  // namespace kiln::backend::cuda::convolution_programs
