// stablehlo.reduce on a tensor large enough for the threaded fast path: the sum equals a
// sequential f32 loop bit for bit, and a two-op body (the region path) agrees on integers.
#include <gtest/gtest.h>

#include "frontend/parser.h"
#include "interp/interpreter.h"
#include "ir/verifier.h"

namespace kiln::interp {
namespace {

Expected<std::vector<RuntimeValue>> run_text(const std::string& text, const Tensor& x) {
  auto module = frontend::parse_module_text(text);
  if (!module.ok()) return module.take_error();
  EXPECT_TRUE(ir::verify(**module).ok());
  Interpreter in(**module);
  return in.run("main", {x});
}

TEST(Reduce, LargeF32SumMatchesSequentialLoop) {
  Tensor x = *Tensor::allocate(ir::Type::tensor({300, 7, 211}, ir::ElementKind::kF32));
  for (int64_t i = 0; i < x.num_elements(); ++i) {
    x.data<float>()[i] = static_cast<float>((i * 2654435761u) % 1000) / 7.0f - 60.0f;
  }
  auto r = run_text(R"(
func.func @main(%x: tensor<300x7x211xf32>) -> tensor<7xf32> {
  %z = stablehlo.constant dense<0.5> : tensor<f32>
  %r = stablehlo.reduce(%x init: %z) applies stablehlo.add across dimensions = [0, 2] : (tensor<300x7x211xf32>, tensor<f32>) -> tensor<7xf32>
  func.return %r : tensor<7xf32>
})",
                    x);
  ASSERT_TRUE(r.ok()) << r.error().message();
  for (int64_t j = 0; j < 7; ++j) {
    float acc = 0.5f;
    for (int64_t i = 0; i < 300; ++i)
      for (int64_t k = 0; k < 211; ++k) acc += x.data<float>()[(i * 7 + j) * 211 + k];
    EXPECT_EQ((*r)[0].tensor().data<float>()[j], acc) << "at " << j;
  }
}

TEST(Reduce, RegionBodyMatchesFastPath) {
  Tensor x = *Tensor::allocate(ir::Type::tensor({40, 30}, ir::ElementKind::kSI32));
  for (int64_t i = 0; i < x.num_elements(); ++i)
    x.data<int32_t>()[i] = static_cast<int32_t>(i * 977 % 301) - 150;
  // max(a, b) spelled as compare + select goes through the region.
  auto slow = run_text(R"(
func.func @main(%x: tensor<40x30xi32>) -> tensor<30xi32> {
  %z = stablehlo.constant dense<-2147483648> : tensor<i32>
  %r = stablehlo.reduce(%x init: %z) across dimensions = [0] : (tensor<40x30xi32>, tensor<i32>) -> tensor<30xi32>
   reducer(%a: tensor<i32>, %b: tensor<i32>) {
    %gt = stablehlo.compare GT, %a, %b : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %m = stablehlo.select %gt, %a, %b : tensor<i1>, tensor<i32>
    stablehlo.return %m : tensor<i32>
  }
  func.return %r : tensor<30xi32>
})",
                       x);
  auto fast = run_text(R"(
func.func @main(%x: tensor<40x30xi32>) -> tensor<30xi32> {
  %z = stablehlo.constant dense<-2147483648> : tensor<i32>
  %r = stablehlo.reduce(%x init: %z) applies stablehlo.maximum across dimensions = [0] : (tensor<40x30xi32>, tensor<i32>) -> tensor<30xi32>
  func.return %r : tensor<30xi32>
})",
                       x);
  ASSERT_TRUE(slow.ok()) << slow.error().message();
  ASSERT_TRUE(fast.ok()) << fast.error().message();
  for (int64_t j = 0; j < 30; ++j) {
    int32_t want = INT32_MIN;
    for (int64_t i = 0; i < 40; ++i) want = std::max(want, x.data<int32_t>()[i * 30 + j]);
    EXPECT_EQ((*slow)[0].tensor().data<int32_t>()[j], want);
    EXPECT_EQ((*fast)[0].tensor().data<int32_t>()[j], want);
  }
}

}  // namespace
}  // namespace kiln::interp
