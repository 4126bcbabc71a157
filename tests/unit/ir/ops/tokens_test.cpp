// The token and I/O ops: their syntax round-trips and their verifiers reject what the spec
// forbids, with located errors.
#include "verify_test_helpers.h"

namespace kiln {
namespace {

using testing::expect_error;
using testing::expect_round_trip;

TEST(Tokens, RoundTripsPrettyAndGenericForms) {
  expect_round_trip(
      R"(
func.func @main(%t: !stablehlo.token, %x: tensor<2xf32>) -> (tensor<ui32>, !stablehlo.token) {
  %0 = stablehlo.create_token : !stablehlo.token
  %1 = stablehlo.after_all %0, %t : !stablehlo.token
  %2 = stablehlo.after_all : !stablehlo.token
  %3:2 = "stablehlo.infeed"(%1) <{infeed_config = "q"}> : (!stablehlo.token) -> (tensor<2xf32>, !stablehlo.token)
  %4 = "stablehlo.outfeed"(%x, %3#1) : (tensor<2xf32>, !stablehlo.token) -> !stablehlo.token
  %5 = "stablehlo.send"(%x, %4) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 2>, is_host_transfer = true}> : (tensor<2xf32>, !stablehlo.token) -> !stablehlo.token
  %6:2 = "stablehlo.recv"(%5) <{channel_handle = #stablehlo.channel_handle<handle = 2, type = 1>}> : (!stablehlo.token) -> (tensor<2xf32>, !stablehlo.token)
  %7 = stablehlo.replica_id : tensor<ui32>
  %8 = stablehlo.partition_id : tensor<ui32>
  return %7, %6#1 : tensor<ui32>, !stablehlo.token
})",
      {"%0 = stablehlo.create_token : !stablehlo.token",
       "%1 = stablehlo.after_all %0, %arg0 : !stablehlo.token",
       "%2 = stablehlo.after_all : !stablehlo.token",
       "\"stablehlo.infeed\"(%1) <{infeed_config = \"q\"}>",
       "%7 = stablehlo.replica_id : tensor<ui32>", "%8 = stablehlo.partition_id : tensor<ui32>"});
}

TEST(Tokens, CreateTokenResultIsToken) {
  expect_error(
      "func.func @main() {\n  %0 = \"stablehlo.create_token\"() : () -> tensor<f32>\n"
      "  return\n}\n",
      "result must be !stablehlo.token, but is tensor<f32>");
}

TEST(Tokens, AfterAllOperandsAreTokens) {
  expect_error(
      "func.func @main(%x: tensor<f32>) {\n"
      "  %0 = stablehlo.after_all %x : !stablehlo.token\n  return\n}\n",
      "operand #0 must be !stablehlo.token");
}

TEST(Tokens, InfeedEndsWithToken) {
  expect_error(
      "func.func @main(%t: !stablehlo.token) {\n"
      "  %0:2 = \"stablehlo.infeed\"(%t) : (!stablehlo.token) -> (!stablehlo.token, "
      "tensor<f32>)\n  return\n}\n",
      "result #0 must be a tensor");
}

TEST(Tokens, InfeedLayoutHasOneEntryPerResult) {
  expect_error(
      "func.func @main(%t: !stablehlo.token) {\n"
      "  %0:2 = \"stablehlo.infeed\"(%t) <{layout = [[0], [0]]}> : (!stablehlo.token) -> "
      "(tensor<2xf32>, !stablehlo.token)\n  return\n}\n",
      "layout has 2 entries but the op has 1 data results");
}

TEST(Tokens, OutfeedTakesTokenLast) {
  expect_error(
      "func.func @main(%t: !stablehlo.token, %x: tensor<f32>) {\n"
      "  %0 = \"stablehlo.outfeed\"(%t, %x) : (!stablehlo.token, tensor<f32>) -> "
      "!stablehlo.token\n  return\n}\n",
      "operand #0 must be a tensor");
}

TEST(Tokens, SendChannelTypeMatchesTransfer) {
  expect_error(
      "func.func @main(%t: !stablehlo.token, %x: tensor<f32>) {\n"
      "  %0 = \"stablehlo.send\"(%x, %t) <{channel_handle = #stablehlo.channel_handle<"
      "handle = 1, type = 3>, is_host_transfer = true}> : (tensor<f32>, "
      "!stablehlo.token) -> !stablehlo.token\n  return\n}\n",
      "channel_handle type is 3 but a host transfer needs type 2");
}

TEST(Tokens, RecvNeedsChannelHandle) {
  expect_error(
      "func.func @main(%t: !stablehlo.token) {\n"
      "  %0 = \"stablehlo.recv\"(%t) : (!stablehlo.token) -> !stablehlo.token\n"
      "  return\n}\n",
      "channel_handle");
}

TEST(Tokens, ReplicaIdIsScalarUi32) {
  expect_error("func.func @main() {\n  %0 = stablehlo.replica_id : tensor<i32>\n  return\n}\n",
               "result must be tensor<ui32>, but is tensor<i32>");
  expect_error(
      "func.func @main() {\n  %0 = stablehlo.partition_id : tensor<1xui32>\n"
      "  return\n}\n",
      "result must be tensor<ui32>");
}

}  // namespace
}  // namespace kiln
