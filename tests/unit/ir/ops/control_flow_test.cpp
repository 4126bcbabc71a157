// stablehlo.while, stablehlo.if and stablehlo.case: while's pretty form round-trips with
// shared loop names; the verifier checks every region's arguments and results.
#include "verify_test_helpers.h"

namespace kiln {
namespace {

using testing::expect_error;
using testing::expect_round_trip;

TEST(While, RoundTripsWithSharedLoopNames) {
  expect_round_trip(R"(
func.func @main(%n: tensor<i64>, %x: tensor<f32>) -> tensor<f32> {
  %0:2 = stablehlo.while(%i = %n, %acc = %x) : tensor<i64>, tensor<f32> attributes {tag = 1 : i32}
  cond {
    %1 = stablehlo.compare LT, %i, %i, SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
    stablehlo.return %1 : tensor<i1>
  } do {
    stablehlo.return %i, %acc : tensor<i64>, tensor<f32>
  }
  return %0#1 : tensor<f32>
}
)",
                    {"stablehlo.while(%arg2 = %arg0, %arg3 = %arg1) : tensor<i64>, tensor<f32> "
                     "attributes {tag = 1 : i32}\n    cond {",
                     "} do {", "stablehlo.return %arg2, %arg3 : tensor<i64>, tensor<f32>"});
}

TEST(While, RoundTripsWithoutOperands) {
  expect_round_trip(R"(
func.func @main() {
  stablehlo.while()
  cond {
    %t = stablehlo.constant dense<false> : tensor<i1>
    stablehlo.return %t : tensor<i1>
  } do {
    stablehlo.return
  }
  return
}
)",
                    {"stablehlo.while()\n    cond {"});
}

TEST(While, RejectsNonBooleanCond) {
  expect_error(R"(
func.func @main(%x: tensor<i32>) {
  %0 = stablehlo.while(%v = %x) : tensor<i32>
  cond {
    stablehlo.return %v : tensor<i32>
  } do {
    stablehlo.return %v : tensor<i32>
  }
  return
}
)",
               "cond returns (tensor<i32>) but must return (tensor<i1>)");
}

TEST(While, RejectsBodyOfOtherTypes) {
  expect_error(R"(
func.func @main(%x: tensor<i32>, %y: tensor<f32>) {
  %0 = stablehlo.while(%v = %x) : tensor<i32>
  cond {
    %t = stablehlo.constant dense<false> : tensor<i1>
    stablehlo.return %t : tensor<i1>
  } do {
    stablehlo.return %y : tensor<f32>
  }
  return
}
)",
               "body returns (tensor<f32>) but must return (tensor<i32>)");
}

TEST(If, RejectsBranchResultMismatch) {
  expect_error(R"(
func.func @main(%p: tensor<i1>, %a: tensor<f32>, %b: tensor<2xf32>) {
  %0 = "stablehlo.if"(%p) ({
    stablehlo.return %a : tensor<f32>
  }, {
    stablehlo.return %b : tensor<2xf32>
  }) : (tensor<i1>) -> tensor<f32>
  return
}
)",
               "branch 1 returns (tensor<2xf32>) but must return (tensor<f32>)");
}

TEST(If, RejectsNonBooleanPred) {
  expect_error(R"(
func.func @main(%p: tensor<2xi1>) {
  "stablehlo.if"(%p) ({
    stablehlo.return
  }, {
    stablehlo.return
  }) : (tensor<2xi1>) -> ()
  return
}
)",
               "pred must be tensor<i1>");
}

TEST(Case, RoundTripsAnyNumberOfBranches) {
  expect_round_trip(R"(
func.func @main(%i: tensor<i32>, %a: tensor<f32>) -> tensor<f32> {
  %0 = "stablehlo.case"(%i) ({
    stablehlo.return %a : tensor<f32>
  }, {
    stablehlo.return %a : tensor<f32>
  }, {
    stablehlo.return %a : tensor<f32>
  }) : (tensor<i32>) -> tensor<f32>
  return %0 : tensor<f32>
}
)",
                    {"\"stablehlo.case\"(%arg0) ({"});
}

TEST(Case, RejectsIndexTypeAndBranchArguments) {
  expect_error(R"(
func.func @main(%i: tensor<i64>) {
  "stablehlo.case"(%i) ({
    stablehlo.return
  }) : (tensor<i64>) -> ()
  return
}
)",
               "index must be tensor<i32>");
  expect_error(R"(
func.func @main(%i: tensor<i32>) {
  "stablehlo.case"(%i) ({
  ^bb0(%x: tensor<i32>):
    stablehlo.return
  }) : (tensor<i32>) -> ()
  return
}
)",
               "branch 0 takes (tensor<i32>) but must take ()");
}

// A `?` in the result or the regions' arguments matches the operand's static size (the spec's
// compatible types; checked with the official verifier). The pretty form spells one list of
// types, so such a while prints in the generic form (tests/unit/frontend/roundtrip_test.cpp).
TEST(While, AcceptsDynamicSizesMatchingStaticOnes) {
  EXPECT_EQ(testing::error_of(R"(
func.func @main(%x: tensor<4xf32>) -> tensor<?xf32> {
  %0 = "stablehlo.while"(%x) ({
  ^bb0(%a: tensor<?xf32>):
    %c = stablehlo.constant dense<true> : tensor<i1>
    stablehlo.return %c : tensor<i1>
  }, {
  ^bb0(%a: tensor<?xf32>):
    %b = stablehlo.abs %a : tensor<?xf32>
    stablehlo.return %b : tensor<?xf32>
  }) : (tensor<4xf32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}
)"),
            "");
}

}  // namespace
}  // namespace kiln
