// interp::Options::time_limit: a while loop that never ends stops with a located unavailable
// error once the run passes its limit; without a limit a finite loop runs to its end.
#include <gtest/gtest.h>

#include <chrono>

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

}  // namespace
}  // namespace kiln::interp
