// The OpenBLAS core kiln asks for when OpenBLAS fell back to a generic one (interp/blas_core.h).
#include <gtest/gtest.h>

#include "interp/blas_core.h"

namespace kiln::interp {
namespace {

TEST(BlasCore, GenericFallbackOnANewerCpuIsReplaced) {
  // OpenBLAS 0.3.21 on Sapphire Rapids: "Prescott" (SSE3), ~5x slower sgemm than "SkylakeX".
  EXPECT_EQ(better_blas_core("Prescott", true, true), "SkylakeX");
  EXPECT_EQ(better_blas_core("Sandybridge", false, true), "Haswell");
  EXPECT_EQ(better_blas_core("Nehalem", false, false), std::nullopt);  // nothing better to run
}

TEST(BlasCore, AKnownCoreIsKept) {
  for (const char* core : {"Haswell", "SkylakeX", "Zen", "Cooperlake", "SapphireRapids"}) {
    EXPECT_EQ(better_blas_core(core, true, true), std::nullopt) << core;
  }
}

}  // namespace
}  // namespace kiln::interp
