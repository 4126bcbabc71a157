#include "interp/blas_core.h"

#include <cblas.h>

#include <array>
#include <cstdlib>

namespace kiln::interp {

std::optional<std::string> better_blas_core(std::string_view chosen, bool avx512, bool avx2_fma) {
  // OpenBLAS's x86 cores older than Haswell: what its DYNAMIC_ARCH falls back to for a CPU it
  // does not know.
  constexpr std::array<std::string_view, 9> kGeneric = {
      "Prescott", "Core2", "Penryn", "Dunnington", "Nehalem", "Atom", "Katmai", "Northwood",
      "Sandybridge"};
  bool generic = false;
  for (std::string_view core : kGeneric) generic = generic || chosen == core;
  if (!generic) return std::nullopt;
  if (avx512) return "SkylakeX";
  if (avx2_fma) return "Haswell";
  return std::nullopt;
}

std::optional<std::string> blas_core_override() {
  if (std::getenv("OPENBLAS_CORETYPE") != nullptr) return std::nullopt;
#if defined(__x86_64__)
  const char* chosen = openblas_get_corename();
  if (chosen == nullptr) return std::nullopt;
  __builtin_cpu_init();
  const bool avx512 = __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
                      __builtin_cpu_supports("avx512dq") && __builtin_cpu_supports("avx512vl");
  const bool avx2_fma = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
  return better_blas_core(chosen, avx512, avx2_fma);
#else
  return std::nullopt;
#endif
}

}  // namespace kiln::interp
