// The CUDA backend's lowered program: the steps an executable enqueues on its stream, over
// regions of one device arena (and of the constants uploaded once), built without a GPU.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <variant>
#include <vector>

#include "ir/operation.h"
#include "ir/type.h"
#include "runtime/cuda/vendor_cublaslt.h"
#include "runtime/cuda/vendor_cudnn_attention.h"
#include "runtime/cuda/vendor_cudnn_convolution.h"
#include "runtime/cuda/vendor_cufft.h"
#include "runtime/cuda/tensor_map.h"

namespace kiln::backend::cuda {

// Bytes of the arena (per run) or of the constants (per executable).
struct BufferRef {
  // kInput: the bytes of the entry's input `input`, wherever the run has them (the caller's
  // device buffer, bound in place, or the executable's input block where host inputs land);
  // `offset` counts from the input's first byte. Nothing writes to an input.
  enum class Space : uint8_t { kArena, kConstants, kInput };
  Space space = Space::kArena;
  int64_t offset = 0;
  int64_t bytes = 0;
  int32_t input = 0;  // kInput only
  bool operator==(const BufferRef&) const = default;
};

// One parameter of a kernel launch: a pointer to a buffer's bytes, or a scalar by value (a
// library kernel's row count, epsilon, ...).
// kReplicaId / kPartitionId: an i32, the running process's replica or partition id on a grid
// (filled in at run time: every process runs the same steps).
// kTensorMap: a TMA descriptor (a 128-byte CUtensorMap passed by value, a library kernel's
// `const __grid_constant__ CUtensorMap` parameter) of the tiled view `map` over the bytes of
// `buffer` (map.source and map.index are not read: `buffer` is the tensor). The runner
// encodes it with the runtime's encode_tensor_map from the buffer's address at the first
// launch, before any graph capture, and again only when that address moves (an input bound
// in place elsewhere); the address must then be 16-byte aligned.
struct KernelArg {
  enum class Kind : uint8_t { kBuffer, kI64, kI32, kF32, kReplicaId, kPartitionId, kTensorMap };
  Kind kind = Kind::kBuffer;
  BufferRef buffer;
  int64_t i = 0;  // kI64, kI32
  float f = 0;    // kF32
  ::kiln::cuda::TensorMap map = {};  // kTensorMap
  KernelArg(const BufferRef& b) : buffer(b) {}  // NOLINT: a buffer is the usual argument
  static KernelArg i64(int64_t v) { return scalar(Kind::kI64, v, 0); }
  static KernelArg i32(int32_t v) { return scalar(Kind::kI32, v, 0); }
  static KernelArg f32(float v) { return scalar(Kind::kF32, 0, v); }
  static KernelArg replica_id() { return scalar(Kind::kReplicaId, 0, 0); }
  static KernelArg partition_id() { return scalar(Kind::kPartitionId, 0, 0); }
  // The descriptor of `map` over `b` (its source and index reset: `b` says which bytes).
  static KernelArg tensor_map(const BufferRef& b, ::kiln::cuda::TensorMap map) {
    KernelArg a{b};
    a.kind = Kind::kTensorMap;
    map.source = ::kiln::cuda::TensorMap::Source::kInput;
    map.index = 0;
    a.map = std::move(map);
    return a;
  }
  bool operator==(const KernelArg&) const = default;

