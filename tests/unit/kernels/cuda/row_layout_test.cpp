// Tests of the row layout rule shared by the row-wise kernels (row_layout.h).
#include "kernels/cuda/row_layout.h"

#include <gtest/gtest.h>

namespace kiln::kernels {
namespace {

Config knobs(int64_t row_threads, int64_t items) {
  return {{"row_threads", row_threads}, {"items", items}, {"block", 256}};
}

TEST(RowLayout, ShortRowsTakeLanesOfAWarp) {
  auto l = row_layout(1000, ElementKind::kBF16, knobs(0, 0), 2);  // 125 packs
  ASSERT_TRUE(l.ok()) << l.error().message();
  EXPECT_EQ(l->threads, 64);
  EXPECT_TRUE(l->fits);
}

TEST(RowLayout, LongRowsBeyondRegistersAreReadInSteps) {
  auto l = row_layout(65552, ElementKind::kBF16, knobs(0, 0), 2);  // 8194 packs
  ASSERT_TRUE(l.ok()) << l.error().message();
  EXPECT_EQ(l->threads, 512);
  EXPECT_EQ(l->items, 4);
  EXPECT_FALSE(l->fits);
}

// Eight packs a thread fit only at up to 512 threads: with row_threads left to the rule, a
// long row takes 512 of them (this once failed: the rule chose 1024 and refused).
TEST(RowLayout, EightItemsOnALongRowCapTheThreads) {
  auto l = row_layout(65552, ElementKind::kBF16, knobs(0, 8), 2);
  ASSERT_TRUE(l.ok()) << l.error().message();
  EXPECT_EQ(l->threads, 512);
  EXPECT_EQ(l->items, 8);
  EXPECT_FALSE(l->fits);
}

TEST(RowLayout, EightItemsAtAThousandThreadsIsAnErrorNamingTheKnobs) {
  auto l = row_layout(65552, ElementKind::kBF16, knobs(1024, 8), 2);
  ASSERT_FALSE(l.ok());
  EXPECT_NE(l.error().message().find("items = 8"), std::string::npos) << l.error().message();
}

}  // namespace
}  // namespace kiln::kernels
