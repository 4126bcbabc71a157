// Splitting large loops over the machine's cores.
#include "interp/parallel.h"

#include <algorithm>
#include <thread>
#include <vector>

namespace kiln::interp {

void parallel_for(int64_t n, int64_t grain, const std::function<void(int64_t, int64_t)>& fn) {
  static const int64_t cores = std::max<int64_t>(1, std::thread::hardware_concurrency());
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
