// The CUDA backend's Executable: a lowered program and its compiled modules; the device, the
// arena, the constants and the loaded kernels come at the first run.
#pragma once

#include <memory>
#include <mutex>

#include "backend/backend.h"
#include "backend/cuda/program.h"
#include "runtime/cuda/nvrtc.h"

namespace kiln::backend::cuda {

class CudaExecutable final : public Executable {
 public:
  // `cubins` holds one image per module of `program`. The module must outlive this.
  CudaExecutable(const ir::Module& module, std::string entry, LoweredProgram program,
                 std::vector<::kiln::cuda::Cubin> cubins);
  ~CudaExecutable() override;

  const std::string& entry() const override { return entry_; }
  const std::vector<ir::Type>& input_types() const override { return program_.input_types; }
  const std::vector<ir::Type>& output_types() const override { return program_.output_types; }
  int64_t num_replicas() const override { return 1; }
  int64_t num_partitions() const override { return 1; }
  // Uploads the inputs, runs every step on one stream, downloads the outputs. Errors:
  // invalid_argument for inputs that do not match; unavailable without a GPU; the device's
  // errors as values. Runs of one executable are serialised (they share its arena).
  Expected<RunResults> run_each(const std::vector<std::vector<Buffer>>& inputs) const override;

  const LoweredProgram& program() const { return program_; }

  struct State;  // the device side, made at the first run

 private:
  const ir::Module& module_;
  std::string entry_;
  LoweredProgram program_;
  std::vector<::kiln::cuda::Cubin> cubins_;
  mutable std::mutex mutex_;
  mutable std::unique_ptr<State> state_;
};

}  // namespace kiln::backend::cuda
