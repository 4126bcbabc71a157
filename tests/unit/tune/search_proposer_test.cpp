// The built-in search: exhaustive over small spaces, evolutionary over large ones, never a
// configuration already in the history, deterministic for a seed (search_proposer.h).
#include "tune/search_proposer.h"

#include <gtest/gtest.h>

#include <set>

namespace kiln::tune {
namespace {

std::vector<kernels::Knob> small_knobs() {  // 4 x 3 = 12 configurations
  return {{"block", {64, 128, 256, 512}, 256}, {"unroll", {1, 2, 4}, 1}};
}

std::vector<kernels::Knob> large_knobs() {  // 8 x 6 x 4 = 192 configurations
  return {{"block", {32, 64, 128, 256, 512, 1024, 2048, 4096}, 256},
          {"unroll", {1, 2, 4, 8, 16, 32}, 1},
          {"rows", {1, 2, 4, 8}, 1}};
}

Attempt tried(const kernels::Config& knobs, double ms, Verdict v = Verdict::kKept) {
  Attempt a;
  a.knobs = knobs;
  a.median_ms = ms;
  a.verdict = v;
  a.dtype = "bf16";
  a.shape = "1024";
  return a;
}

ProposerInput input(std::vector<kernels::Knob> knobs, uint64_t seed = 7) {
  ProposerInput in;
  in.kernel = "k";
  in.dtype = "bf16";
  in.shape = "1024";
  in.knobs = std::move(knobs);
  in.seed = seed;
  return in;
}

// Runs the search until it stops (or `limit` proposals), each proposal added to the history.
std::vector<kernels::Config> run_search(ProposerInput in, size_t limit) {
  SearchProposer search;
  std::vector<kernels::Config> proposed;
  for (size_t i = 0; i < limit; ++i) {
    auto c = search.propose(in);
    EXPECT_TRUE(c.ok());
    if (!c.ok() || !*c) break;
    EXPECT_FALSE((*c)->source);
    proposed.push_back((*c)->knobs);
    // Faster as it goes on, so the evolutionary search has parents that move.
    in.history.push_back(tried((*c)->knobs, 100.0 - static_cast<double>(i) * 0.1));
  }
  return proposed;
}

TEST(TuneSearch, SpaceSize) {
  EXPECT_EQ(space_size(small_knobs()), 12u);
  EXPECT_EQ(space_size(large_knobs()), 192u);
  EXPECT_EQ(space_size({}), 1u);
}

TEST(TuneSearch, SmallSpaceIsCoveredExhaustivelyThenStops) {
  auto proposed = run_search(input(small_knobs()), 100);
  ASSERT_EQ(proposed.size(), 12u);
  std::set<std::string> keys;
  for (const auto& c : proposed) keys.insert(configuration_key(c, ""));
  EXPECT_EQ(keys.size(), 12u);
}

TEST(TuneSearch, NeverProposesWhatTheHistoryHolds) {
  ProposerInput in = input(small_knobs());
  in.history.push_back(tried({{"block", 64}, {"unroll", 1}}, 1.0, Verdict::kFailedCheck));
  in.history.push_back(tried({{"block", 64}, {"unroll", 2}}, 1.0, Verdict::kSlower));
  auto proposed = run_search(in, 100);
  EXPECT_EQ(proposed.size(), 10u);
  for (const auto& c : proposed) {
    EXPECT_FALSE(c.get("block").value() == 64 && c.get("unroll").value() < 4);
  }
}

TEST(TuneSearch, AnotherSourceIsAnotherConfiguration) {
  ProposerInput in = input(small_knobs());
  in.history.push_back(tried({{"block", 64}, {"unroll", 1}}, 1.0));
  in.source_hash = "abc";  // the best kept version has a source of its own now
  auto c = SearchProposer().propose(in);
  ASSERT_TRUE(c.ok() && *c);
  EXPECT_EQ((*c)->knobs, (kernels::Config{{"block", 64}, {"unroll", 1}}));
}

TEST(TuneSearch, LargeSpaceIsSearchedWithoutRepeats) {
  auto proposed = run_search(input(large_knobs()), 150);
  ASSERT_EQ(proposed.size(), 150u);
  std::set<std::string> keys;
  for (const auto& c : proposed) {
    keys.insert(configuration_key(c, ""));
    EXPECT_EQ(c.size(), 3u);
    for (const auto& k : large_knobs()) EXPECT_TRUE(k.allows(c.get(k.name).value()));
  }
  EXPECT_EQ(keys.size(), 150u);
}

TEST(TuneSearch, EvolutionarySearchIsDeterministicForASeed) {
  ProposerInput in = input(large_knobs(), 42);
  in.best_knobs = {{"block", 256}, {"unroll", 1}, {"rows", 1}};
  EXPECT_EQ(run_search(in, 20), run_search(in, 20));
  ProposerInput other = input(large_knobs(), 43);
  other.best_knobs = in.best_knobs;
  EXPECT_NE(run_search(in, 20), run_search(other, 20));
}

TEST(TuneSearch, EvolutionaryChildrenStayNearTheBest) {
  ProposerInput in = input(large_knobs(), 3);
  kernels::Config best{{"block", 256}, {"unroll", 4}, {"rows", 2}};
  in.history.push_back(tried(best, 1.0));
  in.history.push_back(tried({{"block", 32}, {"unroll", 32}, {"rows", 8}}, 9.0));
  auto c = SearchProposer().propose(in);
  ASSERT_TRUE(c.ok() && *c);
  int changed = 0;
  for (const auto& [name, value] : best) changed += (*c)->knobs.get(name).value() != value;
  EXPECT_GE(changed, 1);
  EXPECT_LE(changed, 2);
}

TEST(TuneSearch, NoKnobsProposesNothing) {
  auto c = SearchProposer().propose(input({}));
  ASSERT_TRUE(c.ok());
  EXPECT_FALSE(*c);
}

}  // namespace
}  // namespace kiln::tune
