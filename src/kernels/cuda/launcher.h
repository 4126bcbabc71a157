// Compiling and launching a kernel's Plan: every launch's source compiled by NVRTC (through
// the disk cache), loaded, its scratch memory allocated, then launched in stream order.
#pragma once

#include <span>
#include <string>
#include <vector>

#include "kernels/cuda/spec.h"
#include "runtime/cuda/device.h"

namespace kiln::kernels {

// The NVRTC request for one launch: its source (common.cuh + the file) and defines.
Expected<cuda::CompileRequest> compile_request(const Launch& launch, const std::string& arch);

// Compiles every launch of `plan` for `arch` without a GPU (CI's compile test).
Expected<std::vector<cuda::Cubin>> compile_plan(const Plan& plan, const std::string& arch);

// A kernel ready to run on one problem: owns its loaded modules and scratch memory.
// Movable, not copyable; not thread-safe.
class PreparedKernel {
 public:
  static Expected<PreparedKernel> prepare(const cuda::Device& device, const KernelSpec& spec,
                                          const Problem& problem, const Config& config);

  // Enqueues every launch on `stream`. `inputs` and `outputs` hold device pointers in the
  // problem's order, each at least the tensor's size. Errors name the kernel and the call.
  Status launch(const cuda::Stream& stream, std::span<const CUdeviceptr> inputs,
                std::span<const CUdeviceptr> outputs) const;

  const Plan& plan() const { return plan_; }
  // Each launch's full source with its defines, for the leaderboard.
  const std::vector<std::string>& sources() const { return sources_; }

 private:
  PreparedKernel() = default;
  std::string name_;
  Plan plan_;
  std::vector<cuda::Kernel> kernels_;
  std::vector<cuda::Buffer> scratch_;
  std::vector<std::string> sources_;
  size_t num_inputs_ = 0, num_outputs_ = 0;
};

}  // namespace kiln::kernels
