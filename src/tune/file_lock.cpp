// Advisory locks between processes through flock.
#include "tune/file_lock.h"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <system_error>

#include <fmt/format.h>

#include "runtime/cuda/nvrtc.h"

namespace kiln::tune {

Expected<FileLock> FileLock::acquire(const std::string& path) {
  std::error_code ec;
  auto parent = std::filesystem::path(path).parent_path();
  if (!parent.empty()) std::filesystem::create_directories(parent, ec);
  int fd = ::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
  if (fd < 0) {
    return Error::unavailable(fmt::format("tune: cannot open lock file '{}': {}", path,
                                          std::strerror(errno)));
  }
  int rc;
  do {
    rc = ::flock(fd, LOCK_EX);
  } while (rc != 0 && errno == EINTR);
  if (rc != 0) {
    int err = errno;
    ::close(fd);
    return Error::unavailable(
        fmt::format("tune: cannot lock '{}': {}", path, std::strerror(err)));
  }
  return FileLock(fd, path);
}

FileLock::FileLock(FileLock&& other) noexcept : fd_(other.fd_), path_(std::move(other.path_)) {
  other.fd_ = -1;
}

FileLock& FileLock::operator=(FileLock&& other) noexcept {
  if (this != &other) {
    if (fd_ >= 0) ::close(fd_);
    fd_ = other.fd_;
    path_ = std::move(other.path_);
    other.fd_ = -1;
  }
  return *this;
}

FileLock::~FileLock() {
  if (fd_ >= 0) ::close(fd_);  // closing the last descriptor releases the flock
}

std::string gpu_lock_path() {
  std::string dir = cuda::cache_dir();
  if (dir.empty() || dir == "off") dir = "/tmp/kiln";
  return (std::filesystem::path(dir) / "gpu.lock").string();
}

Expected<FileLock> lock_gpu() { return FileLock::acquire(gpu_lock_path()); }

Expected<std::optional<FileLock>> lock_gpu_unless_held() {
  if (std::getenv(kGpuLockHeldEnv)) return std::optional<FileLock>{};
  KILN_TRY(auto lock, lock_gpu());
  return std::optional<FileLock>(std::move(lock));
}

}  // namespace kiln::tune
