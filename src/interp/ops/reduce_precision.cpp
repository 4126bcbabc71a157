// stablehlo.reduce_precision: rounds each float to `mantissa_bits` (to nearest, ties to even)
// and clamps it to the range of `exponent_bits` (overflow to infinity, values below the
// reduced format's smallest normal to zero), on the value's own bits as XLA does; NaN stays.
#include <bit>
#include <cmath>

#include "interp/ops/op_helpers.h"

namespace kiln::interp {

namespace {

struct Layout {
  int exponent, mantissa;  // the source format's field widths
};

// XLA's bit algorithm on an IEEE-754 pattern of 1 + e + m bits.
uint64_t reduce_bits(uint64_t x, Layout src, int64_t exponent_bits, int64_t mantissa_bits) {
  if (mantissa_bits < src.mantissa) {
    uint64_t last = uint64_t{1} << (src.mantissa - mantissa_bits);
    uint64_t bias = (last >> 1) - 1 + ((x & last) ? 1 : 0);
    x = (x + bias) & ~(last - 1);
  }
  if (exponent_bits < src.exponent) {
    uint64_t sign = uint64_t{1} << (src.exponent + src.mantissa);
    uint64_t exp_mask = ((uint64_t{1} << src.exponent) - 1) << src.mantissa;
    int64_t src_bias = (int64_t{1} << (src.exponent - 1)) - 1;
    int64_t reduced_bias = (int64_t{1} << (exponent_bits - 1)) - 1;
    auto max_exp = static_cast<uint64_t>(src_bias + reduced_bias) << src.mantissa;
    auto min_exp = static_cast<uint64_t>(src_bias - reduced_bias) << src.mantissa;
    uint64_t e = x & exp_mask;
    if (e > max_exp) x = (x & sign) | exp_mask;
    else if (e <= min_exp) x = x & sign;
  }
  return x;
}

template <class T>
T reduce_element(T v, int64_t exponent_bits, int64_t mantissa_bits) {
  if (std::isnan(to_double(v))) return v;
  if constexpr (std::is_same_v<T, float>) {
    return std::bit_cast<float>(static_cast<uint32_t>(
        reduce_bits(std::bit_cast<uint32_t>(v), {8, 23}, exponent_bits, mantissa_bits)));
  } else if constexpr (std::is_same_v<T, double>) {
    return std::bit_cast<double>(
        reduce_bits(std::bit_cast<uint64_t>(v), {11, 52}, exponent_bits, mantissa_bits));
  } else {
    static const ir::FloatFormat f = *ir::float_format(narrow_kind<T>::value);
    if (f.specials == ir::FloatSpecials::kIeee) {
      return T::from_bits(reduce_bits(v.bits, {f.exponent_bits, f.mantissa_bits},
                                      exponent_bits, mantissa_bits));
    }
    // Formats without IEEE specials: reduce the exact value as an f64 (their subnormals are
    // normal there), each step only where it narrows the format's own field, and round back.
    int64_t e = exponent_bits < f.exponent_bits ? exponent_bits : 11;
    int64_t m = mantissa_bits < f.mantissa_bits ? mantissa_bits : 52;
    uint64_t bits = reduce_bits(std::bit_cast<uint64_t>(v.value()), {11, 52}, e, m);
    double d = std::bit_cast<double>(bits);
    return T(d);
  }
}

Expected<std::vector<RuntimeValue>> reduce_precision(Interpreter&, const ir::Operation& op,
                                                     std::span<const RuntimeValue> args) {
  const Tensor& x = args[0].tensor();
  int64_t e = attr_int(op, "exponent_bits"), m = attr_int(op, "mantissa_bits");
  // Spec (C2, C3): exponent_bits >= 1, mantissa_bits >= 0; others would shift by negative counts.
  if (e < 1 || m < 0) {
    return op_error(op, "needs exponent_bits >= 1 and mantissa_bits >= 0, not " +
                            std::to_string(e) + " and " + std::to_string(m));
  }
  KILN_TRY(Tensor out, allocate_result(op));
  dispatch_dtype(x.element().kind(), [&]<class T>() {
    if constexpr (kIsFloat<T>) {
      map_elements<T, T>(x, out, [e, m](T v) { return reduce_element(v, e, m); });
    }
  });
  return std::vector<RuntimeValue>{std::move(out)};
}

}  // namespace

KILN_REGISTER_INTERP("stablehlo.reduce_precision", reduce_precision);

}  // namespace kiln::interp
