// Tuning tables (tuning.h): parsing and errors, lookup order, writing, the embedded tables,
// overriding a table, and plans falling back to the declared defaults.
#include "kernels/cuda/tuning.h"

#include <gtest/gtest.h>

#include "kernels/cuda/plan.h"
#include "kernels/cuda/registry.h"

namespace kiln::kernels {
namespace {

constexpr const char* kTable = R"({
  "arch": "sm_77",
  "kernels": {
    "k": [
      {"dtypes": ["bf16"], "max_bytes": 1000, "values": {"unroll": 4}},
      {"dtypes": ["bf16"], "values": {"unroll": 2, "block": 512}},
      {"values": {"unroll": 1}, "note": "any dtype"}
    ]
  }
})";

TEST(Tuning, LookupTakesTheFirstEntryThatAppliesForEachValue) {
  auto t = TuningTable::parse(kTable, "test");
  ASSERT_TRUE(t.ok()) << t.error().message();
  EXPECT_EQ(t->arch(), "sm_77");
  TunedValues small = t->lookup("k", ElementKind::kBF16, 1000);
  EXPECT_EQ(small.get("unroll"), 4);
  EXPECT_EQ(small.get("block"), 512);
  EXPECT_EQ(t->lookup("k", ElementKind::kBF16, 1001).get("unroll"), 2);
  EXPECT_EQ(t->lookup("k", ElementKind::kF32, 10).get("unroll"), 1);
  EXPECT_FALSE(t->lookup("k", ElementKind::kF32, 10).get("block"));
  EXPECT_EQ(t->lookup("other", ElementKind::kF32, 10).get_or("unroll", 7), 7);
}

TEST(Tuning, MalformedTablesAreErrorsNamingTheProblem) {
  auto not_json = TuningTable::parse("{", "a.json");
  ASSERT_FALSE(not_json.ok());
  EXPECT_NE(not_json.error().message().find("a.json"), std::string::npos);
  auto no_arch = TuningTable::parse(R"({"kernels": {}})", "b.json");
  EXPECT_FALSE(no_arch.ok());
  auto bad_dtype = TuningTable::parse(
      R"({"arch": "sm_90", "kernels": {"k": [{"dtypes": ["f8"], "values": {}}]}})", "c.json");
  ASSERT_FALSE(bad_dtype.ok());
  EXPECT_NE(bad_dtype.error().message().find("f8"), std::string::npos);
  auto bad_value = TuningTable::parse(
      R"({"arch": "sm_90", "kernels": {"k": [{"values": {"unroll": "2"}}]}})", "d.json");
  EXPECT_FALSE(bad_value.ok());
  auto missing = TuningTable::load("/nonexistent/kiln/tuning.json");
  ASSERT_FALSE(missing.ok());
  EXPECT_EQ(missing.error().kind(), ErrorKind::kNotFound);
}

TEST(Tuning, WrittenTablesReadBackTheSame) {
  auto t = TuningTable::parse(kTable, "test");
  ASSERT_TRUE(t.ok());
  t->prepend("k", {{ElementKind::kF32}, {}, 0, 64, {{"unroll", 8}}, "swept"});
  t->prepend("k", {{ElementKind::kF32}, {"NVIDIA H200"}, 0, 64, {{"block", 256}}, "on one GPU"});
  auto back = TuningTable::parse(t->to_json(), "round trip");
  ASSERT_TRUE(back.ok()) << back.error().message();
  EXPECT_EQ(back->to_json(), t->to_json());
  EXPECT_EQ(back->lookup("k", ElementKind::kF32, 64).get("unroll"), 8);
  EXPECT_EQ(back->lookup("k", ElementKind::kF32, 65).get("unroll"), 1);
  EXPECT_EQ(back->lookup("k", ElementKind::kF32, 64, "NVIDIA H200").get("block"), 256);
}

// An entry naming devices applies on those devices alone; the others of the architecture (and
// an unknown device) see the entries after it. Device names must be non-empty strings.
TEST(Tuning, DeviceEntriesApplyOnTheirDevicesAlone) {
  auto t = TuningTable::parse(R"({"arch": "sm_90", "kernels": {"k": [
      {"devices": ["NVIDIA H200"], "values": {"unroll": 4}},
      {"values": {"unroll": 8, "block": 128}}]}})", "devices.json");
  ASSERT_TRUE(t.ok()) << t.error().message();
  TunedValues h200 = t->lookup("k", ElementKind::kBF16, 10, "NVIDIA H200");
  EXPECT_EQ(h200.get("unroll"), 4);
  EXPECT_EQ(h200.get("block"), 128);
  EXPECT_EQ(t->lookup("k", ElementKind::kBF16, 10, "NVIDIA H100 80GB HBM3").get("unroll"), 8);
  EXPECT_EQ(t->lookup("k", ElementKind::kBF16, 10).get("unroll"), 8);
  for (const char* bad : {R"({"arch": "sm_90", "kernels": {"k": [{"devices": "H200", "values": {}}]}})",
                          R"({"arch": "sm_90", "kernels": {"k": [{"devices": [""], "values": {}}]}})",
                          R"({"arch": "sm_90", "kernels": {"k": [{"devices": [7], "values": {}}]}})"}) {
    auto e = TuningTable::parse(bad, "bad.json");
    ASSERT_FALSE(e.ok()) << bad;
    EXPECT_NE(e.error().message().find("device"), std::string::npos) << e.error().message();
  }
}

