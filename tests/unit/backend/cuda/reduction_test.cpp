// The cuda backend's cooperative reductions: the strategy choose_reduction picks for each
// shape, the kernels each program lowers to (compiled through NVRTC, no GPU needed), and on a
// GPU every strategy against the interpreter on random inputs: whole-tensor sums, max and a
// variadic argmax, column and middle-dimension sums, long rows, ragged sizes, a fused producer
// and a fused consumer, several reduces in one kernel.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <string>
#include <vector>

#include "api/impl.h"
#include "backend/cuda/codegen/reduction_strategy.h"
#include "backend/cuda/cuda_backend.h"
#include "backend/cuda/executable.h"
#include "kiln/kiln.h"
#include "runtime/cuda/device.h"

namespace kiln::backend::cuda {
namespace {

ReductionShape reduction_shape(int64_t outputs, int64_t reduced, bool rows,
                               bool reorderable = true) {
  return ReductionShape{outputs, reduced, rows, reorderable};
}

TEST(ReductionStrategy, WholeTensorSplitsOverOneWaveOfBlocks) {
  const ReductionPlan p = choose_reduction(reduction_shape(1, int64_t{1} << 24, true), 132);
  EXPECT_EQ(p.strategy, ReductionStrategy::kGroupPerRow);
  EXPECT_EQ(p.group, kReductionBlock);
  EXPECT_EQ(p.splits, 132 * 2048 / kReductionBlock);
  EXPECT_GE(p.chunk * p.splits, int64_t{1} << 24);
  EXPECT_LT(p.chunk * (p.splits - 1), int64_t{1} << 24);  // no empty slice
}

TEST(ReductionStrategy, LargeReadsFillTheGpuFourTimes) {
  ReductionShape shape = reduction_shape(1, int64_t{1} << 25, true);
  shape.bytes = int64_t{4} << 25;  // 128 MiB of f32
  const ReductionPlan p = choose_reduction(shape, 132);
  EXPECT_EQ(p.splits, 4 * 132 * 2048 / kReductionBlock);
  shape.bytes = int64_t{64} << 20;  // at the threshold: one wave
  EXPECT_EQ(choose_reduction(shape, 132).splits, 132 * 2048 / kReductionBlock);
}

TEST(ReductionStrategy, SmallWholeTensorKeepsEightElementsAThread) {
  const ReductionPlan p = choose_reduction(reduction_shape(1, 100003, true), 132);
  EXPECT_EQ(p.group, kReductionBlock);
  EXPECT_EQ(p.splits, 48);  // 100003 / (256 * 8) slices at most
  EXPECT_LT(p.chunk * (p.splits - 1), 100003);
}

TEST(ReductionStrategy, ColumnsSplitWhenTooFewOutputs) {
  const ReductionPlan p = choose_reduction(reduction_shape(1024, 4096, false), 132);
  EXPECT_EQ(p.strategy, ReductionStrategy::kColumnSplit);
  EXPECT_EQ(p.splits, 128);  // 32 rows a slice at least
  EXPECT_EQ(p.chunk, 32);
}

TEST(ReductionStrategy, ManyColumnsStayOneThreadEach) {
  EXPECT_EQ(choose_reduction(reduction_shape(1 << 20, 64, false), 132).strategy,
            ReductionStrategy::kThreadPerOutput);
  // Too few elements to split.
  EXPECT_EQ(choose_reduction(reduction_shape(5000, 21, false), 132).strategy,
            ReductionStrategy::kThreadPerOutput);
}

TEST(ReductionStrategy, ManyRowsKeepAWarpEach) {
  const ReductionPlan p = choose_reduction(reduction_shape(65536, 1024, true), 132);
  EXPECT_EQ(p.strategy, ReductionStrategy::kGroupPerRow);
  EXPECT_EQ(p.group, 32);
  EXPECT_EQ(p.splits, 1);
}

TEST(ReductionStrategy, FewLongRowsTakeABlockEach) {
  const ReductionPlan one = choose_reduction(reduction_shape(2048, 5000, true), 132);
  EXPECT_EQ(one.group, kReductionBlock);
  EXPECT_EQ(one.splits, 1);
  const ReductionPlan split = choose_reduction(reduction_shape(4, 300007, true), 132);
  EXPECT_EQ(split.group, kReductionBlock);
  EXPECT_EQ(split.splits, 300007 / 2048);
}

TEST(ReductionStrategy, ShortRowsStaySerial) {
  EXPECT_EQ(choose_reduction(reduction_shape(8, 31, true), 132).strategy,
            ReductionStrategy::kThreadPerOutput);
}

TEST(ReductionStrategy, NotReorderableStaysSerial) {
  EXPECT_EQ(choose_reduction(reduction_shape(1, 1 << 24, true, false), 132).strategy,
            ReductionStrategy::kThreadPerOutput);
  EXPECT_EQ(choose_reduction(reduction_shape(1024, 4096, false, false), 132).strategy,
            ReductionStrategy::kThreadPerOutput);
}

TEST(ReductionStrategy, UnknownSmCountAssumesAnH100) {
  const ReductionPlan unknown = choose_reduction(reduction_shape(1, 1 << 24, true), 0);
  const ReductionPlan h100 = choose_reduction(reduction_shape(1, 1 << 24, true), kDefaultSmCount);
  EXPECT_EQ(unknown.splits, h100.splits);
  EXPECT_LT(choose_reduction(reduction_shape(1, 1 << 24, true), 66).splits, h100.splits);
}

// ---- the programs ----

// A whole-tensor sum of `n` elements of `type` (the body in `type` too).
std::string whole_sum(const std::string& type, int64_t n) {
  return fmt::format(R"(
func.func @main(%x: tensor<{0}x{1}>) -> tensor<{1}> {{
  %z = stablehlo.constant dense<{2}> : tensor<{1}>
  %r = stablehlo.reduce(%x init: %z) applies stablehlo.add across dimensions = [0] : (tensor<{0}x{1}>, tensor<{1}>) -> tensor<{1}>
  return %r : tensor<{1}>
}}
)",
                     n, type, type[0] == 'i' ? "0" : "0.0");
}

// A bf16 sum as JAX writes it: in f32, rounded to bf16 once.
const char* const kBf16SumInF32 = R"(
func.func @main(%x: tensor<1000003xbf16>) -> tensor<bf16> {
  %w = stablehlo.convert %x : (tensor<1000003xbf16>) -> tensor<1000003xf32>
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %r = stablehlo.reduce(%w init: %z) applies stablehlo.add across dimensions = [0] : (tensor<1000003xf32>, tensor<f32>) -> tensor<f32>
  %b = stablehlo.convert %r : (tensor<f32>) -> tensor<bf16>
  return %b : tensor<bf16>
}
)";

