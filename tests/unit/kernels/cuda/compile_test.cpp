// Every registered kernel compiles with NVRTC for sm_90a, in every dtype, without a GPU.
#include <gtest/gtest.h>

#include <future>

#include <fmt/format.h>

#include "kernels/cuda/launcher.h"
#include "kernels/cuda/registry.h"

namespace kiln::kernels {
namespace {

// One kernel in one dtype at its first non-empty check shape, with the default knobs but for
// `knobs`.
Status compile_one(const KernelSpec& s, DType t, const Config& knobs = {}) {
  Shape shape = s.check_shapes.front();
  for (const Shape& c : s.check_shapes) {
    if (num_elements(c) > 1) {
      shape = c;
      break;
    }
  }
  KILN_TRY(Problem p, s.make_problem(shape, t));
  KILN_TRY(Config config, complete_config(s, knobs));
  KILN_TRY(Plan plan, s.plan(p, config));
  KILN_TRY(auto cubins, compile_plan(plan, "sm_90a"));
  (void)cubins;
  return ok_status();
}

struct Job {
  const KernelSpec* spec;
  DType dtype;
  Config knobs;
  std::future<Status> result;
};

// Compiles every job; NVRTC compiles independent programs in parallel.
void compile_all(std::vector<Job>& jobs) {
  for (Job& j : jobs) {
    j.result = std::async(std::launch::deferred, compile_one, std::cref(*j.spec), j.dtype,
                          std::cref(j.knobs));
  }
  // Two threads, each taking every other job.
  auto run_half = [&jobs](size_t start) {
    for (size_t i = start; i < jobs.size(); i += 2) jobs[i].result.wait();
  };
  auto other = std::async(std::launch::async, run_half, 1);
  run_half(0);
  other.wait();
  for (auto& j : jobs) {
    Status s = j.result.get();
    std::string knobs;
    for (const auto& [name, value] : j.knobs) knobs += fmt::format(" {}={}", name, value);
    EXPECT_TRUE(s.ok()) << j.spec->name << " " << dtype_name(j.dtype) << knobs << ": "
                        << (s.ok() ? "" : s.error().message());
  }
}

bool have_nvrtc(std::string& why) {
  auto v = cuda::nvrtc_version();
  if (!v.ok()) why = v.error().message();
  return v.ok();
}

TEST(KernelCompile, EveryKernelCompilesForSm90a) {
  std::string why;
  if (!have_nvrtc(why)) GTEST_SKIP() << "NVRTC not available: " << why;
  std::vector<Job> jobs;
  for (const KernelSpec* s : all_kernels()) {
    for (DType t : s->dtypes) jobs.push_back({s, t, {}, {}});
  }
  compile_all(jobs);
}

// Every other value of every knob (the rest at their defaults), in a 16-bit dtype, where
// knobs such as fast_math change the code compiled.
TEST(KernelCompile, EveryKnobValueCompilesForSm90a) {
  std::string why;
  if (!have_nvrtc(why)) GTEST_SKIP() << "NVRTC not available: " << why;
  std::vector<Job> jobs;
  for (const KernelSpec* s : all_kernels()) {
    DType t = s->dtypes.back();
    for (DType d : s->dtypes) {
      if (d == DType::kF16) t = d;
    }
    for (const Knob& k : s->knobs) {
      for (int64_t v : k.values) {
        if (v != k.default_value) jobs.push_back({s, t, {{k.name, v}}, {}});
      }
    }
  }
  compile_all(jobs);
}

}  // namespace
}  // namespace kiln::kernels
