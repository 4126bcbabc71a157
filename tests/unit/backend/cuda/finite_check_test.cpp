// The finite check (src/backend/cuda/finite_check.cpp): which bits mark inf and NaN in each
// type, a flag per tensor in one launch (two for a large one), and the errors for a type it
// cannot check or flags of another size. Its kernels are exercised by the
// convolution guard's tests (convolution_guard_test.cpp), on a GPU too.
#include "backend/cuda/finite_check.h"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <memory>

#include "backend/cuda/lowerer.h"
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

// The module's first op named `name`.
const ir::Operation* first_op(const ir::Module& module, const char* name) {
  const ir::Operation* found = nullptr;
  module.op().walk([&](const ir::Operation& op) {
    if (!found && op.name() == name) found = &op;
  });
  return found;
}

std::unique_ptr<ir::Module> two_tensors(int64_t a, int64_t b) {
  auto module = frontend::parse_module_text(
      fmt::format("func.func @main(%a: tensor<{0}xf32>, %b: tensor<{1}xbf16>) -> tensor<{0}xf32> "
                  "{{\n  %r = stablehlo.negate %a : tensor<{0}xf32>\n  return %r : "
                  "tensor<{0}xf32>\n}}\n",
                  a, b),
      "check.mlir");
  EXPECT_TRUE(module.ok()) << module.error().message();
  return module.ok() ? std::move(*module) : nullptr;
}

TEST(FiniteCheck, AnIntegerTensorIsAnInternalError) {
  auto module = frontend::parse_module_text(
      "func.func @main(%a: tensor<4xi32>) -> tensor<4xi32> {\n"
      "  %r = stablehlo.negate %a : tensor<4xi32>\n  return %r : tensor<4xi32>\n}\n",
      "check.mlir");
  ASSERT_TRUE(module.ok()) << module.error().message();
  const ir::Operation* negate = first_op(**module, "stablehlo.negate");
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

// Two small tensors: one launch of one block writing a flag each.
TEST(FiniteCheck, TwoTensorsGetAFlagEachInOneLaunch) {
  auto module = two_tensors(100, 300);
  ASSERT_TRUE(module);
  const ir::Operation* negate = first_op(*module, "stablehlo.negate");
  const ir::Operation* entry = negate->parent_op();
  const ir::Block& body = entry->region(0).front();
  Lowerer l(*module, LowerOptions{});
  Program p;
  l.redirect(&p);
  const BufferRef a = l.scratch(400), b = l.scratch(600), flags = l.scratch(2);
  ASSERT_TRUE(add_finite_check(l, *negate, {{body.argument(0), a}, {body.argument(1), b}}, flags)
                  .ok());
  ASSERT_EQ(p.steps.size(), 1u);
  const KernelStep& k = std::get<KernelStep>(p.steps[0]);
  EXPECT_EQ(k.grid[0], 1u);
  ASSERT_EQ(k.args.size(), 3u);
  EXPECT_EQ(k.args[0].buffer, a);
  EXPECT_EQ(k.args[1].buffer, b);
  EXPECT_EQ(k.args[2].buffer, flags);
}

// A large tensor among them: the blocks' bytes, a row per tensor, folded by a second launch
// into the flags.
TEST(FiniteCheck, ALargeTensorAddsTheCombiningLaunch) {
  auto module = two_tensors(1 << 20, 5);
  ASSERT_TRUE(module);
  const ir::Operation* negate = first_op(*module, "stablehlo.negate");
  const ir::Block& body = negate->parent_op()->region(0).front();
  Lowerer l(*module, LowerOptions{});
  Program p;
  l.redirect(&p);
  const BufferRef a = l.scratch(4 << 20), b = l.scratch(10), flags = l.scratch(2);
  ASSERT_TRUE(add_finite_check(l, *negate, {{body.argument(0), a}, {body.argument(1), b}}, flags)
                  .ok());
  ASSERT_EQ(p.steps.size(), 2u);
  const KernelStep& partial = std::get<KernelStep>(p.steps[0]);
  const KernelStep& combine = std::get<KernelStep>(p.steps[1]);
  EXPECT_GT(partial.grid[0], 1u);
  EXPECT_EQ(partial.args[2].buffer.bytes, 2 * static_cast<int64_t>(partial.grid[0]));
  EXPECT_EQ(combine.grid[0], 1u);
  EXPECT_EQ(combine.args[0].buffer, partial.args[2].buffer);
  EXPECT_EQ(combine.args[1].buffer, flags);
}

// The flags are a byte per tensor: another size is an internal error.
TEST(FiniteCheck, FlagsOfAnotherSizeAreAnInternalError) {
  auto module = two_tensors(4, 4);
  ASSERT_TRUE(module);
  const ir::Operation* negate = first_op(*module, "stablehlo.negate");
  const ir::Block& body = negate->parent_op()->region(0).front();
  Lowerer l(*module, LowerOptions{});
  Program p;
  l.redirect(&p);
  Status s = add_finite_check(
      l, *negate, {{body.argument(0), l.scratch(16)}, {body.argument(1), l.scratch(8)}},
      l.scratch(1));
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.error().kind(), ErrorKind::kInternal);
  EXPECT_NE(s.error().message().find("1 finite check flags for 2 tensors"), std::string::npos)
      << s.error().message();
  EXPECT_TRUE(p.steps.empty());
}

}  // namespace
}  // namespace kiln::backend::cuda