constexpr const char* kWinners = R"({
  "arch": "sm_77",
  "winners": [
    {"op": "gemm", "dtypes": ["bf16"], "sizes": {"m": [1, 64], "k": [16, 16]},
     "implementation": "library", "note": "small"},
    {"op": "gemm", "implementation": "vendor"}
  ]
})";

// A winner applies to its op and dtypes where every named size lies in its range; the first
// that applies is the table's answer.
TEST(Tuning, TheFirstWinnerThatAppliesIsTheTablesAnswer) {
  auto t = TuningTable::parse(kWinners, "test");
  ASSERT_TRUE(t.ok()) << t.error().message();
  ASSERT_EQ(t->winners().size(), 2u);
  const std::map<std::string, int64_t> small = {{"m", 64}, {"n", 9}, {"k", 16}};
  const DispatchWinner* w = t->winner("gemm", ElementKind::kBF16, small);
  ASSERT_NE(w, nullptr);
  EXPECT_EQ(w->implementation, "library");
  EXPECT_EQ(w->note, "small");
  // m past the range, another dtype, a size the problem lacks: the catch-all second entry.
  for (const auto& [dtype, sizes] :
       {std::pair{ElementType(ElementKind::kBF16), std::map<std::string, int64_t>{{"m", 65}, {"k", 16}}},
        std::pair{ElementType(ElementKind::kF16), small},
        std::pair{ElementType(ElementKind::kBF16), std::map<std::string, int64_t>{{"m", 8}}}}) {
    const DispatchWinner* other = t->winner("gemm", dtype, sizes);
    ASSERT_NE(other, nullptr);
    EXPECT_EQ(other->implementation, "vendor");
  }
  EXPECT_EQ(t->winner("attention", ElementKind::kBF16, small), nullptr);
}

TEST(Tuning, WinnersReadBackTheSame) {
  auto t = TuningTable::parse(kWinners, "test");
  ASSERT_TRUE(t.ok());
  auto back = TuningTable::parse(t->to_json(), "round trip");
  ASSERT_TRUE(back.ok()) << back.error().message();
  EXPECT_EQ(back->to_json(), t->to_json());
  ASSERT_EQ(back->winners().size(), 2u);
  EXPECT_EQ(back->winners()[0].sizes.at("m"), (std::pair<int64_t, int64_t>{1, 64}));
}

TEST(Tuning, MalformedWinnersAreErrorsNamingTheProblem) {
  const std::pair<const char*, const char*> cases[] = {
      {R"({"arch": "x", "winners": {}})", "\"winners\" must be a list"},
      {R"({"arch": "x", "winners": [{"implementation": "vendor"}]})", "names its \"op\""},
      {R"({"arch": "x", "winners": [{"op": "gemm", "implementation": "cublas"}]})",
       "must be \"vendor\" or \"library\""},
      {R"({"arch": "x", "winners": [{"op": "gemm", "implementation": "vendor",
           "sizes": {"m": [4, 2]}}]})", "size 'm' must be a range"},
      {R"({"arch": "x", "winners": [{"op": "gemm", "implementation": "vendor", "dtypes": ["q9"]}]})",
       "unknown dtype"},
      {R"({"arch": "x", "winners": [{"op": "gemm", "implementation": "vendor", "when": 1}]})",
       "\"when\""},
  };
  for (const auto& [json, what] : cases) {
    auto t = TuningTable::parse(json, "w.json");
    ASSERT_FALSE(t.ok()) << json;
    EXPECT_NE(t.error().message().find(what), std::string::npos) << t.error().message();
    EXPECT_NE(t.error().message().find("w.json"), std::string::npos) << t.error().message();
  }
}

