// The element-wise unary StableHLO ops (abs ... tanh): their table entries and the spec's
// element type and shape constraints, one table row per op.
#include <sstream>
#include <string_view>

#include "ir/op_info.h"
#include "ir/operation.h"
#include "ir/ops/type_constraints.h"

namespace kiln::ir {

namespace {

// How the result's element type follows from the operand's.
enum class ResultRule {
  kSame,         // the operand's type (shapes may differ only in dynamic dimensions)
  kComplexPart,  // complex<fN> -> fN, otherwise the operand's (abs, real, imag)
  kBool,         // i1 (is_finite)
};

struct UnaryOp {
  std::string_view name;
  uint32_t operand_classes;
  ResultRule rule = ResultRule::kSame;
  bool has_result_accuracy = false;  // transcendental ops take an optional result_accuracy
};

constexpr uint32_t kFloatOrComplex = kFloatElements | kComplexElements | kQuantizedElements;
constexpr uint32_t kSignedFloatComplex =
    kSignedElements | kFloatElements | kComplexElements | kQuantizedElements;

// Per the spec's (I1) constraints of each op.
constexpr UnaryOp kUnaryOps[] = {
    {"stablehlo.abs", kSignedFloatComplex, ResultRule::kComplexPart},
    {"stablehlo.cbrt", kFloatOrComplex, ResultRule::kSame, true},
    {"stablehlo.ceil", kFloatElements | kQuantizedElements},
    {"stablehlo.count_leading_zeros", kIntegerElements},
    {"stablehlo.cosine", kFloatOrComplex, ResultRule::kSame, true},
    {"stablehlo.exponential", kFloatOrComplex, ResultRule::kSame, true},
    {"stablehlo.exponential_minus_one", kFloatOrComplex, ResultRule::kSame, true},
    {"stablehlo.floor", kFloatElements | kQuantizedElements},
    {"stablehlo.imag", kFloatElements | kComplexElements, ResultRule::kComplexPart},
    {"stablehlo.is_finite", kFloatElements | kQuantizedElements, ResultRule::kBool},
    {"stablehlo.log", kFloatOrComplex, ResultRule::kSame, true},
    {"stablehlo.log_plus_one", kFloatOrComplex, ResultRule::kSame, true},
    {"stablehlo.logistic", kFloatOrComplex, ResultRule::kSame, true},
    {"stablehlo.negate", kIntegerElements | kFloatOrComplex},
    {"stablehlo.not", kBoolElements | kIntegerElements},
    {"stablehlo.popcnt", kIntegerElements},
    {"stablehlo.real", kFloatElements | kComplexElements, ResultRule::kComplexPart},
    {"stablehlo.round_nearest_afz", kFloatElements | kQuantizedElements},
    {"stablehlo.round_nearest_even", kFloatElements | kQuantizedElements},
    {"stablehlo.rsqrt", kFloatOrComplex, ResultRule::kSame, true},
    {"stablehlo.sign", kSignedFloatComplex},
    {"stablehlo.sine", kFloatOrComplex, ResultRule::kSame, true},
    {"stablehlo.sqrt", kFloatOrComplex, ResultRule::kSame, true},
    {"stablehlo.tan", kFloatOrComplex, ResultRule::kSame, true},
    {"stablehlo.tanh", kFloatOrComplex, ResultRule::kSame, true},
};

const UnaryOp* find_unary(std::string_view name) {
  for (const UnaryOp& u : kUnaryOps) {
    if (u.name == name) return &u;
  }
  return nullptr;
}

// result_accuracy: tolerances are never negative, and modes DEFAULT and HIGHEST take none (all
// zero); TOLERANCE takes any (the spec's result_accuracy rules, as the reference verifier
// applies them).
Status verify_result_accuracy(const Operation& op) {
  const auto* a = op.attr_as<ResultAccuracyAttr>("result_accuracy");
  if (!a) return ok_status();
  if (a->atol < 0 || a->rtol < 0 || a->ulps < 0) {
    std::ostringstream s;
    s << "result_accuracy tolerances must not be negative, but are atol = " << a->atol
      << ", rtol = " << a->rtol << ", ulps = " << a->ulps;
    return verify_error(op, s.str());
  }
  constexpr int kTolerance = 2;
  if (a->mode != kTolerance && (a->atol != 0 || a->rtol != 0 || a->ulps != 0)) {
    return verify_error(op, "result_accuracy with mode " +
                                std::string(a->mode == 0 ? "DEFAULT" : "HIGHEST") +
                                " must have zero tolerances");
  }
  return ok_status();
}

Status verify_unary(const Operation& op) {
  const UnaryOp* u = find_unary(op.name());
  if (!u) return ok_status();
  if (u->has_result_accuracy) KILN_CHECK_OK(verify_result_accuracy(op));
  const Type& operand = op.operand(0)->type();
  const Type& result = op.result(0)->type();
  KILN_CHECK_OK(expect_element_classes(op, operand, u->operand_classes, "operand"));
  KILN_CHECK_OK(expect_tensor(op, result, "result"));
  switch (u->rule) {
    case ResultRule::kSame:
      return expect_baseline_compatible_types(op, operand, result, "operand and result");
    case ResultRule::kComplexPart:
      KILN_CHECK_OK(expect_same_shape(op, operand, result, "operand and result"));
      if (result.element() != operand.element().complex_part()) {
        return verify_error(op, "result element type must be " +
                                    to_string(operand.element().complex_part()) +
                                    " for an operand of type " + to_string(operand) +
                                    ", but is " + to_string(result.element()));
      }
      return ok_status();
    case ResultRule::kBool:
      KILN_CHECK_OK(expect_same_shape(op, operand, result, "operand and result"));
      if (!result.element().is_bool()) {
        return verify_error(op, "result must be a tensor of i1, but is " + to_string(result));
      }
      return ok_status();
  }
  return ok_status();
}

constexpr std::string_view kUnaryFormat =
    "$operand attr-dict : custom<SameOperandsAndResultType>($operand,$result)";

std::vector<OpInfo> elementwise_unary_ops() {
  std::vector<OpInfo> ops;
  for (const UnaryOp& u : kUnaryOps) {
    OpInfo info{.name = u.name,
                .operands = {{"operand"}},
                .results = {{"result"}},
                .format = kUnaryFormat,
                .verify = verify_unary};
    if (u.has_result_accuracy) {
      info.attrs = {{"result_accuracy", AttrKind::kResultAccuracy, true}};
    }
    if (u.name == "stablehlo.is_finite") {
      // is_finite names its values x and y and always spells the functional type.
      info.operands = {{"x"}};
      info.results = {{"y"}};
      info.format = "$x attr-dict : functional-type";
    }
    ops.push_back(std::move(info));
  }
  return ops;
}

KILN_REGISTER_OPS(elementwise_unary_ops);

}  // namespace

}  // namespace kiln::ir