const char* const kWholeMax = R"(
func.func @main(%x: tensor<7x150001xf32>) -> tensor<f32> {
  %z = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %r = stablehlo.reduce(%x init: %z) applies stablehlo.maximum across dimensions = [0, 1] : (tensor<7x150001xf32>, tensor<f32>) -> tensor<f32>
  return %r : tensor<f32>
}
)";

// JAX's argmax: the larger value, the smaller index among equals.
const char* const kArgmax = R"(
func.func @main(%x: tensor<1000003xf32>) -> (tensor<f32>, tensor<i32>) {
  %i = stablehlo.iota dim = 0 : tensor<1000003xi32>
  %lo = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %zi = stablehlo.constant dense<0> : tensor<i32>
  %r:2 = stablehlo.reduce(%x init: %lo), (%i init: %zi) across dimensions = [0] : (tensor<1000003xf32>, tensor<1000003xi32>, tensor<f32>, tensor<i32>) -> (tensor<f32>, tensor<i32>)
    reducer(%a: tensor<f32>, %b: tensor<f32>) (%ia: tensor<i32>, %ib: tensor<i32>) {
      %gt = stablehlo.compare GT, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %eq = stablehlo.compare EQ, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %lt = stablehlo.compare LT, %ia, %ib : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %tie = stablehlo.and %eq, %lt : tensor<i1>
      %take = stablehlo.or %gt, %tie : tensor<i1>
      %v = stablehlo.select %take, %a, %b : tensor<i1>, tensor<f32>
      %j = stablehlo.select %take, %ia, %ib : tensor<i1>, tensor<i32>
      stablehlo.return %v, %j : tensor<f32>, tensor<i32>
    }
  return %r#0, %r#1 : tensor<f32>, tensor<i32>
}
)";

