// The cuda backend's dot_general, dot and convolution: which dots become one cuBLASLt GEMM (and
// in what column-major terms), which a generated kernel; that the generated code of every kind
// compiles with NVRTC (no GPU needed); and, on a GPU, results that match the cpu backend's.
#include <gtest/gtest.h>

#include <cstring>

#include "backend/cuda/cuda_backend.h"
#include "backend/cuda/lower.h"
#include "frontend/parser.h"
#include "ir/verifier.h"
#include "oracle/compare.h"
#include "oracle/random.h"
#include "oracle/reference.h"
#include "passes/pipeline.h"
#include "runtime/cuda/device.h"
#include "tests/unit/backend/cuda/op_checks.h"

namespace kiln::backend::cuda {
namespace {

using testing::have_gpu;
using testing::run_on_cuda;

const GemmStep* first_gemm(const LoweredProgram& p) {
  for (const Step& s : p.main.steps) {
    if (const auto* g = std::get_if<GemmStep>(&s)) return g;
  }
  return nullptr;
}

// @main of one dot_general of %a : tensor<lhs> and %b : tensor<rhs> to tensor<result>, with
// the attributes `dims` (dimension numbers, and any precision or algorithm).
std::string dot_general_program(const std::string& lhs, const std::string& rhs,
                                const std::string& result, const std::string& dims) {
  const std::string a = "tensor<" + lhs + ">", b = "tensor<" + rhs + ">",
                    r = "tensor<" + result + ">";
  return testing::one_op_program(
      "%a: " + a + ", %b: " + b, r,
      "%r = stablehlo.dot_general %a, %b, " + dims + " : (" + a + ", " + b + ") -> " + r);
}

// A dot algorithm attribute: operands in `precision`, f32 accumulation, `products` primitive
// products.
std::string algorithm(const std::string& precision, int products) {
  return "algorithm = <lhs_precision_type = " + precision + ", rhs_precision_type = " + precision +
         ", accumulation_type = f32, lhs_component_count = 1, rhs_component_count = "
         "1, num_primitive_operations = " +
         std::to_string(products) + ", allow_imprecise_accumulation = false>";
}

// `text` parsed, verified and lowered (a test failure where it does not lower).
Expected<LoweredProgram> lowered(const std::string& text) {
  auto p = testing::lower_program_text(text);
  EXPECT_TRUE(p.ok()) << p.error().message();
  return p;
}

const std::string kF32Matmul =
    dot_general_program("4x8xf32", "8x16xf32", "4x16xf32", "contracting_dims = [1] x [0]");

const std::string kBf16Batched =
    dot_general_program("3x4x8xbf16", "3x8x16xbf16", "3x4x16xbf16",
                        "batching_dims = [0] x [0], contracting_dims = [2] x [1]");

const std::string kF16TransposedBoth =
    dot_general_program("2x8x5xf16", "2x7x8xf16", "2x5x7xf16",
                        "batching_dims = [0] x [0], contracting_dims = [1] x [2]");

const std::string kI32Matmul =
    dot_general_program("4x8xi32", "8x16xi32", "4x16xi32", "contracting_dims = [1] x [0]");

const std::string kBf16IntoF32 =
    dot_general_program("8x32xbf16", "32x8xbf16", "8x8xf32",
                        "contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT]");

const std::string kF32BatchNotLeading =
    dot_general_program("4x3x8xf32", "3x8x5xf32", "3x4x5xf32",
                        "batching_dims = [1] x [0], contracting_dims = [2] x [1]");

// lhs [3, 4, 2] contracting (2, 0) with rhs [2, 5, 3] (0, 2): 2 x 3 = 6 products each.
const std::string kF32TwoContractingSwapped =
    dot_general_program("3x4x2xf32", "2x5x3xf32", "4x5xf32", "contracting_dims = [2, 0] x [0, 2]");

// Row-major [M, K] x [K, N] is column-major C^T [N, M] = rhs [N, K] x lhs [K, M].
TEST(DotGeneral, F32MatmulIsOneGemmInColumnMajorTerms) {
  auto p = lowered(kF32Matmul);
  ASSERT_TRUE(p.ok());
  EXPECT_EQ(p->gemm_count, 1);
  EXPECT_EQ(p->kernel_count, 0);
  const GemmStep* g = first_gemm(*p);
  ASSERT_NE(g, nullptr);
  EXPECT_EQ(g->desc.type, ::kiln::cuda::GemmType::kF32);
  EXPECT_EQ(g->desc.m, 16);
  EXPECT_EQ(g->desc.n, 4);
  EXPECT_EQ(g->desc.k, 8);
  EXPECT_FALSE(g->desc.transpose_a);
  EXPECT_FALSE(g->desc.transpose_b);
  EXPECT_EQ(g->desc.lda, 16);
  EXPECT_EQ(g->desc.ldb, 8);
  EXPECT_EQ(g->desc.ldc, 16);
  EXPECT_EQ(g->batch, 1);
  EXPECT_GT(p->workspace_bytes, 0);
}

TEST(DotGeneral, BatchedBf16MatmulIsOneGemmStepWithStrides) {
  auto p = lowered(kBf16Batched);
  ASSERT_TRUE(p.ok());
  EXPECT_EQ(p->gemm_count, 1);
  const GemmStep* g = first_gemm(*p);
  ASSERT_NE(g, nullptr);
  EXPECT_EQ(g->desc.type, ::kiln::cuda::GemmType::kBF16);
  EXPECT_EQ(g->batch, 3);
  EXPECT_EQ(g->stride_a, 8 * 16 * 2);  // the rhs
  EXPECT_EQ(g->stride_b, 4 * 8 * 2);   // the lhs
  EXPECT_EQ(g->stride_c, 4 * 16 * 2);
  // 64-byte batches: the pointers of batches after the first are 64-byte aligned only.
  EXPECT_EQ(g->desc.alignment, 64);
  // One strided-batch call: strides in elements.
  EXPECT_EQ(g->desc.batch, 3);
  EXPECT_EQ(g->desc.stride_a, 8 * 16);
  EXPECT_EQ(g->desc.stride_b, 4 * 8);
  EXPECT_EQ(g->desc.stride_c, 4 * 16);
}

// Contracting dimensions first on the lhs and last on the rhs: both operands transposed.
TEST(DotGeneral, TransposedOperandsAreTransposedGemmOperands) {
  auto p = lowered(kF16TransposedBoth);
  ASSERT_TRUE(p.ok());
  const GemmStep* g = first_gemm(*p);
  ASSERT_NE(g, nullptr);
  EXPECT_EQ(g->desc.m, 7);
  EXPECT_EQ(g->desc.n, 5);
  EXPECT_EQ(g->desc.k, 8);
  EXPECT_TRUE(g->desc.transpose_a);  // rhs [7, 8] row-major is column-major [8, 7]
  EXPECT_EQ(g->desc.lda, 8);
  EXPECT_TRUE(g->desc.transpose_b);  // lhs [8, 5] row-major is column-major [5, 8]
  EXPECT_EQ(g->desc.ldb, 5);
  EXPECT_EQ(g->desc.ldc, 7);
}

// bf16 operands summed into an f32 result (JAX's preferred_element_type) are one GEMM too.
TEST(DotGeneral, Bf16IntoF32IsAGemmWithAnF32Result) {
  auto p = lowered(kBf16IntoF32);
  ASSERT_TRUE(p.ok());
  const GemmStep* g = first_gemm(*p);
  ASSERT_NE(g, nullptr);
  EXPECT_EQ(g->desc.type, ::kiln::cuda::GemmType::kBF16);
  ASSERT_TRUE(g->desc.result_type.has_value());
  EXPECT_EQ(*g->desc.result_type, ::kiln::cuda::GemmType::kF32);
}

TEST(DotGeneral, IntegerDotIsAGeneratedKernel) {
  auto p = lowered(kI32Matmul);
  ASSERT_TRUE(p.ok());
  EXPECT_EQ(p->gemm_count, 0);
  EXPECT_EQ(p->kernel_count, 1);
}

// A complex128 dot product is the generated kernel's (cuBLASLt crashed on it); a complex128
// matrix-vector product, and a complex64 dot product, stay GEMMs.
TEST(DotGeneral, Complex128DotProductIsAGeneratedKernel) {
  auto dot = lowered(dot_general_program("7xcomplex<f64>", "7xcomplex<f64>", "complex<f64>",
                                         "contracting_dims = [0] x [0]"));
  ASSERT_TRUE(dot.ok()) << dot.error().message();
  EXPECT_EQ(dot->gemm_count, 0);
  EXPECT_EQ(dot->kernel_count, 1);
  auto matvec = lowered(dot_general_program("3x7xcomplex<f64>", "7xcomplex<f64>",
                                            "3xcomplex<f64>", "contracting_dims = [1] x [0]"));
  ASSERT_TRUE(matvec.ok()) << matvec.error().message();
  EXPECT_EQ(matvec->gemm_count, 1);
  auto single = lowered(dot_general_program("7xcomplex<f32>", "7xcomplex<f32>", "complex<f32>",
                                            "contracting_dims = [0] x [0]"));
  ASSERT_TRUE(single.ok()) << single.error().message();
  EXPECT_EQ(single->gemm_count, 1);
}

// A batch dimension that is not leading: the lhs is first copied into [batch, m, k] order.
TEST(DotGeneral, BatchNotLeadingIsAPermutedCopyThenOneGemm) {
  auto p = lowered(kF32BatchNotLeading);
  ASSERT_TRUE(p.ok());
  EXPECT_EQ(p->gemm_count, 1);
  ASSERT_EQ(p->main.steps.size(), 2u);
  const auto* copy = std::get_if<KernelStep>(&p->main.steps[0]);
  ASSERT_NE(copy, nullptr);
  EXPECT_EQ(copy->function.rfind("permute_", 0), 0u) << copy->function;
  const GemmStep* g = first_gemm(*p);
  ASSERT_NE(g, nullptr);
  EXPECT_EQ(g->batch, 3);
  EXPECT_EQ(g->b, copy->args[1]);  // the lhs, as copied
  EXPECT_FALSE(g->desc.transpose_b);
  EXPECT_EQ(g->desc.ldb, 8);
}

// Several contracting dimensions paired out of order, on both operands.
TEST(DotGeneral, ContractingOutOfOrderIsPermutedOnBothOperands) {
  auto p = lowered(kF32TwoContractingSwapped);
  ASSERT_TRUE(p.ok());
  EXPECT_EQ(p->gemm_count, 1);
  EXPECT_EQ(p->kernel_count, 2);
  const GemmStep* g = first_gemm(*p);
  ASSERT_NE(g, nullptr);
  EXPECT_EQ(g->desc.k, 6);
}

// k = 0: cuBLASLt wants k >= 1; the generated kernel writes the zeros.
TEST(DotGeneral, EmptyContractionIsAGeneratedKernel) {
  auto p =
      lowered(dot_general_program("4x0xf32", "0x5xf32", "4x5xf32", "contracting_dims = [1] x [0]"));
  ASSERT_TRUE(p.ok());
  EXPECT_EQ(p->gemm_count, 0);
  EXPECT_EQ(p->kernel_count, 1);
}

TEST(DotGeneral, MatrixVectorDotIsAGemm) {
  auto p = lowered(
      testing::one_op_program("%a: tensor<4x8xf32>, %b: tensor<8xf32>", "tensor<4xf32>",
                              "%r = stablehlo.dot %a, %b : (tensor<4x8xf32>, tensor<8xf32>) -> "
                              "tensor<4xf32>"));
  ASSERT_TRUE(p.ok());
  EXPECT_EQ(p->gemm_count, 1);
}

// A dense layer: the GEMM with its bias and activation, which O2 makes a kiln.gemm composite.
const std::string kDenseLayer = R"(
func.func @main(%x: tensor<4x16xf32>, %w: tensor<16x32xf32>, %b: tensor<32xf32>) -> tensor<4x32xf32> {
  %0 = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<4x16xf32>, tensor<16x32xf32>) -> tensor<4x32xf32>
  %1 = stablehlo.broadcast_in_dim %b, dims = [1] : (tensor<32xf32>) -> tensor<4x32xf32>
  %2 = stablehlo.add %0, %1 : tensor<4x32xf32>
  %z = stablehlo.constant dense<0.0> : tensor<4x32xf32>
  %3 = stablehlo.maximum %2, %z : tensor<4x32xf32>
  return %3 : tensor<4x32xf32>
}
)";