 private:
  static KernelArg scalar(Kind k, int64_t i, float f) {
    KernelArg a{BufferRef{}};
    a.kind = k;
    a.i = i;
    a.f = f;
    return a;
  }
};

// One launch of a generated or library kernel: `function` of module `module`, its parameters
// in order.
struct KernelStep {
  int module = 0;
  std::string function;
  std::array<unsigned, 3> grid{1, 1, 1}, block{1, 1, 1};
  unsigned shared_bytes = 0;  // dynamic; past 48 KiB the runner raises the function's limit
  std::vector<KernelArg> args;
  std::string what;  // the op it computes, for --profile and errors: "kiln.fusion @ f.mlir:3:7"
  bool operator==(const KernelStep&) const = default;
};

// C[b] = epilogue(op(A[b]) op(B[b]) [+ bias]) [+ residual[b]] for b < batch through cuBLASLt
// (column-major terms, as GemmDesc): `c` is the result (cuBLASLt's D); `bias` (desc.bias, one
// vector for every batch) and `residual` (desc.accumulate, cuBLASLt's C, strided as `c`) are
// read only.
struct GemmStep {
  ::kiln::cuda::GemmDesc desc;
  int64_t batch = 1;
  int64_t stride_a = 0, stride_b = 0, stride_c = 0;  // bytes between batches
  BufferRef a, b, c;
  BufferRef bias, residual;
  std::string what;
  bool operator==(const GemmStep&) const = default;
};

// One cuFFT transform (run_fft.cpp), unnormalised: `repeat` runs of the plan of `desc`, the r-th
// reading `in` + r * repeat_in bytes and writing `out` + r * repeat_out bytes. A C2R transform
// overwrites `in` (the lowering gives it a scratch copy).
struct FftStep {
  ::kiln::cuda::FftDesc desc;
  int64_t repeat = 1;
  int64_t repeat_in = 0, repeat_out = 0;
  BufferRef in, out;
  std::string what;
  bool operator==(const FftStep&) const = default;
};

struct CopyStep {
  BufferRef src, dst;
  bool operator==(const CopyStep&) const = default;
};

// A check-dialect op (or custom_call @check.*), run on the host on its operands' values:
// test programs only.
struct HostCheckStep {
  const ir::Operation* op = nullptr;
  std::vector<BufferRef> operands;
  std::vector<BufferRef> results;  // rank-0 i1 (pass/fail) where the op declares results
  bool operator==(const HostCheckStep&) const = default;  // the same op, not an equal one
};

struct Program;
// while: run `cond`, read its i1 back, run `body` while it is true. The loop state lives in
// `state` (the while's results); the body's results are copied back into it after each step.
// In a CUDA graph the loop is a conditional while node instead: `kiln_while_condition` of
// module `condition_module` sets its condition from `pred` on the device.
struct WhileStep {
  std::shared_ptr<Program> cond, body;
  BufferRef pred;
  std::vector<CopyStep> next;  // body results -> state
  std::string what;
  int condition_module = -1;
};
// Nested programs compare by what they hold (program.cpp), not by pointer.
bool operator==(const WhileStep& a, const WhileStep& b);

// if / case: read the i1 or i32 selector back and run one branch; an out-of-range case
// index runs the last branch (spec: case). In a CUDA graph: a conditional switch node whose
// index `kiln_branch_condition` of module `condition_module` sets from `selector`.
struct CaseStep {
  BufferRef selector;
  bool is_pred = false;
  std::vector<std::shared_ptr<Program>> branches;
  std::string what;
  int condition_module = -1;
};
bool operator==(const CaseStep& a, const CaseStep& b);

// kiln.attention (lower_attention.cpp) and kiln.attention_grad (lower_attention_grad.cpp) on
// cuDNN's fused attention (run_attention.cpp): its plan is built at the first run and shared by
// the steps of one description. `fallback` (the composite's region, lowered, writing the
// step's outputs too) runs instead where cuDNN is missing or refuses the description then (a
// backward also where its forward's description got no plan: no stats were written).
struct AttentionStep {
  ::kiln::cuda::AttentionDesc desc;
  BufferRef q, k, v, bias, o;  // bias: only with desc.has_bias
  BufferRef stats;             // pass kForwardStats (written) and kBackward (read)
  BufferRef d_o, d_q, d_k, d_v;  // pass kBackward
  std::shared_ptr<Program> fallback;
  std::string what;
};
bool operator==(const AttentionStep& a, const AttentionStep& b);

// stablehlo.convolution on cuDNN (lower_convolution.cpp, run_convolution.cpp): its plan is
// built at the first run and shared by the steps of one description. With the plan, `before`
// (copies of the operands into `x` and `w` where they lie otherwise than cuDNN reads them),
// cuDNN writing `y`, then `after` (a copy of `y` into the result where it lies otherwise) run;
// where cuDNN is missing or refuses the description, `fallback` (the elemental kernel, writing
// the result) runs instead.
struct ConvolutionStep {
  ::kiln::cuda::ConvolutionDesc desc;
  BufferRef x, w, y;
  std::shared_ptr<Program> before, after, fallback;
  std::string what;
};
bool operator==(const ConvolutionStep& a, const ConvolutionStep& b);

// interpreter.run_parallel (lower_interpreter.cpp): a function per process of a grid of
// num_replicas x num_partitions, each lowered into `processes` (flat order r * num_partitions
// + p) over arena slots no other process's program uses. They run at once, each on a host
// thread and stream of its own, meeting at their collectives (CollectiveSteps); the step ends when
// every process has finished.
struct GridStep {
  int64_t num_replicas = 1, num_partitions = 1;
  std::vector<std::shared_ptr<Program>> processes;
  std::string what;
};
bool operator==(const GridStep& a, const GridStep& b);

// One process's part in a CollectiveStep.
struct CollectiveMember {
  std::vector<int64_t> group;    // the processes it meets (flat ids, in group order); empty: none
  std::vector<int64_t> sources;  // the positions in `group` whose operands it reads, in order
  int64_t index = 0;             // its own position in `group`
  bool operator==(const CollectiveMember&) const = default;
};

// A collective on a grid of several processes computed on the device (lower_collectives.cpp,
// README "Process grids"): process k meets processes[k].group at the run's rendezvous
// (device_rendezvous.h), which exchanges each member's operand pointers and an event recorded
// after they were written; its stream waits on the others' events, then `function` of
// `module` computes its results from the operands of processes[k].sources (all on the one
// device), and each member waits, before its next step, until every member's kernel has read
// its operands. The kernel's parameters: per source position m < max_sources, per operand, a
// pointer (0 past the member's sources); the source count; the member's index; the results.
// With no sources the kernel writes zeros.
struct CollectiveStep {
  std::string op_name;  // the op; the rendezvous checks that the members agree
  int64_t channel = 0;
  std::vector<CollectiveMember> processes;  // by flat process id
  std::vector<BufferRef> operands, results;
  int module = 0;
  std::string function;
  unsigned blocks = 1, block = 1;
  int64_t max_sources = 0;
  std::string what;
  bool operator==(const CollectiveStep&) const = default;
};

using Step = std::variant<KernelStep, GemmStep, CopyStep, HostCheckStep, WhileStep, CaseStep,
                          FftStep, AttentionStep, ConvolutionStep, GridStep, CollectiveStep>;

struct Program {
  std::vector<Step> steps;
  bool operator==(const Program&) const = default;
};

// A CUDA C++ module: the generated kernels, or one library kernel, compiled by one NVRTC call.
struct KernelModule {
  std::string name;
  std::string source;
  std::vector<std::string> functions;
  bool generated = false;  // the code generator's (the shared prelude goes first)
  // A kernel of the library (src/kernels/cuda), compiled with `options` (its -D defines and
  // the launcher's flags: as the library compiles and checks it) instead of the backend's
  // exact-arithmetic options (cuda_backend.cpp). Options are part of the disk cache's key.
  bool library = false;
  std::vector<std::string> options;
  bool operator==(const KernelModule&) const = default;
};

// Everything an executable needs, built on any machine.
struct LoweredProgram {
  std::vector<KernelModule> modules;
  Program main;
  int64_t arena_bytes = 0;
  std::vector<std::byte> constants;
  std::vector<ir::Type> input_types, output_types;
  std::vector<BufferRef> inputs, outputs;
  // Where each input lands in the input block when it is not bound in place (given in host
  // memory, or a tuple), 256-byte aligned, and the block's size.
  std::vector<int64_t> input_offsets;
  int64_t input_block_bytes = 0;
  int64_t workspace_bytes = 0;  // cuBLASLt's, shared by every GEMM step
  // At the first run, time cuBLASLt's top candidates for each GEMM without a cached choice and
  // keep the fastest (`kiln run --autotune`; runtime/cuda/gemm_autotune.h).
  bool autotune_gemms = false;
  // The process grid it was lowered for (LowerOptions): CudaExecutable runs one process of
  // the program per grid point, flat id r * num_partitions + p.
  int64_t num_replicas = 1, num_partitions = 1;
  // How many steps of each kind (for `kiln compile --backend cuda` and tests).
  int64_t kernel_count = 0, gemm_count = 0;
  int64_t library_kernel_count = 0;  // of kernel_count: launches of library kernels
  int64_t attention_count = 0;       // AttentionSteps (cuDNN's fused attention)
  int64_t convolution_count = 0;     // ConvolutionSteps (cuDNN's convolutions)
  // How the lowering placed the ops that have a choice ("kiln.attention @ f.mlir:3:7: cuDNN
  // fused attention", or its region and why; a convolution on cuDNN or its elemental kernel
  // and why), for `kiln compile --backend cuda` and tests.
  std::vector<std::string> notes;
  // Field by field, nested programs by what they hold (a saved executable reads back equal).
  bool operator==(const LoweredProgram&) const = default;
};

}  // namespace kiln::backend::cuda
