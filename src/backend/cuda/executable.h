// The CUDA backend's Executable: a lowered program and its compiled modules; the device, the
// arena, the constants and the loaded kernels come at the first run.
#pragma once

#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "backend/backend.h"
#include "backend/cuda/device_buffer.h"
#include "backend/cuda/program.h"
#include "interp/process_grid.h"
#include "runtime/cuda/nvrtc.h"

namespace kiln::backend::cuda {

class DeviceRendezvous;

// Whether `program` can be captured into a CUDA graph: it has steps, and every one is device
// work — kernels, GEMMs, copies, and while / if / case whose bodies are (they become
// conditional nodes); no host check reads a value back mid-run.
bool graph_capturable(const Program& program);

// Whether CUDA graphs are on: unless $KILN_CUDA_GRAPHS is "0".
bool graphs_enabled();

// One step's time in a profiled run (CudaExecutable::profile).
struct StepTiming {
  std::string what;  // the op and its location ("kiln.fusion @ f.mlir:3:7"); "copy" for copies
  // "kernel", "gemm", "copy", "attention" (cuDNN's fused attention), "attention backward"
  // (its backward) or "convolution" (cuDNN's)
  std::string kind;
  int64_t calls = 0;  // a step of a loop's body runs once per iteration
  double ms = 0;      // between events recorded around the step on the stream, summed
  int64_t bytes = 0;  // read + written (each argument's bytes once), summed over calls
  int64_t flops = 0;  // GEMMs (2 m n k batch), attention, convolutions: per call, summed
};

class CudaExecutable final : public Executable {
 public:
  // `cubins` holds one image per module of `program`, compiled for `arch` ("sm_90a"). The
  // module must outlive this.
  // `keep`, when given, owns `module` (a copy specialized to static shapes: specialize.h).
  CudaExecutable(const ir::Module& module, std::string entry, LoweredProgram program,
                 std::vector<::kiln::cuda::Cubin> cubins, std::string arch,
                 std::shared_ptr<const ir::Module> keep = nullptr);
  ~CudaExecutable() override;

  const std::string& entry() const override { return entry_; }
  const std::vector<ir::Type>& input_types() const override { return program_.input_types; }
  const std::vector<ir::Type>& output_types() const override { return program_.output_types; }
  int64_t num_replicas() const override { return program_.num_replicas; }
  int64_t num_partitions() const override { return program_.num_partitions; }
  // Uploads the inputs, runs every step on one stream, downloads the outputs. Errors:
  // invalid_argument for inputs that do not match; unavailable without a GPU; the device's
  // errors as values. Runs of one executable are serialised (they share its arena). Inputs
  // in device memory (to_device, another run's outputs) are read where they are; they must
  // not change until the run returns. On a grid of several processes, each process has its
  // own device state (arena, stream, kernels) on the one GPU and its own host thread; they
  // meet at each collective (README.md, "Process grids"); a process's error is the run's,
  // and the others stop at their next collective instead of waiting for it.
  Expected<RunResults> run_each(const std::vector<std::vector<Buffer>>& inputs) const override;

  bool takes_device_buffers() const override { return true; }
  // A device tensor holding `buffer`'s bytes (the executable's pool).
  Expected<Buffer> to_device(const Buffer& buffer) const override;
  // A run whose outputs stay on the device, each in a block of the executable's pool (the
  // blocks of dropped outputs are reused: no allocation in steady state).
  Expected<RunResults> run_on_device(const std::vector<Buffer>& inputs) const override;

  // Runs once untimed (loading what loads lazily), then once more with every device step
  // timed between CUDA events, waiting for each before the next (no CUDA graph): the steps in
  // the order they first ran. Host checks and the host's control flow are not timed; the
  // steps inside a host-driven loop or branch are. Errors: run_each's.
  Expected<std::vector<StepTiming>> profile(const std::vector<Buffer>& inputs) const;

  // Whether the last run replayed a CUDA graph of the program's steps (tests). A program that
  // graph_capturable() accepts is captured after its first run's steps have run, unless
  // graphs are off; later runs replay the graph. A capture that fails is not tried again.
  bool replayed_graph() const;

  // Writes the executable (executable_file.h: the program, every cubin, the architecture)
  // with its module's text to `path`; no GPU needed. Errors: invalid_argument when the file
  // cannot be written.
  Status save(const std::string& path) const override;

  const LoweredProgram& program() const { return program_; }
  const std::vector<::kiln::cuda::Cubin>& cubins() const { return cubins_; }
  const std::string& arch() const { return arch_; }

  // Where compile_cuda's time went (`kiln compile --backend cuda --stats`), ms: preparing and
  // lowering the module, then compiling its modules (NVRTC, or the kernel cache); 0 for an
  // executable loaded from a file.
  struct CompileTimes {
    double lower_ms = 0;
    double nvrtc_ms = 0;
  };
  const CompileTimes& compile_times() const { return compile_times_; }
  void set_compile_times(const CompileTimes& times) { compile_times_ = times; }

  struct State;  // the device side, made at the first run

 private:
  std::shared_ptr<const ir::Module> keep_;  // before module_: it may own it
  CompileTimes compile_times_;
  const ir::Module& module_;
  std::string entry_;
  // Runs every process of the grid, process k on inputs[k] (on threads when there are
  // several), under mutex_; the results in process order.
  Expected<RunResults> run_grid(const std::vector<std::vector<Buffer>>& inputs,
                                bool on_device) const;
  // Process `process`'s run, with mutex_ held: uploads `inputs`, runs the steps (replaying or
  // capturing the graph unless `timings`), downloads the outputs; with `timings`, each step's
  // time is added there. With `on_device`, the outputs are device tensors. `grid`: the
  // rendezvous of the run's processes (null on one process), `rendezvous` its device
  // collectives' (on `grid`).
  Expected<RunResults> execute(size_t process, const std::vector<Buffer>& inputs,
                               std::vector<StepTiming>* timings, bool on_device,
                               interp::ProcessGrid* grid,
                               DeviceRendezvous* rendezvous = nullptr) const;
  Expected<std::shared_ptr<DevicePool>> pool() const;

  LoweredProgram program_;
  std::vector<::kiln::cuda::Cubin> cubins_;
  std::string arch_;
  mutable std::mutex mutex_;
  mutable std::vector<std::unique_ptr<State>> states_;  // per process, made at its first run
  mutable std::mutex pool_mutex_;
  mutable std::shared_ptr<DevicePool> pool_;  // made at the first need
};

}  // namespace kiln::backend::cuda
