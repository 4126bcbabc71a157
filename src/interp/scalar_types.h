// The C++ type of each element kind, and dispatch_dtype: the one bridge from a run-time
// element kind to compile-time code. Narrow floats (f4 to f16, bf16) are classes whose every
// operation rounds once to the format, so bf16 arithmetic is bf16 arithmetic.
#pragma once

#include <cmath>
#include <complex>
#include <cstdint>
#include <cstring>
#include <type_traits>
#include <utility>

#include "ir/element_type.h"
#include "ir/float_format.h"

namespace kiln::interp {

// A float format narrower than f32, stored as its bit pattern. Arithmetic computes in double
// and rounds once to the format: exact for +, -, *, /, sqrt because double carries more than
// twice the format's precision plus two bits.
template <ir::ElementKind K>
struct NarrowFloat {
  using Bits = std::conditional_t<(K == ir::ElementKind::kBF16 || K == ir::ElementKind::kF16),
                                  uint16_t, uint8_t>;
  Bits bits = 0;

  NarrowFloat() = default;
  explicit NarrowFloat(double v) : bits(static_cast<Bits>(ir::double_to_bits(K, v))) {}
  static NarrowFloat from_bits(uint64_t b) {
    NarrowFloat f;
    f.bits = static_cast<Bits>(b);
    return f;
  }
  explicit operator double() const { return ir::bits_to_double(K, bits); }
  double value() const { return static_cast<double>(*this); }

  friend NarrowFloat operator+(NarrowFloat a, NarrowFloat b) { return NarrowFloat(a.value() + b.value()); }
  friend NarrowFloat operator-(NarrowFloat a, NarrowFloat b) { return NarrowFloat(a.value() - b.value()); }
  friend NarrowFloat operator*(NarrowFloat a, NarrowFloat b) { return NarrowFloat(a.value() * b.value()); }
  friend NarrowFloat operator/(NarrowFloat a, NarrowFloat b) { return NarrowFloat(a.value() / b.value()); }
  friend NarrowFloat operator-(NarrowFloat a) { return NarrowFloat(-a.value()); }
  friend bool operator==(NarrowFloat a, NarrowFloat b) { return a.value() == b.value(); }
  friend bool operator<(NarrowFloat a, NarrowFloat b) { return a.value() < b.value(); }
  friend bool operator<=(NarrowFloat a, NarrowFloat b) { return a.value() <= b.value(); }
  friend bool operator>(NarrowFloat a, NarrowFloat b) { return a.value() > b.value(); }
  friend bool operator>=(NarrowFloat a, NarrowFloat b) { return a.value() >= b.value(); }
};

template <class T>
struct is_narrow_float : std::false_type {};
template <ir::ElementKind K>
struct is_narrow_float<NarrowFloat<K>> : std::true_type {};

template <class T>
inline constexpr bool kIsFloat =
    std::is_floating_point_v<T> || is_narrow_float<T>::value;
template <class T>
inline constexpr bool kIsComplex = false;
template <class T>
inline constexpr bool kIsComplex<std::complex<T>> = true;
template <class T>
inline constexpr bool kIsInt = std::is_integral_v<T> && !std::is_same_v<T, bool>;

// Value conversions used across ops: any scalar type to double and back.
template <class T>
double to_double(T v) {
  if constexpr (is_narrow_float<T>::value) return v.value();
  else if constexpr (kIsComplex<T>) return static_cast<double>(v.real());
  else return static_cast<double>(v);
}
template <class T>
T from_double(double v) {
  if constexpr (is_narrow_float<T>::value) return T(v);
  else if constexpr (kIsComplex<T>) return T(static_cast<typename T::value_type>(v), 0);
  else return static_cast<T>(v);
}

// Sub-byte integers (i2, i4, ui2, ui4) are held sign- or zero-extended in a byte; results
// are wrapped back to their width by wrap_int.
template <class T>
T wrap_int(T v, int bits) {
  if (bits >= static_cast<int>(sizeof(T) * 8)) return v;
  using U = std::make_unsigned_t<T>;
  U mask = static_cast<U>((U{1} << bits) - 1);
  U u = static_cast<U>(v) & mask;
  if constexpr (std::is_signed_v<T>) {
    U sign = static_cast<U>(U{1} << (bits - 1));
    if (u & sign) u |= static_cast<U>(~mask);
  }
  return static_cast<T>(u);
}

// The low `bits` bits of an integer as unsigned (the bit pattern of a sub-byte integer).
template <class T>
uint64_t low_bits(T x, int bits) {
  uint64_t u = static_cast<uint64_t>(static_cast<std::make_unsigned_t<T>>(x));
  return bits >= 64 ? u : u & ((uint64_t{1} << bits) - 1);
}

// Calls `fn.template operator()<T>()` with the C++ type T of `kind`. Quantized types dispatch
// on their storage type; index on int64_t.
template <class Fn>
decltype(auto) dispatch_dtype(ir::ElementKind kind, Fn&& fn) {
  using K = ir::ElementKind;
  switch (kind) {
    case K::kI1: return fn.template operator()<bool>();
    case K::kSI2:
    case K::kSI4:
    case K::kSI8: return fn.template operator()<int8_t>();
    case K::kSI16: return fn.template operator()<int16_t>();
    case K::kSI32: return fn.template operator()<int32_t>();
    case K::kSI64:
    case K::kIndex: return fn.template operator()<int64_t>();
    case K::kUI2:
    case K::kUI4:
    case K::kUI8: return fn.template operator()<uint8_t>();
    case K::kUI16: return fn.template operator()<uint16_t>();
    case K::kUI32: return fn.template operator()<uint32_t>();
    case K::kUI64: return fn.template operator()<uint64_t>();
    case K::kF4E2M1FN: return fn.template operator()<NarrowFloat<K::kF4E2M1FN>>();
    case K::kF6E2M3FN: return fn.template operator()<NarrowFloat<K::kF6E2M3FN>>();
    case K::kF6E3M2FN: return fn.template operator()<NarrowFloat<K::kF6E3M2FN>>();
    case K::kF8E3M4: return fn.template operator()<NarrowFloat<K::kF8E3M4>>();
    case K::kF8E4M3: return fn.template operator()<NarrowFloat<K::kF8E4M3>>();
    case K::kF8E4M3FN: return fn.template operator()<NarrowFloat<K::kF8E4M3FN>>();
    case K::kF8E4M3FNUZ: return fn.template operator()<NarrowFloat<K::kF8E4M3FNUZ>>();
    case K::kF8E4M3B11FNUZ: return fn.template operator()<NarrowFloat<K::kF8E4M3B11FNUZ>>();
    case K::kF8E5M2: return fn.template operator()<NarrowFloat<K::kF8E5M2>>();
    case K::kF8E5M2FNUZ: return fn.template operator()<NarrowFloat<K::kF8E5M2FNUZ>>();
    case K::kF8E8M0FNU: return fn.template operator()<NarrowFloat<K::kF8E8M0FNU>>();
    case K::kBF16: return fn.template operator()<NarrowFloat<K::kBF16>>();
    case K::kF16: return fn.template operator()<NarrowFloat<K::kF16>>();
    case K::kTF32: return fn.template operator()<float>();
    case K::kF32: return fn.template operator()<float>();
    case K::kF64: return fn.template operator()<double>();
    case K::kComplexF32: return fn.template operator()<std::complex<float>>();
    case K::kComplexF64: return fn.template operator()<std::complex<double>>();
    case K::kQuantized: break;
  }
  return fn.template operator()<int8_t>();  // quantized: callers pass the storage kind
}

}  // namespace kiln::interp
