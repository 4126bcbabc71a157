// The locks between processes (file_lock.h, history.h's Lineage), tested with forked processes:
// appenders never interleave or lose lines, GPU-lock holders never overlap.
#include "tune/file_lock.h"

#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <set>
#include <thread>

#include "tune/history.h"

namespace kiln::tune {
namespace {

constexpr int kProcesses = 6;

std::string lock_dir(const std::string& name) {
  auto dir = std::filesystem::temp_directory_path() /
             ("kiln_lock_" + name + "_" + std::to_string(::getpid()));
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  return dir.string();
}

// Runs `body(k)` in kProcesses forked processes at once and waits; each must exit 0.
void in_processes(const std::function<int(int)>& body) {
  std::vector<pid_t> pids;
  for (int k = 0; k < kProcesses; ++k) {
    pid_t pid = ::fork();
    ASSERT_GE(pid, 0);
    if (pid == 0) ::_exit(body(k));
    pids.push_back(pid);
  }
  for (pid_t pid : pids) {
    int status = 0;
    ASSERT_EQ(::waitpid(pid, &status, 0), pid);
    EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << "status " << status;
  }
}

int64_t now_us() {
  return std::chrono::duration_cast<std::chrono::microseconds>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

// Each process k writes the spans it held a lock, "enter exit" in microseconds, to dir/holderK.
std::vector<std::pair<int64_t, int64_t>> held_spans(const std::string& dir) {
  std::vector<std::pair<int64_t, int64_t>> spans;
  for (int k = 0; k < kProcesses; ++k) {
    std::ifstream in(dir + "/holder" + std::to_string(k));
    for (int64_t a, b; in >> a >> b;) spans.emplace_back(a, b);
  }
  std::sort(spans.begin(), spans.end());
  return spans;
}

void expect_no_overlap(const std::vector<std::pair<int64_t, int64_t>>& spans) {
  for (size_t i = 1; i < spans.size(); ++i) {
    EXPECT_GE(spans[i].first, spans[i - 1].second) << "holders overlap at span " << i;
  }
}

TEST(TuneLocks, ConcurrentAppendersNeverInterleaveOrLoseLines) {
  std::string dir = lock_dir("append");
  std::string path = history_path(dir, "gpu", "softmax");
  constexpr int kEach = 20;
  // A long source makes each line far larger than one pipe-sized write, so interleaving shows.
  std::string source(200000, 'x');
  in_processes([&](int k) {
    for (int i = 0; i < kEach; ++i) {
      Attempt a;
      a.round = k * 1000 + i;
      a.kernel = "softmax";
      a.dtype = "bf16";
      a.shape = "4096";
      a.source = source;
      a.verdict = Verdict::kSlower;
      if (!append_attempt(path, a).ok()) return 2;
    }
    return 0;
  });
  auto all = read_history(path);
  ASSERT_TRUE(all.ok()) << all.error().message();
  ASSERT_EQ(all->size(), static_cast<size_t>(kProcesses * kEach));
  std::set<int> rounds;
  for (const auto& a : *all) {
    rounds.insert(a.round);
    EXPECT_EQ(a.source, source);
  }
  EXPECT_EQ(rounds.size(), static_cast<size_t>(kProcesses * kEach));
  std::filesystem::remove_all(dir);
}

// Five times: takes a lock with `take` (an Expected of a lock object), holds it 4 ms, logs the
// span to dir/holderK, releases it.
template <class Take>
int hold_and_log(const std::string& dir, int k, Take take) {
  std::ofstream log(dir + "/holder" + std::to_string(k));
  for (int i = 0; i < 5; ++i) {
    auto lock = take();
    if (!lock.ok()) return 1;
    int64_t enter = now_us();
    std::this_thread::sleep_for(std::chrono::milliseconds(4));
    log << enter << " " << now_us() << "\n";
  }
  return 0;
}

TEST(TuneLocks, GpuLockHoldersNeverOverlap) {
  std::string dir = lock_dir("gpu");
  ::setenv("KILN_CACHE_DIR", dir.c_str(), 1);
  EXPECT_EQ(gpu_lock_path(), dir + "/gpu.lock");
  in_processes([&](int k) { return hold_and_log(dir, k, [] { return lock_gpu(); }); });
  ::unsetenv("KILN_CACHE_DIR");
  auto spans = held_spans(dir);
  ASSERT_EQ(spans.size(), static_cast<size_t>(kProcesses * 5));
  expect_no_overlap(spans);
  std::filesystem::remove_all(dir);
}

TEST(TuneLocks, LineageOwnersNeverOverlapButReadersDoNotWait) {
  std::string dir = lock_dir("lineage");
  std::string path = history_path(dir, "gpu", "softmax");
  Attempt a;
  a.kernel = "softmax";
  a.dtype = "bf16";
  a.shape = "4096";
  ASSERT_TRUE(append_attempt(path, a).ok());
  in_processes([&](int k) { return hold_and_log(dir, k, [&] { return Lineage::open(path); }); });
  auto spans = held_spans(dir);
  ASSERT_EQ(spans.size(), static_cast<size_t>(kProcesses * 5));
  expect_no_overlap(spans);
  auto owner = Lineage::open(path);
  ASSERT_TRUE(owner.ok());
  auto read = read_history(path);  // while a tuner owns the lineage
  ASSERT_TRUE(read.ok()) << read.error().message();
  EXPECT_EQ(read->size(), 1u);
  std::filesystem::remove_all(dir);
}

TEST(TuneLocks, TwoLocksOnOneFileExcludeEachOtherInOneProcess) {
  std::string dir = lock_dir("threads");
  std::string path = dir + "/x.lock";
  auto first = FileLock::acquire(path);
  ASSERT_TRUE(first.ok());
  std::atomic<bool> taken{false};
  std::thread other([&] {
    auto second = FileLock::acquire(path);
    taken = second.ok();
  });
  std::this_thread::sleep_for(std::chrono::milliseconds(50));
  EXPECT_FALSE(taken.load());
  { FileLock released = std::move(*first); }
  other.join();
  EXPECT_TRUE(taken.load());
  std::filesystem::remove_all(dir);
}

TEST(TuneLocks, ChildOfAHolderDoesNotWait) {
  std::string dir = lock_dir("held");
  ::setenv("KILN_CACHE_DIR", dir.c_str(), 1);
  auto parent = lock_gpu();
  ASSERT_TRUE(parent.ok());
  ::setenv(kGpuLockHeldEnv, "1", 1);
  auto child = lock_gpu_unless_held();  // would wait forever without the variable
  ::unsetenv(kGpuLockHeldEnv);
  ASSERT_TRUE(child.ok());
  EXPECT_FALSE(*child);
  { FileLock released = std::move(*parent); }
  auto again = lock_gpu_unless_held();
  ASSERT_TRUE(again.ok());
  EXPECT_TRUE(*again);
  ::unsetenv("KILN_CACHE_DIR");
  std::filesystem::remove_all(dir);
}

TEST(TuneLocks, UnwritableLockFileIsAnError) {
  auto lock = FileLock::acquire("/proc/kiln_no_such_folder/x.lock");
  ASSERT_FALSE(lock.ok());
  EXPECT_NE(lock.error().message().find("cannot open lock file"), std::string::npos);
}

}  // namespace
}  // namespace kiln::tune