// The dense layer's kiln.gemm is one GEMM with cuBLASLt's bias + relu epilogue, no kernel
// (gemm_epilogue_test.cpp has the cases that keep a generated epilogue).
TEST(DotGeneral, FusedDenseLayerIsOneGemmWithItsEpilogue) {
  auto module = testing::parse(kDenseLayer);
  ASSERT_TRUE(module);
  auto report = passes::optimize(*module, 2);
  ASSERT_TRUE(report.ok()) << report.error().message();
  auto p = testing::lower_main(*module);
  ASSERT_TRUE(p.ok()) << p.error().message();
  EXPECT_EQ(p->gemm_count, 1);
  EXPECT_EQ(p->kernel_count, 0);
  const GemmStep* g = first_gemm(*p);
  ASSERT_NE(g, nullptr);
  EXPECT_EQ(g->desc.epilogue, ::kiln::cuda::GemmEpilogue::kRelu);
  EXPECT_TRUE(g->desc.bias);
}

// The programs below: every kind of dot and convolution the generated code must compile and,
// on a GPU, compute as the cpu backend does.
struct Case {
  const char* name;
  std::string text;
};

std::vector<Case> dot_cases() {
  return {
      {"f32_matmul", kF32Matmul},
      {"bf16_batched", kBf16Batched},
      {"f16_transposed", kF16TransposedBoth},
      {"i32_matmul", kI32Matmul},
      {"bf16_into_f32", kBf16IntoF32},
      {"i8_to_i32",
       dot_general_program("3x5xi8", "5x2xi8", "3x2xi32", "contracting_dims = [1] x [0]")},
      {"ui8_wraps",
       dot_general_program("3x5xui8", "5x2xui8", "3x2xui8", "contracting_dims = [1] x [0]")},
      {"i1_or_of_ands",
       dot_general_program("3x5xi1", "5x2xi1", "3x2xi1", "contracting_dims = [1] x [0]")},
      {"f64_two_contracting",
       dot_general_program("3x2x4xf64", "2x4x3xf64", "2xf64",
                           "batching_dims = [1] x [0], contracting_dims = [0, 2] x [2, 1]")},
      {"f32_batch_not_leading", kF32BatchNotLeading},
      {"f32_contracting_swapped", kF32TwoContractingSwapped},
      {"bf16_batch_not_leading",
       dot_general_program("4x3x8xbf16", "3x8x5xbf16", "3x4x5xbf16",
                           "batching_dims = [1] x [0], contracting_dims = [2] x [1]")},
      {"f32_to_bf16",
       dot_general_program("4x8xf32", "8x3xf32", "4x3xbf16", "contracting_dims = [1] x [0]")},
      {"vector_dot",
       testing::one_op_program("%a: tensor<7xf32>, %b: tensor<7xf32>", "tensor<f32>",
                               "%r = stablehlo.dot %a, %b : (tensor<7xf32>, tensor<7xf32>) -> "
                               "tensor<f32>")},
      {"algorithm_bf16",
       dot_general_program("4x8xf32", "8x3xf32", "4x3xf32",
                           "contracting_dims = [1] x [0], " + algorithm("bf16", 1))},
      {"algorithm_bf16_x3",
       dot_general_program("4x8xf32", "8x3xf32", "4x3xf32",
                           "contracting_dims = [1] x [0], " + algorithm("bf16", 3))},
      {"algorithm_tf32",
       dot_general_program("4x8xf32", "8x3xf32", "4x3xf32",
                           "contracting_dims = [1] x [0], " + algorithm("tf32", 1))},
      {"empty_contraction",
       dot_general_program("4x0xf32", "0x5xf32", "4x5xf32", "contracting_dims = [1] x [0]")},
      {"odd_batched_f16",
       dot_general_program("5x3x7xf16", "5x7x9xf16", "5x3x9xf16",
                           "batching_dims = [0] x [0], contracting_dims = [2] x [1]")},
  };
}

