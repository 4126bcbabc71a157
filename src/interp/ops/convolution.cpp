// stablehlo.convolution: operands converted to the accumulation type (gemm_operands.h), then
// im2col and a GEMM (convolution_gemm.cpp) or, on the reference path, the spec's definition:
// for each output element, the sum over the kernel window and the group's input features, with
// strides, padding, lhs/rhs dilation, window reversal, feature groups and batch groups, typed
// and threaded over the outputs; rounded once to the result type.
#include "interp/ops/convolution.h"

#include <cstring>

#include "interp/ops/convert.h"
#include "interp/ops/gemm.h"
#include "interp/ops/gemm_operands.h"
#include "interp/ops/op_helpers.h"
#include "ir/ops/type_constraints.h"

namespace kiln::interp {

namespace {

// Everything the inner loop needs, in element strides.
struct ConvPlan {
  const ConvParams& p;
  std::vector<int64_t> ls, rs;  // strides of lhs and rhs
  std::vector<int64_t> lshape, rshape, oshape;
  std::vector<std::vector<int64_t>> window;  // every kernel spatial position, row-major
};

// result[o] for one flat output index o.
template <class T>
T conv_element(const ConvPlan& c, const T* lhs, const T* rhs, int64_t o, int bits) {
  const ConvParams& p = c.p;
  const ir::ConvDimsAttr& d = p.dims;
  size_t n = d.input_spatial.size();
  std::vector<int64_t> oi(c.oshape.size());
  for (size_t i = c.oshape.size(); i-- > 0;) {
    oi[i] = o % c.oshape[i];
    o /= c.oshape[i];
  }
  auto at = [](const std::vector<int64_t>& v, int64_t i) { return v[static_cast<size_t>(i)]; };
  int64_t out_b = at(oi, d.output_batch), out_f = at(oi, d.output_feature);
  int64_t kin = at(c.rshape, d.kernel_input_feature);
  int64_t kout = at(c.rshape, d.kernel_output_feature);
  int64_t batch = at(c.lshape, d.input_batch);
  // Spec: feature groups split lhs features and rhs output features into fgc chunks; batch
  // groups split lhs batch and rhs output features into bgc chunks.
  int64_t fgroup = out_f / (kout / p.feature_groups), bgroup = out_f / (kout / p.batch_groups);
  int64_t in_b = bgroup * (batch / p.batch_groups) + out_b;
  int64_t lbase0 = in_b * at(c.ls, d.input_batch) + fgroup * kin * at(c.ls, d.input_feature);
  int64_t rbase0 = out_f * at(c.rs, d.kernel_output_feature);
  int64_t lf = at(c.ls, d.input_feature), rf = at(c.rs, d.kernel_input_feature);
  const T zero = from_double<T>(0);
  T acc = zero;
  for (const auto& w : c.window) {
    int64_t lbase = lbase0, rbase = rbase0;
    bool inside = true;
    for (size_t i = 0; i < n; ++i) {
      auto ld = static_cast<size_t>(d.input_spatial[i]);
      auto kd = static_cast<size_t>(d.kernel_spatial[i]);
      int64_t pos = at(oi, d.output_spatial[i]) * p.stride[i] + w[i] * p.rhs_dilation[i] -
                    p.pad_lo[i];
      inside = inside && pos >= 0 && pos % p.lhs_dilation[i] == 0 &&
               pos / p.lhs_dilation[i] < c.lshape[ld];
      lbase += (pos / p.lhs_dilation[i]) * c.ls[ld];
      int64_t k = p.reversal[i] ? c.rshape[kd] - 1 - w[i] : w[i];
      rbase += k * c.rs[kd];
    }
    // Spec: the window reads the lhs padded and dilated with zeros, so padding and dilation
    // holes still multiply the kernel (0 * inf is NaN).
    for (int64_t f = 0; f < kin; ++f) {
      acc = multiply_add(acc, inside ? lhs[lbase + f * lf] : zero, rhs[rbase + f * rf], bits);
    }
  }
  return acc;
}

// The spec's constraints (C1-C25) that the loops below index or divide by, checked here
// since the interpreter does not trust the verifier: dimension numbers that are permutations
// of each rank, window attributes of the spatial count with positive strides and dilations,
// group counts that are positive and divide the sizes they split, and the result's shape.
Status check_convolution(const ir::Operation& op, const Tensor& lhs, const Tensor& rhs,
                         std::span<const int64_t> padding, const Tensor& result) {
  const auto* dn = op.attr_as<ir::ConvDimsAttr>("dimension_numbers");
  if (!dn) return op_error(op, "needs dimension_numbers");
  const ir::ConvDimsAttr& d = *dn;
  const size_t n = d.input_spatial.size();
  auto permutation = [&](std::string_view name, int64_t a, int64_t b,
                         const std::vector<int64_t>& spatial, const Tensor& t) -> Status {
    std::vector<int64_t> all = {a, b};
    all.insert(all.end(), spatial.begin(), spatial.end());
    KILN_CHECK_OK(check_count(op, name, all, static_cast<size_t>(t.rank())));
    return check_dims(op, name, all, t.rank());
  };
  KILN_CHECK_OK(permutation("input dimension numbers", d.input_batch, d.input_feature,
                            d.input_spatial, lhs));
  KILN_CHECK_OK(permutation("kernel dimension numbers", d.kernel_input_feature,
                            d.kernel_output_feature, d.kernel_spatial, rhs));
  KILN_CHECK_OK(permutation("output dimension numbers", d.output_batch, d.output_feature,
                            d.output_spatial, result));
  ir::Window w;
  w.stride = attr_ints_or(op, "window_strides", n, 1);
  w.base_dilation = attr_ints_or(op, "lhs_dilation", n, 1);
  w.window_dilation = attr_ints_or(op, "rhs_dilation", n, 1);
  const std::vector<int64_t> reversal = attr_ints_or(op, "window_reversal", n, 0);
  KILN_CHECK_OK(check_count(op, "window_strides", w.stride, n));
  KILN_CHECK_OK(check_count(op, "lhs_dilation", w.base_dilation, n));
  KILN_CHECK_OK(check_count(op, "rhs_dilation", w.window_dilation, n));
  KILN_CHECK_OK(check_count(op, "window_reversal", reversal, n));
  KILN_CHECK_OK(check_count(op, "padding", padding, 2 * n));
  for (size_t i = 0; i < n; ++i) {
    if (w.stride[i] <= 0 || w.base_dilation[i] <= 0 || w.window_dilation[i] <= 0) {
      return op_error(op, "window strides and dilations must be positive");
    }
    w.size.push_back(rhs.shape()[static_cast<size_t>(d.kernel_spatial[i])]);
    w.pad_lo.push_back(padding[2 * i]);
    w.pad_hi.push_back(padding[2 * i + 1]);
  }
  const int64_t fgc = attr_int(op, "feature_group_count", 1);
  const int64_t bgc = attr_int(op, "batch_group_count", 1);
  const int64_t batch = lhs.shape()[static_cast<size_t>(d.input_batch)];
  const int64_t features = lhs.shape()[static_cast<size_t>(d.input_feature)];
  const int64_t kin = rhs.shape()[static_cast<size_t>(d.kernel_input_feature)];
  const int64_t kout = rhs.shape()[static_cast<size_t>(d.kernel_output_feature)];
  if (fgc <= 0 || bgc <= 0 || (fgc > 1 && bgc > 1) || batch % bgc != 0 || features % fgc != 0 ||
      kin * fgc != features || kout % bgc != 0 || kout % fgc != 0) {
    return op_error(op, "feature_group_count " + std::to_string(fgc) + " and batch_group_count " +
                            std::to_string(bgc) + " do not split the operands' sizes");
  }
  std::vector<int64_t> spatial;
  for (int64_t s : d.input_spatial) spatial.push_back(lhs.shape()[static_cast<size_t>(s)]);
  const std::vector<int64_t> out_spatial = ir::window_output_shape(spatial, w);
  std::vector<int64_t> implied(static_cast<size_t>(result.rank()));
  implied[static_cast<size_t>(d.output_batch)] = batch / bgc;
  implied[static_cast<size_t>(d.output_feature)] = kout;
  for (size_t i = 0; i < n; ++i) implied[static_cast<size_t>(d.output_spatial[i])] = out_spatial[i];
  return check_result_shape(op, result, implied);
}

}  // namespace

ConvParams conv_params(const ir::Operation& op, std::span<const int64_t> padding) {
  ConvParams p;
  p.dims = *op.attr_as<ir::ConvDimsAttr>("dimension_numbers");
  size_t n = p.dims.input_spatial.size();
  p.stride = attr_ints_or(op, "window_strides", n, 1);
  p.lhs_dilation = attr_ints_or(op, "lhs_dilation", n, 1);
  p.rhs_dilation = attr_ints_or(op, "rhs_dilation", n, 1);
  p.reversal = attr_ints_or(op, "window_reversal", n, 0);
  for (size_t i = 0; i < n; ++i) p.pad_lo.push_back(padding[2 * i]);
  p.feature_groups = attr_int(op, "feature_group_count", 1);
  p.batch_groups = attr_int(op, "batch_group_count", 1);
  return p;
}

void convolve_direct(const ConvParams& p, const Tensor& lhs, const Tensor& rhs, Tensor& result) {
  if (rhs.num_elements() == 0 || lhs.num_elements() == 0) return;
  ConvPlan c{p, lhs.strides(), rhs.strides(), lhs.shape(), rhs.shape(), result.shape(), {}};
  std::vector<int64_t> ksize;
  for (int64_t kd : p.dims.kernel_spatial) ksize.push_back(c.rshape[static_cast<size_t>(kd)]);
  std::vector<int64_t> w(ksize.size(), 0);
  do c.window.push_back(w);
  while (next_index(w, ksize));
  const ir::ElementType& e = result.element();
  dispatch_dtype(e.kind(), [&]<class T>() {
    const T* l = lhs.data<T>();
    const T* r = rhs.data<T>();
    T* out = result.data<T>();
    int bits = e.bit_width();
    parallel_for(result.num_elements(), 256, [&](int64_t begin, int64_t end) {
      for (int64_t o = begin; o < end; ++o) out[o] = conv_element<T>(c, l, r, o, bits);
    });
  });
}

Status convolve_with(const ir::Operation& op, const Tensor& lhs_in, const Tensor& rhs_in,
                     std::span<const int64_t> padding, Tensor& result, bool fast) {
  const ir::ElementType acc_type =
      accumulation_type(lhs_in.element(), rhs_in.element(), result.element());
  KILN_TRY(Tensor lhs, convert_operand(lhs_in, acc_type));
  KILN_TRY(Tensor rhs, convert_operand(rhs_in, acc_type));
  Tensor acc = result;
  if (acc_type != result.element()) {
    KILN_TRY(acc, Tensor::allocate(ir::Type::tensor(result.shape(), acc_type)));
  }
  ConvParams p = conv_params(op, padding);
  bool done = false;
  if (fast) {
    KILN_TRY(done, convolve_gemm(p, lhs, rhs, acc));
  }
  if (!done) convolve_direct(p, lhs, rhs, acc);
  if (acc.raw() != result.raw()) {
    // Rounded once to the result type, after the whole sum.
    KILN_TRY(Tensor rounded, convert_elements(acc, result.element()));
    std::memcpy(result.raw(), rounded.raw(), result.size_bytes());
  }
  return ok_status();
}

Status convolve_into(const ir::Operation& op, const Tensor& lhs, const Tensor& rhs,
                     std::span<const int64_t> padding, Tensor& result) {
  KILN_CHECK_OK(check_convolution(op, lhs, rhs, padding, result));
  return convolve_with(op, lhs, rhs, padding, result, true);
}

namespace {

Expected<std::vector<RuntimeValue>> convolution(Interpreter& in, const ir::Operation& op,
                                                std::span<const RuntimeValue> operands) {
  KILN_TRY(Tensor result, allocate_result(op));
  const auto* dims = op.attr_as<ir::ConvDimsAttr>("dimension_numbers");
  if (!dims) return op_error(op, "needs dimension_numbers");
  size_t n = dims->input_spatial.size();
  std::vector<int64_t> padding = attr_ints_or(op, "padding", 2 * n, 0);
  KILN_CHECK_OK(check_convolution(op, operands[0].tensor(), operands[1].tensor(), padding, result));
  Status s = convolve_with(op, operands[0].tensor(), operands[1].tensor(), padding, result,
                           in.options().fast_paths);
  if (!s.ok()) return op_error(op, s.error().message());
  return std::vector<RuntimeValue>{result};
}

}  // namespace

KILN_REGISTER_INTERP("stablehlo.convolution", convolution);

}  // namespace kiln::interp
