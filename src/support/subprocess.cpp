// Running a shell command with input, captured output and a time limit.
#include "support/subprocess.h"

#include <fcntl.h>
#include <fmt/format.h>
#include <poll.h>
#include <signal.h>
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
  // Standard input is a socket, so that writing to a program that stopped reading fails with
  // EPIPE (MSG_NOSIGNAL) instead of raising SIGPIPE in kiln.
  int in[2], out[2], err[2];
  if (::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, in) != 0) return os_error("socketpair");
  if (::pipe2(out, O_CLOEXEC) != 0) return os_error("pipe");
  if (::pipe2(err, O_CLOEXEC) != 0) return os_error("pipe");
  pid_t pid = ::fork();
  if (pid < 0) return os_error("fork");
  if (pid == 0) {
    ::setpgid(0, 0);
    ::dup2(in[1], 0);
    ::dup2(out[1], 1);
    ::dup2(err[1], 2);
    ::execl("/bin/sh", "sh", "-c", command.c_str(), static_cast<char*>(nullptr));
    ::_exit(127);
  }
  ::setpgid(pid, pid);  // also here, so that the group exists before any kill below
  ::close(in[1]);
  ::close(out[1]);
  ::close(err[1]);
  for (int fd : {in[0], out[0], err[0]}) ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) | O_NONBLOCK);
  ProcessResult r;
  size_t written = 0;
  int to_child = in[0];
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
    pollfd fds[3] = {{out[0], POLLIN, 0}, {err[0], POLLIN, 0}, {to_child, POLLOUT, 0}};
    nfds_t n = written < input.size() ? 3 : 2;
    if (!out_open) fds[0].fd = -1;
    if (!err_open) fds[1].fd = -1;
    if (::poll(fds, n, static_cast<int>(std::min<int64_t>(left.count(), 1000))) < 0 &&
        errno != EINTR) {
      break;
    }
    if (fds[0].revents) out_open = drain(out[0], r.out);
    if (fds[1].revents) err_open = drain(err[0], r.err);
    if (n == 3 && fds[2].revents) {
      ssize_t w = ::send(to_child, input.data() + written, input.size() - written, MSG_NOSIGNAL);
      if (w > 0) written += static_cast<size_t>(w);
      // A program that closed its input early is left to answer on what it read.
      if (w < 0 && errno != EAGAIN && errno != EINTR) written = input.size();
      if (written == input.size()) ::shutdown(to_child, SHUT_WR);
    }
  }
  ::close(in[0]);
  ::close(out[0]);
  ::close(err[0]);
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