// A sum over `dims` of a tensor of `shape` ("4096x1024") to `result` ("1024").
std::string sum_over(const std::string& shape, const std::string& dims, const std::string& result) {
  return fmt::format(R"(
func.func @main(%x: tensor<{0}xf32>) -> tensor<{2}xf32> {{
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %r = stablehlo.reduce(%x init: %z) applies stablehlo.add across dimensions = [{1}] : (tensor<{0}xf32>, tensor<f32>) -> tensor<{2}xf32>
  return %r : tensor<{2}xf32>
}}
)",
                     shape, dims, result);
}

// sum(exp(x)) over the leading dimension (the producer fused at O2), divided by the count (a
// consumer), and the mean and mean square of x over the same dimension (two reduces of one
// operand in one kernel).
const char* const kFusedColumns = R"(
func.func @main(%x: tensor<3001x257xf32>) -> (tensor<257xf32>, tensor<257xf32>, tensor<257xf32>) {
  %e = stablehlo.exponential %x : tensor<3001x257xf32>
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %s = stablehlo.reduce(%e init: %z) applies stablehlo.add across dimensions = [0] : (tensor<3001x257xf32>, tensor<f32>) -> tensor<257xf32>
  %n = stablehlo.constant dense<3001.0> : tensor<257xf32>
  %mean_e = stablehlo.divide %s, %n : tensor<257xf32>
  %sq = stablehlo.multiply %x, %x : tensor<3001x257xf32>
  %s1 = stablehlo.reduce(%x init: %z) applies stablehlo.add across dimensions = [0] : (tensor<3001x257xf32>, tensor<f32>) -> tensor<257xf32>
  %s2 = stablehlo.reduce(%sq init: %z) applies stablehlo.add across dimensions = [0] : (tensor<3001x257xf32>, tensor<f32>) -> tensor<257xf32>
  %mean = stablehlo.divide %s1, %n : tensor<257xf32>
  %meansq = stablehlo.divide %s2, %n : tensor<257xf32>
  return %mean_e, %mean, %meansq : tensor<257xf32>, tensor<257xf32>, tensor<257xf32>
}
)";

// The same over the whole tensor: sum(exp(x)) and sum(x * x) of one operand, with a consumer.
const char* const kFusedWhole = R"(
func.func @main(%x: tensor<999983xf32>) -> (tensor<f32>, tensor<f32>) {
  %e = stablehlo.exponential %x : tensor<999983xf32>
  %sq = stablehlo.multiply %x, %x : tensor<999983xf32>
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %s = stablehlo.reduce(%e init: %z) applies stablehlo.add across dimensions = [0] : (tensor<999983xf32>, tensor<f32>) -> tensor<f32>
  %q = stablehlo.reduce(%sq init: %z) applies stablehlo.add across dimensions = [0] : (tensor<999983xf32>, tensor<f32>) -> tensor<f32>
  %two = stablehlo.constant dense<2.0> : tensor<f32>
  %l = stablehlo.multiply %s, %two : tensor<f32>
  return %l, %q : tensor<f32>, tensor<f32>
}
)";

// ---- lowering, without a GPU ----

// The generated CUDA text of `text` after the pipeline at `level`, its kernels compiled by
// NVRTC; empty, with the failure recorded, where it does not lower or compile.
std::string generated_source(const std::string& text, int level) {
  auto module = ::kiln::load_text(text, "reduction.mlir");
  if (!module.ok()) {
    ADD_FAILURE() << module.error().message();
    return "";
  }
  auto optimized = ::kiln::optimize(*module, level);
  if (!optimized.ok()) {
    ADD_FAILURE() << optimized.error().message();
    return "";
  }
  auto exe = compile_cuda(*optimized->impl().module, {});
  if (!exe.ok()) {
    ADD_FAILURE() << exe.error().message();
    return "";
  }
  std::string source;
  for (const KernelModule& m : (*exe)->program().modules) source += m.source;
  return source;
}

// Lowers `text` at O0 and O2 and expects `marker` in the generated text of both.
void expect_lowered_with(const std::string& text, const std::string& marker) {
  for (int level : {0, 2}) {
    const std::string source = generated_source(text, level);
    EXPECT_NE(source.find(marker), std::string::npos) << "O" << level << ":\n" << source;
  }
}

TEST(ReductionKernels, WholeTensorSumSplitsAndCombines) {
  expect_lowered_with(whole_sum("f32", 1000003),
                      "reduction: rows of 1 outputs x 1000003 elements, 256 per group, 488 slices");
  expect_lowered_with(whole_sum("f32", 1000003), "_combine(");
  expect_lowered_with(whole_sum("f64", 1000003), "256 per group");
  expect_lowered_with(whole_sum("i32", 1000003), "256 per group");
  expect_lowered_with(kBf16SumInF32, "256 per group");
}

