// The embedded kernel sources: shared headers of ops/ found by path and expanded once, and each
// op's device function defined in one place only.
#include <gtest/gtest.h>

#include <string>
#include <string_view>

#include "kernels/cuda/sources.h"

namespace kiln::kernels {
namespace {

int count(std::string_view text, std::string_view what) {
  int n = 0;
  for (size_t at = text.find(what); at != std::string_view::npos; at = text.find(what, at + 1)) {
    ++n;
  }
  return n;
}

TEST(KernelSources, SharedHeadersAreNamedByTheirPath) {
  auto src = kernel_source("reduce");
  ASSERT_TRUE(src.ok()) << src.error().message();
  EXPECT_EQ(count(*src, "#line 1 \"ops/reduce.cuh\""), 1);
  EXPECT_EQ(count(*src, "#line 1 \"ops/elementwise.cuh\""), 1);
}

TEST(KernelSources, HeadersIncludedTwiceAreExpandedOnce) {
  // rms_norm.cu takes ops/composite.cuh and ops/row_reduce.cuh, both over ops/elementwise.cuh.
  auto src = kernel_source("rms_norm");
  ASSERT_TRUE(src.ok()) << src.error().message();
  EXPECT_EQ(count(*src, "struct ExactMath {"), 1);
  EXPECT_EQ(count(*src, "struct AddCombiner {"), 1);
  EXPECT_EQ(count(*src, "#pragma once"), 0);
}

// The StableHLO maximum and minimum (PTX .NaN), the combiners, the warp reduction and the fast
// builds each exist once: in every kernel's complete source at most one copy of each.
TEST(KernelSources, NoKernelCarriesItsOwnCopyOfASharedFunction) {
  for (const std::string& stem : source_stems()) {
    auto src = kernel_source(stem);
    ASSERT_TRUE(src.ok()) << stem << ": " << src.error().message();
    for (std::string_view unique : {"max.NaN.f32", "min.NaN.f32", "tanh.approx.f32",
                                    "identity() { return 0.f; }", "return __expf(x); }",
                                    "__shfl_xor_sync(0xffffffffu, v, o)"}) {
      EXPECT_LE(count(*src, unique), 1) << stem << ": " << unique;
    }
  }
}

TEST(KernelSources, UnknownStemIsAnError) {
  auto src = kernel_source("no_such_kernel");
  ASSERT_FALSE(src.ok());
  EXPECT_NE(src.error().message().find("no_such_kernel"), std::string::npos);
}

}  // namespace
}  // namespace kiln::kernels
