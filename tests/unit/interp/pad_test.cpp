// stablehlo.pad on a tensor large enough to be split across threads, with negative edge
// padding and interior padding, against the spec's formula.
#include <gtest/gtest.h>

#include "frontend/parser.h"
#include "interp/interpreter.h"
#include "ir/verifier.h"

namespace kiln::interp {
namespace {

TEST(Pad, LargeNegativeAndInteriorMatchesSpecFormula) {
  // Operand 300x200; low [-5, 3], high [4, -7], interior [1, 2]:
  // result dims -5 + 300 + 299 + 4 = 598 and 3 + 200 + 398 - 7 = 594.
  auto module = frontend::parse_module_text(R"(
func.func @main(%x: tensor<300x200xi16>) -> tensor<598x594xi16> {
  %v = stablehlo.constant dense<-1> : tensor<i16>
  %r = stablehlo.pad %x, %v, low = [-5, 3], high = [4, -7], interior = [1, 2] : (tensor<300x200xi16>, tensor<i16>) -> tensor<598x594xi16>
  func.return %r : tensor<598x594xi16>
})");
  ASSERT_TRUE(module.ok()) << module.error().message();
  ASSERT_TRUE(ir::verify(**module).ok());
  Tensor x = *Tensor::allocate(ir::Type::tensor({300, 200}, ir::ElementKind::kSI16));
  for (int64_t i = 0; i < x.num_elements(); ++i)
    x.data<int16_t>()[i] = static_cast<int16_t>(i % 30000);
  Interpreter in(**module);
  auto result = in.run("main", {x});
  ASSERT_TRUE(result.ok()) << result.error().message();
  const Tensor& r = (*result)[0].tensor();
  // Spec: result[low + j * (interior + 1)] = operand[j]; everything else is padding.
  std::vector<int16_t> expected(static_cast<size_t>(598 * 594), -1);
  for (int64_t i = 0; i < 300; ++i)
    for (int64_t j = 0; j < 200; ++j) {
      int64_t ri = -5 + i * 2, rj = 3 + j * 3;
      if (ri >= 0 && ri < 598 && rj >= 0 && rj < 594) {
        expected[static_cast<size_t>(ri * 594 + rj)] = x.data<int16_t>()[i * 200 + j];
      }
    }
  int64_t mismatches = 0;
  for (int64_t i = 0; i < r.num_elements(); ++i) {
    mismatches += r.data<int16_t>()[i] != expected[static_cast<size_t>(i)];
  }
  EXPECT_EQ(mismatches, 0);
}

}  // namespace
}  // namespace kiln::interp
