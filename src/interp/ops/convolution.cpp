// stablehlo.convolution by the spec's definition: for each output element, the sum over the
// kernel window and the group's input features, with strides, padding, lhs/rhs dilation,
// window reversal, feature groups and batch groups; typed and threaded over the outputs.
#include "interp/ops/dot_general.h"
#include "interp/ops/op_helpers.h"

namespace kiln::interp {

namespace {

// Everything the inner loop needs, in element strides.
struct ConvPlan {
  ir::ConvDimsAttr d;
  std::vector<int64_t> stride, pad_lo, lhs_dil, rhs_dil, reverse;
  int64_t fgc = 1, bgc = 1;
  std::vector<int64_t> ls, rs, os;  // strides of lhs, rhs, result
  std::vector<int64_t> lshape, rshape, oshape;
  std::vector<std::vector<int64_t>> window;  // every kernel spatial position, row-major
};

std::vector<int64_t> ints_or(const ir::Operation& op, std::string_view name, size_t n,
                             int64_t fill) {
  std::vector<int64_t> v = attr_ints(op, name);
  if (v.empty()) v.assign(n, fill);
  return v;
}

// acc + p * q in T's arithmetic: integers wrap to `bits`, i1 is or-of-ands.
template <class T>
T multiply_add(T acc, T p, T q, int bits) {
  if constexpr (std::is_same_v<T, bool>) {
    return acc || (p && q);
  } else if constexpr (kIsInt<T>) {
    return wrap_add(acc, wrap_mul(p, q, bits), bits);
  } else {
    return acc + p * q;
  }
}

// result[o] for one flat output index o.
template <class T>
T conv_element(const ConvPlan& c, const T* lhs, const T* rhs, int64_t o, int bits) {
  size_t n = c.d.input_spatial.size();
  std::vector<int64_t> oi(c.oshape.size());
  for (size_t d = c.oshape.size(); d-- > 0;) {
    oi[d] = o % c.oshape[d];
    o /= c.oshape[d];
  }
  int64_t out_b = oi[static_cast<size_t>(c.d.output_batch)];
  int64_t out_f = oi[static_cast<size_t>(c.d.output_feature)];
  int64_t kin = c.rshape[static_cast<size_t>(c.d.kernel_input_feature)];
  int64_t kout = c.rshape[static_cast<size_t>(c.d.kernel_output_feature)];
  int64_t batch = c.lshape[static_cast<size_t>(c.d.input_batch)];
  // Spec: feature groups split lhs features and rhs output features into fgc chunks; batch
  // groups split lhs batch and rhs output features into bgc chunks.
  int64_t fgroup = out_f / (kout / c.fgc), bgroup = out_f / (kout / c.bgc);
  int64_t in_b = bgroup * (batch / c.bgc) + out_b;
  int64_t lbase0 = in_b * c.ls[static_cast<size_t>(c.d.input_batch)] +
                   fgroup * kin * c.ls[static_cast<size_t>(c.d.input_feature)];
  int64_t rbase0 = out_f * c.rs[static_cast<size_t>(c.d.kernel_output_feature)];
  int64_t lf = c.ls[static_cast<size_t>(c.d.input_feature)];
  int64_t rf = c.rs[static_cast<size_t>(c.d.kernel_input_feature)];
  T acc = from_double<T>(0);
  for (const auto& w : c.window) {
    int64_t lbase = lbase0, rbase = rbase0;
    bool inside = true;
    for (size_t i = 0; i < n && inside; ++i) {
      auto ld = static_cast<size_t>(c.d.input_spatial[i]);
      auto kd = static_cast<size_t>(c.d.kernel_spatial[i]);
      int64_t p = oi[static_cast<size_t>(c.d.output_spatial[i])] * c.stride[i] +
                  w[i] * c.rhs_dil[i] - c.pad_lo[i];
      inside = p >= 0 && p % c.lhs_dil[i] == 0 && p / c.lhs_dil[i] < c.lshape[ld];
      lbase += (p / c.lhs_dil[i]) * c.ls[ld];
      int64_t k = c.reverse[i] ? c.rshape[kd] - 1 - w[i] : w[i];
      rbase += k * c.rs[kd];
    }
    if (!inside) continue;
    for (int64_t f = 0; f < kin; ++f) {
      acc = multiply_add(acc, lhs[lbase + f * lf], rhs[rbase + f * rf], bits);
    }
  }
  return acc;
}

}  // namespace

void convolve_into(const ir::Operation& op, const Tensor& lhs_in, const Tensor& rhs_in,
                   std::span<const int64_t> padding, Tensor& result) {
  const ir::ElementType& e = result.element();
  // Spec: operands of another element type are converted to the result's first.
  Tensor lhs = convert_elements(lhs_in, e);
  Tensor rhs = convert_elements(rhs_in, e);
  ConvPlan c;
  c.d = *op.attr_as<ir::ConvDimsAttr>("dimension_numbers");
  size_t n = c.d.input_spatial.size();
  c.stride = ints_or(op, "window_strides", n, 1);
  c.lhs_dil = ints_or(op, "lhs_dilation", n, 1);
  c.rhs_dil = ints_or(op, "rhs_dilation", n, 1);
  c.reverse = ints_or(op, "window_reversal", n, 0);
  for (size_t i = 0; i < n; ++i) c.pad_lo.push_back(padding[2 * i]);
  c.fgc = attr_int(op, "feature_group_count", 1);
  c.bgc = attr_int(op, "batch_group_count", 1);
  c.ls = lhs.strides();
  c.rs = rhs.strides();
  c.lshape = lhs.shape();
  c.rshape = rhs.shape();
  c.oshape = result.shape();
  std::vector<int64_t> ksize;
  for (int64_t kd : c.d.kernel_spatial) ksize.push_back(c.rshape[static_cast<size_t>(kd)]);
  if (rhs.num_elements() == 0 || lhs.num_elements() == 0) return;
  std::vector<int64_t> w(n, 0);
  do c.window.push_back(w);
  while (next_index(w, ksize));
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

namespace {

Expected<std::vector<RuntimeValue>> convolution(Interpreter&, const ir::Operation& op,
                                                std::span<const RuntimeValue> operands) {
  KILN_TRY(Tensor result, allocate_result(op));
  if (result.element().is_quantized() || operands[0].tensor().element().is_quantized() ||
      operands[1].tensor().element().is_quantized()) {
    return op_error(op, "on quantized tensors is not supported by the interpreter yet");
  }
  size_t n = op.attr_as<ir::ConvDimsAttr>("dimension_numbers")->input_spatial.size();
  std::vector<int64_t> padding = ints_or(op, "padding", 2 * n, 0);
  convolve_into(op, operands[0].tensor(), operands[1].tensor(), padding, result);
  return std::vector<RuntimeValue>{result};
}

}  // namespace

KILN_REGISTER_INTERP("stablehlo.convolution", convolution);

}  // namespace kiln::interp