TEST(ReductionKernels, NarrowFloatSumKeepsTheInterpretersOrder) {
  for (int level : {0, 2}) {
    const std::string source = generated_source(whole_sum("bf16", 20011), level);
    EXPECT_FALSE(source.empty());
    EXPECT_EQ(source.find("reduction:"), std::string::npos) << "O" << level << ":\n" << source;
    // Nor row_reduction's warp: one thread folds the row in order.
    EXPECT_EQ(source.find("kg::shfl_xor(acc"), std::string::npos) << "O" << level << ":\n"
                                                                  << source;
  }
}

TEST(ReductionKernels, MaxAndArgmaxSplit) {
  expect_lowered_with(kWholeMax, "reduction: rows of 1 outputs x 1050007 elements");
  expect_lowered_with(kArgmax, "reduction: rows of 1 outputs x 1000003 elements");
}

TEST(ReductionKernels, ColumnsSplit) {
  expect_lowered_with(
      sum_over("4096x1024", "0", "1024"),
      "reduction: split columns of 1024 outputs x 4096 elements, 1 per group, 128 slices");
  // The reduced dimension in the middle: 64 x 5 outputs.
  expect_lowered_with(sum_over("64x2001x5", "1", "64x5"),
                      "reduction: split columns of 320 outputs x 2001 elements");
  expect_lowered_with(sum_over("3000x7x130", "0", "7x130"),
                      "reduction: split columns of 910 outputs x 3000 elements");
}

TEST(ReductionKernels, LongRowsTakeABlock) {
  expect_lowered_with(sum_over("2048x5000", "1", "2048"),
                      "reduction: rows of 2048 outputs x 5000 elements, 256 per group, 1 slices");
  expect_lowered_with(sum_over("4x300007", "1", "4"),
                      "reduction: rows of 4 outputs x 300007 elements, 256 per group, 146 slices");
}

TEST(ReductionKernels, FusedReducesShareOneKernel) {
  // The three reduces of one operand shape: one split kernel, the exponential computed in it.
  const std::string columns = generated_source(kFusedColumns, 2);
  EXPECT_NE(columns.find("reduction: split columns of 257 outputs x 3001 elements"),
            std::string::npos)
      << columns;
  const std::string whole = generated_source(kFusedWhole, 2);
  EXPECT_NE(whole.find("reduction: rows of 1 outputs x 999983 elements"), std::string::npos)
      << whole;
}

// The mean and the mean square of one tensor as the sibling fusion (O3) makes them: one
// fusion whose two reduces are separated by the first one's consumer.
const char* const kMoments = R"(
func.func @main(%x: tensor<3001x257xf32>) -> (tensor<257xf32>, tensor<257xf32>) {
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %n = stablehlo.constant dense<3001.0> : tensor<257xf32>
  %s = stablehlo.reduce(%x init: %z) applies stablehlo.add across dimensions = [0] : (tensor<3001x257xf32>, tensor<f32>) -> tensor<257xf32>
  %m = stablehlo.divide %s, %n : tensor<257xf32>
  %sq = stablehlo.multiply %x, %x : tensor<3001x257xf32>
  %s2 = stablehlo.reduce(%sq init: %z) applies stablehlo.add across dimensions = [0] : (tensor<3001x257xf32>, tensor<f32>) -> tensor<257xf32>
  %m2 = stablehlo.divide %s2, %n : tensor<257xf32>
  return %m, %m2 : tensor<257xf32>, tensor<257xf32>
}
)";

// The same over rows (a warp per row: several reduces are this emitter's, one is
// row_reduction's).
const char* const kRowMoments = R"(
func.func @main(%x: tensor<4096x1000xf32>) -> (tensor<4096xf32>, tensor<4096xf32>) {
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %n = stablehlo.constant dense<1000.0> : tensor<4096xf32>
  %s = stablehlo.reduce(%x init: %z) applies stablehlo.add across dimensions = [1] : (tensor<4096x1000xf32>, tensor<f32>) -> tensor<4096xf32>
  %m = stablehlo.divide %s, %n : tensor<4096xf32>
  %sq = stablehlo.multiply %x, %x : tensor<4096x1000xf32>
  %s2 = stablehlo.reduce(%sq init: %z) applies stablehlo.add across dimensions = [1] : (tensor<4096x1000xf32>, tensor<f32>) -> tensor<4096xf32>
  %m2 = stablehlo.divide %s2, %n : tensor<4096xf32>
  return %m, %m2 : tensor<4096xf32>, tensor<4096xf32>
}
)";

