// Timing device work with CUDA events: warm-up, then many timed runs queued behind a spin
// kernel (so that launch gaps stay out of the numbers), summarised as median, min, mean and a
// stability score.
#pragma once

#include <functional>
#include <vector>

#include "runtime/cuda/device.h"

namespace kiln::bench {

struct TimingOptions {
  int warmup = 10;
  int iters = 100;
  // Flush the L2 cache before every run and skip the warm-up: first-touch behaviour.
  bool cold_start = false;
};

struct Stats {
  double median_ms = 0, min_ms = 0, mean_ms = 0, max_ms = 0, p10_ms = 0, p90_ms = 0;
  int n = 0;
  // 1 - (p90 - p10) / median, clamped to [0, 1]: 1 when every run takes the same time.
  double stability = 0;
};

Stats summarize(std::vector<double> samples_ms);

// Runs `enqueue(i)` (which enqueues one run of the work on `stream`, for the i-th timed run)
// `warmup` times, then `iters` times between events. Errors from `enqueue` or CUDA stop it.
Expected<Stats> time_runs(const cuda::Device& device, const cuda::Stream& stream,
                          const std::function<Status(int)>& enqueue, const TimingOptions& opts);

}  // namespace kiln::bench
