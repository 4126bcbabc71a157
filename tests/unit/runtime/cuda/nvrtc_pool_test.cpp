// The pool of serving NVRTC workers (nvrtc_pool.h): two workers compile what this process
// would, several requests each; NVRTC's errors come back; a killed worker is replaced and the
// error names the request; a pool whose workers cannot start or load leaves compiles to the
// caller; shutdown, and exit with live workers, leave no child behind.
// NVRTC runs without a GPU.
#include "runtime/cuda/nvrtc_pool.h"

#include <fmt/format.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <thread>

#include "tests/unit/runtime/cuda/nvrtc_fixture.h"

namespace kiln::cuda {
namespace {

// The worker beside the test binary (a GPU bundle), else the one built with the tests.
const std::string kWorker =
    nvrtc_worker_path().empty() ? KILN_NVRTC_WORKER_FOR_TESTS : nvrtc_worker_path();

CompileRequest warm_up() { return test_request("warm_up", test_kernel("warm_up", "y[i] = 0.f;")); }

// Whether `pid` names no process any more (not even a zombie of ours).
bool gone(pid_t pid) {
  int status = 0;
  const bool not_our_child = ::waitpid(pid, &status, WNOHANG) == -1 && errno == ECHILD;
  return not_our_child && ::kill(pid, 0) == -1 && errno == ESRCH;
}

using NvrtcPoolTest = NvrtcWithOwnCache;

TEST_F(NvrtcPoolTest, TwoWorkersCompileWhatThisProcessWould) {
  NvrtcPool pool(kWorker, 2, warm_up);
  const std::vector<pid_t> pids = pool.worker_pids();
  EXPECT_EQ(pids.size(), 2u);
  std::vector<CompileRequest> requests;
  for (int i = 0; i < 6; ++i) {
    const std::string name = "k" + std::to_string(i);
    requests.push_back(
        test_request(name, test_kernel(name, "y[i] += " + std::to_string(i) + ".f;")));
  }
  auto results = compile_all(requests, 2, "", &pool);
  ASSERT_EQ(results.size(), requests.size());
  for (size_t i = 0; i < results.size(); ++i) {
    ASSERT_TRUE(results[i].ok()) << results[i].error().message();
    EXPECT_FALSE(results[i]->from_cache);
    auto here = compile_uncached(requests[i]);
    ASSERT_TRUE(here.ok()) << here.error().message();
    EXPECT_EQ(results[i]->image, here->image) << requests[i].name;
  }
  EXPECT_EQ(pool.worker_pids(), pids);  // three requests a worker, no process more
}

TEST_F(NvrtcPoolTest, NvrtcErrorsComeBackAndTheWorkerStays) {
  NvrtcPool pool(kWorker, 1, warm_up);
  const std::vector<pid_t> pids = pool.worker_pids();
  auto r = pool.compile(test_request("k2", test_kernel("k2", "y[i] = undeclared;")));
  ASSERT_TRUE(r.has_value());
  ASSERT_FALSE(r->ok());
  EXPECT_EQ(r->error().kind(), ErrorKind::kInvalidArgument);
  EXPECT_NE(r->error().message().find("cuda::nvrtc: k2"), std::string::npos)
      << r->error().message();
  EXPECT_NE(r->error().message().find("undeclared"), std::string::npos) << r->error().message();
  EXPECT_EQ(pool.worker_pids(), pids);
}

TEST_F(NvrtcPoolTest, AKilledWorkerIsReplacedAndTheErrorNamesTheRequest) {
  NvrtcPool pool(kWorker, 1, warm_up);
  auto first = pool.compile(test_request("k0", test_kernel("k0")));
  ASSERT_TRUE(first.has_value() && first->ok());
  const std::vector<pid_t> pids = pool.worker_pids();
  ASSERT_EQ(pids.size(), 1u);
  ASSERT_EQ(::kill(pids[0], SIGKILL), 0);
  auto victim = pool.compile(test_request("victim", test_kernel("victim")));
  ASSERT_TRUE(victim.has_value());
  ASSERT_FALSE(victim->ok());
  EXPECT_EQ(victim->error().kind(), ErrorKind::kInternal);
  EXPECT_NE(victim->error().message().find(
                fmt::format("cuda::nvrtc: victim (sm_90a): the worker {} (pid {}) died of signal 9",
                            kWorker, pids[0])),
            std::string::npos)
      << victim->error().message();
  EXPECT_TRUE(gone(pids[0]));
  const std::vector<pid_t> now = pool.worker_pids();
  ASSERT_EQ(now.size(), 1u);
  EXPECT_NE(now[0], pids[0]);
  auto after = pool.compile(test_request("k1", test_kernel("k1")));
  ASSERT_TRUE(after.has_value());
  ASSERT_TRUE(after->ok()) << after->error().message();
  EXPECT_EQ((*after)->image, compile_uncached(test_request("k1", test_kernel("k1")))->image);
}

TEST_F(NvrtcPoolTest, MoreThreadsThanWorkersStartOneShotWorkersBeside) {
  // A pool of one and four threads: one thread compiles through the pool, three in one-shot
  // workers, so the pool answers fewer than all four (it did all of them, one at a time,
  // before).
  NvrtcPool pool(kWorker, 1, warm_up);
  ASSERT_EQ(pool.size(), 1u);
  std::vector<CompileRequest> requests;
  for (int i = 0; i < 4; ++i) {
    const std::string name = "m" + std::to_string(i);
    requests.push_back(
        test_request(name, test_kernel(name, "y[i] *= " + std::to_string(i + 2) + ".f;")));
  }
  auto results = compile_all(requests, 4, kWorker, &pool);
  ASSERT_EQ(results.size(), requests.size());
  for (size_t i = 0; i < results.size(); ++i) {
    ASSERT_TRUE(results[i].ok()) << results[i].error().message();
    EXPECT_EQ(results[i]->image, compile_uncached(requests[i])->image) << requests[i].name;
  }
  EXPECT_GE(pool.answered(), 1u);
  EXPECT_LT(pool.answered(), 4u);  // not every request
}

TEST_F(NvrtcPoolTest, WithoutOneShotWorkersEveryThreadWaitsForThePool) {
  NvrtcPool pool(kWorker, 1, warm_up);
  std::vector<CompileRequest> requests;
  for (int i = 0; i < 3; ++i) {
    const std::string name = "w" + std::to_string(i);
    requests.push_back(test_request(name, test_kernel(name)));
  }
  auto results = compile_all(requests, 3, "", &pool);
  for (auto& r : results) ASSERT_TRUE(r.ok()) << r.error().message();
  EXPECT_EQ(pool.answered(), 3u);
}

TEST_F(NvrtcPoolTest, APoolWhoseWorkersCannotStartLeavesCompilesToTheCaller) {
  NvrtcPool pool("/nonexistent/kiln-nvrtc", 2, warm_up);
  EXPECT_TRUE(pool.worker_pids().empty());
  EXPECT_FALSE(pool.compile(test_request("k0", test_kernel("k0"))).has_value());
  auto results = compile_all({test_request("k0", test_kernel("k0"))}, 2, "", &pool);
  ASSERT_TRUE(results[0].ok()) << results[0].error().message();  // compiled in this process
  EXPECT_EQ(std::string(results[0]->image.data() + 1, 3), "ELF");
}

TEST_F(NvrtcPoolTest, APoolWhoseWorkersCannotLoadLeavesCompilesToTheCaller) {
  // 127: what a worker's loader answers when a shared library is missing.
  const std::string worker = script_worker("unloadable-pool-worker", "exit 127");
  NvrtcPool pool(worker, 2, warm_up);
  const std::vector<pid_t> pids = pool.worker_pids();
  EXPECT_EQ(pids.size(), 2u);
  EXPECT_FALSE(pool.compile(test_request("k0", test_kernel("k0"))).has_value());
  EXPECT_FALSE(
      pool.compile(test_request("k1", test_kernel("k1"))).has_value());  // not started again
  pool.shutdown();
  std::filesystem::remove(worker);
  for (pid_t pid : pids) EXPECT_TRUE(gone(pid)) << pid;
}

TEST_F(NvrtcPoolTest, ShutdownLeavesNoChildren) {
  NvrtcPool pool(kWorker, 2, warm_up);
  const std::vector<pid_t> pids = pool.worker_pids();
  ASSERT_EQ(pids.size(), 2u);
  pool.shutdown();  // the workers still busy warming up: killed, not waited for
  for (pid_t pid : pids) EXPECT_TRUE(gone(pid)) << pid;
  EXPECT_FALSE(pool.compile(test_request("k0", test_kernel("k0"))).has_value());
  pool.shutdown();  // again: nothing to do
}

// The pids file of ExitWithLiveWorkersLeavesNoChildren, named by the test's process (the death
// test's child is its child).
std::filesystem::path pids_file(pid_t test_process) {
  return std::filesystem::temp_directory_path() / fmt::format("kiln-pool-pids-{}", test_process);
}

// Off, or auto on a small machine, the process's pool does not start (each death test is a
// fresh process, so start_nvrtc_pool's first call is its own).
TEST_F(NvrtcPoolTest, OffStartsNoProcessPool) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  const std::string sleeper = script_worker("sleeping-off-worker", "exec sleep 60");
  EXPECT_EXIT(
      {
        ::setenv("KILN_NVRTC_POOL", "off", 1);
        start_nvrtc_pool(2, warm_up, sleeper);
        std::exit(process_nvrtc_pool() == nullptr ? 0 : 1);
      },
      ::testing::ExitedWithCode(0), "");
  std::filesystem::remove(sleeper);
}

// Restores $KILN_NVRTC_POOL as it was.
class NvrtcPoolSetting : public ::testing::Test {
 protected:
  void SetUp() override {
    const char* before = std::getenv("KILN_NVRTC_POOL");
    had_ = before != nullptr;
    if (had_) saved_ = before;
  }
  void TearDown() override {
    if (had_) {
      ::setenv("KILN_NVRTC_POOL", saved_.c_str(), 1);
    } else {
      ::unsetenv("KILN_NVRTC_POOL");
    }
  }
  bool had_ = false;
  std::string saved_;
};

TEST_F(NvrtcPoolSetting, OnTakesTheCallersCountANumberItselfAnythingElseNone) {
  const std::vector<std::pair<std::string, size_t>> cases = {
      {"on", 16}, {"4", 4},  {"1", 1},  {"999", 256}, {"off", 0}, {"0", 0},
      {"", 0},    {"-2", 0}, {"4x", 0}, {"1000", 0},  {"ON", 0}};
  for (const auto& [value, want] : cases) {
    ::setenv("KILN_NVRTC_POOL", value.c_str(), 1);
    EXPECT_EQ(nvrtc_pool_setting(16, 16), want) << "KILN_NVRTC_POOL=" << value;
    EXPECT_EQ(nvrtc_pool_setting(16, 2), want) << "KILN_NVRTC_POOL=" << value << ", 2 cores";
  }
}

TEST_F(NvrtcPoolSetting, UnsetOrAutoIsTheCallersCountUpToSixteenFromEightCoresAndNoneBelow) {
  for (const bool set : {false, true}) {
    if (set) {
      ::setenv("KILN_NVRTC_POOL", "auto", 1);
    } else {
      ::unsetenv("KILN_NVRTC_POOL");
    }
    EXPECT_EQ(nvrtc_pool_setting(16, 16), 16u);
    EXPECT_EQ(nvrtc_pool_setting(8, 8), 8u);
    EXPECT_EQ(nvrtc_pool_setting(128, 128), 16u);  // at most kAutoPoolLimit
    EXPECT_EQ(nvrtc_pool_setting(2, 16), 2u);      // never more than the caller asks for
    EXPECT_EQ(nvrtc_pool_setting(7, 7), 0u);
    EXPECT_EQ(nvrtc_pool_setting(2, 2), 0u);
  }
}

// A number sets the pool's size, whatever the caller asked for.
TEST_F(NvrtcPoolTest, ANumberSetsThePoolsSize) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  const std::string sleeper = script_worker("sleeping-sized-worker", "exec sleep 60");
  EXPECT_EXIT(
      {
        ::setenv("KILN_NVRTC_POOL", "3", 1);
        start_nvrtc_pool(8, warm_up, sleeper);
        std::exit(process_nvrtc_pool() && process_nvrtc_pool()->worker_pids().size() == 3 ? 0 : 1);
      },
      ::testing::ExitedWithCode(0), "");
  std::filesystem::remove(sleeper);
}