TEST(ReductionKernels, SiblingRowReducesShareAWarpPerRow) {
  const std::string source = generated_source(kRowMoments, 3);
  const size_t at =
      source.find("reduction: rows of 4096 outputs x 1000 elements, 32 per group, 1 slices");
  ASSERT_NE(at, std::string::npos) << source;
  const size_t signature_end = source.find('{', at);
  EXPECT_NE(source.substr(at, signature_end - at).find("float* __restrict__ o1,"),
            std::string::npos)
      << source;
}

TEST(ReductionKernels, SiblingReducesShareOnePass) {
  const std::string source = generated_source(kMoments, 3);
  const size_t at = source.find("reduction: split columns of 257 outputs x 3001 elements");
  ASSERT_NE(at, std::string::npos) << source;
  // Both sums are roots of that kernel: it writes o0 and o1.
  const size_t signature_end = source.find('{', at);
  EXPECT_NE(source.substr(at, signature_end - at).find("float* __restrict__ o1,"),
            std::string::npos)
      << source;
}

// ---- on a GPU, against the interpreter ----

double element_at(const ::kiln::Value& v, const std::string& element, size_t i) {
  const std::byte* p = v.bytes().data();
  if (element == "f64") {
    double d;
    std::memcpy(&d, p + i * 8, 8);
    return d;
  }
  if (element == "f32") {
    float f;
    std::memcpy(&f, p + i * 4, 4);
    return f;
  }
  uint16_t b;  // bf16: the high half of an f32
  std::memcpy(&b, p + i * 2, 2);
  const uint32_t bits = static_cast<uint32_t>(b) << 16;
  float f;
  std::memcpy(&f, &bits, 4);
  return f;
}

// Each output of `got` against `want`: integers, bools and anything `exact` bit for bit; f32
// and f64 within the rounding a different summation order of `reduced` terms allows
// (4 eps (n + sqrt(n) |sum|): the interpreter folds serially); bf16 as those plus one bf16 ulp.
void expect_reduction_outputs(const std::vector<::kiln::Value>& got,
                              const std::vector<::kiln::Value>& want, int64_t reduced, bool exact) {
  ASSERT_EQ(got.size(), want.size());
  for (size_t k = 0; k < got.size(); ++k) {
    SCOPED_TRACE("output " + std::to_string(k));
    ASSERT_EQ(got[k].type_string(), want[k].type_string());
    const std::string element = want[k].tensor_type().element;
    ASSERT_EQ(got[k].bytes().size(), want[k].bytes().size());
    const bool is_float = element == "f32" || element == "f64" || element == "bf16";
    if (exact || !is_float) {
      EXPECT_EQ(std::memcmp(got[k].bytes().data(), want[k].bytes().data(), got[k].bytes().size()),
                0)
          << "got " << got[k].to_string() << "\nwant " << want[k].to_string();
      continue;
    }
    const double eps = element == "f64" ? 2.3e-16 : 1.2e-7;
    const size_t bytes = element == "f64" ? 8 : element == "f32" ? 4 : 2;
    const double n = static_cast<double>(reduced);
    for (size_t i = 0; i < want[k].bytes().size() / bytes; ++i) {
      const double a = element_at(got[k], element, i), b = element_at(want[k], element, i);
      double tol = 4 * eps * (n + std::sqrt(n) * std::fabs(b));
      if (element == "bf16") tol += std::fabs(b) / 128;
      ASSERT_LE(std::fabs(a - b), tol) << "element " << i << ": got " << a << ", want " << b;
    }
  }
}

