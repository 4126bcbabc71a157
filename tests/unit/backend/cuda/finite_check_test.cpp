// The finite check (src/backend/cuda/finite_check.cpp): which bits mark inf and NaN in each
// type, a flag per tensor in one launch (two for a large one), and the errors for a type it
// cannot check or flags of another size. Its kernels are exercised by the
// convolution guard's tests (convolution_guard_test.cpp), on a GPU too.
#include "backend/cuda/finite_check.h"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <memory>
#include <vector>

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

// A lowering of a module whose entry takes an f32 tensor of `a` elements and a bf16 one of
// `b`, appending to `program`: the tensors `add_finite_check` is given in the tests below.
struct TwoTensors {
  std::unique_ptr<ir::Module> module;
  std::unique_ptr<Lowerer> l;
  Program program;
  const ir::Operation* negate = nullptr;  // the op the checks are for
  std::vector<FiniteCheckInput> inputs;   // the two tensors, at arena slots of their bytes

  TwoTensors(int64_t a, int64_t b) {
    auto parsed = frontend::parse_module_text(
        fmt::format("func.func @main(%a: tensor<{0}xf32>, %b: tensor<{1}xbf16>) -> "
                    "tensor<{0}xf32> {{\n  %r = stablehlo.negate %a : tensor<{0}xf32>\n  "
                    "return %r : tensor<{0}xf32>\n}}\n",
                    a, b),
        "check.mlir");
    EXPECT_TRUE(parsed.ok()) << parsed.error().message();
    if (!parsed.ok()) return;
    module = std::move(*parsed);
    negate = first_op(*module, "stablehlo.negate");
    l = std::make_unique<Lowerer>(*module, LowerOptions{});
    l->redirect(&program);
    const ir::Block& body = negate->parent_op()->region(0).front();
    inputs = {{body.argument(0), l->scratch(a * 4)}, {body.argument(1), l->scratch(b * 2)}};
  }
};

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

// Two small tensors: one launch of a block each, each block writing its tensor's flag.
TEST(FiniteCheck, TwoTensorsGetAFlagEachInOneLaunch) {
  TwoTensors t(100, 300);
  ASSERT_TRUE(t.l);
  const BufferRef flags = t.l->scratch(2);
  ASSERT_TRUE(add_finite_check(*t.l, *t.negate, t.inputs, flags).ok());
  ASSERT_EQ(t.program.steps.size(), 1u);
  const KernelStep& k = std::get<KernelStep>(t.program.steps[0]);
  EXPECT_EQ(k.grid[0], 2u);
  ASSERT_EQ(k.args.size(), 3u);
  EXPECT_EQ(k.args[0].buffer, t.inputs[0].ref);
  EXPECT_EQ(k.args[1].buffer, t.inputs[1].ref);
  EXPECT_EQ(k.args[2].buffer, flags);
}

// A large tensor among them: its blocks and the small one's read at once, their bytes folded
// by a second launch into the flags.
TEST(FiniteCheck, ALargeTensorAddsTheCombiningLaunch) {
  TwoTensors t(1 << 20, 5);
  ASSERT_TRUE(t.l);
  const BufferRef flags = t.l->scratch(2);
  ASSERT_TRUE(add_finite_check(*t.l, *t.negate, t.inputs, flags).ok());
  ASSERT_EQ(t.program.steps.size(), 2u);
  const KernelStep& partial = std::get<KernelStep>(t.program.steps[0]);
  const KernelStep& combine = std::get<KernelStep>(t.program.steps[1]);
  EXPECT_GT(partial.grid[0], 1u);
  EXPECT_GT(partial.grid[0], 2u);
  EXPECT_EQ(partial.args[2].buffer.bytes, static_cast<int64_t>(partial.grid[0]));
  EXPECT_EQ(combine.grid[0], 1u);
  EXPECT_EQ(combine.args[0].buffer, partial.args[2].buffer);
  EXPECT_EQ(combine.args[1].buffer, flags);
}

// The flags are a byte per tensor: another size is an internal error.
TEST(FiniteCheck, FlagsOfAnotherSizeAreAnInternalError) {
  TwoTensors t(4, 4);
  ASSERT_TRUE(t.l);
  Status s = add_finite_check(*t.l, *t.negate, t.inputs, t.l->scratch(1));
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.error().kind(), ErrorKind::kInternal);
  EXPECT_NE(s.error().message().find("1 finite check flags for 2 tensors"), std::string::npos)
      << s.error().message();
  EXPECT_TRUE(t.program.steps.empty());
}

}  // namespace
}  // namespace kiln::backend::cuda
