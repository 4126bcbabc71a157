// The scans (kernels/cuda/scan.cpp) past their check shapes: on the GPU, problems of hundreds of
// tiles (the check shapes have one to a few, and their reference is quadratic) against exact
// sums, in each kernel and tile order; without one, which kernel the plans pick.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <random>

#include "ir/float_format.h"
#include "kernels/cuda/element_types.h"
#include "kernels/cuda/plan.h"
#include "kernels/cuda/plan_helpers.h"
#include "kernels/cuda/registry.h"
#include "runtime/cuda/device.h"

// A namespace of its own: the tests compile in unity batches beside other tests' helpers.
namespace kiln::kernels::scan_test {
namespace {

const KernelSpec& spec(const char* name) {
  auto s = find_kernel(name);
  EXPECT_TRUE(s.ok()) << name;
  return **s;
}

Plan plan_of(const char* name, const Shape& shape, ElementKind t, const Config& given) {
  auto p = spec(name).make_problem(shape, t);
  EXPECT_TRUE(p.ok());
  auto plan = plan_kernel(spec(name), *p, given);
  EXPECT_TRUE(plan.ok()) << (plan.ok() ? "" : plan.error().message());
  return plan.ok() ? *plan : Plan{};
}

TEST(PlanScan, VectorsStageTheirTilesInSharedMemory) {
  // bf16 at 2^28: 7282 tiles of 512 x 72 elements (9 packs a thread), each 72 KiB of shared
  // memory, in launch order.
  Plan vec = plan_of("scan_inclusive", {1 << 28}, ElementKind::kBF16, {});
  ASSERT_EQ(vec.launches.size(), 2u);
  EXPECT_EQ(vec.launches[1].function, "scan_staged");
  EXPECT_EQ(vec.launches[1].grid[0], 7282u);
  EXPECT_EQ(vec.launches[1].shared_bytes, 73728u);
  EXPECT_NE(std::find(vec.launches[1].defines.begin(), vec.launches[1].defines.end(),
                      define("LAUNCH_ORDER", 1)),
            vec.launches[1].defines.end());
  // Rows load into registers: tiles of 256 x 32 elements, one per 8192-element row.
  Plan rows = plan_of("scan_rows", {8192, 8192}, ElementKind::kBF16, {});
  EXPECT_EQ(rows.launches[1].function, "scan_tiles");
  EXPECT_EQ(rows.launches[1].grid[0], 8192u);
  EXPECT_EQ(rows.launches[1].shared_bytes, 0u);
  // Without sm_90's bulk copies, vectors load into registers too.
  cuda::DeviceProperties ampere = cuda::DeviceProperties::h100_sxm();
  ampere.compute_major = 8;
  auto p = spec("scan_inclusive").make_problem({1 << 20}, ElementKind::kF32);
  ASSERT_TRUE(p.ok());
  auto old = plan_kernel(spec("scan_inclusive"), *p, {}, ampere);
  ASSERT_TRUE(old.ok()) << old.error().message();
  EXPECT_EQ(old->launches[1].function, "scan_tiles");
  // ... at 8 packs a thread: a ninth would leave one block an SM (the registers' bound).
  const std::vector<std::string>& d = old->launches[1].defines;
  EXPECT_NE(std::find(d.begin(), d.end(), define("ITEMS", 32)), d.end());
}

// Integers in [-3, 3]: every prefix sum is exact in f32 (|sum| < 2^24), whatever the order of
// the additions, so the kernel's outputs must equal the exact sums rounded once to the type.
std::vector<float> small_integers(size_t n, unsigned seed) {
  std::mt19937 rng(seed);
  std::uniform_int_distribution<int> d(-3, 3);
  std::vector<float> v(n);
  for (float& f : v) f = static_cast<float>(d(rng));
  return v;
}

// The exact scan of x, rows of `seg` elements, rounded to `t`.
std::vector<float> exact_scan(const std::vector<float>& x, size_t seg, bool exclusive,
                              ElementKind t) {
  std::vector<float> y(x.size());
  double run = 0;
  for (size_t i = 0; i < x.size(); ++i) {
    if (i % seg == 0) run = 0;
    double out = exclusive ? run : run + x[i];
    run += x[i];
    y[i] = static_cast<float>(ir::bits_to_double(t, ir::double_to_bits(t, out)));
  }
  return y;
}

// Runs the kernel on x (as type t) with `given` knobs and returns its outputs as floats.
std::vector<float> run_scan(const cuda::Device& dev, const char* name, const Shape& shape,
                            ElementKind t, const Config& given, const std::vector<float>& x) {
  auto p = spec(name).make_problem(shape, t);
  EXPECT_TRUE(p.ok());
  auto k = prepare_kernel(dev, spec(name), *p, given);
  EXPECT_TRUE(k.ok()) << (k.ok() ? "" : k.error().message());
  if (!k.ok()) return {};
  const size_t bytes = t == ElementKind::kF32 ? 4 : 2;
  std::vector<unsigned char> host(x.size() * bytes);
  for (size_t i = 0; i < x.size(); ++i) {
    uint64_t b = ir::double_to_bits(t, x[i]);
    std::memcpy(host.data() + i * bytes, &b, bytes);  // little-endian: the low bytes
  }
  auto in = cuda::Buffer::allocate(dev, host.size());
  auto out = cuda::Buffer::allocate(dev, host.size());
  auto stream = cuda::Stream::create(dev);
  EXPECT_TRUE(in.ok() && out.ok() && stream.ok());
  EXPECT_TRUE(in->upload(host.data(), host.size()).ok());
  EXPECT_TRUE(out->fill_bytes(0xff).ok());  // NaN where the kernel writes nothing
  std::vector<CUdeviceptr> ins = {in->ptr()}, outs = {out->ptr()};
  EXPECT_TRUE(k->launch(*stream, ins, outs).ok());
  EXPECT_TRUE(stream->synchronize().ok());
  EXPECT_TRUE(out->download(host.data(), host.size()).ok());
  std::vector<float> y(x.size());
  for (size_t i = 0; i < x.size(); ++i) {
    uint64_t b = 0;
    std::memcpy(&b, host.data() + i * bytes, bytes);
    y[i] = static_cast<float>(ir::bits_to_double(t, b));
  }
  return y;
}

// The first index where got differs from want (NaN included), or -1.
int64_t first_difference(const std::vector<float>& got, const std::vector<float>& want) {
  if (got.size() != want.size()) return 0;
  for (size_t i = 0; i < got.size(); ++i) {
    if (!(got[i] == want[i])) return static_cast<int64_t>(i);
  }
  return -1;
}

struct ScanRun {
  const char* kernel;
  Shape shape;
  ElementKind dtype;
  Config knobs;
};

TEST(KernelScanOnGpu, ManyTilesPerBlockGiveTheExactSums) {
  auto dev = cuda::Device::open(0);
  if (!dev.ok()) GTEST_SKIP() << "no GPU: " << dev.error().message();
  // 2^24 + 777 elements: 456 staged tiles of 36864 bf16 (911 of 18432 f32; 513 and 1025 in
  // registers), a ragged last tile; rows of 5000 over tiles of 8192 (rows start inside tiles
  // and tiles inside rows). Tiles staged in shared memory and in registers, taken in launch
  // order and from the counter.
  const Config regs = {{"staged", 0}}, staged = {{"staged", 1}}, counter = {{"order", 0}},
               regs_counter = {{"staged", 0}, {"order", 0}};
  // Vectors' staged tiles of 8 packs a thread (64 KiB in 16 KiB chunks; the default 9 comes in
  // chunks of 8 KiB), rows staged at 9.
  const Config packs8 = {{"packs", 8}}, rows9 = {{"staged", 1}, {"packs", 9}};
  for (const ScanRun& r :
       std::vector<ScanRun>{{"scan_inclusive", {(1 << 24) + 777}, ElementKind::kBF16, {}},
                            {"scan_exclusive", {(1 << 24) + 777}, ElementKind::kF32, counter},
                            {"scan_inclusive", {(1 << 24) + 777}, ElementKind::kF16, regs},
                            {"scan_exclusive", {(1 << 24) + 777}, ElementKind::kBF16, regs_counter},
                            {"scan_rows", {3001, 5000}, ElementKind::kBF16, {}},
                            {"scan_rows", {3001, 5000}, ElementKind::kF32, staged},
                            {"scan_rows", {3001, 5000}, ElementKind::kF16, counter},
                            {"scan_inclusive", {(1 << 24) + 777}, ElementKind::kF32, packs8},
                            {"scan_exclusive", {(1 << 24) + 777}, ElementKind::kBF16, packs8},
                            {"scan_rows", {3001, 5000}, ElementKind::kBF16, rows9}}) {
    int64_t n = 1;
    for (int64_t d : r.shape) n *= d;
    const bool exclusive = std::string(r.kernel) == "scan_exclusive";
    const size_t seg = r.shape.size() == 2 ? static_cast<size_t>(r.shape[1]) : n;
    std::vector<float> x = small_integers(static_cast<size_t>(n), 7);
    std::vector<float> got = run_scan(*dev, r.kernel, r.shape, r.dtype, r.knobs, x);
    std::vector<float> want = exact_scan(x, seg, exclusive, r.dtype);
    const int64_t at = first_difference(got, want);
    std::string knobs;
    for (const auto& [name, value] : r.knobs) knobs += " " + name + "=" + std::to_string(value);
    EXPECT_EQ(at, -1) << r.kernel << " " << shape_string(r.shape) << " " << dtype_name(r.dtype)
                      << knobs << ": got "
                      << (at >= 0 && at < static_cast<int64_t>(got.size()) ? got[at] : 0.f)
                      << ", want " << (at >= 0 ? want[at] : 0.f);
  }
}

}  // namespace
}  // namespace kiln::kernels::scan_test
