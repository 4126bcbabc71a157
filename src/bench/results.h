// Result files: every run appended to <dir>/<arch>/<kernel>.json, and the leaderboard
// <dir>/leaderboard.json holding, per architecture, kernel, dtype and shape, the fastest
// correct version with its full source and knobs. Not safe against concurrent writers.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "bench/bench_kernel.h"

namespace kiln::bench {

// Appends `run` (report_json) to <dir>/<arch>/<kernel>.json, creating folders as needed.
Status append_result(const std::string& dir, const std::string& arch, const std::string& kernel,
                     const nlohmann::json& run);

// Replaces the leaderboard entry for this report when it is correct and faster than the entry
// (or there is none). Returns a line saying what changed ("new best: ... (was ...)"), or "" when
// the entry stands.
Expected<std::string> update_leaderboard(const std::string& dir, const std::string& arch,
                                         const KernelReport& report,
                                         const std::string& device_name);

}  // namespace kiln::bench
