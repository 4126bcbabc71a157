// The cuda backend's stablehlo.constant: small constants go into the constants buffer, a large
// splat is written into the arena by a generated kernel (no GPU needed to check the lowering),
// and on a GPU both give the cpu backend's results.
#include <gtest/gtest.h>

#include <string>
#include <variant>

#include "backend/cuda/lowerer.h"
#include "tests/unit/backend/cuda/op_checks.h"

namespace kiln::backend::cuda::constant_test {
namespace {

Expected<LoweredProgram> lower_text(const std::string& text) {
  return testing::lower_program_text(text);
}

int kernel_steps(const LoweredProgram& p) {
  int n = 0;
  for (const Step& s : p.main.steps) n += std::holds_alternative<KernelStep>(s);
  return n;
}

// A splat of `n` f32 ones, returned and added to the argument.
std::string splat_program(int64_t n) {
  const std::string t = "tensor<" + std::to_string(n) + "xf32>";
  return "func.func @main(%x: " + t + ") -> (" + t + ", " + t + ") {\n"
         "  %c = stablehlo.constant dense<1.5> : " + t + "\n"
         "  %s = stablehlo.add %x, %c : " + t + "\n"
         "  return %c, %s : " + t + ", " + t + "\n}\n";
}

TEST(CudaConstant, SmallSplatIsStoredInTheConstantsBuffer) {
  auto p = lower_text(splat_program(16));
  ASSERT_TRUE(p.ok()) << p.error().message();
  EXPECT_GE(p->constants.size(), 64u);
}

TEST(CudaConstant, LargeSplatIsWrittenByAKernel) {
  auto p = lower_text(splat_program(1 << 16));
  ASSERT_TRUE(p.ok()) << p.error().message();
  EXPECT_LT(p->constants.size(), 1024u) << "the splat's 256 KiB are not stored";
  EXPECT_GE(kernel_steps(*p), 2) << "one kernel writes the splat, one adds";
  EXPECT_GE(p->arena_bytes, 2 * (1 << 16) * 4);
}

TEST(CudaConstant, HugeSplatCompilesWithoutHoldingItsBytes) {
  // 400 GB: the arena's size says so; allocating it is the run's error, not the compiler's.
  auto p = lower_text(
      "func.func @main() -> tensor<100000000000xf32> {\n"
      "  %c = stablehlo.constant dense<1.0> : tensor<100000000000xf32>\n"
      "  return %c : tensor<100000000000xf32>\n}\n");
  ASSERT_TRUE(p.ok()) << p.error().message();
  EXPECT_EQ(p->arena_bytes, int64_t{400000000000});
  EXPECT_LT(p->constants.size(), 1024u);
}

// A library plan's state (Plan::state_bytes): zero bytes of the constants buffer, aligned,
// after the constants before it and never given out twice.
TEST(CudaConstant, ZeroedStateIsFreshZeroBytesOfTheConstantsBuffer) {
  auto module = frontend::parse_module_text(splat_program(16), "state.mlir");
  ASSERT_TRUE(module.ok()) << module.error().message();
  Lowerer l(**module, LowerOptions{});
  const BufferRef a = l.zeroed_state(12);
  const BufferRef b = l.zeroed_state(12);
  for (const BufferRef& r : {a, b}) {
    EXPECT_EQ(r.space, BufferRef::Space::kConstants);
    EXPECT_EQ(r.bytes, 12);
    EXPECT_EQ(r.offset % ArenaPlanner::kAlignment, 0);
    ASSERT_LE(r.offset + r.bytes, std::ssize(l.constants()));
    for (int64_t i = 0; i < r.bytes; ++i) {
      EXPECT_EQ(l.constants()[static_cast<size_t>(r.offset + i)], std::byte{0});
    }
  }
  EXPECT_GE(b.offset, a.offset + a.bytes);
}

TEST(CudaConstant, SplatsOnTheGpuMatchTheCpuBackend) {
  testing::expect_matches_the_cpu_backend(splat_program(16));
  testing::expect_matches_the_cpu_backend(splat_program((1 << 16) + 3));
}

}  // namespace
}  // namespace kiln::backend::cuda::constant_test
