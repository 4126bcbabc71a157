// The attempt history of one (kernel, GPU) lineage: <results>/tune/<gpu-slug>/<kernel>.jsonl,
// one JSON object per attempt (README.md gives the fields; `kiln report` reads the same files),
// read and appended under a flock on the file, and a tuner's ownership of the lineage (Lineage).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "kernels/cuda/knobs.h"
#include "support/error.h"
#include "tune/file_lock.h"

namespace kiln::tune {

enum class Verdict { kKept, kSlower, kFailedCheck, kFailedBaseline, kError };
// "kept", "slower", "failed-check", "failed-baseline", "error".
std::string verdict_name(Verdict v);
std::optional<Verdict> parse_verdict(std::string_view name);

struct BaselineTime {
  std::string name;  // the library: "cublas", "cub", "torch"
  double median_ms = 0;
};

// One attempt of the tuner: a candidate (knobs and maybe a source) for one kernel, dtype,
// shape and GPU, its figures and what became of it.
struct Attempt {
  int round = 0;
  std::string time;  // ISO-8601 UTC
  std::string kernel, gpu, arch, dtype, shape;
  kernels::Config knobs;             // every knob, completed
  std::optional<std::string> source;  // the kernel source; nullopt when only knobs changed
  std::string source_hash;           // of the source the candidate ran ("" for the default)
  std::string proposer;              // "search", "start" or the external command
  double median_ms = 0, noise = 0, gbps = 0, tflops = 0, roof_fraction = 0;
  std::optional<BaselineTime> baseline;  // the fastest baseline timed in the same run
  Verdict verdict = Verdict::kError;
  std::string detail;     // why this verdict
  std::string diagnosis;  // the profile's few sentences
};

nlohmann::json attempt_json(const Attempt& a);
// Errors name what is missing or of the wrong type.
Expected<Attempt> attempt_from_json(const nlohmann::json& j);

// "NVIDIA H100 80GB HBM3" -> "nvidia-h100-80gb-hbm3": lower case, runs of other characters
// one '-', none at the ends.
std::string gpu_slug(std::string_view gpu_name);

// <results>/tune/<gpu_slug>/<kernel>.jsonl
std::string history_path(const std::string& results, const std::string& slug,
                         const std::string& kernel);

// Parses history text; errors name `origin:line`.
Expected<std::vector<Attempt>> parse_history(std::string_view text, std::string_view origin);

// Appends one attempt as one line to a history file, under an exclusive flock on the file
// itself, creating it and its folders as needed: concurrent appenders never interleave or lose
// lines.
Status append_attempt(const std::string& history_path, const Attempt& a);

// Every attempt of a history file, read under a shared flock on it (an empty list when the
// file does not exist; read_history below calls that an error).
Expected<std::vector<Attempt>> read_attempts(const std::string& history_path);

// Reads a history file for --history and reports. Errors: no such file, a malformed line.
Expected<std::vector<Attempt>> read_history(const std::string& history_path);

// The ownership of one lineage: a tuner holds it (an exclusive flock on <history path>.lock)
// for its whole run on the kernel, so two tuners never race on one kernel's history, while
// readers (--history, kiln report) and appenders only take the file's own lock. Movable.
class Lineage {
 public:
  // Takes the lineage's lock, waiting while another tuner holds it.
  static Expected<Lineage> open(const std::string& history_path);
  Expected<std::vector<Attempt>> read() const { return read_attempts(path_); }
  Status append(const Attempt& a) const { return append_attempt(path_, a); }
  const std::string& path() const { return path_; }

 private:
  Lineage(std::string path, FileLock lock) : path_(std::move(path)), lock_(std::move(lock)) {}
  std::string path_;
  FileLock lock_;
};

// The `n` fastest kept attempts, fastest first (ties: earlier round first). `dtype`/`shape`
// filter when not empty.
std::vector<Attempt> top_kept(const std::vector<Attempt>& attempts, size_t n,
                              const std::string& dtype = "", const std::string& shape = "");

// The attempts as a table: rank, dtype, shape, ms, GB/s, TFLOP/s, % roof, vs baseline,
// knobs, source, round, time.
std::string format_history_table(const std::vector<Attempt>& attempts);

// A short stable hash of a source text (hex), "" for nullopt.
std::string source_hash(const std::optional<std::string>& source);

// The current time as ISO-8601 UTC ("2026-11-27T01:02:03Z").
std::string now_iso8601();

}  // namespace kiln::tune
