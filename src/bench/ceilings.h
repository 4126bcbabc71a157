// The device's measured ceilings, the denominators of every roofline figure: the copy rate of
// a large device-to-device copy (bytes read plus written per second) and the rate of a large
// bf16 GEMM through cuBLAS (FLOP/s). Measured once per device and cached on disk.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "bench/baseline_plugin.h"
#include "runtime/cuda/device.h"

namespace kiln::bench {

struct Ceilings {
  double copy_bytes_per_s = 0;  // 0 when not measured
  double gemm_flops_per_s = 0;  // 0 when no vendor plugin could measure it
  std::string gemm_how;         // "cublasGemmEx bf16 8192x8192x8192"
  std::string measured_at;      // ISO date
  bool from_cache = false;
};

// The cached ceilings of this device (cache_dir()/ceilings/<device>.json), or measures them
// (a few seconds) when absent or when `refresh` is set. `plugins` supplies the GEMM.
Expected<Ceilings> device_ceilings(const cuda::Device& device,
                                   const std::vector<std::unique_ptr<BaselinePlugin>>& plugins,
                                   bool refresh);

}  // namespace kiln::bench
