// stablehlo.broadcast_in_dim on a result large enough to be split across threads, mapping
// operand dimensions out of order and expanding a size-1 dimension, against a plain loop.
#include <gtest/gtest.h>

#include "frontend/parser.h"
#include "interp/interpreter.h"
#include "ir/verifier.h"

namespace kiln::interp {
namespace {

TEST(BroadcastInDim, LargeOutOfOrderDimsMatchPlainLoop) {
  // result[i, j, k] = operand[k, 0] for operand 70x1 mapped to result dims [2, 0].
  auto module = frontend::parse_module_text(R"(
func.func @main(%x: tensor<70x1xf64>) -> tensor<50x300x70xf64> {
  %r = stablehlo.broadcast_in_dim %x, dims = [2, 0] : (tensor<70x1xf64>) -> tensor<50x300x70xf64>
  func.return %r : tensor<50x300x70xf64>
})");
  ASSERT_TRUE(module.ok()) << module.error().message();
  ASSERT_TRUE(ir::verify(**module).ok());
  Tensor x = *Tensor::allocate(ir::Type::tensor({70, 1}, ir::ElementKind::kF64));
  for (int64_t i = 0; i < 70; ++i) x.data<double>()[i] = static_cast<double>(i) - 0.5;
  Interpreter in(**module);
  auto result = in.run("main", {x});
  ASSERT_TRUE(result.ok()) << result.error().message();
  const Tensor& r = (*result)[0].tensor();
  int64_t mismatches = 0;
  for (int64_t i = 0; i < 50 * 300; ++i)
    for (int64_t k = 0; k < 70; ++k)
      mismatches += r.data<double>()[i * 70 + k] != x.data<double>()[k];
  EXPECT_EQ(mismatches, 0);
}

}  // namespace
}  // namespace kiln::interp
