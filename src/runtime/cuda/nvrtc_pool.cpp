// The process's pool of serving NVRTC workers: spawning, the request/reply exchange over frames,
// replacing a worker that died, and the shutdown at exit.
#include "runtime/cuda/nvrtc_pool.h"

#include <fmt/format.h>
#include <poll.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstdlib>

#include "runtime/cuda/nvrtc_parallel.h"
#include "support/subprocess.h"

namespace kiln::cuda {

namespace {

using Clock = std::chrono::steady_clock;

bool send_all(int fd, std::string_view bytes) {
  while (!bytes.empty()) {
    const ssize_t n = ::send(fd, bytes.data(), bytes.size(), MSG_NOSIGNAL);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    bytes.remove_prefix(static_cast<size_t>(n));
  }
  return true;
}

enum class ReadEnd { kDone, kClosed, kTimedOut };

// Exactly `size` bytes of `fd` into `into`, unless it closes or the deadline passes first.
ReadEnd read_exact(int fd, size_t size, Clock::time_point deadline, std::string& into) {
  into.resize(size);
  size_t got = 0;
  while (got < size) {
    const auto left =
        std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
    if (left <= 0) return ReadEnd::kTimedOut;
    pollfd p{fd, POLLIN, 0};
    const int ready = ::poll(&p, 1, static_cast<int>(std::min<int64_t>(left, 1000)));
    if (ready < 0 && errno != EINTR) return ReadEnd::kClosed;
    if (ready <= 0) continue;
    const ssize_t n = ::read(fd, into.data() + got, size - got);
    if (n < 0 && (errno == EINTR || errno == EAGAIN)) continue;
    if (n <= 0) return ReadEnd::kClosed;
    got += static_cast<size_t>(n);
  }
  return ReadEnd::kDone;
}

std::string describe_status(int status) {
  if (WIFSIGNALED(status)) return fmt::format("died of signal {}", WTERMSIG(status));
  if (WIFEXITED(status)) return fmt::format("exited with status {}", WEXITSTATUS(status));
  return "ended";
}

}  // namespace

struct NvrtcPool::Worker {
  pid_t pid = -1;
  int in = -1, out = -1;
  bool warming = true;   // the warm-up's reply is still to be read
  bool dead = false;     // it must be ended: it died, timed out or broke the protocol
  int exit_status = -1;  // waitpid's status once reaped
};

NvrtcPool::NvrtcPool(std::string worker, size_t workers, WarmUp warm_up)
    : worker_(std::move(worker)),
      size_(workers),
      make_warm_up_(std::move(warm_up)),
      owner_(::getpid()) {
  starter_ = std::thread([this, workers] { start(workers); });
}

NvrtcPool::~NvrtcPool() { shutdown(); }

void NvrtcPool::start(size_t workers) {
  std::string frame = encode_frame(encode_request(make_warm_up_()));
  {
    std::lock_guard lock(mu_);
    warm_up_frame_ = std::move(frame);
  }
  for (size_t i = 0; i < workers; ++i) {
    Expected<std::unique_ptr<Worker>> w = spawn();
    if (!w.ok()) break;
    release(std::move(*w));
  }
  std::lock_guard lock(mu_);
  starting_ = false;
  cv_.notify_all();
}

Expected<std::unique_ptr<NvrtcPool::Worker>> NvrtcPool::spawn() {
  KILN_TRY(SpawnedProcess p, spawn_process({worker_, "--serve"}, /*capture_err=*/false));
  auto w = std::make_unique<Worker>();
  w->pid = p.pid;
  w->in = p.in;
  w->out = p.out;
  std::string_view warm_up;
  {
    std::lock_guard lock(mu_);
    live_.push_back(w->pid);
    if (stopped_ || broken_) {
      w->dead = true;
    } else {
      warm_up = warm_up_frame_;  // set before any spawn, never changed after
    }
  }
  if (w->dead) {
    end(std::move(w));
    return Error::unavailable("cuda::nvrtc: the worker pool is shut down");
  }
  // A worker that could not load its libraries has closed its input: the warm-up's reply,
  // read before its first request, finds it ended.
  send_all(w->in, warm_up);
  return w;
}

std::optional<Expected<Cubin>> NvrtcPool::compile(const CompileRequest& request) {
  std::unique_ptr<Worker> w;
  {
    std::unique_lock lock(mu_);
    cv_.wait(lock, [&] {
      return !idle_.empty() || stopped_ || broken_ || (!starting_ && live_.empty());
    });
    if (idle_.empty() || stopped_ || broken_) return std::nullopt;
    w = std::move(idle_.back());
    idle_.pop_back();
  }
  std::optional<Expected<Cubin>> result = exchange(*w, request);
  if (!w->dead) {
    ++answered_;
    release(std::move(w));
    return result;
  }
  const bool could_not_run = WIFEXITED(w->exit_status) && (WEXITSTATUS(w->exit_status) == 126 ||
                                                           WEXITSTATUS(w->exit_status) == 127);
  end(std::move(w));
  bool replace = true;
  {
    std::lock_guard lock(mu_);
    // A worker that cannot run (its loader failed) or cannot load NVRTC: so would the next.
    if (could_not_run ||
        (result && !result->ok() && result->error().kind() == ErrorKind::kUnavailable)) {
      broken_ = true;
      cv_.notify_all();
    }
    replace = !broken_ && !stopped_;
  }
  if (replace) {
    if (Expected<std::unique_ptr<Worker>> fresh = spawn(); fresh.ok()) release(std::move(*fresh));
  }
  if (result && !result->ok() && result->error().kind() == ErrorKind::kUnavailable) {
    return std::nullopt;
  }
  return result;
}

std::optional<Expected<Cubin>> NvrtcPool::exchange(Worker& w, const CompileRequest& request) {
  const auto deadline = Clock::now() + std::chrono::duration_cast<Clock::duration>(
                                           std::chrono::duration<double>(kWorkerSeconds));
  const std::string what = fmt::format("cuda::nvrtc: {} ({})", request.name, request.arch);
  // The next reply: nullopt where the worker ended or timed out (then dead and reaped).
  auto receive = [&]() -> std::optional<std::string> {
    std::string header, payload;
    ReadEnd end = read_exact(w.out, kFrameHeaderBytes, deadline, header);
    if (end == ReadEnd::kDone) {
      Expected<size_t> size = decode_frame_header(header);
      if (size.ok()) end = read_exact(w.out, *size, deadline, payload);
      if (size.ok() && end == ReadEnd::kDone) return payload;
    }
    w.dead = true;
    if (end == ReadEnd::kClosed) {
      // It ended (or closed its output): a moment to exit, then killed, its status kept.
      for (int i = 0; i < 1000 && ::waitpid(w.pid, &w.exit_status, WNOHANG) == 0; ++i) {
        ::usleep(1000);
      }
    }
    return std::nullopt;
  };
  auto failed = [&](const std::string& why) {
    return Error::internal(fmt::format("{}: the worker {} (pid {}) {}", what, worker_, w.pid, why));
  };
  auto ended = [&] {
    if (w.exit_status != -1) return failed(describe_status(w.exit_status));
    return failed(fmt::format("took over {} s or broke the protocol (killed)", kWorkerSeconds));
  };
  if (w.warming) {
    w.warming = false;
    std::optional<std::string> warm = receive();
    if (!warm) return std::nullopt;  // not this request's doing: it compiles elsewhere
    Expected<WorkerReply> reply = decode_reply(*warm);
    if (reply.ok() && reply->status == 3) {  // the worker cannot load NVRTC
      w.dead = true;
      return Expected<Cubin>(Error::unavailable(reply->log));
    }
  }
  if (!send_all(w.in, encode_frame(encode_request(request)))) {
    w.dead = true;
    receive();  // reaps it, keeping its status
    return Expected<Cubin>(ended());
  }
  std::optional<std::string> bytes = receive();
  if (!bytes) return Expected<Cubin>(ended());
  Expected<WorkerReply> reply = decode_reply(*bytes);
  if (!reply.ok()) {
    w.dead = true;
    return Expected<Cubin>(failed(reply.error().message()));
  }
  return cubin_from_reply(std::move(*reply), what, worker_);
}

// Kills and reaps `w` (unless already reaped) and forgets it.
void NvrtcPool::end(std::unique_ptr<Worker> w) {
  // Not reaped yet, so its id is still its own: its process group killed (whatever it started
  // too), then reaped.
  if (::getpid() == owner_ && w->exit_status == -1) {
    ::kill(-w->pid, SIGKILL);
    while (::waitpid(w->pid, &w->exit_status, 0) < 0 && errno == EINTR) {
    }
  }
  ::close(w->in);
  ::close(w->out);
  std::lock_guard lock(mu_);
  live_.erase(std::remove(live_.begin(), live_.end(), w->pid), live_.end());
  cv_.notify_all();
}

void NvrtcPool::release(std::unique_ptr<Worker> w) {
  {
    std::lock_guard lock(mu_);
    if (!stopped_) {
      idle_.push_back(std::move(w));
      cv_.notify_all();
      return;
    }
  }
  end(std::move(w));
}

std::vector<pid_t> NvrtcPool::worker_pids() {
  std::unique_lock lock(mu_);
  cv_.wait(lock, [&] { return !starting_; });
  return live_;
}

void NvrtcPool::shutdown() {
  std::vector<std::unique_ptr<Worker>> idle;
  {
    std::unique_lock lock(mu_);
    stopped_ = true;
    cv_.notify_all();
    if (::getpid() != owner_) {  // a forked child: the workers are the parent's
      for (auto& w : idle_) {
        ::close(w->in);
        ::close(w->out);
      }
      idle_.clear();
      live_.clear();
      if (starter_.joinable()) starter_.detach();  // a thread of the parent, not of this process
      return;
    }
    // Killed first: a start thread blocked writing a warm-up to a worker is released by it.
    for (pid_t pid : live_) ::kill(-pid, SIGKILL);
  }
  if (starter_.joinable()) starter_.join();
  {
    std::unique_lock lock(mu_);
    // A compile in flight sees its worker end and ends it (end(): reaped, out of live_).
    cv_.wait(lock, [&] { return live_.size() == idle_.size(); });
    idle.swap(idle_);
  }
  for (auto& w : idle) end(std::move(w));
}

namespace {

std::atomic<NvrtcPool*> g_pool{nullptr};

}  // namespace

size_t nvrtc_pool_setting(size_t workers, size_t cores) {
  const char* setting = std::getenv("KILN_NVRTC_POOL");
  const std::string value = setting ? setting : "auto";
  if (value == "auto") return cores >= 8 ? std::min<size_t>(workers, kAutoPoolLimit) : 0;
  if (value == "on") return workers;
  if (value.empty() || value.size() > 3 ||
      value.find_first_not_of("0123456789") != std::string::npos) {
    return 0;
  }
  return std::min<size_t>(std::stoul(value), 256);
}

void start_nvrtc_pool(size_t workers, NvrtcPool::WarmUp warm_up, std::string worker) {
  static std::once_flag once;
  std::call_once(once, [&] {
    workers = nvrtc_pool_setting(workers, std::thread::hardware_concurrency());
    if (workers == 0) return;
    if (worker.empty()) worker = nvrtc_worker_path();
    if (worker.empty()) return;
    // Never deleted: at exit the workers are ended, but a compile on another thread may still
    // hold the pool.
    g_pool = new NvrtcPool(worker, workers, std::move(warm_up));
    std::atexit([] { g_pool.load()->shutdown(); });
  });
}

NvrtcPool* process_nvrtc_pool() { return g_pool.load(); }

}  // namespace kiln::cuda
