// stablehlo.convert between every pair of element types. Exactly representable values convert
// exactly; others follow XLA where the spec leaves them TBD (#180): integers wrap, floats
// round to nearest even once, float -> integer truncates toward zero, saturates at the
// destination's range and maps NaN to 0; complex -> real drops the imaginary part (to bool
// as well, as XLA); real -> complex sets it to zero.
#include "interp/ops/convert.h"

#include <bit>
#include <cmath>
#include <limits>

#include "interp/narrow_codec.h"
#include "interp/ops/elementwise_kernel.h"
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
// The type an element is stored as: a narrow format's bits, any other type itself.
template <class T>
struct StorageOf {
  using type = T;
};
template <class Bits>
struct StorageOf<NarrowBits<Bits>> {
  using type = Bits;
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

// Converts n elements from `in` (storage of src_kind) to `out` (storage of dst_kind).
// The value of a narrow float's bits as a double, inline for bf16 and f16.
template <class Bits>
double read_narrow(Bits v, ir::ElementKind kind) {
  if constexpr (sizeof(Bits) == 2) {
    if (kind == ir::ElementKind::kBF16) return narrow_to_float(BF16::from_bits(v));
    if (kind == ir::ElementKind::kF16) return narrow_to_float(F16::from_bits(v));
  }
  return ir::bits_to_double(kind, v);
}

// A value rounded to a narrow float's bits; a float source rounds once, directly.
template <class Bits, class V>
Bits write_narrow(V v, ir::ElementKind kind) {
  if constexpr (sizeof(Bits) == 2) {
    if (kind == ir::ElementKind::kBF16) {
      if constexpr (std::is_same_v<V, float>) return narrow_from_float<BF16>(v).bits;
      else return narrow_from_double<BF16>(v).bits;
    }
    if (kind == ir::ElementKind::kF16) {
      if constexpr (std::is_same_v<V, float>) return narrow_from_float<F16>(v).bits;
      else return narrow_from_double<F16>(v).bits;
    }
  }
  return static_cast<Bits>(ir::double_to_bits(kind, static_cast<double>(v)));
}

// Converts n elements from `in` (storage of src_kind) to `out` (storage of dst_kind).
template <class S, class R>
void convert_typed(const std::byte* in, std::byte* out, int64_t n, ir::ElementKind src_kind,
                   ir::ElementKind dst_kind, int dst_bits) {
  using In = typename StorageOf<S>::type;
  using Out = typename StorageOf<R>::type;
  const In* src = reinterpret_cast<const In*>(in);
  Out* dst = reinterpret_cast<Out*>(out);
  for (int64_t i = 0; i < n; ++i) {
    if constexpr (kIsNarrowBits<R> && kIsNarrowBits<S>) {
      dst[i] = write_narrow<Out>(read_narrow(src[i], src_kind), dst_kind);
    } else if constexpr (kIsNarrowBits<R> && std::is_same_v<S, float>) {
      dst[i] = write_narrow<Out>(src[i], dst_kind);
    } else if constexpr (kIsNarrowBits<R>) {
      dst[i] = write_narrow<Out>(narrow_source_value(src[i]), dst_kind);
    } else if constexpr (kIsNarrowBits<S>) {
      dst[i] = convert_element<R>(read_narrow(src[i], src_kind), dst_bits);
    } else {
      dst[i] = convert_element<R>(src[i], dst_bits);
    }
  }
}

// tf32 is held in a float: round it to tf32's 10 mantissa bits after converting.
void round_to_tf32(float* p, int64_t n) {
  for (int64_t i = 0; i < n; ++i) {
    p[i] = static_cast<float>(ir::bits_to_double(
        ir::ElementKind::kTF32, ir::double_to_bits(ir::ElementKind::kTF32, p[i])));
  }
}

template <class S, class R>
void convert_kernel(const KernelParams& p, const std::byte* const* in, std::byte* out, int64_t n) {
  convert_typed<S, R>(in[0], out, n, p.src, p.dst, p.bits);
  if (p.dst == ir::ElementKind::kTF32) round_to_tf32(reinterpret_cast<float*>(out), n);
}

// The kernel converting storage of `src` to storage of `dst`.
ElementwiseKernel convert_kernel_for(const ir::ElementType& src, const ir::ElementType& dst) {
  KernelParams params;
  params.src = src.storage_type().kind();
  params.dst = dst.storage_type().kind();
  params.bits = dst.storage_type().bit_width();
  BlockFn fn = nullptr;
  dispatch_convert_side(params.src, [&]<class S>() {
    dispatch_convert_side(params.dst, [&]<class R>() { fn = &convert_kernel<S, R>; });
  });
  return {fn, params};
}

std::optional<ElementwiseKernel> resolve_convert(const ir::Operation& op) {
  const ir::ElementType& src = op.operand(0)->type().element();
  const ir::ElementType& dst = op.result(0)->type().element();
  if (src.is_quantized() || dst.is_quantized()) return std::nullopt;
  return convert_kernel_for(src, dst);
}

// Converts x's elements into out (same shape), both taken by their storage kinds.
void convert_into(const Tensor& x, Tensor& out) {
  const Tensor* in[1] = {&x};
  run_kernel(convert_kernel_for(x.element(), out.element()), in, out);
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
KILN_REGISTER_KERNEL("stablehlo.convert", resolve_convert);

}  // namespace kiln::interp
