// A function that calls itself without end stops with a located error at the call depth limit
// instead of overflowing the stack (found by the optimizer's fuzzer).
#include <gtest/gtest.h>

#include "frontend/parser.h"
#include "interp/interpreter.h"

namespace kiln::interp {
namespace {

TEST(CallDepth, EndlessRecursionIsAnError) {
  auto module = frontend::parse_module_text(R"(func.func @main(%arg0: tensor<f32>) -> tensor<f32> {
  %0 = func.call @rec(%arg0) : (tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}
func.func private @rec(%x: tensor<f32>) -> tensor<f32> {
  %0 = func.call @rec(%x) : (tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}
)",
                                            "rec.mlir");
  ASSERT_TRUE(module.ok()) << module.error().message();
  auto x = Tensor::allocate(ir::Type::tensor({}, ir::ElementKind::kF32));
  ASSERT_TRUE(x.ok());
  Interpreter in(**module);
  std::vector<RuntimeValue> args;
  args.emplace_back(std::move(*x));
  auto result = in.run("main", std::move(args));
  ASSERT_FALSE(result.ok());
  EXPECT_NE(result.error().message().find("rec.mlir:5:1: error: interp: call depth exceeds 256"),
            std::string::npos)
      << result.error().message();
}

}  // namespace
}  // namespace kiln::interp
