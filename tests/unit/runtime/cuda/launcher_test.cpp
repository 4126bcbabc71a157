// The one launch path (launcher.h): a Launch of generated source text compiles without a GPU,
// and runs with scratch memory and every argument kind on one.
#include "runtime/cuda/launcher.h"

#include <gtest/gtest.h>

#include <vector>

namespace kiln::cuda {
namespace {

// y[i] = a * x[i] + k, through a scratch copy of x: two launches, every argument kind.
Plan generated_plan(int n) {
  Launch copy;
  copy.name = "generated.stage";
  copy.source = R"(extern "C" __global__ void stage(const float* x, float* tmp, long long n) {
  long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x;
  if (i < n) tmp[i] = x[i];
})";
  copy.function = "stage";
  copy.grid = {static_cast<unsigned>((n + 127) / 128), 1, 1};
  copy.block = {128, 1, 1};
  copy.args = {Arg::input(0), Arg::scratch(0), Arg::i64(n)};
  Launch axpb;
  axpb.name = "generated.axpb";
  axpb.source = R"(extern "C" __global__ void axpb(const float* tmp, float* y, int n, float a) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = a * tmp[i] + (float)K;
})";
  axpb.function = "axpb";
  axpb.defines = {"-DK=3"};
  axpb.grid = copy.grid;
  axpb.block = copy.block;
  axpb.args = {Arg::scratch(0), Arg::output(0), Arg::i32(n), Arg::f32(2.0)};
  return Plan{{static_cast<size_t>(n) * 4}, {copy, axpb}};
}

TEST(Launcher, CompileRequestCarriesTheLaunchSourceNameAndDefines) {
  Plan p = generated_plan(10);
  CompileRequest r = compile_request(p.launches[1], "sm_90a");
  EXPECT_EQ(r.name, "generated.axpb");
  EXPECT_EQ(r.source, p.launches[1].source);
  EXPECT_EQ(r.arch, "sm_90a");
  EXPECT_NE(std::find(r.options.begin(), r.options.end(), "-DK=3"), r.options.end());
}

TEST(Launcher, GeneratedSourceCompilesWithoutAGpu) {
  auto v = nvrtc_version();
  if (!v.ok()) GTEST_SKIP() << "NVRTC not available: " << v.error().message();
  auto cubins = compile_plan(generated_plan(10), "sm_90a");
  ASSERT_TRUE(cubins.ok()) << cubins.error().message();
  EXPECT_EQ(cubins->size(), 2u);
}

TEST(Launcher, CompileErrorsNameTheLaunch) {
  auto v = nvrtc_version();
  if (!v.ok()) GTEST_SKIP() << "NVRTC not available: " << v.error().message();
  Plan p = generated_plan(10);
  p.launches[1].defines.clear();  // K undefined
  auto cubins = compile_plan(p, "sm_90a");
  ASSERT_FALSE(cubins.ok());
  EXPECT_NE(cubins.error().message().find("generated.axpb"), std::string::npos)
      << cubins.error().message();
}

TEST(CudaDevice, PreparedKernelRunsGeneratedSource) {
  auto dev = Device::open(0);
  if (!dev.ok()) GTEST_SKIP() << "no GPU: " << dev.error().message();
  const int n = 1000;
  auto k = PreparedKernel::prepare(*dev, "generated", generated_plan(n), 1, 1);
  ASSERT_TRUE(k.ok()) << k.error().message();
  std::vector<float> x(n), y(n);
  for (int i = 0; i < n; ++i) x[i] = static_cast<float>(i);
  auto in = Buffer::allocate(*dev, n * 4);
  auto out = Buffer::allocate(*dev, n * 4);
  auto stream = Stream::create(*dev);
  ASSERT_TRUE(in.ok() && out.ok() && stream.ok());
  ASSERT_TRUE(in->upload(x.data(), n * 4).ok());
  std::vector<CUdeviceptr> ins = {in->ptr()}, outs = {out->ptr()};
  ASSERT_TRUE(k->launch(*stream, ins, outs).ok());
  ASSERT_TRUE(stream->synchronize().ok());
  ASSERT_TRUE(out->download(y.data(), n * 4).ok());
  for (int i = 0; i < n; ++i) ASSERT_EQ(y[i], 2.0f * static_cast<float>(i) + 3.0f) << i;
  EXPECT_FALSE(k->launch(*stream, {}, outs).ok());  // wrong number of inputs
}

}  // namespace
}  // namespace kiln::cuda
