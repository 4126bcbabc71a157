// OpenBLAS picks its kernels for the CPU when it loads (DYNAMIC_ARCH). Version 0.3.21 does not
// recognise some newer CPUs (Sapphire Rapids, seen as "Prescott") and falls back to SSE3
// kernels, about 5x slower than the AVX-512 ones the CPU can run. The choice can only be
// changed before the library loads, through OPENBLAS_CORETYPE; the kiln tool re-executes
// itself with it set (tools/kiln/main.cpp); an embedding program can set it itself.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace kiln::interp {

// The OPENBLAS_CORETYPE for a CPU with these features when OpenBLAS chose `chosen`: "SkylakeX"
// (AVX-512 F/BW/DQ/VL) or "Haswell" (AVX2 and FMA) when `chosen` is an older, generic core;
// nullopt when `chosen` already uses what the CPU has.
std::optional<std::string> better_blas_core(std::string_view chosen, bool avx512, bool avx2_fma);

// better_blas_core for this process's OpenBLAS and CPU; nullopt as well when OPENBLAS_CORETYPE
// is already set (the user's choice, or kiln's own after re-executing).
std::optional<std::string> blas_core_override();

}  // namespace kiln::interp