std::vector<Case> convolution_cases() {
  return {
      {"nhwc_padded",
       testing::one_op_program(
           "%x: tensor<2x5x5x3xf32>, %w: tensor<3x3x3x4xf32>", "tensor<2x5x5x4xf32>",
           "%r = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, "
           "1, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]]} {batch_group_count = 1 : "
           "i64, feature_group_count = 1 : i64} : (tensor<2x5x5x3xf32>, tensor<3x3x3x4xf32>) "
           "-> tensor<2x5x5x4xf32>")},
      {"nchw_strided_dilated_bf16",
       testing::one_op_program(
           "%x: tensor<1x2x9xbf16>, %w: tensor<3x2x3xbf16>", "tensor<1x3x4xbf16>",
           "%r = stablehlo.convolution(%x, %w) dim_numbers = [b, f, 0]x[o, i, 0]->[b, f, 0], "
           "window = {stride = [2], pad = [[2, 1]], lhs_dilate = [1], rhs_dilate = [2], "
           "reverse = [true]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : "
           "(tensor<1x2x9xbf16>, tensor<3x2x3xbf16>) -> tensor<1x3x4xbf16>")},
      {"lhs_dilated_f64",
       testing::one_op_program(
           "%x: tensor<1x1x4xf64>, %w: tensor<1x1x3xf64>", "tensor<1x1x7xf64>",
           "%r = stablehlo.convolution(%x, %w) dim_numbers = [b, f, 0]x[o, i, 0]->[b, f, 0], "
           "window = {pad = [[1, 1]], lhs_dilate = [2], reverse = [true]} {batch_group_count "
           "= 1 : i64, feature_group_count = 1 : i64} : (tensor<1x1x4xf64>, "
           "tensor<1x1x3xf64>) -> tensor<1x1x7xf64>")},
      {"feature_groups",
       testing::one_op_program(
           "%x: tensor<2x3x2xf32>, %w: tensor<2x1x4xf32>", "tensor<2x2x4xf32>",
           "%r = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], "
           "window = {} {batch_group_count = 1 : i64, feature_group_count = 2 : i64} : "
           "(tensor<2x3x2xf32>, tensor<2x1x4xf32>) -> tensor<2x2x4xf32>")},
      {"batch_groups",
       testing::one_op_program(
           "%x: tensor<4x3x1xf32>, %w: tensor<2x1x4xf32>", "tensor<2x2x4xf32>",
           "%r = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], "
           "window = {} {batch_group_count = 2 : i64, feature_group_count = 1 : i64} : "
           "(tensor<4x3x1xf32>, tensor<2x1x4xf32>) -> tensor<2x2x4xf32>")},
      {"i8_wraps",
       testing::one_op_program(
           "%x: tensor<1x3x2xi8>, %w: tensor<2x2x1xi8>", "tensor<1x2x1xi8>",
           "%r = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], "
           "window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : "
           "(tensor<1x3x2xi8>, tensor<2x2x1xi8>) -> tensor<1x2x1xi8>")},
  };
}