// The H100 table's winners hold what bench/RESULTS.md measured: the vendor at every measured
// GEMM and attention shape (kiln's kernels were 0.25-0.94x of it), nothing beyond.
TEST(Tuning, TheSm90WinnersSayTheVendorWinsAtTheMeasuredShapes) {
  const TuningTable& t = tuning_table("sm_90");
  ASSERT_FALSE(t.winners().empty());
  for (const DispatchWinner& w : t.winners()) EXPECT_EQ(w.implementation, "vendor") << w.note;
  const DispatchWinner* gemm = t.winner(
      "gemm", ElementKind::kBF16, {{"batch", 1}, {"m", 4096}, {"n", 4096}, {"k", 4096}});
  ASSERT_NE(gemm, nullptr);
  EXPECT_EQ(gemm->implementation, "vendor");
  const DispatchWinner* attention =
      t.winner("attention", ElementKind::kBF16,
               {{"batch", 4}, {"heads", 16}, {"kv_heads", 16}, {"seq_q", 4096}, {"seq_kv", 4096},
                {"head_dim", 128}, {"causal", 1}});
  ASSERT_NE(attention, nullptr);
  EXPECT_EQ(attention->implementation, "vendor");
  EXPECT_EQ(t.winner("gemm", ElementKind::kBF16, {{"batch", 1}, {"m", 64}, {"n", 64}, {"k", 64}}),
            nullptr);
}

// Every embedded table parses, and its kernels' knob-named values are allowed knob values.
TEST(Tuning, EmbeddedTablesParseAndNameRegisteredKernels) {
  ASSERT_FALSE(embedded_tuning_archs().empty());
  for (const std::string& arch : embedded_tuning_archs()) {
    const TuningTable& t = tuning_table(arch);
    EXPECT_EQ(t.arch(), arch);
    EXPECT_FALSE(t.kernels().empty()) << arch;
    for (const auto& [kernel, entries] : t.kernels()) {
      auto spec = find_kernel(kernel);
      ASSERT_TRUE(spec.ok()) << arch << ": " << kernel;
      for (const TuningEntry& e : entries) {
        for (const auto& [name, value] : e.values) {
          for (const Knob& k : (*spec)->knobs) {
            if (k.name == name) {
              EXPECT_TRUE(k.allows(value)) << kernel << "." << name;
            }
          }
        }
      }
    }
  }
}

cuda::DeviceProperties device_of(int major, int minor, int sms) {
  cuda::DeviceProperties d = cuda::DeviceProperties::h100_sxm();
  d.compute_major = major;
  d.compute_minor = minor;
  d.sm_count = sms;
  return d;
}

// The unroll define of the first launch of `kernel`'s plan for bf16 [2^20] on `device`.
std::string unroll_define(const std::string& kernel, const cuda::DeviceProperties& device) {
  auto spec = find_kernel(kernel);
  EXPECT_TRUE(spec.ok());
  auto p = (*spec)->make_problem({1 << 20}, ElementKind::kBF16);
  auto plan = plan_kernel(**spec, *p, {}, device);
  EXPECT_TRUE(plan.ok()) << (plan.ok() ? "" : plan.error().message());
  for (const std::string& d : plan->launches[0].defines) {
    if (d.starts_with("-DUNROLL=")) return d;
  }
  return "";
}

TEST(Tuning, PlansTakeTheTableOfTheirArchitectureElseTheDeclaredDefaults) {
  EXPECT_EQ(unroll_define("log", device_of(9, 0, 132)), "-DUNROLL=2");  // sm_90.json
  EXPECT_EQ(unroll_define("log", device_of(7, 5, 40)), "-DUNROLL=1");   // no table
}

TEST(Tuning, ATableKnobValueTheKnobDoesNotAllowIsAnError) {
  auto t = TuningTable::parse(
      R"({"arch": "sm_62", "kernels": {"exp": [{"values": {"unroll": 3}}]}})", "bad");
  ASSERT_TRUE(t.ok());
  ASSERT_TRUE(use_tuning_table(std::move(*t)).ok());
  auto spec = find_kernel("exp");
  ASSERT_TRUE(spec.ok());
  auto p = (*spec)->make_problem({1000}, ElementKind::kF32);
  auto plan = plan_kernel(**spec, *p, {}, device_of(6, 2, 30));
  ASSERT_FALSE(plan.ok());
  EXPECT_NE(plan.error().message().find("tuning table"), std::string::npos)
      << plan.error().message();
  EXPECT_TRUE(plan_kernel(**spec, *p, {{"unroll", 2}}, device_of(6, 2, 30)).ok());
}

TEST(Tuning, AnInstalledTableOverridesTheEmbeddedOne) {
  auto t = TuningTable::parse(
      R"({"arch": "sm_61", "kernels": {"log": [{"values": {"auto_unroll": 8}}]}})", "override");
  ASSERT_TRUE(t.ok());
  ASSERT_TRUE(use_tuning_table(std::move(*t)).ok());
  EXPECT_EQ(unroll_define("log", device_of(6, 1, 30)), "-DUNROLL=8");
  EXPECT_FALSE(use_tuning_table(TuningTable()).ok());  // no arch
}

}  // namespace
}  // namespace kiln::kernels
