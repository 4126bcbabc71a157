// Tests of `--knob` parsing: single values, sweeps, their product, and malformed arguments.
#include "bench/knob_sweep.h"

#include <gtest/gtest.h>

namespace kiln::bench {
namespace {

TEST(KnobSweep, NoArgumentsGiveOneEmptyConfig) {
  auto c = parse_knob_sweep({});
  ASSERT_TRUE(c.ok());
  ASSERT_EQ(c->size(), 1u);
  EXPECT_TRUE(c->front().empty());
}

TEST(KnobSweep, SingleValuesSetKnobs) {
  auto c = parse_knob_sweep({"block=256", "unroll=-2"});
  ASSERT_TRUE(c.ok());
  ASSERT_EQ(c->size(), 1u);
  EXPECT_EQ(c->front(), (kernels::Config{{"block", 256}, {"unroll", -2}}));
}

TEST(KnobSweep, ListsGiveTheProductLastVaryingFastest) {
  auto c = parse_knob_sweep({"unroll=1,2,4", "streaming=0,1"});
  ASSERT_TRUE(c.ok());
  ASSERT_EQ(c->size(), 6u);
  EXPECT_EQ((*c)[0], (kernels::Config{{"unroll", 1}, {"streaming", 0}}));
  EXPECT_EQ((*c)[1], (kernels::Config{{"unroll", 1}, {"streaming", 1}}));
  EXPECT_EQ((*c)[5], (kernels::Config{{"unroll", 4}, {"streaming", 1}}));
}

TEST(KnobSweep, ARepeatedNameKeepsItsLastValues) {
  auto c = parse_knob_sweep({"unroll=1,2", "block=128", "unroll=8"});
  ASSERT_TRUE(c.ok());
  ASSERT_EQ(c->size(), 1u);
  EXPECT_EQ(c->front(), (kernels::Config{{"block", 128}, {"unroll", 8}}));
}

TEST(KnobSweep, MalformedArgumentsAreErrorsNamingThem) {
  for (const char* bad : {"unroll", "=4", "unroll=", "unroll=x", "unroll=1,", "unroll=1,,2",
                          "unroll=2.5", "unroll=99999999999999999999"}) {
    auto c = parse_knob_sweep({bad});
    ASSERT_FALSE(c.ok()) << bad;
    EXPECT_NE(c.error().message().find(bad), std::string::npos) << c.error().message();
  }
}

TEST(KnobSweep, ConfigTextListsKnobsInNameOrder) {
  EXPECT_EQ(config_text({{"unroll", 2}, {"block", 256}}), "block=256 unroll=2");
  EXPECT_EQ(config_text({}), "");
}

}  // namespace
}  // namespace kiln::bench
