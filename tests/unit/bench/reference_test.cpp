// Kernel inputs (byte-identical to `kiln run`'s), comparisons with tolerance, and the rendering
// of definitions.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>

#include "bench/reference.h"
#include "kiln/kiln.h"
#include "kernels/cuda/registry.h"

namespace kiln::bench {
namespace {

using ir::ElementKind;
using ir::ElementType;

// `kiln run --random-inputs SEED` (the public API's random inputs) and the bench's reference
// check draw byte-identical inputs for a kernel's definition from the same seed.
TEST(Reference, RandomInputsAreByteIdenticalToKilnRun) {
  auto k = kernels::find_kernel("add");
  ASSERT_TRUE(k.ok());
  for (ElementType dtype : {ElementType(ElementKind::kF32), ElementType(ElementKind::kBF16)}) {
    auto p = (*k)->make_problem({37, 129}, dtype);
    ASSERT_TRUE(p.ok());
    for (const auto& t : p->inputs) ASSERT_TRUE(t.lo == -1 && t.hi == 1) << "default ranges";
    auto text = kernels::render_stablehlo(**k, *p);
    ASSERT_TRUE(text.ok());
    auto module = kiln::load_text(*text, "add.mlir");
    ASSERT_TRUE(module.ok()) << module.error().message();
    auto exe = kiln::compile(*module);
    ASSERT_TRUE(exe.ok()) << exe.error().message();
    for (uint64_t seed : {1u, 42u}) {
      auto run_inputs = exe->random_inputs(seed);
      auto bench_inputs = random_inputs(*p, seed);
      ASSERT_TRUE(run_inputs.ok() && bench_inputs.ok());
      ASSERT_EQ(run_inputs->size(), bench_inputs->size());
      for (size_t i = 0; i < bench_inputs->size(); ++i) {
        std::span<const std::byte> a = (*run_inputs)[i].bytes();
        const interp::Tensor& b = (*bench_inputs)[i];
        ASSERT_EQ(a.size(), b.size_bytes());
        EXPECT_EQ(std::memcmp(a.data(), b.raw(), a.size()), 0) << "input " << i << " seed " << seed;
      }
    }
  }
}

// A kernel output compared with the interpreter's for exp at 1000 elements.
struct ExpCase : ::testing::Test {
  void SetUp() override {
    auto k = kernels::find_kernel("exp");
    ASSERT_TRUE(k.ok());
    spec = *k;
    auto pr = spec->make_problem({1000}, ElementKind::kF32);
    ASSERT_TRUE(pr.ok());
    p = *pr;
    auto in = random_inputs(p, 5);
    ASSERT_TRUE(in.ok());
    auto ref = reference_outputs(*spec, p, *in);
    ASSERT_TRUE(ref.ok()) << ref.error().message();
    expected = *ref;
  }
  const kernels::KernelSpec* spec = nullptr;
  kernels::Problem p;
  std::vector<interp::Tensor> expected;
};

TEST_F(ExpCase, InterpreterMatchesStdExp) {
  auto in = random_inputs(p, 5);
  const float* x = in->front().data<float>();
  const float* y = expected.front().data<float>();
  for (int i = 0; i < 1000; ++i) EXPECT_NEAR(y[i], std::exp(x[i]), 1e-6 * std::exp(x[i]));
}

TEST_F(ExpCase, IdenticalOutputsPass) {
  EXPECT_TRUE(compare_outputs(*spec, p, expected, expected).passed);
}

TEST_F(ExpCase, OneNanFails) {
  auto got = expected;
  auto copy = interp::Tensor::allocate(got[0].type());
  std::memcpy(copy->raw(), got[0].raw(), got[0].size_bytes());
  copy->data<float>()[17] = std::nanf("");
  got[0] = *copy;
  Comparison c = compare_outputs(*spec, p, got, expected);
  EXPECT_FALSE(c.passed);
  EXPECT_EQ(c.mismatches, 1);
  EXPECT_NE(c.worst_mismatch.find("out0[17]"), std::string::npos) << c.worst_mismatch;
}

TEST_F(ExpCase, ErrorBeyondToleranceFails) {
  auto copy = interp::Tensor::allocate(expected[0].type());
  std::memcpy(copy->raw(), expected[0].raw(), expected[0].size_bytes());
  copy->data<float>()[3] *= 1.001f;
  std::vector<interp::Tensor> got{*copy};
  EXPECT_FALSE(compare_outputs(*spec, p, got, expected).passed);
}

// Large outputs are compared on several threads; the report still names the first of equally
// bad mismatches and counts every one.
TEST(Reference, LargeComparisonsReportTheFirstWorstMismatchAndCountAll) {
  auto k = kernels::find_kernel("exp");
  ASSERT_TRUE(k.ok());
  const int64_t n = 1 << 20;
  auto p = (*k)->make_problem({n}, ElementKind::kBF16);
  ASSERT_TRUE(p.ok());
  auto ref = random_inputs(*p, 3);  // any values: compared with a copy of themselves
  ASSERT_TRUE(ref.ok());
  auto copy = interp::Tensor::allocate(ref->front().type());
  ASSERT_TRUE(copy.ok());
  std::memcpy(copy->raw(), ref->front().raw(), ref->front().size_bytes());
  auto* bits = reinterpret_cast<uint16_t*>(copy->raw());
  for (int64_t i : {n - 5, n / 2 + 1, int64_t{70001}}) bits[i] = 0x7fc0;  // NaN
  std::vector<interp::Tensor> got{*copy};
  Comparison c = compare_outputs(**k, *p, got, *ref);
  EXPECT_FALSE(c.passed);
  EXPECT_EQ(c.mismatches, 3);
  EXPECT_NE(c.worst_mismatch.find("out0[70001]"), std::string::npos) << c.worst_mismatch;
  EXPECT_TRUE(compare_outputs(**k, *p, *ref, *ref).passed);
}

TEST(Reference, DefinitionPlaceholdersAreFilled) {
  auto k = kernels::find_kernel("exp");
  ASSERT_TRUE(k.ok());
  auto p = (*k)->make_problem({3, 5}, ElementKind::kBF16);
  auto text = kernels::render_stablehlo(**k, *p);
  ASSERT_TRUE(text.ok());
  EXPECT_NE(text->find("tensor<3x5xbf16>"), std::string::npos);
  EXPECT_NE(text->find("tensor<3x5xf32>"), std::string::npos);
  EXPECT_EQ(text->find("{in0"), std::string::npos);
}

// {SCALE} is the problem's scale as an f32; {Da/Db} a quotient of two dimensions, left as it
// is where the divisor is 0.
TEST(Reference, ScaleAndDimensionQuotientPlaceholdersAreFilled) {
  kernels::KernelSpec s;
  s.stablehlo = "dense<{SCALE}> tensor<{D1/D2}xf32> {D1/D0}";
  kernels::Problem p{{0, 8, 2}, ElementKind::kF32, {}, {}};
  p.scale = 0.125;
  auto text = kernels::render_stablehlo(s, p);
  ASSERT_TRUE(text.ok());
  EXPECT_EQ(*text, "dense<1.25000000e-01> tensor<4xf32> {D1/D0}");
}

TEST(Reference, ShapesParse) {
  EXPECT_EQ(*kernels::parse_shape("4096x1024"), (kernels::Shape{4096, 1024}));
  EXPECT_EQ(*kernels::parse_shape("scalar"), kernels::Shape{});
  EXPECT_FALSE(kernels::parse_shape("4096xx1").ok());
  EXPECT_FALSE(kernels::parse_shape("-3").ok());
}

}  // namespace
}  // namespace kiln::bench
