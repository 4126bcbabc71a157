// Advisory locks between processes (flock on a file): the machine-wide GPU lock held around
// everything that times the GPU, and the lock of one (kernel, GPU) lineage's history.
#pragma once

#include <optional>
#include <string>

#include "support/error.h"

namespace kiln::tune {

// An exclusive flock on a lock file, released when destroyed (or when the process dies).
// Each FileLock opens the file itself, so two FileLocks on one path exclude each other across
// threads of one process as well as across processes. Movable, not copyable.
class FileLock {
 public:
  // Waits until the lock on `path` is free and takes it, creating the file and its folders as
  // needed. Errors: the file cannot be created or locked.
  static Expected<FileLock> acquire(const std::string& path);
  FileLock(FileLock&& other) noexcept;
  FileLock& operator=(FileLock&& other) noexcept;
  FileLock(const FileLock&) = delete;
  FileLock& operator=(const FileLock&) = delete;
  ~FileLock();
  const std::string& path() const { return path_; }

 private:
  FileLock(int fd, std::string path) : fd_(fd), path_(std::move(path)) {}
  int fd_ = -1;
  std::string path_;
};

// The machine-wide GPU lock's file: <cache dir>/gpu.lock (the kernel cache's folder:
// $KILN_CACHE_DIR, else $XDG_CACHE_HOME/kiln, else ~/.cache/kiln; /tmp/kiln when the cache is
// off).
std::string gpu_lock_path();

// Takes the machine-wide GPU lock (waiting for other kiln processes that time the GPU).
Expected<FileLock> lock_gpu();

// Set (to any value) in the environment of a kiln that a holder of the GPU lock starts (the
// `kiln bench` that ncu profiles for the tuner), so that it does not wait for its parent.
inline constexpr const char* kGpuLockHeldEnv = "KILN_GPU_LOCK_HELD";

// lock_gpu(), or nullopt without waiting when kGpuLockHeldEnv says a parent holds it.
Expected<std::optional<FileLock>> lock_gpu_unless_held();

}  // namespace kiln::tune
