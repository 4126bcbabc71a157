// Autotuning cuBLASLt GEMMs: time the heuristics' top candidates for one product once, keep
// the fastest, and remember the choice across processes in a small text file beside the
// kernel cache ($KILN_CACHE_DIR/gemm_autotune.txt); the same file keeps the backend's measured
// choices between the vendor and the kernel library (DispatchMeasurement).
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>

#include "runtime/cuda/device.h"
#include "runtime/cuda/vendor_cublaslt.h"

namespace kiln::cuda {

// A measured choice: the candidate's rank in the heuristics' list, the fingerprint of the
// algorithm that held that rank when it was measured (a list that changed is not trusted), and
// its median time.
struct GemmChoice {
  int index = 0;
  uint64_t fingerprint = 0;
  double ms = 0;
  bool operator==(const GemmChoice&) const = default;
};

// A measured choice between a vendor library and the kernel library for one problem (the
// backend's dispatch, backend/cuda/dispatch.h): which won, and both median times.
struct DispatchMeasurement {
  bool library = false;
  double vendor_ms = 0, library_ms = 0;
  bool operator==(const DispatchMeasurement&) const = default;
};

// The file's contents: one line per product, "kiln-gemm-v1<TAB>key<TAB>index<TAB>fingerprint
// (16 hex digits)<TAB>ms", and one per dispatch problem, "kiln-dispatch-v1<TAB>key<TAB>vendor
// or library<TAB>vendor ms<TAB>library ms". Keys hold no tab or newline (gemm_autotune_key).
class GemmChoiceCache {
 public:
  // The cache at `path`; "" is a cache that remembers nothing (KILN_CACHE_DIR=off).
  explicit GemmChoiceCache(std::string path) : path_(std::move(path)) {}
  // $KILN_CACHE_DIR/gemm_autotune.txt (cache_dir() as the kernel cache uses it), or "".
  static std::string default_path();

  // The file's entries, read afresh; a missing file is empty. Lines that are not entries of
  // this version (corrupt, truncated, foreign) are skipped, never an error; of repeated keys
  // the last wins.
  std::map<std::string, GemmChoice> load() const;
  std::optional<GemmChoice> find(const std::string& key) const;
  // Adds (or replaces) one entry: reads the file, merges, writes a temporary file beside it
  // and renames it over the file, so that readers never see half a file and concurrent
  // writers each leave a whole one (the last rename wins; an entry it lacked is measured again
  // later). Creates the folder. Error (internal) when the file cannot be written; a key with
  // a tab or newline is invalid_argument.
  Status store(const std::string& key, const GemmChoice& choice) const;

  // The dispatch entries, as load(), find() and store() for GEMM choices (each store keeps the
  // other kind's lines).
  std::map<std::string, DispatchMeasurement> load_dispatch() const;
  std::optional<DispatchMeasurement> find_dispatch(const std::string& key) const;
  Status store_dispatch(const std::string& key, const DispatchMeasurement& m) const;

  // One entry's line, without the newline, and its parse (nullopt for anything else).
  static std::string format_line(const std::string& key, const GemmChoice& choice);
  static std::optional<std::pair<std::string, GemmChoice>> parse_line(const std::string& line);
  static std::string format_dispatch_line(const std::string& key, const DispatchMeasurement& m);
  static std::optional<std::pair<std::string, DispatchMeasurement>> parse_dispatch_line(
      const std::string& line);

  const std::string& path() const { return path_; }

 private:
  // The file's lines, for each kind.
  struct Entries {
    std::map<std::string, GemmChoice> gemms;
    std::map<std::string, DispatchMeasurement> dispatch;
  };
  Entries load_all() const;
  // Replaces the file with `entries` (atomically: a temporary renamed over it).
  Status write_all(const Entries& entries) const;
  std::string path_;
};

// The key of one product on one device and library: "<device name> <arch> | <cuBLASLt
// version> | ws=<workspace bytes> | <gemm_desc_key>", tabs and newlines replaced by spaces.
std::string gemm_autotune_key(const DeviceProperties& device, const std::string& lt_version,
                              const GemmDesc& desc, size_t workspace_bytes);

// The median time in milliseconds of `iterations` runs of `enqueue` on `stream`, each between
// two events, after one untimed warm-up run. Errors: enqueue's first failure, the events'.
// Must not be called while `stream` is being captured.
Expected<double> median_ms(const Device& device, const Stream& stream, int iterations,
                           const std::function<Status()>& enqueue);

// How many candidates --autotune times.
inline constexpr int kAutotuneCandidates = 8;

// Runs each of `gemm`'s candidates (warm-up once, then `iterations` times between events on
// `stream`) on the pointers given, which it overwrites, and leaves `gemm` on the fastest; a
// candidate that fails to run is skipped. Returns the choice (index, fingerprint, median ms).
// Must not be called while `stream` is being captured.
Expected<GemmChoice> autotune_gemm(LtGemm& gemm, const GemmPointers& pointers, void* workspace,
                                   const Device& device, const Stream& stream,
                                   int iterations = 5);

}  // namespace kiln::cuda
