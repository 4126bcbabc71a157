// kiln_baselines_smoke: loads a baseline plugin as kiln does (dlopen), prints its ABI version,
// library and versions, and what it would call for each kernel and float dtype.
//   kiln_baselines_smoke PLUGIN.so [KERNEL...]   (no kernels: a list of the registry's names)
// Exits 1 when the plugin cannot be loaded, lacks a symbol or was built for another ABI.
#include <dlfcn.h>

#include <cstdio>
#include <string>
#include <vector>

#include "baseline_abi.h"

namespace {

// clang-format off
const char* const kDefaultKernels[] = {
    "exp", "silu", "gelu_tanh", "relu", "sigmoid", "tanh", "add", "add_bcast", "sub", "mul",
    "div", "maximum", "minimum", "pow", "remainder", "logaddexp", "select", "copy", "strided_copy",
    "transpose2d", "arange", "swiglu", "rope", "rope_llama3", "sum", "prod", "sum_rows",
    "max_rows", "sum_cols", "argmax", "argmin", "softmax", "logsumexp", "rms_norm",
    "rms_norm_residual", "rms_norm_gated", "layer_norm", "scan_inclusive", "scan_exclusive",
    "scan_rows", "sort", "sort_pairs", "gemv", "gemv_t", "ceiling_gemm", "gemm", "gemm_nt",
    "gemm_bias", "gemm_bias_gelu", "gemm_bias_silu", "gemm_bias_residual",
    "moe_gemm", "moe_gemm_nt",
    "no_such_kernel"};
// clang-format on

template <class F>
bool load(void* lib, const char* name, F& fn) {
  fn = reinterpret_cast<F>(dlsym(lib, name));
  if (fn == nullptr) std::fprintf(stderr, "plugin_smoke: missing symbol %s\n", name);
  return fn != nullptr;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: %s PLUGIN.so [KERNEL...]\n", argv[0]);
    return 2;
  }
  void* lib = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
  if (lib == nullptr) {
    std::fprintf(stderr, "plugin_smoke: %s\n", dlerror());
    return 1;
  }
  int (*abi_version)() = nullptr;
  const char* (*library)() = nullptr;
  const char* (*version)() = nullptr;
  const char* (*describe)(const char*, int) = nullptr;
  if (!load(lib, "kiln_baseline_abi_version", abi_version) ||
      !load(lib, "kiln_baseline_library", library) ||
      !load(lib, "kiln_baseline_version", version) ||
      !load(lib, "kiln_baseline_describe", describe)) {
    return 1;
  }
  for (const char* name : {"kiln_baseline_prepare", "kiln_baseline_run", "kiln_baseline_release"}) {
    void* fn = nullptr;
    if (!load(lib, name, fn)) return 1;
  }
  if (abi_version() != KILN_BASELINE_ABI_VERSION) {
    std::fprintf(stderr, "plugin_smoke: ABI version %d, kiln expects %d\n", abi_version(),
                 KILN_BASELINE_ABI_VERSION);
    return 1;
  }
  std::printf("library: %s\nversion: %s\n", library(), version());
  std::vector<std::string> kernels(argv + 2, argv + argc);
  if (kernels.empty()) kernels.assign(std::begin(kDefaultKernels), std::end(kDefaultKernels));
  const int dtypes[] = {KILN_BASELINE_F32, KILN_BASELINE_F16, KILN_BASELINE_BF16};
  const char* const names[] = {"f32", "f16", "bf16"};
  for (const std::string& k : kernels) {
    for (int i = 0; i < 3; ++i) {
      const char* d = describe(k.c_str(), dtypes[i]);
      std::printf("%-18s %-5s %s\n", k.c_str(), names[i], d != nullptr ? d : "-");
    }
  }
  return 0;
}
