// What kiln report reads from a results folder: measured versions of kernels (correct kiln bench
// runs and kept kiln tune attempts), tune histories, and each GPU's measured roofs.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace kiln::report {

// A baseline's time on the same problem, measured in the same run as the kiln version.
struct BaselineTime {
  std::string name;  // the column it goes in: "vendor", "torch" (kiln bench), "cublas" (tune)
  std::string who;   // what it called, for a tooltip ("cub::DeviceReduce::Reduce"); may be ""
  double median_ms = 0;
};

// One measured, correct version of a kernel on one problem on one GPU.
struct Version {
  std::string gpu;     // the device's name ("NVIDIA H100 80GB HBM3")
  std::string arch;    // "sm_90a"; may be ""
  std::string kernel;  // "softmax"
  std::string dtype;   // "bf16"
  std::string shape;   // "4096x4096" ("scalar" for rank 0)
  double median_ms = 0;
  double roof_fraction = 0;  // of the nearer roof (copy rate or GEMM rate); 0: unknown
  double flop_rate = 0;      // achieved FLOP/s; 0: unknown or no FLOPs
  double byte_rate = 0;      // achieved bytes/s (read + written); 0: unknown
  std::vector<BaselineTime> baselines;
  std::string knobs;   // "block=256 vec=4", "" when it has none
  std::string source;  // the full source(s) of the version; "" when not kept
  std::string origin;  // "kiln bench, 2026-11-26 10:00:00" or "kiln tune round 12 (search)"
  std::string file;    // the file it was read from
};

// One attempt of kiln tune, as far as the report needs it.
struct Attempt {
  int64_t round = 0;
  std::string verdict;  // "kept", "slower", "failed-check", "failed-baseline", "error"
  double median_ms = 0;
};

// The attempts of one (GPU, kernel, dtype, shape) lineage, in file order.
struct History {
  std::string gpu, kernel, dtype, shape, file;
  std::vector<Attempt> attempts;
};

// A GPU's measured ceilings (kiln bench's): 0 where not measured.
struct Roofs {
  double copy_bytes_per_s = 0;
  double gemm_flops_per_s = 0;
  std::string gemm_how;  // "cublasGemmEx bf16 8192x8192x8192"
};

// Everything read from one results folder.
struct Results {
  std::vector<Version> versions;
  std::vector<History> histories;
  std::map<std::string, Roofs> roofs;  // by GPU name
  int files_read = 0;
};

}  // namespace kiln::report
