// parallel_for: ranges that cover the loop once, small loops on the calling thread, nested and
// concurrent calls.
#include "interp/parallel.h"

#include <gtest/gtest.h>

#include <atomic>
#include <mutex>
#include <thread>
#include <utility>
#include <vector>

namespace kiln::interp {
namespace {

// Each index of [0, n) visited exactly once; returns the ranges fn was called with.
std::vector<std::pair<int64_t, int64_t>> expect_covered_once(int64_t n, int64_t grain) {
  std::vector<std::atomic<int>> hits(static_cast<size_t>(n));
  std::mutex mutex;
  std::vector<std::pair<int64_t, int64_t>> ranges;
  parallel_for(n, grain, [&](int64_t begin, int64_t end) {
    for (int64_t i = begin; i < end; ++i) hits[static_cast<size_t>(i)].fetch_add(1);
    std::lock_guard<std::mutex> lock(mutex);
    ranges.emplace_back(begin, end);
  });
  for (int64_t i = 0; i < n; ++i) EXPECT_EQ(hits[static_cast<size_t>(i)].load(), 1) << i;
  for (auto [b, e] : ranges) EXPECT_LT(b, e);
  return ranges;
}

TEST(ParallelFor, EmptyLoopCallsNothing) {
  bool called = false;
  parallel_for(0, 1, [&](int64_t, int64_t) { called = true; });
  EXPECT_FALSE(called);
}

TEST(ParallelFor, BelowGrainRunsOnceOnTheCaller) {
  const std::thread::id me = std::this_thread::get_id();
  int calls = 0;
  parallel_for(1000, 1000, [&](int64_t begin, int64_t end) {
    ++calls;
    EXPECT_EQ(std::this_thread::get_id(), me);
    EXPECT_EQ(begin, 0);
    EXPECT_EQ(end, 1000);
  });
  EXPECT_EQ(calls, 1);
}

TEST(ParallelFor, AboveGrainCoversEachIndexOnce) {
  for (int64_t n : {2, 3, 7, 1000, 100003}) {
    SCOPED_TRACE(n);
    auto ranges = expect_covered_once(n, 1);
    EXPECT_LE(static_cast<int64_t>(ranges.size()), std::min(n, worker_threads()));
  }
}

TEST(ParallelFor, ManyLoopsBackToBack) {
  std::atomic<int64_t> sum{0};
  for (int rep = 0; rep < 2000; ++rep) {
    parallel_for(64, 1, [&](int64_t begin, int64_t end) { sum.fetch_add(end - begin); });
  }
  EXPECT_EQ(sum.load(), 2000 * 64);
}

TEST(ParallelFor, NestedCallsCoverTheInnerLoop) {
  std::atomic<int64_t> sum{0};
  parallel_for(8, 1, [&](int64_t begin, int64_t end) {
    for (int64_t i = begin; i < end; ++i) {
      parallel_for(100, 1, [&](int64_t b, int64_t e) {
        for (int64_t j = b; j < e; ++j) sum.fetch_add(i * 100 + j);
      });
    }
  });
  EXPECT_EQ(sum.load(), 800 * 799 / 2);
}

TEST(ParallelFor, ConcurrentCallersEachCoverTheirLoop) {
  std::vector<std::thread> callers;
  std::atomic<int> failures{0};
  for (int c = 0; c < 4; ++c) {
    callers.emplace_back([&] {
      for (int rep = 0; rep < 200; ++rep) {
        std::atomic<int64_t> sum{0};
        parallel_for(1000, 1, [&](int64_t begin, int64_t end) {
          for (int64_t i = begin; i < end; ++i) sum.fetch_add(i);
        });
        if (sum.load() != 1000 * 999 / 2) failures.fetch_add(1);
      }
    });
  }
  for (std::thread& t : callers) t.join();
  EXPECT_EQ(failures.load(), 0);
}

}  // namespace
}  // namespace kiln::interp
