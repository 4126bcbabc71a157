// Host I/O on the simulated process grid: outfeed values reach the grid's caller, a recv that
// no process sends to fails instead of hanging, and infeed, outfeed, send and recv outside a
// grid (or to the host) are clear "unsupported" errors naming the op.
#include "interp/process_grid.h"
#include "tests/unit/interp/interp_test_helpers.h"

namespace kiln::interp {
namespace {

using testing::parse_verified;

constexpr const char* kOutfeed = R"(
func.func @main(%x: tensor<2xi32>) -> tensor<2xi32> {
  %t = stablehlo.create_token : !stablehlo.token
  %o = "stablehlo.outfeed"(%x, %x, %t) : (tensor<2xi32>, tensor<2xi32>, !stablehlo.token) -> !stablehlo.token
  func.return %x : tensor<2xi32>
})";

Tensor pair_i32(int32_t a, int32_t b) {
  Tensor t = *Tensor::allocate(ir::Type::tensor({2}, ir::ElementKind::kSI32));
  t.data<int32_t>()[0] = a;
  t.data<int32_t>()[1] = b;
  return t;
}

TEST(Tokens, OutfeedValuesReachTheCallerOfTheGrid) {
  auto module = parse_verified(kOutfeed);
  ASSERT_NE(module, nullptr);
  const ir::Operation* main = module->lookup_function("main");
  std::vector<std::vector<RuntimeValue>> sink;
  auto results = run_grid_functions(*module, {main, main}, {{pair_i32(1, 2)}, {pair_i32(3, 4)}},
                                    Options{.num_replicas = 2, .num_partitions = 1}, nullptr,
                                    GridIo{.outfeed = &sink});
  ASSERT_TRUE(results.ok()) << results.error().message();
  ASSERT_EQ(sink.size(), 2u);
  int64_t sum = 0;
  for (const auto& values : sink) {
    ASSERT_EQ(values.size(), 2u);
    EXPECT_EQ(values[0].tensor().data<int32_t>()[1], values[1].tensor().data<int32_t>()[1]);
    sum += values[0].tensor().data<int32_t>()[0];
  }
  EXPECT_EQ(sum, 1 + 3);  // one outfeed per process, in whatever order they came
}

constexpr const char* kRecvOnly = R"(
func.func @main() -> tensor<2xf32> {
  %t = stablehlo.create_token : !stablehlo.token
  %r:2 = "stablehlo.recv"(%t) <{channel_handle = #stablehlo.channel_handle<handle = 3, type = 1>}> : (!stablehlo.token) -> (tensor<2xf32>, !stablehlo.token)
  func.return %r#0 : tensor<2xf32>
})";

TEST(Tokens, RecvThatNoProcessSendsToFails) {
  auto module = parse_verified(kRecvOnly, "recv.mlir");
  ASSERT_NE(module, nullptr);
  auto results = run_grid(*module, "", {{}, {}}, Options{.num_replicas = 1, .num_partitions = 2});
  ASSERT_FALSE(results.ok());
  EXPECT_NE(results.error().message().find("recv.mlir:4:"), std::string::npos)
      << results.error().message();
  EXPECT_NE(results.error().message().find("on channel 3 that no process sends on"),
            std::string::npos)
      << results.error().message();
}

TEST(Tokens, RecvOutsideAGridIsUnsupported) {
  auto module = parse_verified(kRecvOnly, "recv.mlir");
  ASSERT_NE(module, nullptr);
  Interpreter in(*module);
  auto results = in.run("main", {});
  ASSERT_FALSE(results.ok());
  EXPECT_EQ(results.error().kind(), ErrorKind::kUnimplemented);
  EXPECT_NE(results.error().message().find("'stablehlo.recv' runs only inside "
                                           "interpreter.run_parallel"),
            std::string::npos)
      << results.error().message();
}

constexpr const char* kInfeedFromHost = R"(
func.func @main() -> tensor<2xf32> {
  %t = stablehlo.create_token : !stablehlo.token
  %r:2 = "stablehlo.recv"(%t) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 3>, is_host_transfer = true}> : (!stablehlo.token) -> (tensor<2xf32>, !stablehlo.token)
  func.return %r#0 : tensor<2xf32>
})";

TEST(Tokens, HostTransferIsUnsupportedEvenInAGrid) {
  auto module = parse_verified(kInfeedFromHost);
  ASSERT_NE(module, nullptr);
  auto results = run_grid(*module, "", {{}}, Options{.num_replicas = 1, .num_partitions = 1});
  ASSERT_FALSE(results.ok());
  EXPECT_NE(results.error().message().find("transfers to or from the host"), std::string::npos)
      << results.error().message();
}

constexpr const char* kTwoInfeeds = R"(
func.func @feed() -> tensor<i32> {
  %c = stablehlo.constant dense<5> : tensor<i32>
  func.return %c : tensor<i32>
}
func.func @reader() -> tensor<i32> {
  %t = stablehlo.create_token : !stablehlo.token
  %a:2 = "stablehlo.infeed"(%t) : (!stablehlo.token) -> (tensor<i32>, !stablehlo.token)
  %b:2 = "stablehlo.infeed"(%a#1) : (!stablehlo.token) -> (tensor<i32>, !stablehlo.token)
  func.return %b#0 : tensor<i32>
}
func.func @main() -> tensor<i32> {
  %r = "interpreter.run_parallel"() {infeed = [@feed], programs = [[@reader]]} : () -> tensor<i32>
  func.return %r : tensor<i32>
})";

TEST(Tokens, InfeedPastTheLastFunctionFails) {
  auto module = parse_verified(kTwoInfeeds, "infeed.mlir");
  ASSERT_NE(module, nullptr);
  Interpreter in(*module);
  auto results = in.run("main", {});
  ASSERT_FALSE(results.ok());
  EXPECT_NE(results.error().message().find("reads past the last function of the infeed"),
            std::string::npos)
      << results.error().message();
}

}  // namespace
}  // namespace kiln::interp