// On a GPU: the cuda backend at `levels` against the interpreter on two random inputs, and
// the same outputs on a second run of the same inputs (the strategies are deterministic).
void expect_reduction_matches_the_interpreter(const std::string& text, int64_t reduced,
                                              bool exact = false,
                                              std::vector<int> levels = {0, 2}) {
  auto device = ::kiln::cuda::Device::open(0);
  if (!device.ok()) GTEST_SKIP() << "no GPU: " << device.error().message();
  auto module = ::kiln::load_text(text, "reduction.mlir");
  ASSERT_TRUE(module.ok()) << module.error().message();
  auto cpu = ::kiln::compile(*module, {.backend = "cpu", .opt_level = 0});
  ASSERT_TRUE(cpu.ok()) << cpu.error().message();
  for (uint64_t seed : {11u, 12u}) {
    auto inputs = cpu->random_inputs(seed);
    ASSERT_TRUE(inputs.ok()) << inputs.error().message();
    auto want = cpu->run(*inputs);
    ASSERT_TRUE(want.ok()) << want.error().message();
    for (int level : levels) {
      SCOPED_TRACE(fmt::format("seed {}, O{}", seed, level));
      auto gpu = ::kiln::compile(*module, {.backend = "cuda", .opt_level = level});
      ASSERT_TRUE(gpu.ok()) << gpu.error().message();
      auto got = gpu->run(*inputs);
      ASSERT_TRUE(got.ok()) << got.error().message();
      expect_reduction_outputs(got->outputs(), want->outputs(), reduced, exact);
      auto again = gpu->run(*inputs);
      ASSERT_TRUE(again.ok()) << again.error().message();
      expect_reduction_outputs(again->outputs(), got->outputs(), reduced, true);
    }
  }
}

TEST(ReductionsOnGpu, WholeTensorSumF32) {
  expect_reduction_matches_the_interpreter(whole_sum("f32", 1000003), 1000003);
}
TEST(ReductionsOnGpu, WholeTensorSumF64) {
  expect_reduction_matches_the_interpreter(whole_sum("f64", 1000003), 1000003);
}
TEST(ReductionsOnGpu, WholeTensorSumI32) {
  expect_reduction_matches_the_interpreter(whole_sum("i32", 1000003), 1000003);
}
TEST(ReductionsOnGpu, WholeTensorSumBf16InF32) {
  expect_reduction_matches_the_interpreter(kBf16SumInF32, 1000003);
}
TEST(ReductionsOnGpu, WholeTensorSumBf16SameBits) {
  expect_reduction_matches_the_interpreter(whole_sum("bf16", 20011), 20011, /*exact=*/true);
}
TEST(ReductionsOnGpu, WholeTensorMax) {
  expect_reduction_matches_the_interpreter(kWholeMax, 7 * 150001, /*exact=*/true);
}
TEST(ReductionsOnGpu, VariadicArgmax) {
  expect_reduction_matches_the_interpreter(kArgmax, 1000003, /*exact=*/true);
}
TEST(ReductionsOnGpu, SmallWholeTensorSum) {
  expect_reduction_matches_the_interpreter(whole_sum("f32", 777), 777);
}
TEST(ReductionsOnGpu, ColumnSums) {
  expect_reduction_matches_the_interpreter(sum_over("4096x1024", "0", "1024"), 4096);
}
TEST(ReductionsOnGpu, RaggedColumnSums) {
  expect_reduction_matches_the_interpreter(sum_over("3000x7x130", "0", "7x130"), 3000);
}
TEST(ReductionsOnGpu, LeadingAndTrailingDims) {
  expect_reduction_matches_the_interpreter(sum_over("3x5000x7", "0", "5000x7"), 3);
  expect_reduction_matches_the_interpreter(sum_over("3x5000x7", "0, 2", "5000"), 21);
}
TEST(ReductionsOnGpu, MiddleDim) {
  expect_reduction_matches_the_interpreter(sum_over("64x2001x5", "1", "64x5"), 2001);
}
TEST(ReductionsOnGpu, LongRows) {
  expect_reduction_matches_the_interpreter(sum_over("2048x5000", "1", "2048"), 5000);
  expect_reduction_matches_the_interpreter(sum_over("4x300007", "1", "4"), 300007);
}
TEST(ReductionsOnGpu, FusedProducerAndConsumerOverColumns) {
  expect_reduction_matches_the_interpreter(kFusedColumns, 3001);
}
TEST(ReductionsOnGpu, SiblingReducesInOnePass) {
  expect_reduction_matches_the_interpreter(kMoments, 3001, /*exact=*/false, {0, 2, 3});
}
TEST(ReductionsOnGpu, SiblingRowReducesInOnePass) {
  expect_reduction_matches_the_interpreter(kRowMoments, 1000, /*exact=*/false, {0, 2, 3});
}
TEST(ReductionsOnGpu, FusedProducerAndConsumerOverTheWholeTensor) {
  expect_reduction_matches_the_interpreter(kFusedWhole, 999983);
}

}  // namespace
}  // namespace kiln::backend::cuda
