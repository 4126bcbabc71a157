// The one launch path (launcher.h): a Launch of generated source text compiles without a GPU,
// and runs with scratch memory and every argument kind on one.
#include "runtime/cuda/launcher.h"

#include <gtest/gtest.h>

#include <string>
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

// out[r * 4 + c] = the element (row0 + r, col0 + c) of an f32 matrix [6, 10] with rows 16
// elements apart, through one bulk tensor copy of a box of 8 rows x 4 columns: a tensor-map
// argument, encoded by the launcher, whose box reaches past the matrix (those read as zero).
Plan tensor_map_plan(int row0, int col0) {
  Launch l;
  l.name = "generated.tma_box";
  l.source = R"(struct alignas(64) Map { unsigned long long opaque[16]; };
extern "C" __global__ void tma_box(const __grid_constant__ Map map, float* out) {
  __shared__ alignas(128) float tile[32];
  __shared__ alignas(8) unsigned long long bar;
  unsigned t = (unsigned)__cvta_generic_to_shared(tile);
  unsigned b = (unsigned)__cvta_generic_to_shared(&bar);
  if (threadIdx.x == 0) {
    asm volatile("mbarrier.init.shared::cta.b64 [%0], 1;" :: "r"(b) : "memory");
    asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
    asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], 128;" :: "r"(b) : "memory");
    asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes"
                 " [%0], [%1, {%3, %4}], [%2];"
                 :: "r"(t), "l"((unsigned long long)&map), "r"(b), "r"(COL0), "r"(ROW0) : "memory");
    unsigned done = 0;
    while (!done) {
      asm volatile("{\n.reg .pred p;\nmbarrier.try_wait.parity.shared::cta.b64 p, [%1], 0;\n"
                   "selp.u32 %0, 1, 0, p;\n}\n" : "=r"(done) : "r"(b) : "memory");
    }
  }
  __syncthreads();
  out[threadIdx.x] = tile[threadIdx.x];
})";
  l.function = "tma_box";
  l.defines = {"-DROW0=" + std::to_string(row0), "-DCOL0=" + std::to_string(col0)};
  l.block = {32, 1, 1};
  TensorMap map;
  map.source = TensorMap::Source::kInput;
  map.index = 0;
  map.element = TensorMap::Element::kF32;
  map.dims = {10, 6};
  map.strides = {64};
  map.box = {4, 8};
  map.swizzle = TensorMap::Swizzle::kNone;
  l.args = {Arg::tensor_map(map), Arg::output(0)};
  return Plan{{}, {l}};
}

TEST(Launcher, TensorMapArgumentsCompileWithoutAGpu) {
  auto v = nvrtc_version();
  if (!v.ok()) GTEST_SKIP() << "NVRTC not available: " << v.error().message();
  auto cubins = compile_plan(tensor_map_plan(2, 8), "sm_90a");
  ASSERT_TRUE(cubins.ok()) << cubins.error().message();
}

TEST(CudaDevice, TensorMapArgumentFeedsABulkTensorCopy) {
  auto dev = Device::open(0);
  if (!dev.ok()) GTEST_SKIP() << "no GPU: " << dev.error().message();
  if (dev->properties().compute_major < 9) GTEST_SKIP() << "no TMA before sm_90";
  auto k = PreparedKernel::prepare(*dev, "tma", tensor_map_plan(2, 8), 1, 1);
  ASSERT_TRUE(k.ok()) << k.error().message();
  auto stream = Stream::create(*dev);
  auto out = Buffer::allocate(*dev, 32 * 4);
  ASSERT_TRUE(stream.ok() && out.ok());
  // Two inputs in turn: the second launch encodes the map again for its address.
  for (float scale : {1.0f, -2.0f}) {
    std::vector<float> x(6 * 16, -1.0f), y(32);
    for (int r = 0; r < 6; ++r) {
      for (int c = 0; c < 10; ++c) x[r * 16 + c] = scale * static_cast<float>(100 * r + c);
    }
    auto in = Buffer::allocate(*dev, x.size() * 4);
    ASSERT_TRUE(in.ok());
    ASSERT_TRUE(in->upload(x.data(), x.size() * 4).ok());
    std::vector<CUdeviceptr> ins = {in->ptr()}, outs = {out->ptr()};
    Status s = k->launch(*stream, ins, outs);
    ASSERT_TRUE(s.ok()) << s.error().message();
    ASSERT_TRUE(stream->synchronize().ok());
    ASSERT_TRUE(out->download(y.data(), 32 * 4).ok());
    for (int r = 0; r < 8; ++r) {
      for (int c = 0; c < 4; ++c) {
        const int row = 2 + r, col = 8 + c;
        const float want = row < 6 && col < 10 ? x[row * 16 + col] : 0.0f;
        EXPECT_EQ(y[r * 4 + c], want) << "row " << row << " col " << col << " scale " << scale;
      }
    }
  }
}

TEST(CudaDevice, TensorMapOfAnUnalignedBufferIsAnErrorNamingTheKernel) {
  auto dev = Device::open(0);
  if (!dev.ok()) GTEST_SKIP() << "no GPU: " << dev.error().message();
  if (dev->properties().compute_major < 9) GTEST_SKIP() << "no TMA before sm_90";
  auto k = PreparedKernel::prepare(*dev, "tma", tensor_map_plan(0, 0), 1, 1);
  ASSERT_TRUE(k.ok()) << k.error().message();
  auto stream = Stream::create(*dev);
  auto in = Buffer::allocate(*dev, 6 * 16 * 4 + 8);
  auto out = Buffer::allocate(*dev, 32 * 4);
  ASSERT_TRUE(stream.ok() && in.ok() && out.ok());
  std::vector<CUdeviceptr> ins = {in->ptr() + 8}, outs = {out->ptr()};
  Status s = k->launch(*stream, ins, outs);
  ASSERT_FALSE(s.ok());
  EXPECT_NE(s.error().message().find("cuda: tma: cuda: tensor map: address"), std::string::npos)
      << s.error().message();
}

}  // namespace
}  // namespace kiln::cuda
