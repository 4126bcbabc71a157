// The CUDA layer on a real GPU: device properties, memory, a kernel compiled by NVRTC and
// launched, events. Skips with the reason where there is no GPU or driver.
#include <gtest/gtest.h>

#include <vector>

#include "runtime/cuda/device.h"

namespace kiln::cuda {
namespace {

TEST(CudaDriver, MissingDriverIsAnErrorNotACrash) {
  auto d = driver();
  if (d.ok()) GTEST_SKIP() << "a CUDA driver is present";
  EXPECT_EQ(d.error().message().rfind("cuda: ", 0), 0u) << d.error().message();
  auto dev = Device::open(0);
  EXPECT_FALSE(dev.ok());
}

TEST(CudaDevice, SaxpyRunsAndTimes) {
  auto dev = Device::open(0);
  if (!dev.ok()) GTEST_SKIP() << "no GPU: " << dev.error().message();
  const DeviceProperties& p = dev->properties();
  EXPECT_GT(p.sm_count, 0);
  EXPECT_GT(p.memory_bytes, 0);
  auto cubin = compile({.name = "saxpy_test",
                        .source = R"(extern "C" __global__ void saxpy(float a, const float* x,
                                      float* y, int n) {
                                      int i = blockIdx.x * blockDim.x + threadIdx.x;
                                      if (i < n) y[i] = a * x[i] + y[i]; })",
                        .arch = p.arch()});
  ASSERT_TRUE(cubin.ok()) << cubin.error().message();
  auto kernel = Kernel::load(*dev, *cubin, "saxpy");
  ASSERT_TRUE(kernel.ok()) << kernel.error().message();
  const int n = 1000;
  std::vector<float> x(n), y(n);
  for (int i = 0; i < n; ++i) {
    x[i] = static_cast<float>(i) * 0.5f + 1.0f;
    y[i] = static_cast<float>(n - i);
  }
  auto bx = Buffer::allocate(*dev, n * sizeof(float));
  auto by = Buffer::allocate(*dev, n * sizeof(float));
  ASSERT_TRUE(bx.ok() && by.ok());
  ASSERT_TRUE(bx->upload(x.data(), n * sizeof(float)).ok());
  ASSERT_TRUE(by->upload(y.data(), n * sizeof(float)).ok());
  auto stream = Stream::create(*dev);
  auto start = Event::create(*dev);
  auto stop = Event::create(*dev);
  ASSERT_TRUE(stream.ok() && start.ok() && stop.ok());
  float a = 3.0f;
  CUdeviceptr px = bx->ptr(), py = by->ptr();
  int count = n;
  void* args[] = {&a, &px, &py, &count};
  ASSERT_TRUE(start->record(*stream).ok());
  Status launched = kernel->launch(*stream, (n + 255) / 256, 1, 1, 256, 1, 1, 0, args);
  ASSERT_TRUE(launched.ok()) << launched.error().message();
  ASSERT_TRUE(stop->record(*stream).ok());
  auto ms = stop->elapsed_since(*start);
  ASSERT_TRUE(ms.ok());
  EXPECT_GE(*ms, 0.0f);
  std::vector<float> out(n);
  ASSERT_TRUE(by->download(out.data(), n * sizeof(float)).ok());
  for (int i = 0; i < n; ++i) EXPECT_EQ(out[i], a * x[i] + y[i]) << i;
}

TEST(CudaDevice, OutOfMemoryIsAnError) {
  auto dev = Device::open(0);
  if (!dev.ok()) GTEST_SKIP() << "no GPU: " << dev.error().message();
  auto b = Buffer::allocate(*dev, size_t{1} << 50);  // a petabyte
  ASSERT_FALSE(b.ok());
  EXPECT_NE(b.error().message().find("CUDA_ERROR_OUT_OF_MEMORY"), std::string::npos)
      << b.error().message();
}

}  // namespace
}  // namespace kiln::cuda
