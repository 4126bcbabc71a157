// stablehlo.custom_call: `@target(...)` with any extra attributes round-trips; api_version
// and backend_config are checked.
#include "verify_test_helpers.h"

namespace kiln {
namespace {

using testing::expect_error;
using testing::expect_round_trip;

TEST(CustomCall, RoundTripsJaxLapackCall) {
  expect_round_trip(R"(
func.func @main(%a: tensor<6x6xf32>) {
  %0:2 = stablehlo.custom_call @lapack_spotrf_ffi(%a) {backend_config = "", mhlo.backend_config = {uplo = 76 : ui8}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 0, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<> : tensor<0xindex>]} : (tensor<6x6xf32>) -> (tensor<6x6xf32>, tensor<i32>)
  return
}
)",
                    {"stablehlo.custom_call @lapack_spotrf_ffi(%arg0) {backend_config = \"\", "
                     "mhlo.backend_config = {uplo = 76 : ui8}"});
}

TEST(CustomCall, QuotesTargetsThatAreNotIdentifiers) {
  expect_round_trip(R"(
func.func @main() {
  stablehlo.custom_call @"my-target"() {has_side_effect = true} : () -> ()
  return
}
)",
                    {"stablehlo.custom_call @\"my-target\"() {has_side_effect = true} : () -> ()"});
}

TEST(CustomCall, RejectsBadApiVersionAndConfig) {
  expect_error(R"(
func.func @main() {
  stablehlo.custom_call @f() {api_version = 7 : i32} : () -> ()
  return
}
)",
               "api_version must be 0 to 4, but is 7");
  expect_error(R"(
func.func @main() {
  stablehlo.custom_call @f() {api_version = 4 : i32, backend_config = "x"} : () -> ()
  return
}
)",
               "backend_config must be a dictionary for api_version 4");
}

// JAX's linear-algebra targets (ir/ops/jax_linalg.cpp): types and attributes are checked.
TEST(CustomCall, JaxLinalgTypesAreChecked) {
  expect_error(R"(
func.func @main(%a: tensor<2x3xf32>) {
  %0:2 = stablehlo.custom_call @lapack_spotrf_ffi(%a) {mhlo.backend_config = {uplo = 76 : ui8}} : (tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<i32>)
  return
}
)",
               "operand must be a batch of square matrices, but is tensor<2x3xf32>");
  expect_error(R"(
func.func @main(%a: tensor<2x2xcomplex<f32>>) {
  %0:2 = stablehlo.custom_call @cusolver_potrf_ffi(%a) {mhlo.backend_config = {lower = true}} : (tensor<2x2xcomplex<f32>>) -> (tensor<2x2xcomplex<f32>>, tensor<i64>)
  return
}
)",
               "result #1 (info) must be tensor<i32>, but is tensor<i64>");
  expect_error(R"(
func.func @main(%a: tensor<2x2xbf16>, %b: tensor<2x1xbf16>) {
  %0 = stablehlo.custom_call @cusolver_getrf_ffi(%a) : (tensor<2x2xbf16>) -> tensor<2x2xbf16>
  return
}
)",
               "operand must have element type f32, f64, complex<f32> or complex<f64>, but is "
               "tensor<2x2xbf16>");
}

TEST(CustomCall, JaxLinalgAttributesAreChecked) {
  expect_error(R"(
func.func @main(%a: tensor<2x2xf64>, %b: tensor<2x1xf64>) {
  %0 = stablehlo.custom_call @lapack_dtrsm_ffi(%a, %b) {mhlo.backend_config = {diag = 78 : ui8, side = 76 : ui8, trans_x = 78 : ui8}} : (tensor<2x2xf64>, tensor<2x1xf64>) -> tensor<2x1xf64>
  return
}
)",
               "needs the integer attribute 'uplo' in mhlo.backend_config");
}

}  // namespace
}  // namespace kiln
