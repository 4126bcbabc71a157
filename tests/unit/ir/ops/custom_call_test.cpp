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

}  // namespace
}  // namespace kiln
