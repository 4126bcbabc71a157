// The finite check (src/backend/cuda/finite_check.cpp): which bits mark inf and NaN in each
// type, and the error for a type it cannot check. Its kernels are exercised by the
// convolution guard's tests (convolution_guard_test.cpp), on a GPU too.
#include "backend/cuda/finite_check.h"

#include <gtest/gtest.h>

#include "frontend/parser.h"

namespace kiln::backend::cuda {
namespace {

TEST(FiniteCheck, ExponentMaskOfEachIeeeType) {
  EXPECT_EQ(nonfinite_exponent_mask(ir::ElementKind::kF32), 0x7f800000u);
  EXPECT_EQ(nonfinite_exponent_mask(ir::ElementKind::kF64), 0x7ff0000000000000u);
  EXPECT_EQ(nonfinite_exponent_mask(ir::ElementKind::kF16), 0x7c00u);
  EXPECT_EQ(nonfinite_exponent_mask(ir::ElementKind::kBF16), 0x7f80u);
  EXPECT_EQ(nonfinite_exponent_mask(ir::ElementKind::kF8E5M2), 0x7cu);
}

// No infinities to find, or NaN not marked by the exponent alone.
TEST(FiniteCheck, NoMaskForIntegersOrFiniteOnlyFormats) {
  EXPECT_FALSE(nonfinite_exponent_mask(ir::ElementKind::kSI32).has_value());
  EXPECT_FALSE(nonfinite_exponent_mask(ir::ElementKind::kF8E4M3FN).has_value());
}

TEST(FiniteCheck, AnIntegerTensorIsAnInternalError) {
  auto module = frontend::parse_module_text(
      "func.func @main(%a: tensor<4xi32>) -> tensor<4xi32> {\n"
      "  %r = stablehlo.negate %a : tensor<4xi32>\n  return %r : tensor<4xi32>\n}\n",
      "check.mlir");
  ASSERT_TRUE(module.ok()) << module.error().message();
  const ir::Operation* negate = nullptr;
  (*module)->op().walk([&](const ir::Operation& op) {
    if (op.name() == "stablehlo.negate") negate = &op;
  });
  ASSERT_NE(negate, nullptr);
  Lowerer l(**module, LowerOptions{});
  Program p;
  l.redirect(&p);
  const BufferRef flag = l.scratch(1);
  Status s = add_finite_check(l, *negate, {{negate->operand(0), l.scratch(16)}}, flag);
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.error().kind(), ErrorKind::kInternal);
  EXPECT_NE(s.error().message().find("no finite check of i32"), std::string::npos)
      << s.error().message();
  EXPECT_TRUE(p.steps.empty());
  EXPECT_FALSE(add_finite_check(l, *negate, {}, flag).ok());
}

}  // namespace
}  // namespace kiln::backend::cuda
