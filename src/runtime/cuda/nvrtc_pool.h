// A pool of serving NVRTC workers (`kiln-nvrtc --serve`), started early: NVRTC's start-up in a
// process (its first compile costs ~130 ms on the H100 host, later ones ~25 ms) is paid in a
// warm-up compile while kiln parses, optimizes and lowers, and each worker then compiles several
// modules. One pool per process (start_nvrtc_pool), shut down at exit.
#pragma once

#include <sys/types.h>

#include <atomic>
#include <condition_variable>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "runtime/cuda/nvrtc.h"
#include "runtime/cuda/nvrtc_parallel.h"
#include "support/error.h"

namespace kiln::cuda {

class NvrtcPool {
 public:
  // Makes the warm-up request each worker compiles first (a tiny kernel with the real kernels'
  // options); called once, on the pool's start thread.
  using WarmUp = std::function<CompileRequest()>;

  // Starts up to `workers` processes of the executable `worker` with `--serve`, on a thread of
  // its own (the constructor does not wait for them). Each is sent warm_up()'s request first.
  NvrtcPool(std::string worker, size_t workers, WarmUp warm_up);
  ~NvrtcPool();  // shutdown()
  NvrtcPool(const NvrtcPool&) = delete;
  NvrtcPool& operator=(const NvrtcPool&) = delete;

  // `request` compiled (no cache) by an idle worker, waiting for one; nullopt where the pool has
  // no worker (none could start, the workers cannot load NVRTC or their libraries, or the pool
  // is shut down): the caller compiles elsewhere. A worker that dies or takes over 600 s is
  // an error naming the request ("cuda::nvrtc: NAME (ARCH): the worker PATH (pid N) died of
  // signal 9"), and is replaced. Otherwise what cubin_from_reply makes of the worker's reply.
  // Thread-safe: each call has a worker of its own.
  std::optional<Expected<Cubin>> compile(const CompileRequest& request);

  // The process ids of the live workers, once the start has finished (it waits for it).
  std::vector<pid_t> worker_pids();

  // How many workers it was asked to start (some may not have: worker_pids() says).
  size_t size() const { return size_; }

  // How many requests its workers have answered (compiled or refused) so far.
  size_t answered() const { return answered_.load(); }

  // Ends every worker: kills it (its process group: a worker keeps nothing worth finishing)
  // and waits for it, so that none is left running or a zombie; waits for compiles in flight
  // to see their worker end. Later compiles get nullopt. Idempotent. In a child forked from
  // the pool's process it only forgets the workers, which are its parent's.
  void shutdown();

 private:
  struct Worker;
  void start(size_t workers);
  Expected<std::unique_ptr<Worker>> spawn();
  std::optional<Expected<Cubin>> exchange(Worker& w, const CompileRequest& request);
  void end(std::unique_ptr<Worker> w);
  void release(std::unique_ptr<Worker> w);

  const std::string worker_;
  const size_t size_;
  std::atomic<size_t> answered_{0};
  WarmUp make_warm_up_;
  std::string warm_up_frame_;  // the warm-up request, framed (set on the start thread)
  const pid_t owner_;          // the process that started the workers
  std::mutex mu_;
  std::condition_variable cv_;
  std::vector<std::unique_ptr<Worker>> idle_;
  std::vector<pid_t> live_;  // every live worker, idle or busy
  bool starting_ = true, stopped_ = false, broken_ = false;
  std::thread starter_;
};

// The process's pool: started by the first call (later ones do nothing) with as many processes
// of `worker` (empty: nvrtc_worker_path()) as nvrtc_pool_setting(workers) says; none where that
// is 0 or there is no worker. Shut down at exit (atexit). Thread-safe.
void start_nvrtc_pool(size_t workers, NvrtcPool::WarmUp warm_up, std::string worker = {});

// The most workers "auto" starts: each holds NVRTC's few hundred MB of address space.
inline constexpr size_t kAutoPoolLimit = 16;

// How many workers $KILN_NVRTC_POOL asks for, given the caller's `workers` and the machine's
// `cores`: `workers` for "on", N for a number N > 0 (at most 256), 0 for "off" or anything
// else; unset or "auto": min(workers, kAutoPoolLimit) on a machine of 8 cores or more, else 0
// (measured in src/runtime/cuda/README.md: on 16 cores a worker per core compiles a cold
// program 3-4 times faster than 4 workers beside one-shot ones, in the same process time; on
// 2 cores a pool only competes with kiln for them).
size_t nvrtc_pool_setting(size_t workers, size_t cores);

// The process's pool once started, else nullptr.
NvrtcPool* process_nvrtc_pool();

}  // namespace kiln::cuda
