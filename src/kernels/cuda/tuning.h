// Per-architecture tuning tables: the measured constants of the kernels' plans, kept as data
// (src/kernels/cuda/tuning/sm_XX.json, embedded in the binary) apart from the plan code, so
// that `kiln bench --save-tuning` and the tuner can write them. Format (README.md):
//   {"arch": "sm_90", "kernels": {"<kernel>": [entry, ...], ...}, "winners": [winner, ...]}
//   entry: {"dtypes": ["bf16", ...], "devices": ["NVIDIA H200", ...], "min_bytes": N,
//           "max_bytes": N, "values": {"name": V}, "note": "how it was measured"}
// An entry applies to problems of one of its dtypes (any when absent) whose inputs total
// min_bytes..max_bytes bytes (inclusive; unbounded when absent), on one of its devices (the
// driver's names; every device of the architecture when absent: an H100 and an H200 are both
// sm_90 but their measured winners may differ). A value named for a knob is
// that knob's default; other names are parameters of the plan's rules ("grid_per_sm").
#pragma once

#include <cstdint>
#include <limits>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "kernels/cuda/element_types.h"
#include "support/error.h"

namespace kiln::kernels {

struct TuningEntry {
  std::vector<ElementType> dtypes;  // empty: every dtype
  std::vector<std::string> devices;  // empty: every device of the architecture
  int64_t min_bytes = 0, max_bytes = std::numeric_limits<int64_t>::max();
  std::map<std::string, int64_t> values;
  std::string note;  // how the values were measured (kept, not read)
  // A device-specific entry applies only on a device of that name ("": unknown, none does).
  bool applies(const ElementType& dtype, int64_t input_bytes, std::string_view device) const;
};

// A measured winner between a vendor library and the library's own kernels for an op kind
// over a range of shapes ("winners" in the table; read by the compiler's dispatch,
// backend/cuda/dispatch.h):
//   {"op": "gemm", "dtypes": ["bf16"], "sizes": {"m": [512, 8192], "k": [768, 16384]},
//    "implementation": "vendor", "note": "how it was measured"}
// It applies to problems of `op` of one of its dtypes (any when absent) whose every named size
// lies in its inclusive range (a size the problem lacks: it does not apply). The sizes an op
// kind has are the dispatch's to name (gemm: batch, m, n, k; attention: batch, heads,
// kv_heads, seq_q, seq_kv, head_dim).
struct DispatchWinner {
  std::string op;
  std::vector<ElementType> dtypes;  // empty: every dtype
  std::map<std::string, std::pair<int64_t, int64_t>> sizes;
  std::string implementation;  // "vendor" or "library"
  std::string note;
  bool applies(std::string_view op, const ElementType& dtype,
               const std::map<std::string, int64_t>& sizes) const;
};

// One kernel's tuned values for one problem.
class TunedValues {
 public:
  TunedValues() = default;
  explicit TunedValues(std::map<std::string, int64_t> values) : values_(std::move(values)) {}
  std::optional<int64_t> get(std::string_view name) const;
  // The tuned value, or `fallback` (the plan's declared default) where the table has none.
  int64_t get_or(std::string_view name, int64_t fallback) const {
    return get(name).value_or(fallback);
  }
  const std::map<std::string, int64_t>& values() const { return values_; }

 private:
  std::map<std::string, int64_t> values_;
};

class TuningTable {
 public:
  // Parses a table from JSON text; errors name `origin` (a file name) and what is wrong.
  static Expected<TuningTable> parse(std::string_view json, std::string_view origin);
  // Reads and parses a table file.
  static Expected<TuningTable> load(const std::string& path);

  // `kernel`'s values for a problem on `device` (the driver's name; "" when unknown): for each
  // name, the value of the first entry that applies.
  TunedValues lookup(std::string_view kernel, const ElementType& dtype, int64_t input_bytes,
                     std::string_view device = {}) const;
  // The first winner that applies to a problem of `op`, or null (no measurement covers it).
  const DispatchWinner* winner(std::string_view op, const ElementType& dtype,
                               const std::map<std::string, int64_t>& sizes) const;
  const std::vector<DispatchWinner>& winners() const { return winners_; }
  void add_winner(DispatchWinner w) { winners_.push_back(std::move(w)); }
  // Puts `entry` first among `kernel`'s entries (so that it wins where it applies).
  void prepend(const std::string& kernel, TuningEntry entry);
  // The table as JSON text, in the format parse() reads.
  std::string to_json() const;

  const std::string& arch() const { return arch_; }
  void set_arch(std::string arch) { arch_ = std::move(arch); }
  using KernelEntries = std::map<std::string, std::vector<TuningEntry>, std::less<>>;
  const KernelEntries& kernels() const { return kernels_; }

 private:
  std::string arch_;
  KernelEntries kernels_;
  std::vector<DispatchWinner> winners_;
};

// The table plans use for architecture `sm_name` ("sm_90"): one installed with
// use_tuning_table for it, else the embedded tuning/<sm_name>.json, else an empty table (every
// plan then takes its declared defaults). Thread-safe.
const TuningTable& tuning_table(std::string_view sm_name);

// Installs `table` for its architecture in place of the embedded one (`kiln bench --tuning`).
// Call it before planning: references tuning_table gave for that architecture then see the
// new table. Errors: a table without an "arch".
Status use_tuning_table(TuningTable table);

// The architectures that have an embedded table.
std::vector<std::string> embedded_tuning_archs();

}  // namespace kiln::kernels
