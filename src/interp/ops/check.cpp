// The check dialect (expect_eq, expect_almost_eq, expect_close, expect_serialized_eq and
// their _const forms), the custom_call checks of JAX test data, and interpreter.probe/print.
// Comparisons follow StableHLO's test runner (stablehlo/tests/CheckOps.cpp): a failed check
// is recorded in Interpreter::check_failures with expected and actual values, and the run
// goes on so that `kiln check` reports every failure.
#include "interp/ops/check.h"

#include <bit>
#include <cmath>
#include <cstring>
#include <iostream>
#include <limits>

#include "interp/ops/op_helpers.h"
#include "ir/float_format.h"

namespace kiln::interp {

namespace {

constexpr double kDefaultTolerance = 0.0001;  // StableHLO's areApproximatelyEqual default
constexpr uint64_t kMaxUlp = std::numeric_limits<uint64_t>::max();
constexpr int kMaxReported = 5;      // mismatching elements listed in a failure
constexpr int64_t kMaxPrinted = 64;  // tensors printed whole up to this many elements

enum class Rule {
  kEq,          // equal values; NaN equals NaN; -0 equals +0 (StableHLO's Element ==)
  kAlmostEq,    // StableHLO's areApproximatelyEqual with `tolerance`
  kClose,       // ulp distance within [min_ulp, max_ulp]
  kCloseOrNear  // custom_call @check.expect_close: within max_ulp ulps or `tolerance`
};

struct Criterion {
  Rule rule = Rule::kEq;
  double tolerance = kDefaultTolerance;
  uint64_t min_ulp = 0;
  uint64_t max_ulp = 1;
};

bool equal_floats(double x, double y) { return x == y || (std::isnan(x) && std::isnan(y)); }

// Per StableHLO: NaN matches only NaN, infinities only themselves, and values of different
// signs never match unless equal (so -0 and +0 do).
bool almost_equal(double x, double y, double tolerance) {
  if (x == y) return true;
  if (std::isnan(x) || std::isnan(y)) return std::isnan(x) && std::isnan(y);
  if (std::isinf(x) || std::isinf(y)) return false;
  if (std::signbit(x) != std::signbit(y)) return false;
  return std::fabs(x - y) <= tolerance;
}

// What the ulp distance needs of a float: its value, bit pattern and layout.
struct FloatBits {
  double value;
  uint64_t bits;
  int width;
  int mantissa;
  bool has_sign;
};

FloatBits float_bits(float v) { return {v, std::bit_cast<uint32_t>(v), 32, 23, true}; }
FloatBits float_bits(double v) { return {v, std::bit_cast<uint64_t>(v), 64, 52, true}; }
template <ir::ElementKind K>
FloatBits float_bits(NarrowFloat<K> v) {
  static const ir::FloatFormat f = *ir::float_format(K);
  return {v.value(), v.bits, f.total_bits(), f.mantissa_bits,
          f.specials != ir::FloatSpecials::kExponentOnly};
}

// Distance in units of the last place, as StableHLO's ULPDifference: subnormals count as
// zero or one ulp, values of opposite signs add their distances to zero.
uint64_t ulp_distance(const FloatBits& x, const FloatBits& y) {
  bool x_nan = std::isnan(x.value), y_nan = std::isnan(y.value);
  if (x_nan || y_nan) return x_nan && y_nan ? 0 : kMaxUlp;
  bool x_neg = std::signbit(x.value), y_neg = std::signbit(y.value);
  if (std::isinf(x.value) || std::isinf(y.value)) {
    return x.value == y.value ? 0 : kMaxUlp;
  }
  uint64_t sign = x.has_sign ? uint64_t{1} << (x.width - 1) : 0;
  uint64_t a = x.bits & ~sign, b = y.bits & ~sign;
  uint64_t z = (uint64_t{1} << x.mantissa) - 1;  // ulps from zero to the largest subnormal
  a = z < a ? a - z : (2 * a < z ? 0 : 1);
  b = z < b ? b - z : (2 * b < z ? 0 : 1);
  if (x_neg != y_neg) return a > kMaxUlp - b ? kMaxUlp : a + b;
  return a > b ? a - b : b - a;
}

template <class F>
bool float_matches(F actual, F expected, const Criterion& c, uint64_t& ulps) {
  double x = to_double(actual), y = to_double(expected);
  switch (c.rule) {
    case Rule::kEq: return equal_floats(x, y);
    case Rule::kAlmostEq: return almost_equal(x, y, c.tolerance);
    case Rule::kClose:
      ulps = std::max(ulps, ulp_distance(float_bits(actual), float_bits(expected)));
      return true;  // judged on the element's largest part distance by the caller
    case Rule::kCloseOrNear:
      if (ulp_distance(float_bits(actual), float_bits(expected)) <= c.max_ulp) return true;
      return std::isfinite(x) && std::isfinite(y) && std::fabs(x - y) <= c.tolerance;
  }
  return false;
}

// Whether element `i` of actual matches expected; `ulps` receives the distance for kClose.
template <class T>
bool element_matches(const T& actual, const T& expected, const Criterion& c, uint64_t& ulps) {
  ulps = 0;
  bool ok;
  if constexpr (kIsComplex<T>) {
    ok = float_matches(actual.real(), expected.real(), c, ulps) &&
         float_matches(actual.imag(), expected.imag(), c, ulps);
  } else if constexpr (kIsFloat<T>) {
    ok = float_matches(actual, expected, c, ulps);
  } else {
    return actual == expected;  // integers and booleans: exact under every rule
  }
  if (c.rule == Rule::kClose) return ulps >= c.min_ulp && ulps <= c.max_ulp;
  return ok;
}

// The text of element i as in a dense literal: `1.5`, `0x7FC00000`, `(1, 2)`, `true`.
std::string element_text(const Tensor& t, int64_t i) {
  auto one = Tensor::allocate(ir::Type::tensor({}, t.element()));
  if (!one.ok()) return "?";
  std::memcpy(one->raw(), t.raw() + i * t.element_bytes(), t.element_bytes());
  return ir::dense_elements_body(to_dense(*one));
}

std::string index_text(const Tensor& t, int64_t flat) {
  std::vector<int64_t> index(t.shape().size());
  for (size_t d = index.size(); d-- > 0;) {
    index[d] = flat % t.shape()[d];
    flat /= t.shape()[d];
  }
  std::string s = "[";
  for (size_t d = 0; d < index.size(); ++d) s += (d ? ", " : "") + std::to_string(index[d]);
  return s + "]";
}

std::string rule_text(const Criterion& c) {
  switch (c.rule) {
    case Rule::kEq: return "equal";
    case Rule::kAlmostEq: return "within tolerance " + std::to_string(c.tolerance);
    case Rule::kClose:
      return "within [" + std::to_string(c.min_ulp) + ", " + std::to_string(c.max_ulp) +
             "] ulps";
    case Rule::kCloseOrNear:
      return "within " + std::to_string(c.max_ulp) + " ulps or " + std::to_string(c.tolerance);
  }
  return "";
}

// "" when every element of `actual` matches `expected` under `c`; otherwise a message with
// both tensors (when small) and the first mismatching elements.
std::string compare(const Tensor& actual, const Tensor& expected, const Criterion& c) {
  if (actual.type() != expected.type()) {
    return "type mismatch: actual " + ir::to_string(actual.type()) + " vs expected " +
           ir::to_string(expected.type());
  }
  int64_t mismatches = 0;
  std::string detail;
  dispatch_dtype(actual.element().storage_type().kind(), [&]<class T>() {
    const T* a = actual.data<T>();
    const T* e = expected.data<T>();
    for (int64_t i = 0; i < actual.num_elements(); ++i) {
      uint64_t ulps = 0;
      if (element_matches(a[i], e[i], c, ulps)) continue;
      if (++mismatches > kMaxReported) continue;
      detail += "\n    at " + index_text(actual, i) + ": actual " + element_text(actual, i) +
                " vs expected " + element_text(expected, i);
      if (c.rule == Rule::kClose) detail += " (" + std::to_string(ulps) + " ulps)";
    }
  });
  if (mismatches == 0) return "";
  std::string msg = std::to_string(mismatches) + " of " + std::to_string(actual.num_elements()) +
                    " elements are not " + rule_text(c);
  if (actual.num_elements() <= kMaxPrinted) {
    msg += "\n    expected: " + ir::to_string(ir::Attribute(to_dense(expected))) +
           "\n    actual:   " + ir::to_string(ir::Attribute(to_dense(actual)));
  }
  return msg + detail;
}

void record(Interpreter& in, const ir::Operation& op, std::string failure) {
  if (!failure.empty()) in.check_failures.push_back({op.location(), std::move(failure)});
}

double tolerance_of(const ir::Operation& op) {
  const auto* tol = op.attr_as<ir::FloatAttr>("tolerance");
  return tol ? tol->value : kDefaultTolerance;
}

Expected<Tensor> value_of(const ir::Operation& op, const Tensor& like) {
  KILN_TRY(Tensor t, Tensor::from_dense(*op.attr_as<ir::DenseElementsAttr>("value")));
  return t.with_type(like.type());
}

using Results = Expected<std::vector<RuntimeValue>>;

Results expect_eq(Interpreter& in, const ir::Operation& op, std::span<const RuntimeValue> args) {
  record(in, op, compare(args[0].tensor(), args[1].tensor(), {Rule::kEq}));
  return std::vector<RuntimeValue>{};
}

Results expect_eq_const(Interpreter& in, const ir::Operation& op,
                        std::span<const RuntimeValue> args) {
  KILN_TRY(Tensor expected, value_of(op, args[0].tensor()));
  record(in, op, compare(args[0].tensor(), expected, {Rule::kEq}));
  return std::vector<RuntimeValue>{};
}

Results expect_almost_eq(Interpreter& in, const ir::Operation& op,
                         std::span<const RuntimeValue> args) {
  Criterion c{Rule::kAlmostEq, tolerance_of(op)};
  record(in, op, compare(args[0].tensor(), args[1].tensor(), c));
  return std::vector<RuntimeValue>{};
}

Results expect_almost_eq_const(Interpreter& in, const ir::Operation& op,
                               std::span<const RuntimeValue> args) {
  KILN_TRY(Tensor expected, value_of(op, args[0].tensor()));
  Criterion c{Rule::kAlmostEq, tolerance_of(op)};
  record(in, op, compare(args[0].tensor(), expected, c));
  return std::vector<RuntimeValue>{};
}

// The ulp bounds are unsigned; an absent max_ulp_difference is 1, as StableHLO's default.
Results expect_close(Interpreter& in, const ir::Operation& op,
                     std::span<const RuntimeValue> args) {
  Criterion c{Rule::kClose};
  if (const auto* max = op.attr_as<ir::IntegerAttr>("max_ulp_difference")) {
    c.max_ulp = static_cast<uint64_t>(max->value);
  }
  if (const auto* min = op.attr_as<ir::IntegerAttr>("min_ulp_difference")) {
    c.min_ulp = static_cast<uint64_t>(min->value);
  }
  record(in, op, compare(args[0].tensor(), args[1].tensor(), c));
  return std::vector<RuntimeValue>{};
}

// Compares `expected` with the value interpreter.probe recorded for probe_id at iteration
// `iter` (the iter-th time the probe ran) in this run.
Results expect_serialized_eq(Interpreter& in, const ir::Operation& op,
                             std::span<const RuntimeValue> args) {
  const std::string& id = op.attr_as<ir::StringAttr>("probe_id")->value;
  auto iter = static_cast<uint64_t>(attr_int(op, "iteration", 0));
  auto it = in.probes.find(id);
  if (it == in.probes.end() || iter >= it->second.size()) {
    size_t seen = it == in.probes.end() ? 0 : it->second.size();
    record(in, op, "probe \"" + id + "\" has no value for iteration " + std::to_string(iter) +
                       " (it recorded " + std::to_string(seen) + ")");
    return std::vector<RuntimeValue>{};
  }
  record(in, op, compare(it->second[iter], args[0].tensor(), {Rule::kEq}));
  return std::vector<RuntimeValue>{};
}

Results probe(Interpreter& in, const ir::Operation& op, std::span<const RuntimeValue> args) {
  in.probes[op.attr_as<ir::StringAttr>("probe_id")->value].push_back(args[0].tensor());
  return std::vector<RuntimeValue>{args[0]};
}

Results print(Interpreter&, const ir::Operation&, std::span<const RuntimeValue> args) {
  std::cout << ir::to_string(ir::Attribute(to_dense(args[0].tensor()))) << "\n";
  return std::vector<RuntimeValue>{};
}

}  // namespace

Results run_check_custom_call(Interpreter& in, const ir::Operation& op,
                              std::span<const RuntimeValue> operands) {
  const std::string& target = op.attr_as<ir::StringAttr>("call_target_name")->value;
  if (operands.size() != 2 || !operands[0].is_tensor() || !operands[1].is_tensor()) {
    return op_error(op, "@" + target + " takes two tensors (actual, expected)");
  }
  const Tensor& actual = operands[0].tensor();
  const Tensor& expected = operands[1].tensor();
  bool exact = !actual.element().is_float() && !actual.element().is_complex();
  Criterion c;
  if (target == "check.expect_eq") {
    c.rule = Rule::kEq;
  } else if (target == "check.expect_almost_eq" || target == "check.eq") {
    // StableHLO's runner: integers exactly, floats within the default tolerance.
    c.rule = exact ? Rule::kEq : Rule::kAlmostEq;
  } else if (target == "check.expect_close") {
    // JAX's expected values come from XLA, whose libm differs from kiln's by a few ulps.
    c = {exact ? Rule::kEq : Rule::kCloseOrNear, kDefaultTolerance, 0, 3};
  } else {
    return op_unsupported(op, "unsupported check custom_call target @" + target);
  }
  std::string failure = compare(actual, expected, c);
  bool passed = failure.empty();
  if (!passed) record(in, op, "@" + target + ": " + failure);
  std::vector<RuntimeValue> results;
  for (size_t i = 0; i < op.num_results(); ++i) {
    KILN_TRY(Tensor t, allocate_result(op, i));
    if (t.element().is_bool() && t.num_elements() == 1) t.data<bool>()[0] = passed;
    results.emplace_back(std::move(t));
  }
  return results;
}

KILN_REGISTER_INTERP("check.expect_eq", expect_eq);
KILN_REGISTER_INTERP("check.expect_eq_const", expect_eq_const);
KILN_REGISTER_INTERP("check.expect_almost_eq", expect_almost_eq);
KILN_REGISTER_INTERP("check.expect_almost_eq_const", expect_almost_eq_const);
KILN_REGISTER_INTERP("check.expect_close", expect_close);
KILN_REGISTER_INTERP("check.expect_serialized_eq", expect_serialized_eq);
KILN_REGISTER_INTERP("interpreter.probe", probe);
KILN_REGISTER_INTERP("interpreter.print", print);

}  // namespace kiln::interp
