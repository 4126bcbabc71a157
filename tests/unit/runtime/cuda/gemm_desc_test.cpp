// What cuBLASLt's GEMM service takes without a GPU (check_gemm_desc: type mixes, epilogues, C)
// and the description's key; on a GPU, the heuristics' candidates and choosing among them.
#include <gtest/gtest.h>

#include "runtime/cuda/device.h"
#include "runtime/cuda/vendor_cublaslt.h"

namespace kiln::cuda {
namespace {

GemmDesc square(GemmType type, std::optional<GemmType> result = std::nullopt) {
  GemmDesc d;
  d.type = type;
  d.result_type = result;
  d.m = d.n = d.k = 64;
  d.lda = d.ldb = d.ldc = 64;
  return d;
}

TEST(GemmDesc, TypeMixesCublasLtHas) {
  EXPECT_TRUE(check_gemm_desc(square(GemmType::kF32)).ok());
  EXPECT_TRUE(check_gemm_desc(square(GemmType::kBF16, GemmType::kF32)).ok());
  EXPECT_TRUE(check_gemm_desc(square(GemmType::kF64)).ok());
  EXPECT_TRUE(check_gemm_desc(square(GemmType::kC64)).ok());
  EXPECT_TRUE(check_gemm_desc(square(GemmType::kC128)).ok());
  EXPECT_TRUE(check_gemm_desc(square(GemmType::kI8, GemmType::kI32)).ok());
  EXPECT_TRUE(check_gemm_desc(square(GemmType::kF8E4M3, GemmType::kBF16)).ok());
  EXPECT_TRUE(check_gemm_desc(square(GemmType::kF8E4M3, GemmType::kF32)).ok());
}

TEST(GemmDesc, OtherMixesAreInvalid) {
  for (const GemmDesc& d :
       {square(GemmType::kF32, GemmType::kBF16), square(GemmType::kI8),
        square(GemmType::kI8, GemmType::kF32), square(GemmType::kI32),
        square(GemmType::kF8E4M3), square(GemmType::kF64, GemmType::kF32),
        square(GemmType::kC64, GemmType::kF32)}) {
    Status s = check_gemm_desc(d);
    ASSERT_FALSE(s.ok()) << gemm_desc_key(d);
    EXPECT_EQ(s.error().kind(), ErrorKind::kInvalidArgument);
    EXPECT_NE(s.error().message().find(gemm_desc_key(d)), std::string::npos) << s.error().message();
  }
}

TEST(GemmDesc, EpiloguesAreForSixteenAndThirtyTwoBitFloats) {
  GemmDesc d = square(GemmType::kBF16, GemmType::kF32);
  d.epilogue = GemmEpilogue::kGeluTanh;
  d.bias = true;
  EXPECT_TRUE(check_gemm_desc(d).ok());
  for (GemmType t : {GemmType::kF64, GemmType::kC64, GemmType::kI8}) {
    GemmDesc e = square(t, t == GemmType::kI8 ? std::optional(GemmType::kI32) : std::nullopt);
    e.bias = true;
    EXPECT_FALSE(check_gemm_desc(e).ok()) << gemm_desc_key(e);
    e.bias = false;
    e.epilogue = GemmEpilogue::kRelu;
    EXPECT_FALSE(check_gemm_desc(e).ok()) << gemm_desc_key(e);
  }
}

// Scale pointers (CUBLASLT_MATMUL_DESC_A_SCALE_POINTER, ...) are fp8's.
TEST(GemmDesc, ScalesAreForFp8Operands) {
  GemmDesc d = square(GemmType::kF8E4M3, GemmType::kBF16);
  d.scales = true;
  EXPECT_TRUE(check_gemm_desc(d).ok());
  d.type = GemmType::kF8E5M2;
  EXPECT_TRUE(check_gemm_desc(d).ok());
  GemmDesc b = square(GemmType::kBF16, GemmType::kF32);
  b.scales = true;
  Status s = check_gemm_desc(b);
  ASSERT_FALSE(s.ok());
  EXPECT_NE(s.error().message().find("fp8 operands only"), std::string::npos) << s.error().message();
}

// C is added before cuBLASLt's activation: D = act(AB + C) is not act(AB) + C.
TEST(GemmDesc, AccumulateOnlyWithoutAnActivation) {
  GemmDesc d = square(GemmType::kF32);
  d.accumulate = true;
  d.bias = true;
  EXPECT_TRUE(check_gemm_desc(d).ok());
  d.epilogue = GemmEpilogue::kRelu;
  EXPECT_FALSE(check_gemm_desc(d).ok());
  GemmDesc c = square(GemmType::kC128);
  c.accumulate = true;
  EXPECT_TRUE(check_gemm_desc(c).ok());
}

TEST(GemmDesc, KeyNamesEveryField) {
  const GemmDesc d = square(GemmType::kF16);
  std::vector<GemmDesc> others(10, d);
  others[0].transpose_a = true;
  others[1].lda = 128;
  others[2].alignment = 16;
  others[3].batch = 2;
  others[4].stride_c = 7;
  others[5].epilogue = GemmEpilogue::kGeluTanh;
  others[6].bias = true;
  others[7].accumulate = true;
  others[8].result_type = GemmType::kF32;
  others[9].scales = true;
  for (const GemmDesc& o : others) EXPECT_NE(gemm_desc_key(o), gemm_desc_key(d));
  EXPECT_EQ(gemm_desc_key(d), gemm_desc_key(square(GemmType::kF16)));
}

// On a GPU: up to N candidates, the first in use, another chosen by index, none past the end.
TEST(GemmDesc, CandidatesCanBeChosen) {
  auto device = Device::open(0);
  if (!device.ok()) GTEST_SKIP() << "no GPU: " << device.error().message();
  auto lt = CublasLt::shared();
  ASSERT_TRUE(lt.ok()) << lt.error().message();
  GemmDesc d = square(GemmType::kF32);
  d.epilogue = GemmEpilogue::kRelu;
  d.bias = true;
  auto g = (*lt)->prepare_gemm(d, size_t{32} << 20, 8);
  ASSERT_TRUE(g.ok()) << g.error().message();
  EXPECT_GE((*g)->algorithm_count(), 1);
  EXPECT_LE((*g)->algorithm_count(), 8);
  EXPECT_EQ((*g)->algorithm(), 0);
  const int last = (*g)->algorithm_count() - 1;
  ASSERT_TRUE((*g)->use_algorithm(last).ok());
  EXPECT_EQ((*g)->algorithm(), last);
  EXPECT_FALSE((*g)->use_algorithm(last + 1).ok());
  EXPECT_NE((*g)->algorithm_fingerprint(0), 0u);
}

}  // namespace
}  // namespace kiln::cuda
