// stablehlo.uniform_quantize and stablehlo.uniform_dequantize, per-tensor and per-axis, each
// step rounded to the expressed type as the spec's quantize/dequantize functions compute.
#include <cmath>

#include "interp/ops/op_helpers.h"

namespace kiln::interp {

namespace {

using Results = Expected<std::vector<RuntimeValue>>;
using RoundFn = double (*)(double);

// Rounds a double to the nearest value of float kind `k` (exact emulation of one operation
// in that type: double carries more than twice the bits of every expressed type but f64).
RoundFn rounder(ir::ElementKind k) {
  return dispatch_dtype(k, []<class T>() -> RoundFn {
    if constexpr (kIsFloat<T>) {
      return [](double v) { return to_double(from_double<T>(v)); };
    } else {
      return nullptr;
    }
  });
}

// The scale and zero point of element i: per-axis types index them by the element's
// coordinate along quantized_dimension.
struct QuantLookup {
  const ir::QuantParams& q;
  int64_t stride = 1;
  int64_t size = 1;

  QuantLookup(const ir::QuantParams& params, const Tensor& t) : q(params) {
    if (q.quantized_dimension) {
      auto d = static_cast<size_t>(*q.quantized_dimension);
      size = t.shape()[d];
      for (size_t j = d + 1; j < t.shape().size(); ++j) stride *= t.shape()[j];
    }
  }
  size_t at(int64_t i) const {
    return q.quantized_dimension ? static_cast<size_t>((i / stride) % size) : 0;
  }
};

// Reads element i of any float tensor as a double.
double float_element(const Tensor& t, int64_t i) {
  return dispatch_dtype(t.element().kind(), [&]<class T>() -> double {
    if constexpr (kIsFloat<T>) return to_double(t.data<T>()[i]);
    else return 0.0;
  });
}

// spec dequantize: (x - zero_point), converted to the expressed type, times the scale.
// The difference is taken exactly (the type's meaning, f = (i - zero_point) * scale) rather
// than wrapped in the storage type.
std::vector<double> dequantize(const Tensor& x) {
  const ir::QuantParams& q = x.element().quant();
  RoundFn round = rounder(q.expressed);
  QuantLookup lookup(q, x);
  std::vector<double> out(static_cast<size_t>(x.num_elements()));
  for (int64_t i = 0; i < x.num_elements(); ++i) {
    size_t p = lookup.at(i);
    double diff = round(static_cast<double>(int_element(x, i) - q.zero_points[p]));
    out[i] = round(diff * round(q.scales[p]));
  }
  return out;
}

// spec quantize: x / scale + zero_point in the expressed type, rounded half to even,
// clamped to [storage_min, storage_max], converted to the storage type. NaN becomes 0, as
// XLA converts NaN to integers.
Tensor& quantize_into(const std::vector<double>& x, Tensor& out) {
  const ir::QuantParams& q = out.element().quant();
  RoundFn round = rounder(q.expressed);
  QuantLookup lookup(q, out);
  const double lo = round(static_cast<double>(q.storage_min));
  const double hi = round(static_cast<double>(q.storage_max));
  dispatch_dtype(q.storage, [&]<class S>() {
    if constexpr (kIsInt<S>) {
      S* dst = out.data<S>();
      for (int64_t i = 0; i < out.num_elements(); ++i) {
        size_t p = lookup.at(i);
        double v = round(round(x[i] / round(q.scales[p])) +
                         round(static_cast<double>(q.zero_points[p])));
        v = std::nearbyint(v);  // the default rounding mode: to nearest, ties to even
        v = std::fmin(std::fmax(v, lo), hi);
        dst[i] = std::isnan(v) ? S{0} : static_cast<S>(v);
      }
    }
  });
  return out;
}

Results uniform_quantize(Interpreter&, const ir::Operation& op,
                         std::span<const RuntimeValue> operands) {
  const Tensor& x = operands[0].tensor();
  KILN_TRY(Tensor out, allocate_result(op));
  if (!rounder(out.element().quant().expressed)) {
    return op_error(op, "needs a float expressed type");
  }
  std::vector<double> values;
  if (x.element().is_quantized()) {
    values = dequantize(x);  // requantization: through the expressed values
  } else {
    values.resize(static_cast<size_t>(x.num_elements()));
    for (int64_t i = 0; i < x.num_elements(); ++i) values[i] = float_element(x, i);
  }
  return std::vector<RuntimeValue>{quantize_into(values, out)};
}

Results uniform_dequantize(Interpreter&, const ir::Operation& op,
                           std::span<const RuntimeValue> operands) {
  const Tensor& x = operands[0].tensor();
  KILN_TRY(Tensor out, allocate_result(op));
  std::vector<double> values = dequantize(x);
  dispatch_dtype(out.element().kind(), [&]<class T>() {
    if constexpr (kIsFloat<T>) {
      for (int64_t i = 0; i < out.num_elements(); ++i) out.data<T>()[i] = from_double<T>(values[i]);
    }
  });
  return std::vector<RuntimeValue>{out};
}

}  // namespace

KILN_REGISTER_INTERP("stablehlo.uniform_quantize", uniform_quantize);
KILN_REGISTER_INTERP("stablehlo.uniform_dequantize", uniform_dequantize);

}  // namespace kiln::interp
