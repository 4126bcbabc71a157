// Checks for the command line's numeric and path flags, each failing with a message in words.
#pragma once

#include <CLI/CLI.hpp>
#include <cstdint>

namespace kiln::tools {

// The largest --num-replicas and --num-partitions: the cpu backend simulates at most 1024
// processes in all (one thread each), so neither factor can be larger.
inline constexpr int64_t kMaxProcesses = 1024;
// The most --iters and --warmup runs.
inline constexpr int64_t kMaxRuns = 1'000'000;
// The longest --timeout: a week.
inline constexpr double kMaxTimeoutSeconds = 7 * 24 * 3600;

// The value is a whole number from `lo` to `hi`: "must be a whole number from 1 to 1024
// (got 0)"; CLI11 puts the flag's name before it.
CLI::Validator whole_number(int64_t lo, int64_t hi);
// The value is a whole number from 0 to 2^64 - 1 (a seed).
CLI::Validator unsigned_number();
// The value is a number of seconds above 0 and at most `most`.
CLI::Validator seconds_up_to(double most);
// The value is not empty: "must name a folder, not an empty string".
CLI::Validator non_empty(const char* what);

}  // namespace kiln::tools
