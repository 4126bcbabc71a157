// Helpers for tests that compare the interpreter's typed fast paths with its per-element
// reference path: run one program both ways and expect the same bits (or, for the products that
// dot_general and convolution sum in another order, agreement within tolerance), and random
// inputs salted with the values that tell implementations apart (NaNs, signed zeros,
// infinities, ties). Header-only.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "interp/interpreter.h"
#include "interp/scalar_types.h"
#include "ir/float_format.h"
#include "oracle/compare.h"
#include "oracle/random.h"
#include "oracle/tolerance.h"
#include "tests/unit/interp/interp_test_helpers.h"

namespace kiln::testing {

// Whether elements i of a and b (same type) are both NaN. Which NaN a float add or multiply of
// two NaNs returns depends on the operand order the C++ compiler picks for a commutative
// instruction, in either path; the spec leaves NaN payloads unspecified.
inline bool both_nan(const interp::Tensor& a, const interp::Tensor& b, int64_t i) {
  bool nan = false;
  interp::dispatch_dtype(a.element().kind(), [&]<class T>() {
    if constexpr (interp::kIsFloat<T>) {
      nan = std::isnan(interp::to_double(a.data<T>()[i])) &&
            std::isnan(interp::to_double(b.data<T>()[i]));
    } else if constexpr (interp::kIsComplex<T>) {
      auto x = a.data<T>()[i], y = b.data<T>()[i];
      nan = (std::isnan(x.real()) || std::isnan(x.imag())) &&
            (std::isnan(y.real()) || std::isnan(y.imag()));
    }
  });
  return nan;
}

// Runs @main of `text` with fast paths on and off and expects every result to have the same
// bytes (any NaN matching any NaN). Returns the fast path's results (empty when either run
// failed).
inline std::vector<interp::Tensor> expect_fast_matches_reference(
    const std::string& text, const std::vector<interp::Tensor>& args) {
  std::unique_ptr<ir::Module> module = parse_verified(text);
  if (module == nullptr) return {};
  std::vector<std::vector<interp::Tensor>> outs;
  for (bool fast : {true, false}) {
    interp::Options options;
    options.fast_paths = fast;
    interp::Interpreter in(*module, options);
    auto r = in.run("main", std::vector<interp::RuntimeValue>(args.begin(), args.end()));
    EXPECT_TRUE(r.ok()) << (fast ? "fast: " : "reference: ") << r.error().message();
    if (!r.ok()) return {};
    outs.emplace_back();
    for (auto& v : *r) outs.back().push_back(v.tensor());
  }
  for (size_t i = 0; i < outs[0].size(); ++i) {
    const interp::Tensor& a = outs[0][i];
    const interp::Tensor& b = outs[1][i];
    EXPECT_EQ(a.size_bytes(), b.size_bytes());
    if (a.size_bytes() != b.size_bytes()) continue;
    int64_t first = -1;
    for (int64_t e = 0; e < a.num_elements() && first < 0; ++e) {
      if (std::memcmp(a.raw() + e * a.element_bytes(), b.raw() + e * b.element_bytes(),
                      a.element_bytes()) != 0 &&
          !both_nan(a, b, e))
        first = e;
    }
    EXPECT_EQ(first, -1) << "result " << i << " differs first at element " << first;
  }
  return outs[0];
}

// A random tensor of `type`; for floats, about a fifth of the elements are replaced by NaN,
// -NaN, +-0, +-inf or a repeated value, so that sorts and reductions meet ties and specials.
// Integers come from [-4, 4) (unsigned [0, 8)) so that they tie often.
inline interp::Tensor salted_tensor(const ir::Type& type, uint64_t seed) {
  ir::ElementKind k = type.element().kind();
  bool is_float = type.element().is_float();
  std::optional<oracle::Range> range;
  if (type.element().is_int()) {
    range = type.element().is_unsigned_int() ? oracle::Range{0, 8} : oracle::Range{-4, 4};
  }
  interp::Tensor t = *oracle::random_tensor(type, seed, range);
  if (!is_float) return t;
  std::mt19937_64 rng(seed ^ 0x5a17);
  const double inf = std::numeric_limits<double>::infinity();
  const double specials[] = {std::nan(""), -std::nan(""), 0.0, -0.0, inf, -inf, 0.5, 0.5, -2.0};
  for (int64_t i = 0; i < t.num_elements(); ++i) {
    if (rng() % 5 != 0) continue;
    uint64_t bits = ir::double_to_bits(k, specials[rng() % std::size(specials)]);
    std::memcpy(t.raw() + i * t.element_bytes(), &bits, t.element_bytes());
  }
  return t;
}

// An iota along `dim` of an integer tensor type (the index operand JAX pairs with sorts and
// argmax reductions).
inline interp::Tensor iota_tensor(const ir::Type& type, size_t dim) {
  interp::Tensor t = *interp::Tensor::allocate(type);
  std::vector<int64_t> idx(type.shape().size(), 0);
  int64_t i = 0;
  do {
    int32_t v = static_cast<int32_t>(idx[dim]);
    std::memcpy(t.raw() + i++ * t.element_bytes(), &v, sizeof(v));
  } while (interp::next_index(idx, type.shape()));
  return t;
}

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
