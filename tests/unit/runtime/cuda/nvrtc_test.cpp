// NVRTC compiles kernels for sm_90a without a GPU, caches cubins on disk keyed by source,
// options, architecture and NVRTC version, and reports compile errors with the log.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>

#include "runtime/cuda/nvrtc.h"
#include "tests/unit/runtime/cuda/nvrtc_fixture.h"

namespace kiln::cuda {
namespace {

const char* kSaxpy = R"(
#include <cuda_bf16.h>
extern "C" __global__ void saxpy(float a, const float* x, float* y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = a * x[i] + y[i];
}
)";

using Nvrtc = NvrtcWithOwnCache;

TEST_F(Nvrtc, CompilesForHopperWithoutAGpu) {
  auto cubin = compile({.name = "saxpy", .source = kSaxpy, .arch = "sm_90a"});
  ASSERT_TRUE(cubin.ok()) << cubin.error().message();
  ASSERT_GE(cubin->image.size(), 4u);
  EXPECT_EQ(std::string(cubin->image.data() + 1, 3), "ELF");
  EXPECT_FALSE(cubin->from_cache);
}

TEST_F(Nvrtc, SecondCompileHitsTheCacheAndKeepsTheSource) {
  CompileRequest r{.name = "saxpy", .source = kSaxpy, .arch = "sm_90a"};
  ASSERT_TRUE(compile(r).ok());
  auto again = compile(r);
  ASSERT_TRUE(again.ok());
  EXPECT_TRUE(again->from_cache);
  std::string source = again->cache_path.substr(0, again->cache_path.size() - 6) + ".cu";
  EXPECT_TRUE(std::filesystem::exists(source)) << source;
}

TEST_F(Nvrtc, KeyDependsOnOptionsAndArchitecture) {
  CompileRequest a{.name = "k", .source = kSaxpy, .arch = "sm_90a"};
  CompileRequest b = a;
  b.options = {"-DTILE=64"};
  CompileRequest c = a;
  c.arch = "sm_80";
  EXPECT_NE(cache_key(a, 13000), cache_key(b, 13000));
  EXPECT_NE(cache_key(a, 13000), cache_key(c, 13000));
  EXPECT_NE(cache_key(a, 13000), cache_key(a, 12080));
}

TEST_F(Nvrtc, CompileErrorCarriesTheLog) {
  auto cubin = compile({.name = "broken", .source = "extern \"C\" __global__ void f() { x = 1; }"});
  ASSERT_FALSE(cubin.ok());
  EXPECT_NE(cubin.error().message().find("cuda::nvrtc: broken"), std::string::npos);
  EXPECT_NE(cubin.error().message().find("identifier \"x\" is undefined"), std::string::npos)
      << cubin.error().message();
}

}  // namespace
}  // namespace kiln::cuda
