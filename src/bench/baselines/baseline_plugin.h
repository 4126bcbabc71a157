// The C++ side of a baseline plugin: a table of kernels, each with a factory that prepares one
// call, and the three hooks (library, version, table) that baseline_plugin.cpp turns into the C
// ABI of baseline_abi.h. Shared by the vendor and the torch plugins, so it is C++17.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "baseline_abi.h"

namespace kiln::baselines {

// What a plugin function returns: OK, UNSUPPORTED (no version of this kernel/dtype/shape, not
// an error), or ERROR with a message that begins with the library's name.
struct Status {
  int code = KILN_BASELINE_OK;
  std::string message;

  bool ok() const { return code == KILN_BASELINE_OK; }
  static Status unsupported() { return {KILN_BASELINE_UNSUPPORTED, {}}; }
  static Status error(std::string message) { return {KILN_BASELINE_ERROR, std::move(message)}; }
};

// One prepared call: owns its workspace, handles and descriptors. run() enqueues the library
// call on call.stream, reading the data pointers of `call` (they may differ from prepare's:
// the bench rotates input buffers); it allocates nothing it can avoid and never synchronizes.
// Not thread-safe: one prepared call is run by one thread at a time.
class Baseline {
 public:
  virtual ~Baseline() = default;
  virtual Status run(const KilnBaselineCall& call) = 0;
};

// Prepares a call whose tensor counts and dtype the table entry accepts; fills `out` on OK.
using Prepare = std::function<Status(const KilnBaselineCall& call, std::unique_ptr<Baseline>& out)>;

// One kernel the plugin has, for the dtypes in `dtypes` (bits of dtype_bit).
struct Entry {
  std::string kernel;   // the registry's name: "softmax"
  unsigned dtypes = 0;  // problem dtypes it covers
  int inputs = 0;       // how many input and output tensors the kernel's spec has
  int outputs = 1;
  std::string describe;  // what it calls: "cub::DeviceReduce::Reduce"
  Prepare prepare;
};

constexpr unsigned dtype_bit(int dtype) { return 1u << dtype; }
constexpr unsigned kFloatDTypes =
    dtype_bit(KILN_BASELINE_F32) | dtype_bit(KILN_BASELINE_F16) | dtype_bit(KILN_BASELINE_BF16);
constexpr unsigned kHalfDTypes = dtype_bit(KILN_BASELINE_F16) | dtype_bit(KILN_BASELINE_BF16);

// The number of elements of a tensor (1 for rank 0).
int64_t num_elements(const KilnBaselineTensor& t);
// The dimension `i` of a tensor, counted from the end when negative.
int64_t dim(const KilnBaselineTensor& t, int i);
// "f32", "bf16", ...: for messages.
const char* dtype_name(int dtype);

// The hooks each plugin defines once (vendor_plugin.cpp, torch_plugin.cpp).
// "vendor" or "torch".
const char* plugin_library();
// The libraries' versions, read at run time where they can say.
std::string plugin_version();
// Every kernel the plugin has, built once. A kernel name may appear in several entries with
// disjoint dtypes (cublasSgemv for f32, cublasGemmEx for the 16-bit types).
std::vector<Entry> plugin_entries();

}  // namespace kiln::baselines
