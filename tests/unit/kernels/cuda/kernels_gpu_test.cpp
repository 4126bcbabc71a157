// Every registered kernel, in every dtype, at every check shape (tiny, not a multiple of the
// tile, empty, rank 0 where it applies), on the GPU against the reference interpreter with
// fresh random inputs and poisoned outputs. Skips, saying so, where there is no GPU.
#include <gtest/gtest.h>

#include <chrono>
#include <cstdlib>

#include "bench/check.h"
#include "kernels/cuda/registry.h"

namespace kiln::kernels {
namespace {

struct Case {
  const KernelSpec* spec;
  ElementType dtype;
  Config knobs;  // beside the defaults
};

std::vector<Case> all_cases() {
  std::vector<Case> cases;
  for (const KernelSpec* s : all_kernels()) {
    for (ElementType t : s->dtypes) cases.push_back({s, t, {}});
  }
  return cases;
}

// Every other value of every knob (the rest at their defaults), in each 16-bit dtype the
// kernel has (where fast_math changes the arithmetic), else its first.
std::vector<Case> variant_cases() {
  std::vector<Case> cases;
  for (const KernelSpec* s : all_kernels()) {
    std::vector<ElementType> dtypes;
    for (ElementType t : s->dtypes) {
      if (t == ElementKind::kF16 || t == ElementKind::kBF16) dtypes.push_back(t);
    }
    if (dtypes.empty()) dtypes.push_back(s->dtypes.front());
    for (const Knob& k : s->knobs) {
      for (int64_t v : k.values) {
        if (v == k.default_value) continue;
        for (ElementType t : dtypes) cases.push_back({s, t, {{k.name, v}}});
      }
    }
  }
  return cases;
}

std::string case_name(const ::testing::TestParamInfo<Case>& info) {
  // The group keeps names unique even before the registry test has caught a duplicate
  // kernel name.
  std::string name = info.param.spec->group + "_" + info.param.spec->name;
  for (const auto& [knob, value] : info.param.knobs) name += "_" + knob + std::to_string(value);
  return name + "_" + std::string(dtype_name(info.param.dtype));
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

// Fresh inputs every run; KILN_KERNEL_SEED=N repeats a failure's inputs (its message names the
// seed).
uint64_t input_seed() {
  if (const char* s = std::getenv("KILN_KERNEL_SEED"); s && *s)
    return std::strtoull(s, nullptr, 10);
  return static_cast<uint64_t>(std::chrono::steady_clock::now().time_since_epoch().count());
}

TEST_P(KernelOnGpu, MatchesTheInterpreterAtEveryCheckShape) {
  if (!device_) GTEST_SKIP() << "no GPU: " << why_;
  const Case& c = GetParam();
  auto config = complete_config(*c.spec, c.knobs, c.dtype);
  ASSERT_TRUE(config.ok()) << config.error().message();
  const uint64_t seed = input_seed();
  auto r = bench::check_kernel(*device_, *c.spec, c.dtype, c.knobs, seed);
  ASSERT_TRUE(r.ok()) << r.error().message();
  std::string failures;
  for (const auto& f : r->failures) failures += "\n  " + f;
  EXPECT_TRUE(r->passed()) << case_name({c, 0}) << " (seed " << seed << "):" << failures;
}

INSTANTIATE_TEST_SUITE_P(Registry, KernelOnGpu, ::testing::ValuesIn(all_cases()), case_name);
// Knob values other than the defaults: the variants the bench and the tuner may pick.
INSTANTIATE_TEST_SUITE_P(Variants, KernelOnGpu, ::testing::ValuesIn(variant_cases()), case_name);

}  // namespace
}  // namespace kiln::kernels
