// The Hopper GEMM's plan (gemm.cu): for one registered GEMM, a problem and a configuration of
// its knobs, the launches (the padded copies of rows TMA cannot address, gemm_sm90, split K's
// gemm_split_finish), their tensor maps, scratch and shared memory.
#pragma once

#include "kernels/cuda/spec.h"

namespace kiln::kernels {

// What a plan needs of one registered GEMM (gemm.cpp's table): its name (for errors), B's
// layout (nt: B [N, K]) and its fused epilogue (gemm.cu's EPILOGUE), applied to the f32
// product before its rounding; inputs A, B, then bias [N] and R [B, M, N] as the epilogue takes
// them.
struct GemmForm {
  enum class Epilogue : int64_t {
    kNone = 0,
    kBias = 1,
    kBiasGelu = 2,
    kBiasSilu = 3,
    kBiasResidual = 4
  };
  const char* name;
  bool nt;
  Epilogue epilogue;
};

// The plan of `g` for problem `p` (shape [M, N, K] or [B, M, N, K]) under `c`, the knobs
// block_n, stages, raster, persistent, tma_store, split_k, short_grid and ctas_per_sm, on
// context.device. Errors: a knob combination the kernel cannot take (ctas_per_sm=2 with a
// width other than 64) or shared memory past the device's.
Expected<Plan> gemm_plan(const GemmForm& g, const Problem& p, const Config& c,
                         const PlanContext& context);

}  // namespace kiln::kernels
