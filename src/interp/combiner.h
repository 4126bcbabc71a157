// A recognised combiner (region_body.h) applied to two typed scalars exactly as the
// element-wise op of the body would compute it, for the native reduce and scatter paths.
#pragma once

#include <type_traits>

#include "interp/ops/op_helpers.h"
#include "interp/region_body.h"

namespace kiln::interp {

// Whether `k` on T is the element-wise op the body names (and/or/xor take no floats).
template <class T>
bool combiner_supports(Combiner k) {
  if constexpr (kIsFloat<T> || kIsComplex<T>) {
    return k != Combiner::kAnd && k != Combiner::kOr && k != Combiner::kXor;
  }
  return true;
}

// a `k` b in T's own arithmetic (narrow floats round once per step, as the body would);
// integers wrap to `bits`; max/min follow the spec's maximum/minimum (element_extreme).
template <class T>
T combine(Combiner k, T a, T b, int bits) {
  if constexpr (std::is_same_v<T, bool>) {
    bool is_or = k == Combiner::kAdd || k == Combiner::kMax || k == Combiner::kOr;
    if (k == Combiner::kXor) return a != b;
    return is_or ? (a || b) : (a && b);
  } else if constexpr (kIsInt<T>) {
    using U = std::make_unsigned_t<T>;
    U x = static_cast<U>(a), y = static_cast<U>(b);
    switch (k) {
      case Combiner::kAdd:
        return wrap_add(a, b, bits);
      case Combiner::kMul:
        return wrap_mul(a, b, bits);
      case Combiner::kMax:
        return element_extreme(a, b, true);
      case Combiner::kMin:
        return element_extreme(a, b, false);
      case Combiner::kAnd:
        return static_cast<T>(x & y);
      case Combiner::kOr:
        return static_cast<T>(x | y);
      case Combiner::kXor:
        return static_cast<T>(x ^ y);
    }
    return a;
  } else {
    if (k == Combiner::kAdd) return a + b;
    if (k == Combiner::kMul) return a * b;
    return element_extreme(a, b, k == Combiner::kMax);
  }
}

// Calls fn.template operator()<K>() with the combiner as a compile-time constant, so that the
// loops inside carry no switch and can be vectorised.
template <class Fn>
void with_combiner(Combiner k, Fn&& fn) {
  switch (k) {
    case Combiner::kAdd:
      return fn.template operator()<Combiner::kAdd>();
    case Combiner::kMul:
      return fn.template operator()<Combiner::kMul>();
    case Combiner::kMax:
      return fn.template operator()<Combiner::kMax>();
    case Combiner::kMin:
      return fn.template operator()<Combiner::kMin>();
    case Combiner::kAnd:
      return fn.template operator()<Combiner::kAnd>();
    case Combiner::kOr:
      return fn.template operator()<Combiner::kOr>();
    case Combiner::kXor:
      return fn.template operator()<Combiner::kXor>();
  }
}

}  // namespace kiln::interp
