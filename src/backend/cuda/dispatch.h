// Per-shape implementation choice for the ops both a vendor library and the kernel library
// compute: dot_general (and kiln.gemm without an epilogue) on cuBLASLt or the library's
// gemm / gemm_nt, kiln.attention on cuDNN's fused attention or flash_attention.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <string_view>

#include "ir/type.h"
#include "runtime/cuda/device.h"
#include "support/error.h"

namespace kiln::backend::cuda {

struct LowerOptions;

enum class Implementation : uint8_t { kVendor, kLibrary };
// "vendor" or "library".
std::string_view implementation_name(Implementation i);

// How choose_implementation decides (LowerOptions::dispatch): kMeasured takes a measured
// choice (the autotune cache's, then the tuning table's winners); kVendor and kLibrary force
// one side wherever it can compute the op (the GPU differential tests run programs through
// kiln's own kernels so).
enum class DispatchMode : uint8_t { kMeasured, kVendor, kLibrary };
// "auto" (kMeasured), "vendor" or "library"; else invalid_argument naming the three.
Expected<DispatchMode> parse_dispatch_mode(std::string_view text);
// $KILN_DISPATCH parsed (auto where unset or empty); an invalid value is reported on stderr
// once and read as auto.
DispatchMode default_dispatch_mode();

// One op's problem as the choice sees it: its kind ("gemm", "attention"), its operands'
// element type and its named sizes (gemm: batch, m, n, k; attention: batch, heads, kv_heads,
// seq_q, seq_kv, head_dim, causal 0 or 1): what the tuning table's winners range over.
struct DispatchProblem {
  std::string op;
  ir::ElementType dtype;
  std::map<std::string, int64_t> sizes;
  // "gemm bf16 batch=1 k=64 m=128 n=256": the autotune cache's key (with the device's).
  std::string key() const;
};

struct DispatchChoice {
  // Where the answer came from: the forced mode, a measurement (the cache's, or one timed
  // now), the tuning table, the vendor default.
  enum class Source : uint8_t { kForced, kMeasured, kTable, kDefault };
  Implementation implementation = Implementation::kVendor;
  Source source = Source::kDefault;
  std::string reason;  // why, for the program's notes: "dispatch forced: library", ...
};

// The implementation of `problem` on `options.device`, first of:
//   1. options.dispatch forcing one side;
//   2. a measured choice for this device and problem in the autotune cache
//      (runtime/cuda/gemm_autotune.h, written by `kiln compile/run --autotune`);
//   3. the first winner of the device architecture's tuning table that applies
//      (kernels/cuda/tuning.h, tuning/sm_XX.json "winners");
//   4. the vendor: it is the measured winner almost everywhere (bench/RESULTS.md).
// The caller still falls back to the vendor where the library kernel cannot take the problem.
DispatchChoice choose_implementation(const DispatchProblem& problem, const LowerOptions& options);

// The autotune cache's key of `problem` on `device`: "<device name> <arch> | <problem key>".
std::string dispatch_autotune_key(const ::kiln::cuda::DeviceProperties& device,
                                  const DispatchProblem& problem);

}  // namespace kiln::backend::cuda
