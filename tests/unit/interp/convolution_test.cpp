// stablehlo.convolution on a result large enough to be split across threads (NHWC x HWIO,
// stride 2, asymmetric padding, rhs dilation), against a plain loop over the definition.
#include <gtest/gtest.h>

#include "frontend/parser.h"
#include "interp/interpreter.h"
#include "ir/verifier.h"

namespace kiln::interp {
namespace {

TEST(Convolution, StridedPaddedDilatedMatchesPlainLoop) {
  auto module = frontend::parse_module_text(R"(
func.func @main(%x: tensor<2x20x17x3xf64>, %w: tensor<3x2x3x5xf64>) -> tensor<2x10x9x5xf64> {
  %r = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [2, 2], pad = [[1, 2], [0, 1]], rhs_dilate = [2, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x20x17x3xf64>, tensor<3x2x3x5xf64>) -> tensor<2x10x9x5xf64>
  func.return %r : tensor<2x10x9x5xf64>
})");
  ASSERT_TRUE(module.ok()) << module.error().message();
  ASSERT_TRUE(ir::verify(**module).ok());
  Tensor x = *Tensor::allocate(ir::Type::tensor({2, 20, 17, 3}, ir::ElementKind::kF64));
  Tensor w = *Tensor::allocate(ir::Type::tensor({3, 2, 3, 5}, ir::ElementKind::kF64));
  for (int64_t i = 0; i < x.num_elements(); ++i)
    x.data<double>()[i] = static_cast<double>(i % 13) - 6;
  for (int64_t i = 0; i < w.num_elements(); ++i)
    w.data<double>()[i] = static_cast<double>(i % 7) - 3;
  Interpreter in(**module);
  auto result = in.run("main", {x, w});
  ASSERT_TRUE(result.ok()) << result.error().message();
  const double* out = (*result)[0].tensor().data<double>();
  int64_t bad = 0;
  for (int64_t b = 0; b < 2; ++b)
    for (int64_t oy = 0; oy < 10; ++oy)
      for (int64_t ox = 0; ox < 9; ++ox)
        for (int64_t o = 0; o < 5; ++o) {
          double acc = 0;
          for (int64_t ky = 0; ky < 3; ++ky)
            for (int64_t kx = 0; kx < 2; ++kx) {
              int64_t iy = oy * 2 + ky * 2 - 1, ix = ox * 2 + kx - 0;
              if (iy < 0 || iy >= 20 || ix < 0 || ix >= 17) continue;
              for (int64_t c = 0; c < 3; ++c) {
                acc += x.data<double>()[((b * 20 + iy) * 17 + ix) * 3 + c] *
                       w.data<double>()[((ky * 2 + kx) * 3 + c) * 5 + o];
              }
            }
          bad += out[((b * 10 + oy) * 9 + ox) * 5 + o] != acc;
        }
  EXPECT_EQ(bad, 0);
}

}  // namespace
}  // namespace kiln::interp
