// Event timing of enqueued device work, and its statistics.
#include "bench/timing.h"

#include <algorithm>
#include <numeric>

#include <fmt/format.h>

namespace kiln::bench {

Stats summarize(std::vector<double> samples_ms) {
  Stats s;
  if (samples_ms.empty()) return s;
  std::sort(samples_ms.begin(), samples_ms.end());
  auto at = [&](double q) {
    return samples_ms[static_cast<size_t>(q * static_cast<double>(samples_ms.size() - 1) + 0.5)];
  };
  s.n = static_cast<int>(samples_ms.size());
  s.min_ms = samples_ms.front();
  s.max_ms = samples_ms.back();
  s.median_ms = at(0.5);
  s.p10_ms = at(0.1);
  s.p90_ms = at(0.9);
  s.mean_ms = std::accumulate(samples_ms.begin(), samples_ms.end(), 0.0) / s.n;
  s.stability = s.median_ms > 0 ? std::clamp(1 - (s.p90_ms - s.p10_ms) / s.median_ms, 0.0, 1.0)
                                : 0.0;
  return s;
}

namespace {

// Busy-waits on the GPU so that the host can queue the timed runs behind it.
constexpr const char* kSpinSource = R"(
extern "C" __global__ void spin(long long cycles) {
  long long start = clock64();
  while (clock64() - start < cycles) {
  }
}
)";


Expected<cuda::Kernel> spin_kernel(const cuda::Device& device) {
  cuda::CompileRequest request{.name = "bench_spin", .source = kSpinSource,
                               .arch = device.properties().arch()};
  KILN_TRY(auto cubin, cuda::compile(request));
  return cuda::Kernel::load(device, cubin, "spin");
}

// A buffer twice the size of L2, rewritten before each cold run.
Expected<cuda::Buffer> l2_flush_buffer(const cuda::Device& device) {
  auto bytes = static_cast<size_t>(std::max<int64_t>(device.properties().l2_bytes, 1 << 20) * 2);
  return cuda::Buffer::allocate(device, bytes);
}

}  // namespace

Expected<Stats> time_runs(const cuda::Device& device, const cuda::Stream& stream,
                          const std::function<Status(int)>& enqueue, const TimingOptions& opts) {
  if (opts.iters < 1) return Error::invalid_argument("bench: --iters must be at least 1");
  for (int i = 0; i < (opts.cold_start ? 0 : opts.warmup); ++i) KILN_CHECK_OK(enqueue(i));
  KILN_CHECK_OK(stream.synchronize());
  KILN_TRY(auto spin, spin_kernel(device));
  cuda::Buffer flush;
  if (opts.cold_start) {
    KILN_TRY(flush, l2_flush_buffer(device));
  }
  std::vector<cuda::Event> start, stop;
  for (int i = 0; i < opts.iters; ++i) {
    KILN_TRY(auto a, cuda::Event::create(device));
    KILN_TRY(auto b, cuda::Event::create(device));
    start.push_back(std::move(a));
    stop.push_back(std::move(b));
  }
  // About 20 us of spinning per queued run (at ~2 GHz), at most 100 ms.
  int64_t cycles = std::min<int64_t>(int64_t{40000} * opts.iters, 200'000'000);
  void* spin_args[] = {&cycles};
  KILN_CHECK_OK(spin.launch(stream, 1, 1, 1, 1, 1, 1, 0, spin_args));
  for (int i = 0; i < opts.iters; ++i) {
    if (opts.cold_start) KILN_CHECK_OK(flush.fill_bytes_async(static_cast<unsigned char>(i), stream));
    KILN_CHECK_OK(start[static_cast<size_t>(i)].record(stream));
    KILN_CHECK_OK(enqueue(i));
    KILN_CHECK_OK(stop[static_cast<size_t>(i)].record(stream));
  }
  KILN_CHECK_OK(stream.synchronize());
  std::vector<double> samples;
  for (int i = 0; i < opts.iters; ++i) {
    KILN_TRY(float ms, stop[static_cast<size_t>(i)].elapsed_since(start[static_cast<size_t>(i)]));
    samples.push_back(ms);
  }
  return summarize(std::move(samples));
}

}  // namespace kiln::bench
