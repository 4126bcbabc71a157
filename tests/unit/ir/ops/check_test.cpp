// The check test dialect: its syntax round-trips (bare unsigned and f64 attributes
// included) and its verifiers reject mismatched types, with located errors.
#include "verify_test_helpers.h"

namespace kiln {
namespace {

using testing::expect_error;
using testing::expect_round_trip;
using testing::one_op;

TEST(Check, RoundTripsEveryForm) {
  expect_round_trip(R"(
func.func @main(%a: tensor<2xf32>, %b: tensor<2xf32>, %i: tensor<2xi64>) {
  check.expect_eq %i, %i : tensor<2xi64>
  check.expect_eq_const %i, dense<[3, 4]> : tensor<2xi64>
  check.expect_almost_eq %a, %b, tolerance = 0.5 : tensor<2xf32>
  check.expect_almost_eq_const %a, dense<1.0> : tensor<2xf32>, tolerance = 1.0e-02
  check.expect_close %a, %b, max_ulp_difference = 4, min_ulp_difference = 1 : tensor<2xf32>, tensor<2xf32>
  check.expect_serialized_eq %i, probe_id = "p", iter = 7 : tensor<2xi64>
  return
})",
                    {"check.expect_eq %arg2, %arg2 : tensor<2xi64>",
                     "check.expect_eq_const %arg2, dense<[3, 4]> : tensor<2xi64>",
                     "check.expect_almost_eq %arg0, %arg1, tolerance = 5.000000e-01 : "
                     "tensor<2xf32>",
                     "tensor<2xf32>, tolerance = 1.000000e-02",
                     "max_ulp_difference = 4, min_ulp_difference = 1 : tensor<2xf32>, "
                     "tensor<2xf32>",
                     "check.expect_serialized_eq %arg2, probe_id = \"p\", iter = 7 : "
                     "tensor<2xi64>"});
}

TEST(Check, UlpBoundsAreUnsignedInGenericForm) {
  expect_round_trip(one_op("%a: tensor<f64>",
                           "check.expect_close %a, %a, max_ulp_difference = 2 : tensor<f64>, "
                           "tensor<f64>"),
                    {"max_ulp_difference = 2 :"});
  bool ok;
  auto module =
      frontend::parse_module_text(one_op("%a: tensor<f64>",
                                         "check.expect_close %a, %a, max_ulp_difference = 2 : "
                                         "tensor<f64>, tensor<f64>"),
                                  "test.mlir");
  ASSERT_TRUE(module.ok());
  ir::PrintOptions generic;
  generic.generic = true;
  std::string printed = ir::print_module(**module, generic);
  EXPECT_NE(printed.find("max_ulp_difference = 2 : ui64"), std::string::npos) << printed;
  (void)ok;
}

TEST(Check, ExpectEqNeedsSameTypes) {
  expect_error(
      one_op("%a: tensor<2xi32>, %b: tensor<2xi64>", "check.expect_eq %a, %b : tensor<2xi32>"),
      "lhs tensor<2xi32> and rhs tensor<2xi64> must have the same type");
}

TEST(Check, ExpectEqConstValueHasOperandType) {
  expect_error(one_op("%a: tensor<2xi32>", "check.expect_eq_const %a, dense<1> : tensor<3xi32>"),
               "value of type tensor<3xi32> must have the operand's type tensor<2xi32>");
}

TEST(Check, AlmostEqRejectsIntegers) {
  expect_error(one_op("%a: tensor<2xi32>", "check.expect_almost_eq %a, %a : tensor<2xi32>"),
               "lhs must be a tensor of floats or complex numbers");
}

TEST(Check, ToleranceIsNotNegative) {
  expect_error(one_op("%a: tensor<2xf32>",
                      "check.expect_almost_eq_const %a, dense<1.0> : tensor<2xf32>, tolerance = "
                      "-1.0"),
               "tolerance must not be negative");
}

TEST(Check, ExpectCloseBoundsOrdered) {
  expect_error(one_op("%a: tensor<2xf32>",
                      "check.expect_close %a, %a, max_ulp_difference = 1, min_ulp_difference = 3 "
                      ": tensor<2xf32>, tensor<2xf32>"),
               "min_ulp_difference 3 exceeds max_ulp_difference 1");
}

TEST(Check, ExpectCloseBoundIsInteger) {
  expect_error(one_op("%a: tensor<2xf32>",
                      "\"check.expect_close\"(%a, %a) <{max_ulp_difference = \"x\"}> : "
                      "(tensor<2xf32>, tensor<2xf32>) -> ()"),
               "max_ulp_difference must be an unsigned integer");
}

TEST(Check, SerializedEqNeedsProbeId) {
  expect_error(
      one_op("%a: tensor<2xf32>", "check.expect_serialized_eq %a, probe_id = \"\" : tensor<2xf32>"),
      "probe_id must not be empty");
}

}  // namespace
}  // namespace kiln
