// The closed loop on a GPU (loop.h): a few rounds of the search on softmax, the history they
// leave, and a second run that goes on from it without repeating a configuration. Skips
// visibly without a GPU.
#include "tune/loop.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <set>

#include "kernels/cuda/registry.h"
#include "tune/search_proposer.h"

namespace kiln::tune {
namespace {

TEST(TuneOnGpu, SearchRoundsLeaveAHistoryAndNeverRepeat) {
  auto device = cuda::Device::open(0);
  if (!device.ok()) GTEST_SKIP() << "no GPU: " << device.error().message();
  auto spec = kernels::find_kernel("softmax");
  ASSERT_TRUE(spec.ok());
  auto dir = std::filesystem::temp_directory_path() / ("kiln_tune_gpu_" + std::to_string(::getpid()));
  std::filesystem::remove_all(dir);
  TuneOptions o;
  o.dtype = "bf16";
  o.shape = "1024x4096";
  o.rounds = 2;
  o.budget_minutes = 3;
  o.results = dir.string();
  o.baselines = "none";
  o.iters = 20;
  o.verify_iters = 50;
  o.ncu = false;
  std::vector<std::unique_ptr<bench::BaselinePlugin>> plugins;
  bench::Ceilings ceilings;
  std::vector<std::string> lines;
  ProgressFn progress = [&](const std::string& line) { lines.push_back(line); };
  for (int run = 0; run < 2; ++run) {
    SearchProposer search;
    auto out = tune_kernel(*device, **spec, o, plugins, ceilings, search, progress);
    ASSERT_TRUE(out.ok()) << out.error().message();
    EXPECT_GT(out->start_ms, 0);
    EXPECT_GT(out->best_ms, 0);
    EXPECT_GE(out->tries, 1);
  }
  std::string slug = gpu_slug(device->properties().name);
  auto history = read_history(history_path(dir.string(), slug, "softmax"));
  ASSERT_TRUE(history.ok()) << history.error().message();
  ASSERT_GE(history->size(), 3u);  // the start and at least one candidate per run
  EXPECT_EQ(history->front().proposer, "start");
  EXPECT_EQ(history->front().verdict, Verdict::kKept);
  std::set<std::string> keys;
  for (const auto& a : *history) {
    EXPECT_EQ(a.gpu, device->properties().name);
    EXPECT_TRUE(keys.insert(configuration_key(a.knobs, a.source_hash)).second)
        << "configuration repeated: round " << a.round;
  }
  EXPECT_FALSE(top_kept(*history, 5).empty());
  EXPECT_FALSE(lines.empty());
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace kiln::tune
