// Nsight Compute's metrics for a library kernel, where `ncu` is on PATH: it profiles one
// `kiln bench` run of the kernel (--page raw --csv) and the metrics of the kernel's launches
// are read from its CSV.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "support/error.h"

namespace kiln::tune {

// The metrics asked for: DRAM throughput, occupancy, registers and shared memory per block,
// the leading warp stall reasons and the instruction mix.
const std::vector<std::string>& ncu_metrics();

// The metrics of the longest launch (gpu__time_duration; the last of equals) in ncu's raw CSV
// whose kernel name is one of `functions` (all rows when empty). Numbers with thousands separators are read; "n/a" cells are left out.
// Errors: no header with "Kernel Name", or no row of those kernels.
Expected<std::map<std::string, double>> parse_ncu_csv(const std::string& csv,
                                                       const std::vector<std::string>& functions);

// One sentence of the figures that matter ("ncu: DRAM 83% of peak, occupancy 61%, ...").
std::string describe_ncu(const std::map<std::string, double>& metrics);

// The path of `ncu` when it is on PATH, else "".
std::string find_ncu();

// Profiles `bench_command` (a `kiln bench` command line for one kernel) under ncu; the caller
// holds the GPU lock, and the command runs with kGpuLockHeldEnv set. Errors:
// ncu failed (the message names it), or its CSV held no row of `functions`.
Expected<std::map<std::string, double>> run_ncu(const std::string& ncu,
                                                const std::string& bench_command,
                                                const std::vector<std::string>& functions,
                                                double timeout_s);

}  // namespace kiln::tune
