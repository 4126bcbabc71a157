// The external proposer: its request, its reply's checks, and real subprocesses through the
// example script, malformed replies, failures and timeouts (external_proposer.h, subprocess.h).
#include "tune/external_proposer.h"

#include <gtest/gtest.h>

#include <chrono>

#include "support/subprocess.h"
#include "tests/unit/test_files.h"

namespace kiln::tune {
namespace {

std::vector<kernels::Knob> knobs() {
  return {{"block", {64, 128, 256, 512}, 256, "threads per block"}, {"unroll", {1, 2, 4}, 1}};
}

ProposerInput input() {
  ProposerInput in;
  in.kernel = "softmax";
  in.dtype = "bf16";
  in.shape = "4096x4096";
  in.spec = {{"group", "norm"}};
  in.definition = "func.func @main() {}";
  in.source = "extern \"C\" __global__ void softmax_rows() {}";
  in.knobs = knobs();
  in.best_knobs = {{"block", 256}, {"unroll", 1}};
  in.diagnosis = "Memory-bound.";
  Attempt a;
  a.round = 1;
  a.kernel = "softmax";
  a.dtype = "bf16";
  a.shape = "4096x4096";
  a.knobs = in.best_knobs;
  a.median_ms = 0.5;
  a.verdict = Verdict::kKept;
  in.history = {a};
  return in;
}

std::string example() {
  return "python3 " + kiln::testing::source_dir() + "/scripts/tune_proposer_example.py";
}

TEST(TuneExternalProposer, RequestHoldsTheContract) {
  nlohmann::json r = proposer_request(input());
  for (const char* key : {"kernel", "dtype", "shape", "spec", "definition", "source", "knobs",
                          "best_knobs", "profile", "diagnosis", "top", "last_failure"}) {
    EXPECT_TRUE(r.contains(key)) << key;
  }
  EXPECT_EQ(r["knobs"][0]["values"], nlohmann::json({64, 128, 256, 512}));
  EXPECT_EQ(r["knobs"][0]["default"], 256);
  ASSERT_EQ(r["top"].size(), 1u);
  EXPECT_EQ(r["top"][0]["source"], input().source);  // the default source, filled in
  EXPECT_TRUE(r["last_failure"].is_null());
}

TEST(TuneExternalProposer, ReplyWithKnobsAndSource) {
  auto c = parse_proposer_reply(R"({"knobs": {"block": 128}, "source": "x", "note": "n"})", knobs());
  ASSERT_TRUE(c.ok()) << c.error().message();
  ASSERT_TRUE(*c);
  EXPECT_EQ((*c)->knobs, (kernels::Config{{"block", 128}}));
  EXPECT_EQ((*c)->source, "x");
  auto done = parse_proposer_reply(R"({"done": true})", knobs());
  ASSERT_TRUE(done.ok());
  EXPECT_FALSE(*done);
}

TEST(TuneExternalProposer, MalformedRepliesAreErrorsInWords) {
  auto error = [](std::string_view reply) {
    auto c = parse_proposer_reply(reply, knobs());
    return c.ok() ? std::string("accepted") : c.error().message();
  };
  EXPECT_NE(error("block=128").find("not one JSON document"), std::string::npos);
  EXPECT_NE(error("[1]").find("not a JSON object"), std::string::npos);
  EXPECT_NE(error("{}").find("proposes nothing"), std::string::npos);
  EXPECT_NE(error(R"({"knobs": 3})").find("\"knobs\" is not an object"), std::string::npos);
  EXPECT_NE(error(R"({"knobs": {"warps": 4}})").find("unknown knob \"warps\""), std::string::npos);
  EXPECT_NE(error(R"({"knobs": {"block": 100}})").find("does not allow 100 (allowed: 64, 128"),
            std::string::npos);
  EXPECT_NE(error(R"({"knobs": {"block": "big"}})").find("not an integer"), std::string::npos);
  EXPECT_NE(error(R"({"source": ""})").find("non-empty string"), std::string::npos);
  EXPECT_NE(error(R"({"knob": {}})").find("unknown key \"knob\""), std::string::npos);
}

TEST(TuneExternalProposer, ExampleScriptAnswersThroughTheProtocol) {
  ExternalProposer p(example(), 60);
  auto c = p.propose(input());
  ASSERT_TRUE(c.ok()) << c.error().message();
  ASSERT_TRUE(*c);
  ASSERT_EQ((*c)->knobs.size(), 1u);
  const auto& [name, value] = *(*c)->knobs.begin();
  int64_t old = name == "block" ? 256 : 1;
  EXPECT_TRUE(value == old * 2 || value * 2 == old) << name << "=" << value;
  EXPECT_FALSE((*c)->source);
}

TEST(TuneExternalProposer, ExampleScriptSaysDoneWhenNoMoveIsLeft) {
  ProposerInput in = input();
  in.knobs = {{"block", {256}, 256}};
  in.best_knobs = {{"block", 256}};
  in.history[0].knobs = in.best_knobs;
  auto c = ExternalProposer(example(), 60).propose(in);
  ASSERT_TRUE(c.ok()) << c.error().message();
  EXPECT_FALSE(*c);
}

TEST(TuneExternalProposer, RequestListsEveryTriedConfiguration) {
  ProposerInput in = input();
  Attempt failed = in.history[0];
  failed.knobs = {{"block", 64}, {"unroll", 1}};
  failed.source_hash = "abc";
  failed.verdict = Verdict::kFailedCheck;
  in.history.push_back(failed);
  nlohmann::json r = proposer_request(in);
  ASSERT_EQ(r["tried"].size(), 2u);  // the failed one too, though "top" holds kept ones only
  EXPECT_EQ(r["tried"][1]["knobs"], nlohmann::json({{"block", 64}, {"unroll", 1}}));
  EXPECT_EQ(r["tried"][1]["source_hash"], "abc");
  EXPECT_EQ(r["tried"][1]["verdict"], "failed-check");
}

// The best is block=256, unroll=1; its moves are block 512 or 128, unroll 2 (unroll 0.5 is
// not a value). Whatever the random order, the script must skip the tried ones.
ProposerInput with_tried(const std::vector<kernels::Config>& tried, const std::string& hash = "") {
  ProposerInput in = input();
  in.knobs = {{"block", {64, 128, 256, 512}, 256}, {"unroll", {1, 2, 4}, 1}};
  for (const auto& k : tried) {
    Attempt a = in.history[0];
    a.knobs = k;
    a.source_hash = hash;
    a.median_ms = 0.9;
    a.verdict = Verdict::kSlower;
    in.history.push_back(a);
  }
  return in;
}

TEST(TuneExternalProposer, ExampleScriptProposesOnlyUntriedConfigurations) {
  for (int extra = 0; extra < 4; ++extra) {  // the seed is the number of attempts
    std::vector<kernels::Config> tried = {{{"block", 512}, {"unroll", 1}},
                                          {{"block", 256}, {"unroll", 2}}};
    for (int i = 0; i < extra; ++i) tried.push_back({{"block", 64}, {"unroll", 4}});
    auto c = ExternalProposer(example(), 60).propose(with_tried(tried));
    ASSERT_TRUE(c.ok()) << c.error().message();
    ASSERT_TRUE(*c);
    EXPECT_EQ((*c)->knobs, (kernels::Config{{"block", 128}})) << "attempts " << 3 + extra;
  }
}

TEST(TuneExternalProposer, ExampleScriptIsDoneWhenEveryMoveWasTried) {
  auto c = ExternalProposer(example(), 60)
               .propose(with_tried({{{"block", 512}, {"unroll", 1}},
                                    {{"block", 128}, {"unroll", 1}},
                                    {{"block", 256}, {"unroll", 2}}}));
  ASSERT_TRUE(c.ok()) << c.error().message();
  EXPECT_FALSE(*c);
}

TEST(TuneExternalProposer, ExampleScriptIgnoresTriesOnAnotherSource) {
  // The same knobs with another source are another configuration: still free on the best's.
  auto c = ExternalProposer(example(), 60)
               .propose(with_tried({{{"block", 512}, {"unroll", 1}},
                                    {{"block", 128}, {"unroll", 1}},
                                    {{"block", 256}, {"unroll", 2}}},
                                   "other"));
  ASSERT_TRUE(c.ok()) << c.error().message();
  EXPECT_TRUE(*c);
}

TEST(TuneExternalProposer, MalformedReplyOfARealProcess) {
  auto c = ExternalProposer("cat >/dev/null; echo 'block=128'", 30).propose(input());
  ASSERT_FALSE(c.ok());
  EXPECT_NE(c.error().message().find("proposer 'cat >/dev/null; echo 'block=128'': reply is not "
                                     "one JSON document"),
            std::string::npos)
      << c.error().message();
}

TEST(TuneExternalProposer, FailingProcessIsAnErrorWithItsStandardError) {
  auto c = ExternalProposer("echo 'no model loaded' >&2; exit 3", 30).propose(input());
  ASSERT_FALSE(c.ok());
  EXPECT_NE(c.error().message().find("exited with status 3: no model loaded"), std::string::npos)
      << c.error().message();
}

TEST(TuneExternalProposer, SlowProcessTimesOutAndIsKilled) {
  auto start = std::chrono::steady_clock::now();
  auto c = ExternalProposer("sleep 30", 0.5).propose(input());
  double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  ASSERT_FALSE(c.ok());
  EXPECT_NE(c.error().message().find("no reply within 0.5 s (killed)"), std::string::npos)
      << c.error().message();
  EXPECT_LT(seconds, 10);
}

}  // namespace
}  // namespace kiln::tune
