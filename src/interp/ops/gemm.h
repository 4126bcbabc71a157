// The matrix product that stablehlo.dot_general and stablehlo.convolution reduce to: one
// row-major c = a * b in a single element type, fast (BLAS, a typed cache-blocked loop) or by
// the definition (one sum per output element, in order), for the tests that compare the two.
#pragma once

#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "interp/ops/op_helpers.h"
#include "interp/scalar_types.h"
#include "ir/element_type.h"

namespace kiln::interp {

// acc + p * q in T's arithmetic, the step of every product sum by the definition (gemm_reference,
// convolution's per-element path): integers wrap to `bits`, i1 is or-of-ands, floats and
// complex numbers round the product and the sum to T.
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

// c[m x n] = a[m x k] * b[k x n] (or c += a * b), each matrix row-major with the given row
// strides (leading dimensions), in elements.
struct GemmShape {
  int64_t m = 0, n = 0, k = 0;
  int64_t lda = 0, ldb = 0, ldc = 0;
  bool accumulate = false;  // c += a * b instead of c = a * b
};

// c = a * b in the arithmetic of `kind` (the C++ type dispatch_dtype gives it; `bits`, the
// element type's width, wraps sub-byte integers): floats and complex numbers round every
// product and sum to the type, integers wrap (spec: integer arithmetic is modulo 2^bits), i1
// is or-of-ands. f32, f64, complex<f32> and complex<f64> go through OpenBLAS (its own threads),
// every other type through a cache-blocked loop threaded over rows of c; the sum order differs
// from gemm_reference's, so floats agree to rounding and every other type exactly. a, b and c
// must not overlap; none is kept after the call. Thread-safe.
void gemm(ir::ElementKind kind, int bits, const GemmShape& s, const std::byte* a,
          const std::byte* b, std::byte* c);

// The same product by the definition: each c[i, j] one sum over k in order, threaded over rows.
void gemm_reference(ir::ElementKind kind, int bits, const GemmShape& s, const std::byte* a,
                    const std::byte* b, std::byte* c);

}  // namespace kiln::interp
