// What the element-wise unary and binary ops share: the concepts their functors overload on,
// the complex<double> round trip, and the loop that applies a functor to every element.
#pragma once

#include <complex>
#include <span>
#include <type_traits>
#include <vector>

#include "interp/ops/op_helpers.h"

namespace kiln::interp::elementwise {

template <class T>
concept Int = kIsInt<T>;
template <class T>
concept Float = kIsFloat<T>;
template <class T>
concept Complex = kIsComplex<T>;
template <class T>
concept Bool = std::is_same_v<T, bool>;

// Casts a complex<double> to the element type's complex type, rounding each part once.
template <class T>
T to_complex(std::complex<double> r) {
  using P = typename T::value_type;
  return T(static_cast<P>(r.real()), static_cast<P>(r.imag()));
}

// out[i] = Fn{}(args[0][i], ..., args[kArity - 1][i], bits) for the element types Fn accepts
// (the operands share one); an error naming the type for the others (the verifier already
// limits them, so this is a safety net). Quantized operands never reach it: the interpreter
// runs these ops on their dequantized values (quantized.h).
template <class Fn, int kArity>
Expected<std::vector<RuntimeValue>> run(Interpreter&, const ir::Operation& op,
                                        std::span<const RuntimeValue> args) {
  static_assert(kArity == 1 || kArity == 2);
  const Tensor& a = args[0].tensor();
  KILN_TRY(Tensor out, allocate_result(op));
  int bits = a.element().bit_width();
  bool supported = dispatch_dtype(a.element().kind(), [&]<class T>() {
    if constexpr (kArity == 1 && std::is_invocable_v<Fn, T, int>) {
      using R = std::invoke_result_t<Fn, T, int>;
      map_elements<T, R>(a, out, [bits](T x) { return Fn{}(x, bits); });
      return true;
    } else if constexpr (kArity == 2 && std::is_invocable_v<Fn, T, T, int>) {
      using R = std::invoke_result_t<Fn, T, T, int>;
      zip_elements<T, R>(a, args[1].tensor(), out, [bits](T x, T y) { return Fn{}(x, y, bits); });
      return true;
    } else {
      return false;
    }
  });
  if (!supported) return op_unsupported(op, "does not support " + ir::to_string(a.element()));
  return std::vector<RuntimeValue>{std::move(out)};
}

}  // namespace kiln::interp::elementwise
