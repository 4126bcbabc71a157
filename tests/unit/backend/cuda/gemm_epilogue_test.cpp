// kiln.gemm on the cuda backend: which composites become one cuBLASLt matmul with a fused
// epilogue (bias, relu, tanh GELU, residual as C) and which keep their region (silu, the erf
// GELU, a residual after an activation, a region the config misdescribes) — without a GPU; and,
// on a GPU, each epilogue against the interpreter on random inputs of ragged and batched shapes.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include "tests/unit/backend/cuda/gemm_test_programs.h"

namespace kiln::backend::cuda {
namespace {

using ::kiln::cuda::GemmEpilogue;
using testing::Dense;

TEST(GemmEpilogue, BiasReluIsOneGemmWithTheEpilogue) {
  auto p = testing::lower_optimized(testing::dense_program({.bias = true, .act = "relu"}));
  ASSERT_TRUE(p.ok()) << p.error().message();
  EXPECT_EQ(p->gemm_count, 1);
  EXPECT_EQ(p->kernel_count, 0);
  const GemmStep* g = testing::first_gemm(*p);
  ASSERT_NE(g, nullptr);
  EXPECT_EQ(g->desc.epilogue, GemmEpilogue::kRelu);
  EXPECT_TRUE(g->desc.bias);
  EXPECT_FALSE(g->desc.accumulate);
  EXPECT_EQ(g->bias, p->inputs[2]);  // the bias vector as given: n elements of D's type
  EXPECT_EQ(g->bias.bytes, 32 * 4);
  EXPECT_NE(g->what.find("kiln.gemm"), std::string::npos) << g->what;
}

TEST(GemmEpilogue, ReluWithoutBiasIsOneGemm) {
  auto p = testing::lower_optimized(testing::dense_program({.act = "relu"}));
  ASSERT_TRUE(p.ok()) << p.error().message();
  EXPECT_EQ(p->kernel_count, 0);
  const GemmStep* g = testing::first_gemm(*p);
  ASSERT_NE(g, nullptr);
  EXPECT_EQ(g->desc.epilogue, GemmEpilogue::kRelu);
  EXPECT_FALSE(g->desc.bias);
}

// cuBLASLt's GELU approximates tanh, too coarsely for an f32 result: the GEMM takes the bias,
// a generated kernel the GELU.
TEST(GemmEpilogue, F32GeluTanhStaysAGeneratedKernel) {
  auto p = testing::lower_optimized(testing::dense_program({.bias = true, .act = "gelu_tanh"}));
  ASSERT_TRUE(p.ok()) << p.error().message();
  EXPECT_EQ(p->gemm_count, 1);
  EXPECT_GE(p->kernel_count, 1);
  const GemmStep* g = testing::first_gemm(*p);
  ASSERT_NE(g, nullptr);
  EXPECT_EQ(g->desc.epilogue, GemmEpilogue::kNone);
}

// (x @ W + b) + r: the residual is cuBLASLt's C with beta = 1, its own buffer.
TEST(GemmEpilogue, ResidualIsCWithBetaOne) {
  auto p = testing::lower_optimized(testing::dense_program({.bias = true, .residual = true}));
  ASSERT_TRUE(p.ok()) << p.error().message();
  EXPECT_EQ(p->kernel_count, 0);
  const GemmStep* g = testing::first_gemm(*p);
  ASSERT_NE(g, nullptr);
  EXPECT_TRUE(g->desc.accumulate);
  EXPECT_TRUE(g->desc.bias);
  EXPECT_EQ(g->desc.epilogue, GemmEpilogue::kNone);
  EXPECT_EQ(g->residual, p->inputs[3]);
  EXPECT_NE(g->residual, g->c);
}

TEST(GemmEpilogue, BatchedBiasIsOneStridedGemm) {
  auto p = testing::lower_optimized(testing::dense_program({.batch = 3, .bias = true, .act = "relu"}));
  ASSERT_TRUE(p.ok()) << p.error().message();
  EXPECT_EQ(p->kernel_count, 0);
  const GemmStep* g = testing::first_gemm(*p);
  ASSERT_NE(g, nullptr);
  EXPECT_EQ(g->desc.batch, 3);
  EXPECT_TRUE(g->desc.bias);
}

// bf16 operands summed into f32 and rounded back to bf16 before the epilogue: the region
// rounds after each op of the epilogue, cuBLASLt once, so the GEMM writes cuBLASLt's bf16 D
// (its f32 sum rounded once, as the region's convert does) and a generated kernel the rest.
TEST(GemmEpilogue, Bf16EpilogueStaysGeneratedAfterABf16Gemm) {
  auto p = testing::lower_optimized(
      testing::dense_program({.type = "bf16", .acc = "f32", .bias = true, .act = "gelu_tanh"}));
  ASSERT_TRUE(p.ok()) << p.error().message();
  EXPECT_GE(p->kernel_count, 1);
  const GemmStep* g = testing::first_gemm(*p);
  ASSERT_NE(g, nullptr);
  EXPECT_EQ(g->desc.epilogue, GemmEpilogue::kNone);
}

// Keeping the region: the product on cuBLASLt without an epilogue, then a generated kernel.
void expect_region_kept(const Dense& d) {
  SCOPED_TRACE(testing::dense_program(d));
  auto p = testing::lower_optimized(testing::dense_program(d));
  ASSERT_TRUE(p.ok()) << p.error().message();
  EXPECT_EQ(p->gemm_count, 1);
  EXPECT_GE(p->kernel_count, 1);
  const GemmStep* g = testing::first_gemm(*p);
  ASSERT_NE(g, nullptr);
  EXPECT_EQ(g->desc.epilogue, GemmEpilogue::kNone);
  EXPECT_FALSE(g->desc.bias);
  EXPECT_FALSE(g->desc.accumulate);
}

TEST(GemmEpilogue, SiluKeepsItsRegion) { expect_region_kept({.bias = true, .act = "silu"}); }

TEST(GemmEpilogue, GeluErfKeepsItsRegion) { expect_region_kept({.bias = true, .act = "gelu_erf"}); }

// cuBLASLt applies its activation after adding C; the region adds the residual after it.
TEST(GemmEpilogue, ResidualAfterAnActivationKeepsItsRegion) {
  expect_region_kept({.bias = true, .act = "relu", .residual = true});
}

// f64 has no epilogues here.
TEST(GemmEpilogue, F64KeepsItsRegion) { expect_region_kept({.type = "f64", .bias = true, .act = "relu"}); }

// A bias along only part of the output features (W's free dimensions [4, 8], the bias [8]).
TEST(GemmEpilogue, BiasAlongPartOfTheFeaturesKeepsItsRegion) {
  auto p = testing::lower_optimized(testing::partial_bias_program());
  ASSERT_TRUE(p.ok()) << p.error().message();
  const GemmStep* g = testing::first_gemm(*p);
  ASSERT_NE(g, nullptr);
  EXPECT_FALSE(g->desc.bias);
  EXPECT_GE(p->kernel_count, 1);
}

// A bias over both of W's free dimensions ([4, 8], the bias [4, 8]) is the whole feature vector.
TEST(GemmEpilogue, BiasOverSeveralFeatureDimensionsIsFused) {
  auto p = testing::lower_optimized(testing::two_feature_dims_program());
  ASSERT_TRUE(p.ok()) << p.error().message();
  const GemmStep* g = testing::first_gemm(*p);
  ASSERT_NE(g, nullptr);
  EXPECT_TRUE(g->desc.bias);
  EXPECT_EQ(g->desc.m, 32);
  EXPECT_EQ(p->kernel_count, 0);
}

// The region is the truth: a config that names another activation, or hides the bias, keeps
// the region (which computes what it says).
TEST(GemmEpilogue, ConfigThatMisdescribesTheRegionKeepsIt) {
  for (const char* config : {R"({bias = true, activation = "gelu_tanh", residual = false})",
                             R"({bias = false, activation = "relu", residual = false})",
                             R"({bias = true, activation = "none", residual = false})",
                             R"({activation = "relu"})"}) {
    SCOPED_TRACE(config);
    auto p = testing::lower_text(testing::handwritten_gemm(config, "relu"));
    ASSERT_TRUE(p.ok()) << p.error().message();
    const GemmStep* g = testing::first_gemm(*p);
    ASSERT_NE(g, nullptr);
    EXPECT_EQ(g->desc.epilogue, GemmEpilogue::kNone);
    EXPECT_GE(p->kernel_count, 1);
  }
  auto p = testing::lower_text(
      testing::handwritten_gemm(R"({bias = true, activation = "relu", residual = false})", "relu"));
  ASSERT_TRUE(p.ok()) << p.error().message();
  ASSERT_NE(testing::first_gemm(*p), nullptr);
  EXPECT_EQ(testing::first_gemm(*p)->desc.epilogue, GemmEpilogue::kRelu);
}

// relu spelled as max(x, 0) with the zero first, and as a clamp-free minimum of negations.
TEST(GemmEpilogue, ActivationIsRecognisedByWhatItComputes) {
  auto p = testing::lower_text(
      testing::handwritten_gemm(R"({bias = true, activation = "relu", residual = false})", "relu_negated"));
  ASSERT_TRUE(p.ok()) << p.error().message();
  ASSERT_NE(testing::first_gemm(*p), nullptr);
  EXPECT_EQ(testing::first_gemm(*p)->desc.epilogue, GemmEpilogue::kRelu);
  // relu(x) - 0.01 x is not relu, nor is relu(2^80 x) (each value evaluated once per probe).
  for (const char* form : {"leaky", "doubling"}) {
    SCOPED_TRACE(form);
    p = testing::lower_text(
        testing::handwritten_gemm(R"({bias = true, activation = "relu", residual = false})", form));
    ASSERT_TRUE(p.ok()) << p.error().message();
    ASSERT_NE(testing::first_gemm(*p), nullptr);
    EXPECT_EQ(testing::first_gemm(*p)->desc.epilogue, GemmEpilogue::kNone);
  }
}

// NVRTC compiles what the fallbacks generate (no GPU needed).
TEST(GemmEpilogue, EveryCaseCompiles) {
  for (const Dense& d : testing::epilogue_cases()) {
    SCOPED_TRACE(testing::dense_program(d));
    auto module = testing::parse(testing::dense_program(d));
    ASSERT_TRUE(module);
    ASSERT_TRUE(passes::optimize(*module, 2).ok());
    auto exe = compile_cuda(*module, {});
    ASSERT_TRUE(exe.ok()) << exe.error().message();
  }
}

// On a GPU: each case optimised at O2 on the cuda backend against the program as written on
// the interpreter, on random inputs.
TEST(GemmEpilogue, EveryCaseMatchesTheInterpreter) {
  std::string why;
  if (!testing::have_gpu(why)) GTEST_SKIP() << "no GPU: " << why;
  for (const Dense& d : testing::epilogue_cases()) testing::expect_optimized_matches_interpreter(testing::dense_program(d));
}

}  // namespace
}  // namespace kiln::backend::cuda