TEST_F(NvrtcPoolTest, ExitWithLiveWorkersLeavesNoChildren) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  // Workers that never read their input nor end by themselves: only the exit ends them.
  const std::string sleeper = script_worker("sleeping-pool-worker", "exec sleep 60");
  EXPECT_EXIT(
      {
        ::setenv("KILN_NVRTC_POOL", "on", 1);  // the process's pool is opt-in
        start_nvrtc_pool(2, warm_up, sleeper);
        std::ofstream out(pids_file(::getppid()));
        for (pid_t pid : process_nvrtc_pool()->worker_pids()) out << pid << "\n";
        out.close();
        std::filesystem::remove(sleeper);  // this process's copy (the test runs again in it)
        std::exit(0);
      },
      ::testing::ExitedWithCode(0), "");
  std::filesystem::remove(sleeper);
  std::ifstream in(pids_file(::getpid()));
  std::vector<pid_t> pids;
  for (pid_t pid; in >> pid;) pids.push_back(pid);
  std::filesystem::remove(pids_file(::getpid()));
  ASSERT_EQ(pids.size(), 2u);
  for (pid_t pid : pids) {
    // The pool reaped them before its process ended: none runs on, orphaned.
    const bool running = ::kill(pid, 0) == 0;
    EXPECT_FALSE(running) << pid;
    if (running) ::kill(pid, SIGKILL);
  }
}

}  // namespace
}  // namespace kiln::cuda
