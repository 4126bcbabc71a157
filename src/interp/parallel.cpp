// Splitting large loops over the machine's cores.
#include "interp/parallel.h"

#include <sched.h>

#include <algorithm>
#include <charconv>
#include <cstdlib>
#include <cstring>
#include <thread>
#include <vector>

namespace kiln::interp {

int64_t worker_threads() {
  static const int64_t threads = [] {
    // KILN_NUM_THREADS wins (embedders share the machine); then the CPUs this process may run
    // on (taskset, container cpusets), which hardware_concurrency ignores; then that.
    if (const char* env = std::getenv("KILN_NUM_THREADS")) {
      int64_t n = 0;
      auto [end, ec] = std::from_chars(env, env + std::strlen(env), n);
      if (ec == std::errc() && *end == '\0' && n >= 1) return std::min<int64_t>(n, 1024);
    }
    cpu_set_t set;
    if (sched_getaffinity(0, sizeof(set), &set) == 0) return std::max<int64_t>(1, CPU_COUNT(&set));
    return std::max<int64_t>(1, std::thread::hardware_concurrency());
  }();
  return threads;
}

void parallel_for(int64_t n, int64_t grain, const std::function<void(int64_t, int64_t)>& fn) {
  const int64_t cores = worker_threads();
  int64_t threads = std::min<int64_t>(cores, grain > 0 ? n / grain : 1);
  if (threads <= 1) {
    if (n > 0) fn(0, n);
    return;
  }
  std::vector<std::thread> pool;
  pool.reserve(static_cast<size_t>(threads - 1));
  int64_t chunk = (n + threads - 1) / threads;
  for (int64_t t = 1; t < threads; ++t) {
    int64_t begin = t * chunk, end = std::min(n, begin + chunk);
    if (begin < end) pool.emplace_back(fn, begin, end);
  }
  fn(0, std::min(n, chunk));
  for (std::thread& th : pool) th.join();
}

}  // namespace kiln::interp
