// Splitting large loops over the machine's cores.
#pragma once

#include <cstdint>
#include <functional>

namespace kiln::interp {

// The threads parallel_for splits a loop over: KILN_NUM_THREADS if it is set to a whole number
// from 1 to 1024 (read once), else the CPUs this process may run on (its affinity mask).
int64_t worker_threads();

// Calls fn(begin, end) on disjoint ranges covering [0, n), on several threads when n is at
// least `grain` per thread, otherwise once on the calling thread. fn must be safe to run
// concurrently on disjoint ranges.
void parallel_for(int64_t n, int64_t grain, const std::function<void(int64_t, int64_t)>& fn);

}  // namespace kiln::interp
