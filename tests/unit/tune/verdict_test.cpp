// The verdict on a candidate, the noise threshold included (verdict.h).
#include "tune/verdict.h"

#include <gtest/gtest.h>

namespace kiln::tune {
namespace {

Evidence timed(double candidate, double noise, std::optional<double> best,
               std::optional<double> best_noise = 0.0) {
  Evidence e;
  e.candidate_ms = candidate;
  e.candidate_noise = noise;
  e.best_ms = best;
  e.best_noise = best ? best_noise : std::nullopt;
  return e;
}

TEST(TuneVerdict, FirstCorrectVersionIsKept) {
  EXPECT_EQ(decide(timed(1.0, 0.1, std::nullopt)).verdict, Verdict::kKept);
}

TEST(TuneVerdict, FasterBeyondTheNoiseIsKept) {
  Decision d = decide(timed(0.90, 0.02, 1.0, 0.03));
  EXPECT_EQ(d.verdict, Verdict::kKept);
  EXPECT_NE(d.detail.find("beyond the noise of 3.0%"), std::string::npos) << d.detail;
}

TEST(TuneVerdict, FasterWithinTheNoiseIsSlower) {
  EXPECT_EQ(decide(timed(0.98, 0.03, 1.0, 0.01)).verdict, Verdict::kSlower);  // candidate's noise
  EXPECT_EQ(decide(timed(0.98, 0.01, 1.0, 0.03)).verdict, Verdict::kSlower);  // the best's
  EXPECT_EQ(decide(timed(0.975, 0.03, 1.0, 0.01)).verdict, Verdict::kSlower);
  EXPECT_EQ(decide(timed(0.969, 0.03, 1.0, 0.01)).verdict, Verdict::kKept);
}

TEST(TuneVerdict, SlowerIsSlower) {
  EXPECT_EQ(decide(timed(1.2, 0.0, 1.0, 0.0)).verdict, Verdict::kSlower);
  EXPECT_EQ(decide(timed(1.0, 0.0, 1.0, 0.0)).verdict, Verdict::kSlower);
}

TEST(TuneVerdict, FailuresComeFirstInOrder) {
  Evidence e = timed(0.1, 0, 1.0);
  e.baselines_agree = false;
  e.baseline_detail = "differs from cub";
  EXPECT_EQ(decide(e).verdict, Verdict::kFailedBaseline);
  EXPECT_EQ(decide(e).detail, "differs from cub");
  e.check_passed = false;
  e.check_detail = "3 of 9 wrong";
  EXPECT_EQ(decide(e).verdict, Verdict::kFailedCheck);
  e.error = "cuda::nvrtc: syntax error";
  EXPECT_EQ(decide(e).verdict, Verdict::kError);
  EXPECT_EQ(decide(e).detail, "cuda::nvrtc: syntax error");
}

TEST(TuneVerdict, NoiseFromStability) { EXPECT_NEAR(noise_of_stability(0.96), 0.04, 1e-12); }

}  // namespace
}  // namespace kiln::tune
