// The orders of stablehlo.compare on scalars, shared by the op and by the native code of
// recognised region bodies (sort comparators, argmax bodies, select regions), so both give
// the same answers.
#pragma once

#include <bit>
#include <cmath>
#include <cstdint>

#include "interp/ops/op_helpers.h"

namespace kiln::interp {

// EnumKind::kComparisonDirection order (EQ NE GE GT LE LT).
enum CompareDirection { kCmpEq, kCmpNe, kCmpGe, kCmpGt, kCmpLe, kCmpLt };
// The EnumKind::kComparisonType value of TOTALORDER (NOTYPE FLOAT TOTALORDER SIGNED UNSIGNED).
inline constexpr int kTotalOrderType = 2;

// The outcome of comparing two values; all false when unordered (NaN).
struct Order {
  bool lt = false, eq = false, gt = false;
};

inline bool decide(Order o, int direction) {
  switch (direction) {
    case kCmpEq:
      return o.eq;
    case kCmpNe:
      return !o.eq;
    case kCmpGe:
      return o.gt || o.eq;
    case kCmpGt:
      return o.gt;
    case kCmpLe:
      return o.lt || o.eq;
    case kCmpLt:
      return o.lt;
  }
  return false;
}

template <class V>
Order order_of(V a, V b) {
  return {a<b, a == b, a> b};
}

// A signed key whose integer order is IEEE-754 totalOrder: -NaN < -inf < ... < -0 < +0 <
// ... < +inf < +NaN. Formats without a sign bit (E8M0) or without -0 (FNUZ) order by value,
// their one NaN above everything.
template <class T>
int64_t total_order_key(T x) {
  uint64_t bits;
  int width;
  if constexpr (std::is_same_v<T, float>) {
    bits = std::bit_cast<uint32_t>(x), width = 32;
  } else if constexpr (std::is_same_v<T, double>) {
    bits = std::bit_cast<uint64_t>(x), width = 64;
  } else {
    static const ir::FloatFormat f = *ir::float_format(narrow_kind<T>::value);
    if (f.specials == ir::FloatSpecials::kUnsignedZeroNan ||
        f.specials == ir::FloatSpecials::kExponentOnly) {
      double v = x.value();
      if (std::isnan(v)) return INT64_MAX;
      return total_order_key(v);
    }
    bits = x.bits, width = f.total_bits();
  }
  bool negative = (bits >> (width - 1)) & 1;
  uint64_t magnitude = bits & ((uint64_t{1} << (width - 1)) - 1);
  return negative ? -static_cast<int64_t>(magnitude) - 1 : static_cast<int64_t>(magnitude);
}

// Spec (compare): integers by their signedness, booleans false < true, floats by IEEE-754
// quiet comparison or totalOrder, complex lexicographically on (real, imag).
template <class T>
Order compare_elements(T a, T b, bool total_order) {
  if constexpr (kIsFloat<T>) {
    if (total_order) return order_of(total_order_key(a), total_order_key(b));
    return order_of(fast_to_double(a), fast_to_double(b));
  } else if constexpr (kIsComplex<T>) {
    Order re = order_of(a.real(), b.real()), im = order_of(a.imag(), b.imag());
    return {re.lt || (re.eq && im.lt), re.eq && im.eq, re.gt || (re.eq && im.gt)};
  } else {
    return order_of(a, b);  // bool orders false < true; unsigned types compare unsigned
  }
}

}  // namespace kiln::interp
