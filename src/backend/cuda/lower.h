// Lowering a module to the CUDA backend's Program: every op of the entry function (and of the
// functions and regions it reaches) becomes steps — a generated kernel per kiln.fusion and per
// element-wise or shape op, cuBLASLt GEMMs, copies, host-driven control flow — over slots of
// one arena planned as values live and die. Runs on any machine: no GPU is needed.
#pragma once

#include "backend/backend.h"
#include "backend/cuda/dispatch.h"
#include "backend/cuda/program.h"
#include "runtime/cuda/device.h"

namespace kiln::backend::cuda {

struct LowerOptions {
  // The device the launches are sized for (DeviceProperties::h100_sxm() without a GPU).
  ::kiln::cuda::DeviceProperties device = ::kiln::cuda::DeviceProperties::h100_sxm();
  // The generated kernels are split into about this many NVRTC modules, of at most
  // `max_kernels_per_module` kernels each (module_groups.h): the threads that compile them
  // (cuda_backend.cpp compiles one module per thread), this machine's by default. The limit
  // only binds past 64 kernels a thread: each module costs NVRTC's fixed ~60 ms and (in a
  // worker) a process start, and one module of many kernels compiles faster than the same
  // kernels in several (train_step_adam's 95 kernels on 2 cores: 7 modules of at most 12 took
  // 2.8 s of CPU, 2 modules 2.2 s; bench/compile/README.md).
  int compile_threads = default_compile_threads();
  int max_kernels_per_module = 64;
  static int default_compile_threads();
  // A dot of at most this many multiply-adds (batch * m * n * k), with a contraction of at
  // most 1024, is computed by generated code (fused with its neighbours where it can be)
  // rather than a cuBLASLt call: a tiny GEMM's launch and set-up cost more than its work.
  // 0 (the default until measured) sends every dot cuBLASLt can compute to it;
  // $KILN_CUDA_ELEMENTAL_DOT_MACS sets it.
  int64_t elemental_dot_macs = default_elemental_dot_macs();
  static int64_t default_elemental_dot_macs();
  // A while loop whose step computes at most this many element operations (codegen/
  // device_loop.h: an element of a dot or a reduction counts what it reduces), every op of it
  // element-wise, runs as one kernel of one block rather than conditional graph nodes (about
  // 1.5 us a node a step). 262144 by default: on an H100 one block takes about 0.75 us plus
  // 0.045 us per thousand operations a step (1.8 us at 25 thousand, 8 us at 166 thousand), where
  // a step of graph nodes costs 12 us and more (src/backend/cuda/README.md, "What a loop step
  // costs"). 0 never; $KILN_CUDA_DEVICE_LOOP_WORK sets it.
  int64_t device_loop_work = default_device_loop_work();
  static int64_t default_device_loop_work();
  // The launch of grid-stride loop kernels (codegen/loop_kernel.h, LoopKernelCode::any_block):
  // threads per block (at most 256, kLoopBlock: their __launch_bounds__), and at most this
  // many blocks per SM (the loops stride past them).
  // Tiles, row reductions and the other kernels keep their own sizes. `kiln tune --new`
  // tunes them.
  unsigned loop_block = 256;
  int loop_blocks_per_sm = 16;
  // The process grid the program runs on (lower_collectives.cpp): on more than one process,
  // the collectives and replica_id / partition_id are steps of the run, not generated code.
  int64_t num_replicas = 1, num_partitions = 1;
  int64_t num_processes() const { return num_replicas * num_partitions; }
  // Which implementation computes a dot_general or kiln.attention both a vendor library and
  // the kernel library can (dispatch.h): measured choices, or one side forced (`kiln
  // --dispatch`, $KILN_DISPATCH).
  DispatchMode dispatch = default_dispatch_mode();
  // `--autotune`: a dispatch problem without a measured choice is timed on the GPU now, both
  // sides, and the winner kept in `autotune_cache` (dispatch_autotune.h). GEMM problems only
  // so far; attention keeps the table's choice.
  bool autotune = false;
  // Where measured dispatch choices are kept (runtime/cuda/gemm_autotune.h; "" remembers
  // nothing): $KILN_CACHE_DIR/gemm_autotune.txt by default.
  std::string autotune_cache = default_autotune_cache();
  static std::string default_autotune_cache();
};

// Lowers @entry of `module` (verified, static shapes). Errors: unimplemented for an op (or an
// element type) the backend cannot compile yet, naming it at its location; not_found for a
// missing function.
Expected<LoweredProgram> lower_module(const ir::Module& module, const ir::Operation& entry,
                                      const LowerOptions& options);

}  // namespace kiln::backend::cuda
