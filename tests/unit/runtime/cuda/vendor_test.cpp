// The vendor libraries as runtime services: a missing library is a clear `unavailable` error,
// and without a GPU the services say so instead of failing later. (The GPU paths run in the
// bench's vendor baselines.)
#include <gtest/gtest.h>

#include "runtime/cuda/driver.h"
#include "runtime/cuda/vendor_cublaslt.h"
#include "runtime/cuda/vendor_cudnn.h"
#include "runtime/cuda/vendor_library.h"

namespace kiln::cuda {
namespace {

bool have_gpu() { return driver().ok(); }

TEST(VendorLibrary, MissingLibraryNamesEveryCandidate) {
  auto lib =
      SharedLibrary::open("test", "libnothing", {"/no/such/libnothing.so.1", "libnothing.so"});
  ASSERT_FALSE(lib.ok());
  EXPECT_EQ(lib.error().kind(), ErrorKind::kUnavailable);
  const std::string& m = lib.error().message();
  EXPECT_NE(m.find("cuda::test: no libnothing"), std::string::npos) << m;
  EXPECT_NE(m.find("/no/such/libnothing.so.1"), std::string::npos) << m;
  EXPECT_NE(m.find("libnothing.so ("), std::string::npos) << m;
}

TEST(VendorLibrary, MissingSymbolIsUnavailable) {
  auto lib = SharedLibrary::open("test", "libc", {"libc.so.6"});
  ASSERT_TRUE(lib.ok()) << lib.error().message();
  auto sym = lib->symbol("kiln_no_such_function");
  ASSERT_FALSE(sym.ok());
  EXPECT_EQ(sym.error().kind(), ErrorKind::kUnavailable);
  EXPECT_NE(sym.error().message().find("kiln_no_such_function"), std::string::npos);
}

TEST(VendorLibrary, EnvironmentVariableReplacesTheDefaults) {
  setenv("KILN_TEST_VENDOR_LIBRARY", "/opt/lib/libx.so", 1);
  EXPECT_EQ(library_candidates("KILN_TEST_VENDOR_LIBRARY", {"liba.so", "libb.so"}),
            std::vector<std::string>{"/opt/lib/libx.so"});
  unsetenv("KILN_TEST_VENDOR_LIBRARY");
  EXPECT_EQ(library_candidates("KILN_TEST_VENDOR_LIBRARY", {"liba.so"}),
            std::vector<std::string>{"liba.so"});
}

TEST(CublasLtService, BogusPathIsUnavailable) {
  auto lt = CublasLt::load({"/no/such/libcublasLt.so.13"});
  ASSERT_FALSE(lt.ok());
  EXPECT_EQ(lt.error().kind(), ErrorKind::kUnavailable);
  const std::string want = "cuda::cublaslt: no cuBLASLt: tried /no/such/libcublasLt.so.13";
  EXPECT_NE(lt.error().message().find(want), std::string::npos)
      << lt.error().message();
}

TEST(CudnnService, BogusPathIsUnavailable) {
  auto dnn = Cudnn::load({"/no/such/libcudnn.so.9"});
  ASSERT_FALSE(dnn.ok());
  EXPECT_EQ(dnn.error().kind(), ErrorKind::kUnavailable);
  const std::string want = "cuda::cudnn: no cuDNN: tried /no/such/libcudnn.so.9";
  EXPECT_NE(dnn.error().message().find(want), std::string::npos)
      << dnn.error().message();
}

TEST(CublasLtService, EmptyProductIsInvalid) {
  auto lt = CublasLt::shared();
  if (!lt.ok()) GTEST_SKIP() << lt.error().message();
  GemmDesc d;
  d.m = 4, d.n = 4, d.k = 0;
  auto g = (*lt)->prepare_gemm(d, 0);
  ASSERT_FALSE(g.ok());
  EXPECT_EQ(g.error().kind(), ErrorKind::kInvalidArgument);
}

// GemmDesc::alignment is a power of two up to 256 (the pointers' alignment in bytes).
TEST(CublasLtService, AlignmentNotAPowerOfTwoIsInvalid) {
  auto lt = CublasLt::shared();
  if (!lt.ok()) GTEST_SKIP() << lt.error().message();
  GemmDesc d;
  d.m = 4, d.n = 4, d.k = 4, d.lda = 4, d.ldb = 4, d.ldc = 4;
  for (int64_t a : {0, 3, 512}) {
    d.alignment = a;
    auto g = (*lt)->prepare_gemm(d, 0);
    ASSERT_FALSE(g.ok()) << a;
    EXPECT_EQ(g.error().kind(), ErrorKind::kInvalidArgument) << a;
  }
}

// f32 operands give f32 results only (f16 / bf16 mix into f32, i8 into i32, fp8 into wider).
TEST(CublasLtService, ResultTypeOtherThanF32FromNarrowIsInvalid) {
  auto lt = CublasLt::shared();
  if (!lt.ok()) GTEST_SKIP() << lt.error().message();
  GemmDesc d;
  d.m = 4, d.n = 4, d.k = 4, d.lda = 4, d.ldb = 4, d.ldc = 4;
  d.type = GemmType::kF32;
  d.result_type = GemmType::kBF16;
  auto g = (*lt)->prepare_gemm(d, 0);
  ASSERT_FALSE(g.ok());
  EXPECT_EQ(g.error().kind(), ErrorKind::kInvalidArgument);
}

// Where the library is installed but there is no GPU, preparing a call is `unavailable`.
TEST(CublasLtService, WithoutGpuPrepareIsUnavailable) {
  auto lt = CublasLt::shared();
  if (!lt.ok()) GTEST_SKIP() << lt.error().message();
  EXPECT_NE((*lt)->version().find("cuBLASLt "), std::string::npos);
  if (have_gpu()) GTEST_SKIP() << "a GPU is present (the bench's baselines run this path)";
  GemmDesc d;
  d.m = 64, d.n = 64, d.k = 64, d.lda = 64, d.ldb = 64, d.ldc = 64;
  auto g = (*lt)->prepare_gemm(d, 1 << 20);
  ASSERT_FALSE(g.ok());
  EXPECT_EQ(g.error().kind(), ErrorKind::kUnavailable) << g.error().message();
}

TEST(CudnnService, WithoutGpuPrepareIsUnavailable) {
  auto dnn = Cudnn::shared();
  if (!dnn.ok()) GTEST_SKIP() << dnn.error().message();
  EXPECT_NE((*dnn)->version().find("cuDNN "), std::string::npos);
  if (have_gpu()) GTEST_SKIP() << "a GPU is present (the bench's baselines run this path)";
  auto s = (*dnn)->prepare_softmax(FloatType::kF32, 4, 8);
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.error().kind(), ErrorKind::kUnavailable) << s.error().message();
}

}  // namespace
}  // namespace kiln::cuda
