// The default tolerance of each element type.
#include "oracle/tolerance.h"

namespace kiln::oracle {

Tolerance default_tolerance(const ir::ElementType& type) {
  using K = ir::ElementKind;
  switch (type.complex_part().kind()) {
    case K::kF64:
      return {.atol = 1e-12, .rtol = 1e-9};
    case K::kF32:
      return {.atol = 1e-6, .rtol = 2e-5};
    case K::kF16:
      return {.atol = 1e-4, .rtol = 2e-3};
    case K::kBF16:
      return {.atol = 1e-3, .rtol = 1.6e-2};
    default:
      if (type.is_float()) return {.atol = 0.02, .rtol = 0.13};  // f8 and narrower: an ulp or two
      return {};
  }
}

Tolerance program_tolerance(const ir::ElementType& type) {
  Tolerance t = default_tolerance(type);
  return {.atol = t.atol * 10, .rtol = t.rtol * 10};
}

}  // namespace kiln::oracle
