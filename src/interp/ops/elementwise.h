// What the element-wise unary and binary ops share: the concepts their functors overload on,
// the complex<double> round trip, and the block kernel that applies a functor to every element
// (elementwise_kernel.h), registered for the op and for fused chains alike.
#pragma once

#include <complex>
#include <optional>
#include <span>
#include <type_traits>
#include <vector>

#include "interp/narrow_codec.h"
#include "interp/ops/elementwise_kernel.h"
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

// f(x, y) of a bf16 or f16 computed in float and rounded once. Exact for + - * /: float's 24
// bits are at least twice the format's precision plus two (8 and 11 bits), so rounding the
// float result again cannot differ from rounding the exact one (Figueroa, "When is double
// rounding innocuous?"). Below the formats' normal range: f16's subnormals are normal floats;
// bf16's lie where float keeps 16 more bits than bf16, exact sums there need no rounding and
// products of two 8-bit significands near a bf16 rounding midpoint are exact in float.
// narrow_codec_test checks all four on every pair of special values and millions of random
// ones; division was also checked once on every pair of either format whose quotient lies
// below four times the smallest normal.
template <class T, class F>
T via_float(T x, T y, F f) {
  return narrow_from_float<T>(f(narrow_to_float(x), narrow_to_float(y)));
}

// Elements a kernel handles per step of its main loop: a fixed count, so that -O2's cautious
// vectoriser can turn the step into vector instructions without a scalar epilogue.
inline constexpr int64_t kKernelStep = 8;

// out[i] = Fn{}(in[0][i], ..., bits) for one element type T. Inputs and output never alias
// (elementwise_kernel.h), which __restrict tells the compiler.
template <class Fn, int kArity, class T>
void block_kernel(const KernelParams& params, const std::byte* const* in, std::byte* out,
                  int64_t n) {
  const int bits = params.bits;
  const T* __restrict a = reinterpret_cast<const T*>(in[0]);
  if constexpr (kArity == 1) {
    using R = std::invoke_result_t<Fn, T, int>;
    R* __restrict dst = reinterpret_cast<R*>(out);
    int64_t i = 0;
    for (; i + kKernelStep <= n; i += kKernelStep) {
      for (int64_t k = 0; k < kKernelStep; ++k) dst[i + k] = Fn{}(a[i + k], bits);
    }
    for (; i < n; ++i) dst[i] = Fn{}(a[i], bits);
  } else {
    using R = std::invoke_result_t<Fn, T, T, int>;
    const T* __restrict b = reinterpret_cast<const T*>(in[1]);
    R* __restrict dst = reinterpret_cast<R*>(out);
    int64_t i = 0;
    for (; i + kKernelStep <= n; i += kKernelStep) {
      for (int64_t k = 0; k < kKernelStep; ++k) dst[i + k] = Fn{}(a[i + k], b[i + k], bits);
    }
    for (; i < n; ++i) dst[i] = Fn{}(a[i], b[i], bits);
  }
}

// The kernel of Fn for operands of `element`, or nullopt when Fn does not accept them.
template <class Fn, int kArity>
std::optional<ElementwiseKernel> kernel_for(const ir::ElementType& element) {
  static_assert(kArity == 1 || kArity == 2);
  KernelParams params;
  params.bits = element.bit_width();
  return dispatch_dtype(element.kind(), [&]<class T>() -> std::optional<ElementwiseKernel> {
    if constexpr ((kArity == 1 && std::is_invocable_v<Fn, T, int>) ||
                  (kArity == 2 && std::is_invocable_v<Fn, T, T, int>)) {
      return ElementwiseKernel{&block_kernel<Fn, kArity, T>, params};
    } else {
      return std::nullopt;
    }
  });
}

template <class Fn, int kArity>
std::optional<ElementwiseKernel> resolve(const ir::Operation& op) {
  return kernel_for<Fn, kArity>(op.operand(0)->type().element());
}

// out[i] = Fn{}(args[0][i], ..., args[kArity - 1][i], bits) for the element types Fn accepts
// (the operands share one); an error naming the type for the others (the verifier already
// limits them, so this is a safety net). Quantized operands never reach it: the interpreter
// runs these ops on their dequantized values (quantized.h).
template <class Fn, int kArity>
Expected<std::vector<RuntimeValue>> run(Interpreter&, const ir::Operation& op,
                                        std::span<const RuntimeValue> args) {
  const Tensor& a = args[0].tensor();
  std::optional<ElementwiseKernel> kernel = kernel_for<Fn, kArity>(a.element());
  if (!kernel) return op_unsupported(op, "does not support " + ir::to_string(a.element()));
  KILN_TRY(Tensor out, allocate_result(op));
  const Tensor* in[2] = {&a, kArity == 2 ? &args[1].tensor() : nullptr};
  run_kernel(*kernel, std::span<const Tensor* const>(in, kArity), out);
  return std::vector<RuntimeValue>{std::move(out)};
}

}  // namespace kiln::interp::elementwise

// Registers an element-wise op's interpreter function and its block kernel.
#define KILN_REGISTER_ELEMENTWISE(name, Fn, arity)                              \
  KILN_REGISTER_INTERP(name, (::kiln::interp::elementwise::run<Fn, arity>)); \
  KILN_REGISTER_KERNEL(name, (::kiln::interp::elementwise::resolve<Fn, arity>))
