// Every registered kernel compiles with NVRTC for sm_90a, in every dtype, without a GPU.
#include <gtest/gtest.h>

#include <future>

#include "kernels/cuda/launcher.h"
#include "kernels/cuda/registry.h"

namespace kiln::kernels {
namespace {

// One kernel in one dtype at its first non-empty check shape, with the default knobs.
Status compile_one(const KernelSpec& s, DType t) {
  Shape shape = s.check_shapes.front();
  for (const Shape& c : s.check_shapes) {
    if (num_elements(c) > 1) {
      shape = c;
      break;
    }
  }
  KILN_TRY(Problem p, s.make_problem(shape, t));
  KILN_TRY(Config config, complete_config(s, {}));
  KILN_TRY(Plan plan, s.plan(p, config));
  KILN_TRY(auto cubins, compile_plan(plan, "sm_90a"));
  (void)cubins;
  return ok_status();
}

TEST(KernelCompile, EveryKernelCompilesForSm90a) {
  if (auto v = cuda::nvrtc_version(); !v.ok()) {
    GTEST_SKIP() << "NVRTC not available: " << v.error().message();
  }
  struct Job {
    const KernelSpec* spec;
    DType dtype;
    std::future<Status> result;
  };
  std::vector<Job> jobs;
  for (const KernelSpec* s : all_kernels()) {
    for (DType t : s->dtypes) {
      jobs.push_back({s, t, std::async(std::launch::deferred, compile_one, std::cref(*s), t)});
    }
  }
  // Two threads, each taking every other job: NVRTC compiles independent programs in parallel.
  auto run_half = [&jobs](size_t start) {
    for (size_t i = start; i < jobs.size(); i += 2) jobs[i].result.wait();
  };
  auto other = std::async(std::launch::async, run_half, 1);
  run_half(0);
  other.wait();
  for (auto& j : jobs) {
    Status s = j.result.get();
    EXPECT_TRUE(s.ok()) << j.spec->name << " " << dtype_name(j.dtype) << ": "
                        << (s.ok() ? "" : s.error().message());
  }
}

}  // namespace
}  // namespace kiln::kernels