void expect_compiles(const Case& c) {
  SCOPED_TRACE(c.name);
  auto module = testing::parse(c.text);
  ASSERT_TRUE(module);
  auto exe = compile_cuda(*module, {});
  ASSERT_TRUE(exe.ok()) << exe.error().message();
}

// NVRTC compiles the generated code without a GPU (for sm_90a).
TEST(DotGeneral, EveryKindCompiles) {
  for (const Case& c : dot_cases()) expect_compiles(c);
}

TEST(Convolution, EveryKindCompiles) {
  for (const Case& c : convolution_cases()) expect_compiles(c);
}

// `compiled` on the cuda backend against `reference` on the interpreter, with the same random
// inputs (from `seed`).
void expect_matches_reference(const ir::Module& compiled, const ir::Module& reference,
                              uint64_t seed) {
  auto exe = compile_cuda(compiled, {});
  ASSERT_TRUE(exe.ok()) << exe.error().message();
  auto inputs = oracle::random_inputs((*exe)->input_types(), seed);
  ASSERT_TRUE(inputs.ok()) << inputs.error().message();
  auto want = oracle::reference_run(reference, *inputs);
  ASSERT_TRUE(want.ok()) << want.error().message();
  auto got = run_on_cuda(**exe, *inputs);
  ASSERT_TRUE(got.ok()) << got.error().message();
  oracle::CompareReport report = oracle::compare_outputs(*got, *want);
  EXPECT_TRUE(report.passed) << report.message();
}

