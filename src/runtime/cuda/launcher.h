// One launch path for every kernel, library or generated: a Plan lists launches of CUDA C++
// source text (with the NVRTC defines that specialise it, grid, block and arguments) and the
// scratch memory they share; PreparedKernel compiles them through NVRTC and the disk cache,
// loads them, allocates the scratch memory and launches them in stream order.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "runtime/cuda/device.h"
#include "runtime/cuda/tensor_map.h"

namespace kiln::cuda {

// One kernel argument, in the order of the __global__ function's parameters.
struct Arg {
  enum class Kind { kInput, kOutput, kScratch, kI64, kI32, kF32, kState, kTensorMap };
  Kind kind = Kind::kI64;
  int64_t i = 0;  // the tensor's index, or the integer's value
  double f = 0;   // the float's value
  // kTensorMap: a CUtensorMap of one of the plan's buffers, encoded on the host at launch from
  // the buffer's device pointer and passed by value (a `const __grid_constant__` parameter of
  // 128 bytes, 64-byte aligned). A graph captures the encoded value with the launch.
  TensorMap map = {};
  static Arg input(int64_t k) { return {Kind::kInput, k, 0}; }
  static Arg output(int64_t k) { return {Kind::kOutput, k, 0}; }
  static Arg scratch(int64_t k) { return {Kind::kScratch, k, 0}; }
  static Arg state(int64_t k) { return {Kind::kState, k, 0}; }  // Plan::state_bytes[k]
  static Arg i64(int64_t v) { return {Kind::kI64, v, 0}; }
  static Arg i32(int64_t v) { return {Kind::kI32, v, 0}; }
  static Arg f32(double v) { return {Kind::kF32, 0, v}; }
  static Arg tensor_map(TensorMap m) { return {Kind::kTensorMap, 0, 0, std::move(m)}; }
  bool operator==(const Arg&) const = default;
};

// One launch of an extern "C" __global__ function of `source`. A launch whose grid has a zero
// dimension is skipped (empty problems).
struct Launch {
  std::string name;                  // for messages and the cached file: "softmax.softmax_rows"
  std::string source;                // the complete CUDA C++ text NVRTC compiles
  std::string function;              // the extern "C" __global__ function
  std::vector<std::string> defines;  // NVRTC options that specialise it: "-DOP=exp", ...
  std::array<unsigned, 3> grid{1, 1, 1}, block{1, 1, 1};
  unsigned shared_bytes = 0;  // dynamic shared memory
  std::vector<Arg> args;
  bool operator==(const Launch&) const = default;
};

// Everything needed to run a kernel on one problem: scratch buffers (device memory the
// launcher allocates once, contents undefined at each run: a compiled program shares it with
// other steps), the launches, in stream order, and state buffers: device memory that is zero
// when first launched and that the launches leave zero after each run (counters that reset
// themselves), allocated and zeroed once for this plan alone, never shared.
struct Plan {
  std::vector<size_t> scratch_bytes;
  std::vector<Launch> launches;
  std::vector<size_t> state_bytes = {};
  bool operator==(const Plan&) const = default;
};

// The NVRTC request for one launch: its source and defines, for `arch` ("sm_90a").
CompileRequest compile_request(const Launch& launch, const std::string& arch);

// Compiles every launch of `plan` for `arch` without a GPU (CI's compile test).
Expected<std::vector<Cubin>> compile_plan(const Plan& plan, const std::string& arch);

// A plan ready to run: owns its loaded modules and scratch memory. Movable, not copyable;
// not thread-safe.
class PreparedKernel {
 public:
  // Compiles and loads every launch of `plan` for `device`, and allocates its scratch memory
  // and its state memory (zeroed).
  // `name` prefixes errors; the plan reads `num_inputs` inputs and writes `num_outputs` outputs.
  static Expected<PreparedKernel> prepare(const Device& device, std::string name, Plan plan,
                                          size_t num_inputs, size_t num_outputs);

  // Enqueues every launch on `stream`. `inputs` and `outputs` hold device pointers in the
  // problem's order, each at least the tensor's size. Errors name the kernel and the call.
  Status launch(const Stream& stream, std::span<const CUdeviceptr> inputs,
                std::span<const CUdeviceptr> outputs) const;

  const Plan& plan() const { return plan_; }
  // Each launch's full source with its defines, for the leaderboard.
  const std::vector<std::string>& sources() const { return sources_; }

 private:
  PreparedKernel() = default;
  // Argument `arg` of launch `launch`, a tensor map, encoded for these buffers (or cached).
  Expected<CUtensorMap> tensor_map(size_t launch, size_t arg, std::span<const CUdeviceptr> inputs,
                                   std::span<const CUdeviceptr> outputs) const;
  std::string name_;
  Plan plan_;
  std::vector<Kernel> kernels_;
  std::vector<Buffer> scratch_, state_;
  std::vector<std::string> sources_;
  size_t num_inputs_ = 0, num_outputs_ = 0;
  const Driver* driver_ = nullptr;
  // The latest encodings of each tensor-map argument (by launch and argument), at most
  // kEncodedPerArg addresses each: a launch on buffers seen lately (the bench rotates a few
  // input sets) encodes nothing.
  struct EncodedMap {
    CUdeviceptr address = 0;
    CUtensorMap map{};
  };
  static constexpr size_t kEncodedPerArg = 8;
  mutable std::vector<std::vector<std::vector<EncodedMap>>> encoded_;
};

}  // namespace kiln::cuda
