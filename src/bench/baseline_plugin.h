// Baseline plugins (baselines/baseline_abi.h) loaded with dlopen: the vendor libraries' and
// PyTorch's versions of registered kernels, run on the same device buffers as kiln's.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "kernels/cuda/spec.h"
#include "runtime/cuda/device.h"

namespace kiln::bench {

// Device tensors of one call, in the problem's order.
struct DeviceTensors {
  std::vector<CUdeviceptr> inputs, outputs;
};

class BaselinePlugin;

// The plugin ABI's number for an element type (KilnBaselineDType in baselines/baseline_abi.h:
// 0 f32, 1 f16, 2 bf16, 3 i32, 4 u32, 5 i64, 6 pred), or -1 for a type it has no number for.
int baseline_dtype(const ir::ElementType& t);

// One prepared baseline call. Releases its state when destroyed.
class PreparedBaseline {
 public:
  PreparedBaseline(PreparedBaseline&&) noexcept;
  ~PreparedBaseline();
  Status run(const cuda::Stream& stream, const DeviceTensors& tensors) const;
  const std::string& description() const { return description_; }

 private:
  friend class BaselinePlugin;
  PreparedBaseline() = default;
  const BaselinePlugin* plugin_ = nullptr;
  void* state_ = nullptr;
  std::string kernel_, description_;
  const kernels::Problem* problem_ = nullptr;
};

class BaselinePlugin {
 public:
  // Loads one plugin file; errors name the file and dlerror().
  static Expected<std::unique_ptr<BaselinePlugin>> load(const std::string& path);
  ~BaselinePlugin();

  const std::string& library() const { return library_; }  // "vendor" or "torch"
  const std::string& version() const { return version_; }
  const std::string& path() const { return path_; }
  // What the plugin calls for this kernel and dtype, or "" when it has nothing.
  std::string describe(const std::string& kernel, ir::ElementType dtype) const;
  // Prepares a call on `tensors` (their shapes are the problem's). The problem must outlive
  // the result. nullopt when the library has no version of the kernel for this problem (a
  // shape it cannot take, say); errors are failures of a version it has.
  Expected<std::optional<PreparedBaseline>> try_prepare(const std::string& kernel,
                                                        const kernels::Problem& problem,
                                                        const cuda::Stream& stream,
                                                        const DeviceTensors& tensors) const;
  // try_prepare, with "no version for this problem" as an error too.
  Expected<PreparedBaseline> prepare(const std::string& kernel, const kernels::Problem& problem,
                                     const cuda::Stream& stream,
                                     const DeviceTensors& tensors) const;

 private:
  friend class PreparedBaseline;
  BaselinePlugin() = default;
  struct Api;
  void* handle_ = nullptr;
  std::unique_ptr<Api> api_;
  std::string library_, version_, path_;
};

// Every plugin found as libkiln_baselines_*.so in $KILN_BASELINE_DIR (if set) and beside the
// running executable (also its lib/ folder). Plugins that fail to load are reported in
// `problems` and skipped.
std::vector<std::unique_ptr<BaselinePlugin>> load_baseline_plugins(
    std::vector<std::string>& problems);

}  // namespace kiln::bench
