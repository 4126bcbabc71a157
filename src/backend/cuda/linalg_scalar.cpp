// The linear-algebra kernels' scalar overloads and their element types.
#include "backend/cuda/linalg_scalar.h"

#include "backend/cuda/codegen/emitter.h"

namespace kiln::backend::cuda {

Expected<std::string> linalg_element(const ir::Operation& op, const ir::Type& type) {
  switch (type.element().kind()) {
    case ir::ElementKind::kF32:
      return std::string("float");
    case ir::ElementKind::kF64:
      return std::string("double");
    case ir::ElementKind::kComplexF32:
      return std::string("kg::c64");
    case ir::ElementKind::kComplexF64:
      return std::string("kg::c128");
    default:
      return unsupported(op, "elements of type " + ir::to_string(type.element()) +
                                 " (f32, f64, complex<f32> and complex<f64> are supported)");
  }
}

const std::string& linalg_scalar_source() {
  static const std::string text = R"(
// ---- linear-algebra scalars: each op in the element type, as the interpreter computes --------
__device__ __forceinline__ float la_mul(float a, float b) { return a * b; }
__device__ __forceinline__ double la_mul(double a, double b) { return a * b; }
__device__ __forceinline__ kg::c64 la_mul(kg::c64 a, kg::c64 b) { return kg::cmul(a, b); }
__device__ __forceinline__ kg::c128 la_mul(kg::c128 a, kg::c128 b) { return kg::cmul(a, b); }
__device__ __forceinline__ float la_sub(float a, float b) { return a - b; }
__device__ __forceinline__ double la_sub(double a, double b) { return a - b; }
__device__ __forceinline__ kg::c64 la_sub(kg::c64 a, kg::c64 b) { return kg::csub(a, b); }
__device__ __forceinline__ kg::c128 la_sub(kg::c128 a, kg::c128 b) { return kg::csub(a, b); }
__device__ __forceinline__ float la_div(float a, float b) { return a / b; }
__device__ __forceinline__ double la_div(double a, double b) { return a / b; }
__device__ __forceinline__ kg::c64 la_div(kg::c64 a, kg::c64 b) { return kg::cdiv(a, b); }
__device__ __forceinline__ kg::c128 la_div(kg::c128 a, kg::c128 b) { return kg::cdiv(a, b); }
__device__ __forceinline__ float la_sqrt(float a) { return sqrtf(a); }
__device__ __forceinline__ double la_sqrt(double a) { return sqrt(a); }
// For complex numbers the root of the real part: a Hermitian matrix's Cholesky pivots are real,
// and the interpreter's sqrt_of takes the same (a non-positive pivot gives NaN on both).
__device__ __forceinline__ kg::c64 la_sqrt(kg::c64 a) { return {sqrtf(a.re), 0.0f}; }
__device__ __forceinline__ kg::c128 la_sqrt(kg::c128 a) { return {sqrt(a.re), 0.0}; }
__device__ __forceinline__ float la_conj(float a) { return a; }
__device__ __forceinline__ double la_conj(double a) { return a; }
__device__ __forceinline__ kg::c64 la_conj(kg::c64 a) { return {a.re, -a.im}; }
__device__ __forceinline__ kg::c128 la_conj(kg::c128 a) { return {a.re, -a.im}; }
__device__ __forceinline__ double la_re(float a) { return a; }
__device__ __forceinline__ double la_re(double a) { return a; }
__device__ __forceinline__ double la_re(kg::c64 a) { return a.re; }
__device__ __forceinline__ double la_re(kg::c128 a) { return a.re; }
__device__ __forceinline__ double la_im(float) { return 0.0; }
__device__ __forceinline__ double la_im(double) { return 0.0; }
__device__ __forceinline__ double la_im(kg::c64 a) { return a.im; }
__device__ __forceinline__ double la_im(kg::c128 a) { return a.im; }
// |x| in double: hypot of the parts for complex numbers, as std::abs(std::complex<double>).
__device__ __forceinline__ double la_abs(double a) { return fabs(a); }
__device__ __forceinline__ double la_abs(kg::c128 a) { return hypot(a.re, a.im); }
// LAPACK's i?amax measure: |x|, or |re| + |im| for complex numbers (in double).
template <class T> __device__ __forceinline__ double la_abs1(T a) { return fabs(la_re(a)) + fabs(la_im(a)); }
__device__ __forceinline__ float la_add(float a, float b) { return a + b; }
__device__ __forceinline__ double la_add(double a, double b) { return a + b; }
__device__ __forceinline__ kg::c64 la_add(kg::c64 a, kg::c64 b) { return {a.re + b.re, a.im + b.im}; }
__device__ __forceinline__ kg::c128 la_add(kg::c128 a, kg::c128 b) { return {a.re + b.re, a.im + b.im}; }
// The element of type T with parts (re, im) rounded from double (im dropped for a real T).
__device__ __forceinline__ float la_make(float, double re, double) { return static_cast<float>(re); }
__device__ __forceinline__ double la_make(double, double re, double) { return re; }
__device__ __forceinline__ kg::c64 la_make(kg::c64, double re, double im) { return {static_cast<float>(re), static_cast<float>(im)}; }
__device__ __forceinline__ kg::c128 la_make(kg::c128, double re, double im) { return {re, im}; }
__device__ __forceinline__ float la_lit(float, double v) { return static_cast<float>(v); }
__device__ __forceinline__ double la_lit(double, double v) { return v; }
__device__ __forceinline__ kg::c64 la_lit(kg::c64, double v) { return {static_cast<float>(v), 0.0f}; }
__device__ __forceinline__ kg::c128 la_lit(kg::c128, double v) { return {v, 0.0}; }
)";
  return text;
}

}  // namespace kiln::backend::cuda
