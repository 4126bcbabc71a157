// interp::Options::time_limit: a while loop that never ends stops with a located unavailable
// error once the run passes its limit, and so do the ops that run a region per element
// (reduce, sort, scatter, map) on inputs too large to finish within it; without a limit a
// finite loop runs to its end.
#include <gtest/gtest.h>

#include <chrono>
#include <string>

#include "frontend/parser.h"
#include "interp/interpreter.h"

namespace kiln::interp {
namespace {

constexpr const char* kForever = R"(func.func @main() -> tensor<i64> {
  %zero = stablehlo.constant dense<0> : tensor<i64>
  %r = stablehlo.while(%i = %zero) : tensor<i64>
    cond {
      %t = stablehlo.compare EQ, %i, %i : (tensor<i64>, tensor<i64>) -> tensor<i1>
      stablehlo.return %t : tensor<i1>
    } do {
      %one = stablehlo.constant dense<1> : tensor<i64>
      %n = stablehlo.add %i, %one : tensor<i64>
      stablehlo.return %n : tensor<i64>
    }
  return %r : tensor<i64>
}
)";

TEST(TimeLimit, StopsAWhileThatNeverEnds) {
  auto module = frontend::parse_module_text(kForever, "forever.mlir");
  ASSERT_TRUE(module.ok()) << module.error().message();
  Options options;
  options.time_limit = std::chrono::milliseconds(100);
  Interpreter in(**module, options);
  const auto start = std::chrono::steady_clock::now();
  auto result = in.run("main", {});
  ASSERT_FALSE(result.ok());
  EXPECT_EQ(result.error().kind(), ErrorKind::kUnavailable);
  EXPECT_NE(result.error().message().find("forever.mlir:3:8: error: 'stablehlo.while' run stopped: "
                                          "it took longer than its time limit of 0.1 s"),
            std::string::npos)
      << result.error().message();
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(20));
}

TEST(TimeLimit, AFiniteLoopRunsToItsEndWithoutALimit) {
  auto module = frontend::parse_module_text(R"(func.func @main() -> tensor<i64> {
  %zero = stablehlo.constant dense<0> : tensor<i64>
  %ten = stablehlo.constant dense<1000> : tensor<i64>
  %r = stablehlo.while(%i = %zero) : tensor<i64>
    cond {
      %t = stablehlo.compare LT, %i, %ten : (tensor<i64>, tensor<i64>) -> tensor<i1>
      stablehlo.return %t : tensor<i1>
    } do {
      %one = stablehlo.constant dense<1> : tensor<i64>
      %n = stablehlo.add %i, %one : tensor<i64>
      stablehlo.return %n : tensor<i64>
    }
  return %r : tensor<i64>
}
)", "finite.mlir");
  ASSERT_TRUE(module.ok()) << module.error().message();
  Interpreter in(**module);
  auto result = in.run("main", {});
  ASSERT_TRUE(result.ok()) << result.error().message();
  EXPECT_EQ((*result)[0].tensor().data<int64_t>()[0], 1000);
}

// Runs @main of `text` on the per-element region paths (fast paths off) with a 20 ms limit and
// expects it to stop at `op` well before the millions of region runs it asks for would end.
void expect_stops(const std::string& text, const std::string& op) {
  auto module = frontend::parse_module_text(text, "big.mlir");
  ASSERT_TRUE(module.ok()) << module.error().message();
  Options options;
  options.fast_paths = false;
  options.time_limit = std::chrono::milliseconds(20);
  Interpreter in(**module, options);
  const auto start = std::chrono::steady_clock::now();
  auto result = in.run("main", {});
  ASSERT_FALSE(result.ok()) << op << " ran to its end";
  EXPECT_EQ(result.error().kind(), ErrorKind::kUnavailable) << result.error().message();
  EXPECT_NE(result.error().message().find("'" + op + "' run stopped"), std::string::npos)
      << result.error().message();
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(20));
}

TEST(TimeLimit, StopsAReduceWithARegionBody) {
  expect_stops(R"(func.func @main() -> tensor<f32> {
  %x = stablehlo.iota dim = 0 : tensor<4000000xf32>
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %r = stablehlo.reduce(%x init: %z) applies stablehlo.add across dimensions = [0] : (tensor<4000000xf32>, tensor<f32>) -> tensor<f32>
  return %r : tensor<f32>
})", "stablehlo.reduce");
}

TEST(TimeLimit, StopsASortWithAComparator) {
  expect_stops(R"(func.func @main() -> tensor<1000000xf32> {
  %x = stablehlo.iota dim = 0 : tensor<1000000xf32>
  %r = "stablehlo.sort"(%x) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %c = stablehlo.compare GT, %a, %b, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }) {dimension = 0 : i64, is_stable = true} : (tensor<1000000xf32>) -> tensor<1000000xf32>
  return %r : tensor<1000000xf32>
})", "stablehlo.sort");
}

TEST(TimeLimit, StopsAScatterWithARegionBody) {
  expect_stops(R"(func.func @main() -> tensor<8xf32> {
  %x = stablehlo.constant dense<0.0> : tensor<8xf32>
  %i = stablehlo.constant dense<3> : tensor<4000000x1xi32>
  %u = stablehlo.constant dense<1.0> : tensor<4000000xf32>
  %r = "stablehlo.scatter"(%x, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<8xf32>, tensor<4000000x1xi32>, tensor<4000000xf32>) -> tensor<8xf32>
  return %r : tensor<8xf32>
})", "stablehlo.scatter");
}

TEST(TimeLimit, StopsAMap) {
  expect_stops(R"(func.func @main() -> tensor<4000000xf32> {
  %x = stablehlo.iota dim = 0 : tensor<4000000xf32>
  %r = "stablehlo.map"(%x, %x) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {dimensions = array<i64: 0>} : (tensor<4000000xf32>, tensor<4000000xf32>) -> tensor<4000000xf32>
  return %r : tensor<4000000xf32>
})", "stablehlo.map");
}

}  // namespace
}  // namespace kiln::interp
