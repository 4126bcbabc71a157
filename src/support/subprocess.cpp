// Running a program or a shell command with input, captured output and a time limit.
#include "support/subprocess.h"

#include <fcntl.h>
#include <fmt/format.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstring>

namespace kiln {

namespace {

constexpr size_t kMaxCaptured = size_t{64} << 20;

Error os_error(const char* what) {
  return Error::unavailable(fmt::format("subprocess: {}: {}", what, std::strerror(errno)));
}

// Reads what `fd` has into `into`; false at end of file.
bool drain(int fd, std::string& into) {
  char buf[65536];
  ssize_t n = ::read(fd, buf, sizeof buf);
  if (n > 0 && into.size() < kMaxCaptured) into.append(buf, static_cast<size_t>(n));
  return n > 0 || (n < 0 && (errno == EINTR || errno == EAGAIN));
}

}  // namespace

Expected<ProcessResult> run_command(const std::string& command, const std::string& input,
                                    double timeout_s) {
  return run_process({"/bin/sh", "-c", command}, input, timeout_s);
}

Expected<SpawnedProcess> spawn_process(const std::vector<std::string>& argv, bool capture_err) {
  if (argv.empty()) return Error::invalid_argument("subprocess: no program to run");
  int in[2], out[2], err[2] = {-1, -1};
  if (::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, in) != 0) return os_error("socketpair");
  if (::pipe2(out, O_CLOEXEC) != 0) {
    Error e = os_error("pipe");
    for (int fd : in) ::close(fd);
    return e;
  }
  if (capture_err && ::pipe2(err, O_CLOEXEC) != 0) {
    Error e = os_error("pipe");
    for (int fd : {in[0], in[1], out[0], out[1]}) ::close(fd);
    return e;
  }
  // The child leads a process group of its own, so that a time-out kills whatever it started too.
  posix_spawn_file_actions_t actions;
  posix_spawnattr_t attr;
  ::posix_spawn_file_actions_init(&actions);
  ::posix_spawn_file_actions_adddup2(&actions, in[1], 0);
  ::posix_spawn_file_actions_adddup2(&actions, out[1], 1);
  if (capture_err) ::posix_spawn_file_actions_adddup2(&actions, err[1], 2);
  ::posix_spawnattr_init(&attr);
  ::posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETPGROUP);
  ::posix_spawnattr_setpgroup(&attr, 0);
  std::vector<char*> args;
  for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  pid_t pid = 0;
  const int spawned = ::posix_spawn(&pid, argv[0].c_str(), &actions, &attr, args.data(), environ);
  ::posix_spawn_file_actions_destroy(&actions);
  ::posix_spawnattr_destroy(&attr);
  for (int fd : {in[1], out[1], err[1]}) {
    if (fd >= 0) ::close(fd);
  }
  if (spawned != 0) {
    for (int fd : {in[0], out[0], err[0]}) {
      if (fd >= 0) ::close(fd);
    }
    return Error::unavailable(
        fmt::format("subprocess: cannot start {}: {}", argv[0], std::strerror(spawned)));
  }
  return SpawnedProcess{.pid = pid, .in = in[0], .out = out[0], .err = err[0]};
}

Expected<ProcessResult> run_process(const std::vector<std::string>& argv, const std::string& input,
                                    double timeout_s) {
  KILN_TRY(SpawnedProcess child, spawn_process(argv, /*capture_err=*/true));
  const pid_t pid = child.pid;
  for (int fd : {child.in, child.out, child.err}) {
    ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) | O_NONBLOCK);
  }
  ProcessResult r;
  size_t written = 0;
  int to_child = child.in;
  if (input.empty()) {
    ::shutdown(to_child, SHUT_WR);
  }
  bool out_open = true, err_open = true;
  auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(timeout_s);
  while (out_open || err_open) {
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
        deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0) {
      r.timed_out = true;
      ::kill(-pid, SIGKILL);
      break;
    }
    pollfd fds[3] = {{child.out, POLLIN, 0}, {child.err, POLLIN, 0}, {to_child, POLLOUT, 0}};
    nfds_t n = written < input.size() ? 3 : 2;
    if (!out_open) fds[0].fd = -1;
    if (!err_open) fds[1].fd = -1;
    if (::poll(fds, n, static_cast<int>(std::min<int64_t>(left.count(), 1000))) < 0 &&
        errno != EINTR) {
      break;
    }
    if (fds[0].revents) out_open = drain(child.out, r.out);
    if (fds[1].revents) err_open = drain(child.err, r.err);
    if (n == 3 && fds[2].revents) {
      ssize_t w = ::send(to_child, input.data() + written, input.size() - written, MSG_NOSIGNAL);
      if (w > 0) written += static_cast<size_t>(w);
      // A program that closed its input early is left to answer on what it read.
      if (w < 0 && errno != EAGAIN && errno != EINTR) written = input.size();
      if (written == input.size()) ::shutdown(to_child, SHUT_WR);
    }
  }
  for (int fd : {child.in, child.out, child.err}) ::close(fd);
  // A program may close its output and go on running: the deadline holds for its exit too.
  int status = 0;
  while (::waitpid(pid, &status, WNOHANG) == 0) {
    if (!r.timed_out && std::chrono::steady_clock::now() >= deadline) {
      r.timed_out = true;
      ::kill(-pid, SIGKILL);
    }
    ::usleep(1000);
  }
  if (WIFEXITED(status)) r.exit_status = WEXITSTATUS(status);
  if (WIFSIGNALED(status)) r.signal = WTERMSIG(status);
  return r;
}

}  // namespace kiln