// Runs `c` on the cuda backend and on the cpu backend with the same random inputs.
void expect_matches_cpu(const Case& c) {
  SCOPED_TRACE(c.name);
  auto module = testing::parse(c.text);
  ASSERT_TRUE(module);
  expect_matches_reference(*module, *module, 7);
}

TEST(DotGeneral, EveryKindMatchesTheCpuBackend) {
  std::string why;
  if (!have_gpu(why)) GTEST_SKIP() << "no GPU: " << why;
  for (const Case& c : dot_cases()) expect_matches_cpu(c);
}

// The dense layer optimised at O2 (a GEMM in a composite, a fused epilogue) against the
// unoptimised program on the cpu backend.
TEST(DotGeneral, FusedDenseLayerMatchesTheCpuBackend) {
  std::string why;
  if (!have_gpu(why)) GTEST_SKIP() << "no GPU: " << why;
  auto reference = testing::parse(kDenseLayer);
  auto optimized = testing::parse(kDenseLayer);
  ASSERT_TRUE(reference && optimized);
  ASSERT_TRUE(passes::optimize(*optimized, 2).ok());
  expect_matches_reference(*optimized, *reference, 11);
}

TEST(Convolution, EveryKindMatchesTheCpuBackend) {
  std::string why;
  if (!have_gpu(why)) GTEST_SKIP() << "no GPU: " << why;
  for (const Case& c : convolution_cases()) expect_matches_cpu(c);
}

}  // namespace
}  // namespace kiln::backend::cuda
