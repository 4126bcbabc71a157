// Presenting bench results: the per-kernel report (text and JSON), the progress bar and the
// summary table of `kiln bench --all`.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "bench/bench_kernel.h"
#include "runtime/cuda/device.h"

namespace kiln::bench {

// "NVIDIA H100 80GB HBM3, sm_90a, 132 SMs, 50 MiB L2, 80 GiB".
std::string device_line(const cuda::DeviceProperties& props);

// The full report of one kernel run, as text for a terminal.
std::string format_report(const KernelReport& r, const cuda::DeviceProperties& device,
                          const std::string& target);

// The same facts as JSON (what results files hold).
nlohmann::json report_json(const KernelReport& r, const cuda::DeviceProperties& device);

// One row per report: kernel, dtype, shape, correct, kiln time, each baseline's time and the
// speed-up against it, % of copy rate, % of GEMM rate, score.
std::string format_summary(const std::vector<KernelReport>& reports, const std::string& target);

// "[=====>     ] 12/140 softmax bf16" on one line (carriage return, no newline).
std::string progress_line(size_t done, size_t total, const std::string& what);

}  // namespace kiln::bench
