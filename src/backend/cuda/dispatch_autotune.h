// `kiln compile/run --autotune` for the dispatch (dispatch.h): the vendor's and the library's
// implementation of one problem timed once on the GPU, the winner kept in the autotune cache
// beside cuBLASLt's choices (runtime/cuda/gemm_autotune.h), where choose_implementation finds
// it in every later compile.
#pragma once

#include "backend/cuda/dispatch.h"
#include "backend/cuda/lower_dot_general.h"
#include "kernels/cuda/registry.h"
#include "runtime/cuda/gemm_autotune.h"

namespace kiln::backend::cuda {

// Times `g` on cuBLASLt (as its GemmStep runs: the heuristics' first algorithm, the lowering's
// 32 MiB workspace) and on the library kernel `library` (its plan for the device) on device 0,
// each the median of 10 runs after a warm-up on the same random 16-bit inputs (never zeros),
// and stores the measurement under dispatch_autotune_key(device, problem) in
// options.autotune_cache. Errors: no GPU, either side failing to plan or run (nothing stored).
// Not thread-safe against other work on device 0's primary context.
Expected<::kiln::cuda::DispatchMeasurement> measure_gemm_dispatch(
    const DotGemm& g, const kernels::KernelMatch& library, const DispatchProblem& problem,
    const LowerOptions& options);

}  // namespace kiln::backend::cuda
