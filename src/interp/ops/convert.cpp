// stablehlo.convert between every pair of element types. Exactly representable values convert
// exactly; others follow XLA where the spec leaves them TBD (#180): integers wrap, floats
// round to nearest even once, float -> integer truncates toward zero, saturates at the
// destination's range and maps NaN to 0; complex -> real drops the imaginary part (to bool
// as well, as XLA); real -> complex sets it to zero.
#include "interp/ops/convert.h"

#include <bit>
#include <cmath>
#include <limits>

#include "interp/ops/op_helpers.h"

namespace kiln::interp {

namespace {

// An integer as the double nearest to it, rounded to odd when inexact: rounding that double
// again to any format of at most 51 significant bits then rounds the integer correctly once.
template <class I>
double int_to_double_round_odd(I x) {
  auto exact = static_cast<long double>(x);  // x87 long double holds every 64-bit integer
  double d = static_cast<double>(exact);
  if (static_cast<long double>(d) == exact) return d;
  if (std::fabs(static_cast<long double>(d)) > std::fabs(exact)) d = std::nextafter(d, 0.0);
  auto bits = std::bit_cast<uint64_t>(d) | 1;
  return std::bit_cast<double>(bits);
}

// The integer value of any integer or float as the destination integer type R (of `bits`).
template <class R, class S>
R to_integer(S x, int bits) {
  if constexpr (std::is_same_v<S, bool> || kIsInt<S>) {
    // Wrap: keep the low bits (two's complement).
    return wrap_int(static_cast<R>(static_cast<std::make_unsigned_t<R>>(
                        static_cast<uint64_t>(static_cast<int64_t>(x)))),
                    bits);
  } else {
    double v = std::trunc(to_double(x));
    if (std::isnan(v)) return 0;
    double lo, hi;
    if constexpr (std::is_signed_v<R>) {
      lo = -std::ldexp(1.0, bits - 1), hi = std::ldexp(1.0, bits - 1) - 1;
    } else {
      lo = 0, hi = std::ldexp(1.0, bits) - 1;
    }
    // The type's extremes at `bits` (sub-byte types saturate at their own range); hi may
    // round up to 2^bits in double for 64-bit types, hence >=.
    int unused = static_cast<int>(sizeof(R) * 8) - bits;
    if (v <= lo) return static_cast<R>(std::numeric_limits<R>::min() >> unused);
    if (v >= hi) return static_cast<R>(std::numeric_limits<R>::max() >> unused);
    return static_cast<R>(v);
  }
}

// The value of any integer or float as the float type R, rounded once.
template <class R, class S>
R to_float(S x) {
  if constexpr (std::is_same_v<S, bool>) {
    return from_double<R>(x ? 1.0 : 0.0);
  } else if constexpr (kIsInt<S>) {
    if constexpr (std::is_same_v<R, float> || std::is_same_v<R, double>) {
      return static_cast<R>(x);  // the hardware conversion rounds once
    } else {
      return R(int_to_double_round_odd(x));
    }
  } else if constexpr (std::is_same_v<R, float> || std::is_same_v<R, double>) {
    return static_cast<R>(to_double(x));  // narrow -> double is exact; double -> float once
  } else {
    return R(to_double(x));
  }
}

template <class R, class S>
R convert_element(S x, int dst_bits) {
  if constexpr (kIsComplex<S>) {
    if constexpr (kIsComplex<R>) {
      using P = typename R::value_type;
      return R(static_cast<P>(x.real()), static_cast<P>(x.imag()));
    } else {
      return convert_element<R>(x.real(), dst_bits);
    }
  } else if constexpr (kIsComplex<R>) {
    return R(to_float<typename R::value_type>(x), 0);
  } else if constexpr (std::is_same_v<R, bool>) {
    if constexpr (std::is_same_v<S, bool>) return x;
    else if constexpr (kIsInt<S>) return x != 0;
    else return to_double(x) != 0;  // NaN is non-zero
  } else if constexpr (kIsInt<R>) {
    return to_integer<R>(x, dst_bits);
  } else {
    return to_float<R>(x);
  }
}

// The narrow float formats (f4 to f16, bf16) take part in a conversion through double, with
// the format known at run time: double holds each of their values exactly, and every rule
// above reads a float source only through to_double and writes a narrow float only from one
// double. So 13 formats cost one instantiation per storage width instead of 13 x 26.
template <class Bits>
struct NarrowBits {
  using Storage = Bits;
};
template <class T>
inline constexpr bool kIsNarrowBits = false;
template <class Bits>
inline constexpr bool kIsNarrowBits<NarrowBits<Bits>> = true;

// The double that, rounded once to a narrow format, gives x converted to that format: exact
// for floats, rounded to odd for integers too wide for double, the real part of a complex.
template <class S>
double narrow_source_value(S x) {
  if constexpr (std::is_same_v<S, bool>) return x ? 1.0 : 0.0;
  else if constexpr (kIsInt<S>) return int_to_double_round_odd(x);
  else if constexpr (kIsComplex<S>) return static_cast<double>(x.real());
  else return to_double(x);
}

// Calls fn.template operator()<T>() with T the C++ type of `kind`, or NarrowBits<storage> for
// a narrow float format (NarrowFloat<K> carries its storage type as Bits).
template <class Fn>
void dispatch_convert_side(ir::ElementKind kind, Fn&& fn) {
  dispatch_dtype(kind, [&]<class T>() {
    if constexpr (is_narrow_float<T>::value) {
      fn.template operator()<NarrowBits<typename T::Bits>>();
    } else {
      fn.template operator()<T>();
    }
  });
}

template <class S, class R>
void convert_typed(const Tensor& x, Tensor& out, ir::ElementKind src_kind,
                   ir::ElementKind dst_kind, int dst_bits) {
  auto read = [src_kind](auto v) {
    if constexpr (kIsNarrowBits<S>) return ir::bits_to_double(src_kind, v);
    else return v;
  };
  if constexpr (kIsNarrowBits<R>) {
    using Out = typename R::Storage;
    if constexpr (kIsNarrowBits<S>) {
      map_elements<typename S::Storage, Out>(x, out, [&](typename S::Storage v) {
        return static_cast<Out>(ir::double_to_bits(dst_kind, read(v)));
      });
    } else {
      map_elements<S, Out>(x, out, [&](S v) {
        return static_cast<Out>(ir::double_to_bits(dst_kind, narrow_source_value(v)));
      });
    }
  } else if constexpr (kIsNarrowBits<S>) {
    map_elements<typename S::Storage, R>(x, out, [&](typename S::Storage v) {
      return convert_element<R>(read(v), dst_bits);
    });
  } else {
    map_elements<S, R>(x, out, [dst_bits](S v) { return convert_element<R>(v, dst_bits); });
  }
}

// tf32 is held in a float: round it to tf32's 10 mantissa bits after converting.
void round_to_tf32(Tensor& out) {
  float* p = out.data<float>();
  for (int64_t i = 0; i < out.num_elements(); ++i) {
    p[i] = static_cast<float>(ir::bits_to_double(
        ir::ElementKind::kTF32, ir::double_to_bits(ir::ElementKind::kTF32, p[i])));
  }
}

// Converts x's elements into out (same shape), both taken by their storage kinds.
void convert_into(const Tensor& x, Tensor& out) {
  ir::ElementKind src = x.element().storage_type().kind();
  ir::ElementKind dst = out.element().storage_type().kind();
  int dst_bits = out.element().storage_type().bit_width();
  dispatch_convert_side(src, [&]<class S>() {
    dispatch_convert_side(dst, [&]<class R>() { convert_typed<S, R>(x, out, src, dst, dst_bits); });
  });
  if (dst == ir::ElementKind::kTF32) round_to_tf32(out);
}

Expected<std::vector<RuntimeValue>> convert(Interpreter&, const ir::Operation& op,
                                            std::span<const RuntimeValue> args) {
  const Tensor& x = args[0].tensor();
  KILN_TRY(Tensor out, allocate_result(op));
  if (x.element().is_quantized() || out.element().is_quantized()) {
    return op_unsupported(op, "on quantized tensors is not supported; use uniform_quantize");
  }
  convert_into(x, out);
  return std::vector<RuntimeValue>{std::move(out)};
}

}  // namespace

Expected<Tensor> convert_elements(const Tensor& t, const ir::ElementType& to) {
  if (t.element() == to) return t;
  KILN_TRY(Tensor out, Tensor::allocate(t.type().with_element(to)));
  convert_into(t, out);
  return out;
}

KILN_REGISTER_INTERP("stablehlo.convert", convert);

}  // namespace kiln::interp
