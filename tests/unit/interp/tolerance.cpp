// Tolerance-based tensor comparison.
#include "tests/unit/interp/tolerance.h"

#include <cmath>
#include <complex>
#include <sstream>

#include "interp/scalar_types.h"

namespace kiln::interp {

Tolerance tolerance_for(const ir::ElementType& type) {
  using K = ir::ElementKind;
  switch (type.complex_part().kind()) {
    case K::kF64: return {1e-9, 1e-12};
    case K::kF32: return {2e-5, 1e-6};
    case K::kF16: return {2e-3, 1e-4};
    case K::kBF16: return {1.6e-2, 1e-3};
    default:
      if (type.is_float()) return {0.13, 0.02};  // f8 and narrower: one or two ulps
      return {0, 0};
  }
}

std::string compare_tensors(const Tensor& expected, const Tensor& actual, Tolerance tol) {
  if (expected.type() != actual.type()) {
    return "type " + ir::to_string(actual.type()) + " but expected " +
           ir::to_string(expected.type());
  }
  std::ostringstream out;
  int64_t mismatches = 0;
  auto close = [&](double e, double a) {
    if (std::isnan(e) || std::isnan(a)) return std::isnan(e) && std::isnan(a);
    if (std::isinf(e) || std::isinf(a)) return e == a;
    return std::fabs(a - e) <= tol.atol + tol.rtol * std::fabs(e);
  };
  dispatch_dtype(expected.element().storage_type().kind(), [&]<class T>() {
    const T* e = expected.data<T>();
    const T* a = actual.data<T>();
    for (int64_t i = 0; i < expected.num_elements(); ++i) {
      bool ok;
      std::string es, as;
      if constexpr (kIsComplex<T>) {
        ok = close(e[i].real(), a[i].real()) && close(e[i].imag(), a[i].imag());
        es = "(" + std::to_string(e[i].real()) + ", " + std::to_string(e[i].imag()) + ")";
        as = "(" + std::to_string(a[i].real()) + ", " + std::to_string(a[i].imag()) + ")";
      } else if constexpr (kIsFloat<T>) {
        ok = close(to_double(e[i]), to_double(a[i]));
        es = std::to_string(to_double(e[i]));
        as = std::to_string(to_double(a[i]));
      } else {
        ok = e[i] == a[i];
        es = std::to_string(static_cast<int64_t>(e[i]));
        as = std::to_string(static_cast<int64_t>(a[i]));
      }
      if (!ok && mismatches++ < 5) {
        out << "  element " << i << ": expected " << es << ", got " << as << "\n";
      }
    }
  });
  if (mismatches == 0) return "";
  return std::to_string(mismatches) + " of " + std::to_string(expected.num_elements()) +
         " elements differ:\n" + out.str();
}

}  // namespace kiln::interp
