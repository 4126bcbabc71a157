// Splitting large loops over the machine's cores: a pool of persistent workers that sleep on a
// futex between loops.
#include "interp/parallel.h"

#include <linux/futex.h>
#include <sched.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <charconv>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

namespace kiln::interp {

namespace {

// Polls before sleeping: long enough to catch the next loop of a program whose ops hand theirs
// out back to back, short enough not to keep a shared core from other work.
constexpr auto kSpinTime = std::chrono::microseconds(50);

inline void cpu_relax() {
#if defined(__x86_64__) || defined(__i386__)
  __builtin_ia32_pause();
#endif
}

void futex_wait(std::atomic<uint32_t>& word, uint32_t seen) {
  syscall(SYS_futex, reinterpret_cast<uint32_t*>(&word), FUTEX_WAIT_PRIVATE, seen, nullptr,
          nullptr, 0);
}

void futex_wake(std::atomic<uint32_t>& word) {
  syscall(SYS_futex, reinterpret_cast<uint32_t*>(&word), FUTEX_WAKE_PRIVATE, 1, nullptr,
          nullptr, 0);
}

// Returns once `word` differs from `seen`: a short spin, then futex sleeps. std::atomic::wait
// is not used because libstdc++'s yields to the scheduler between its spins.
uint32_t wait_change(std::atomic<uint32_t>& word, uint32_t seen) {
  const auto until = std::chrono::steady_clock::now() + kSpinTime;
  for (int i = 1;; ++i) {
    uint32_t now = word.load(std::memory_order_acquire);
    if (now != seen) return now;
    cpu_relax();
    if (i % 64 == 0 && std::chrono::steady_clock::now() >= until) break;
  }
  for (;;) {
    uint32_t now = word.load(std::memory_order_acquire);
    if (now != seen) return now;
    futex_wait(word, seen);
  }
}

// Workers that share the tasks of one loop at a time with the thread that calls try_run. Each
// task is claimed once, by whichever thread comes first, so a worker the scheduler has not run
// yet costs the caller nothing but doing that task itself. A caller that finds the pool busy
// (another interpreter thread) or that is itself inside a pooled task (a nested parallel_for)
// runs its loop on its own thread.
class Pool {
 public:
  explicit Pool(int64_t workers) {
    for (int64_t i = 0; i < workers; ++i) std::thread([this] { work(); }).detach();
  }

  // Runs task(t) once for each t in [0, tasks), tasks < 2^16; false (nothing run) when the pool
  // is busy or this thread is a pooled task.
  bool try_run(int64_t tasks, const std::function<void(int64_t)>& task) {
    if (inside_) return false;
    std::unique_lock<std::mutex> lock(busy_, std::try_to_lock);
    if (!lock.owns_lock()) return false;
    const uint32_t epoch = go_.load(std::memory_order_relaxed) + 1;
    task_.store(&task, std::memory_order_relaxed);
    remaining_.store(static_cast<uint32_t>(tasks), std::memory_order_relaxed);
    claim_.store(uint64_t{epoch} << 32 | static_cast<uint64_t>(tasks) << 16,
                 std::memory_order_release);
    go_.store(epoch, std::memory_order_release);
    syscall(SYS_futex, reinterpret_cast<uint32_t*>(&go_), FUTEX_WAKE_PRIVATE,
            static_cast<int>(tasks - 1), nullptr, nullptr, 0);
    inside_ = true;
    run_tasks(epoch);
    inside_ = false;
    for (uint32_t left = remaining_.load(std::memory_order_acquire); left != 0;
         left = remaining_.load(std::memory_order_acquire)) {
      wait_change(remaining_, left);
    }
    return true;
  }

 private:
  // Claims and runs tasks of loop `epoch` until none is left unclaimed.
  void run_tasks(uint32_t epoch) {
    uint64_t c = claim_.load(std::memory_order_acquire);
    for (;;) {
      if (c >> 32 != epoch) return;
      const auto t = static_cast<int64_t>(c & 0xffff);
      if (t >= static_cast<int64_t>(c >> 16 & 0xffff)) return;
      if (!claim_.compare_exchange_weak(c, c + 1, std::memory_order_acq_rel)) continue;
      // Claimed: the loop cannot finish, nor the next one start, before this task is counted.
      (*task_.load(std::memory_order_relaxed))(t);
      if (remaining_.fetch_sub(1, std::memory_order_acq_rel) == 1) futex_wake(remaining_);
      c = claim_.load(std::memory_order_acquire);
    }
  }

  void work() {
    inside_ = true;
    uint32_t seen = 0;
    for (;;) {
      seen = wait_change(go_, seen);
      run_tasks(seen);
    }
  }

  std::mutex busy_;
  std::atomic<const std::function<void(int64_t)>*> task_{nullptr};
  // The loop's epoch (high 32 bits), its task count (16 bits) and its next unclaimed task (low
  // 16 bits): one word, so that a worker late from an earlier loop cannot claim in this one.
  alignas(64) std::atomic<uint64_t> claim_{0};
  alignas(64) std::atomic<uint32_t> go_{0};
  alignas(64) std::atomic<uint32_t> remaining_{0};
  static thread_local bool inside_;
};

thread_local bool Pool::inside_ = false;

// The process's pool, started on first use and never destroyed: its workers sleep at exit,
// and no static destructor can find it gone.
Pool& pool() {
  static Pool* p = new Pool(worker_threads() - 1);
  return *p;
}

}  // namespace

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
  const int64_t chunk = (n + threads - 1) / threads;
  threads = (n + chunk - 1) / chunk;  // every task gets a non-empty range
  const std::function<void(int64_t)> task = [&](int64_t t) {
    fn(t * chunk, std::min(n, (t + 1) * chunk));
  };
  if (!pool().try_run(threads, task)) fn(0, n);
}

}  // namespace kiln::interp
