// The end table of `kiln tune` (summary.h): gains, the hand-tuned default beside a neutral
// start, baselines, errors. Needs no GPU.
#include "tune/summary.h"

#include <gtest/gtest.h>

namespace kiln::tune {
namespace {

TuneOutcome outcome() {
  TuneOutcome o;
  o.kernel = "softmax";
  o.lineage = "softmax";
  o.dtype = "bf16";
  o.shape = "4096x4096";
  o.start_ms = 0.2;
  o.best_ms = 0.1;
  o.tries = 5;
  o.kept = 2;
  o.stop_reason = "rounds done";
  return o;
}

TEST(TuneSummary, GainAndNoHandTunedTimeAtACurrentStart) {
  std::string t = format_outcomes({outcome()}, {"softmax"});
  EXPECT_NE(t.find("hand ms"), std::string::npos) << t;
  EXPECT_NE(t.find("0.2000"), std::string::npos) << t;
  EXPECT_NE(t.find("2.00x"), std::string::npos) << t;  // start / best
  EXPECT_NE(t.find("rounds done"), std::string::npos) << t;
}

TEST(TuneSummary, NeutralStartShowsTheHandTunedDefaultAndTheRatio) {
  TuneOutcome o = outcome();
  o.lineage = "softmax.neutral";
  o.hand_ms = 0.125;
  o.baseline = BaselineTime{"cudnn", 0.15};
  std::string t = format_outcomes({o}, {"softmax"});
  EXPECT_NE(t.find("softmax.neutral"), std::string::npos) << t;
  EXPECT_NE(t.find("0.1250"), std::string::npos) << t;
  EXPECT_NE(t.find("1.25x"), std::string::npos) << t;  // hand / best
  EXPECT_NE(t.find("1.50x"), std::string::npos) << t;  // baseline / best
}

TEST(TuneSummary, AnErrorGetsItsLine) {
  std::vector<Expected<TuneOutcome>> outcomes;
  outcomes.emplace_back(Error::invalid_argument("kernel 'sum' has no f16 version"));
  std::string t = format_outcomes(outcomes, {"sum"});
  EXPECT_NE(t.find("sum"), std::string::npos);
  EXPECT_NE(t.find("error: kernel 'sum' has no f16 version"), std::string::npos) << t;
}

}  // namespace
}  // namespace kiln::tune
