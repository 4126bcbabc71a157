// Helpers for the tests that run dot_general and convolution programs on the fast paths (BLAS,
// blocked loops, im2col) and on the per-element reference path and compare the two, on random
// inputs with NaNs, infinities and negative zeros. Header-only.
#pragma once

#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "interp/interpreter.h"
#include "interp/scalar_types.h"
#include "oracle/compare.h"
#include "oracle/random.h"
#include "oracle/tolerance.h"
#include "tests/unit/interp/interp_test_helpers.h"

namespace kiln::testing {

// `text` with every "$0", "$1", ... replaced by the element type keywords in `types`.
inline std::string with_types(std::string text, const std::vector<ir::ElementKind>& types) {
  for (size_t i = 0; i < types.size(); ++i) {
    std::string key = "$" + std::to_string(i), name = ir::to_string(ir::ElementType(types[i]));
    for (size_t p; (p = text.find(key)) != std::string::npos;) text.replace(p, key.size(), name);
  }
  return text;
}

// A random tensor of `type` (oracle::random_tensor) whose float elements 1, 5, 9 and 12, where
// it has them, are NaN, +inf, -0 and -inf (each rounded to the format: NaN where it has no
// infinity).
inline interp::Tensor random_with_specials(const ir::Type& type, uint64_t seed) {
  interp::Tensor t = *oracle::random_tensor(type, seed);
  if (!t.element().is_float() || t.num_elements() <= 12) return t;
  interp::dispatch_dtype(t.element().kind(), [&]<class T>() {
    if constexpr (interp::kIsFloat<T>) {
      T* d = t.data<T>();
      d[1] = interp::from_double<T>(NAN);
      d[5] = interp::from_double<T>(INFINITY);
      d[9] = interp::from_double<T>(-0.0);
      d[12] = interp::from_double<T>(-INFINITY);
    }
  });
  return t;
}

// The first result of @main of `text` on `args` with fast paths on or off.
inline interp::Tensor run_path(const ir::Module& module, std::vector<interp::RuntimeValue> args,
                               bool fast) {
  interp::Options options;
  options.fast_paths = fast;
  interp::Interpreter in(module, options);
  auto result = in.run("main", std::move(args));
  EXPECT_TRUE(result.ok()) << result.error().message();
  if (!result.ok()) return {};
  return (*result)[0].tensor();
}

// Runs @main of `text` on `args` on both paths and expects the results to agree within the
// result type's default tolerance, its absolute part scaled by `terms` (the products summed per
// element, whose order the paths choose differently); integers exactly. Returns the fast result.
inline interp::Tensor expect_paths_agree(const std::string& text,
                                         std::vector<interp::RuntimeValue> args, double terms) {
  SCOPED_TRACE(text);
  auto module = parse_verified(text);
  if (module == nullptr) return {};
  interp::Tensor fast = run_path(*module, args, true);
  interp::Tensor reference = run_path(*module, args, false);
  oracle::Tolerance tol = oracle::default_tolerance(reference.element());
  tol.atol *= std::max(1.0, terms);
  oracle::CompareReport report = oracle::compare(fast, reference, tol);
  EXPECT_TRUE(report.passed) << report.message();
  return fast;
}

}  // namespace kiln::testing
