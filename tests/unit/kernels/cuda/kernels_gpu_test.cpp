// Every registered kernel, in every dtype, at every check shape (tiny, not a multiple of the
// tile, empty, rank 0 where it applies), on the GPU against the reference interpreter with
// fresh random inputs and poisoned outputs. Skips, saying so, where there is no GPU.
#include <gtest/gtest.h>

#include <chrono>

#include "bench/check.h"
#include "kernels/cuda/registry.h"

namespace kiln::kernels {
namespace {

struct Case {
  const KernelSpec* spec;
  DType dtype;
};

std::vector<Case> all_cases() {
  std::vector<Case> cases;
  for (const KernelSpec* s : all_kernels()) {
    for (DType t : s->dtypes) cases.push_back({s, t});
  }
  return cases;
}

class KernelOnGpu : public ::testing::TestWithParam<Case> {
 protected:
  static void SetUpTestSuite() {
    auto d = cuda::Device::open(0);
    if (d.ok()) {
      device_ = new cuda::Device(std::move(*d));
    } else {
      why_ = d.error().message();
    }
  }
  static void TearDownTestSuite() {
    delete device_;
    device_ = nullptr;
  }
  static cuda::Device* device_;
  static std::string why_;
};
cuda::Device* KernelOnGpu::device_ = nullptr;
std::string KernelOnGpu::why_;

TEST_P(KernelOnGpu, MatchesTheInterpreterAtEveryCheckShape) {
  if (!device_) GTEST_SKIP() << "no GPU: " << why_;
  const Case& c = GetParam();
  auto config = complete_config(*c.spec, {});
  ASSERT_TRUE(config.ok());
  auto seed = static_cast<uint64_t>(std::chrono::steady_clock::now().time_since_epoch().count());
  auto r = bench::check_kernel(*device_, *c.spec, c.dtype, *config, seed);
  ASSERT_TRUE(r.ok()) << r.error().message();
  std::string failures;
  for (const auto& f : r->failures) failures += "\n  " + f;
  EXPECT_TRUE(r->passed()) << c.spec->name << " " << dtype_name(c.dtype) << " (seed " << seed
                           << "):" << failures;
}

INSTANTIATE_TEST_SUITE_P(Registry, KernelOnGpu, ::testing::ValuesIn(all_cases()),
                         [](const ::testing::TestParamInfo<Case>& info) {
                           // The group keeps names unique even before the registry
                           // test has caught a duplicate kernel name.
                           return info.param.spec->group + "_" + info.param.spec->name + "_" +
                                  std::string(dtype_name(info.param.dtype));
                         });

}  // namespace
}  // namespace kiln::kernels
