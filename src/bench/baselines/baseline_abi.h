/* The C interface of a baseline plugin: a shared library (libkiln_baselines_vendor.so built
 * with nvcc over CUB, cuBLASLt and cuDNN; libkiln_baselines_torch.so built over libtorch where
 * CMake finds Torch) that runs a library's version of a registered kernel on device memory,
 * so that `kiln bench` times it beside kiln's kernel in the same run. kiln loads plugins with
 * dlopen from the folder of its executable (or $KILN_BASELINE_DIR), so kiln itself never
 * links these libraries. Plain C so that either side may be built by a different compiler.
 *
 * Contract: a plugin computes exactly what the kernel's spec says (src/kernels/cuda/<family>.cpp:
 * its StableHLO definition), reading `inputs` and writing `outputs` (device pointers, dense
 * row-major, in the problem's order), enqueued on `stream` (a CUstream / cudaStream_t).
 * prepare() may allocate workspace and create handles (not timed); run() must not allocate
 * if it can avoid it and must not synchronize the stream. Errors: a return of
 * KILN_BASELINE_UNSUPPORTED means "this library has no version of this kernel/dtype" (not an
 * error); KILN_BASELINE_ERROR fills `error` (NUL-terminated, at most error_size bytes). */
#ifndef KILN_BENCH_BASELINES_BASELINE_ABI_H_
#define KILN_BENCH_BASELINES_BASELINE_ABI_H_

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define KILN_BASELINE_ABI_VERSION 1
#define KILN_BASELINE_OK 0
#define KILN_BASELINE_UNSUPPORTED 1
#define KILN_BASELINE_ERROR 2

/* Element types (kiln::bench::baseline_dtype maps ir::ElementType to them). */
enum KilnBaselineDType {
  KILN_BASELINE_F32 = 0,
  KILN_BASELINE_F16 = 1,
  KILN_BASELINE_BF16 = 2,
  KILN_BASELINE_I32 = 3,
  KILN_BASELINE_U32 = 4,
  KILN_BASELINE_I64 = 5,
  KILN_BASELINE_PRED = 6,
  KILN_BASELINE_F8E4M3 = 7, /* f8E4M3FN: NVIDIA's e4m3 */
  KILN_BASELINE_F8E5M2 = 8
};

typedef struct {
  int dtype; /* KilnBaselineDType */
  int rank;
  const int64_t* shape;
  void* data; /* device pointer */
} KilnBaselineTensor;

typedef struct {
  const char* kernel; /* the registry's name: "softmax", "sum_rows", "gemv", ... */
  int dtype;          /* the problem's dtype */
  int rank;           /* the problem's shape, as given to `kiln bench --shape` */
  const int64_t* shape;
  int num_inputs;
  const KilnBaselineTensor* inputs;
  int num_outputs;
  const KilnBaselineTensor* outputs;
  void* stream;
} KilnBaselineCall;

/* The ABI version this plugin was built for: KILN_BASELINE_ABI_VERSION. */
int kiln_baseline_abi_version(void);
/* "torch", or "vendor" (the library per kernel comes from kiln_baseline_describe). */
const char* kiln_baseline_library(void);
/* Versions for result files: "torch 2.11.0+cu130", "CUB 3.0.0, cuBLASLt 13.0.2, cuDNN 9.13.0". */
const char* kiln_baseline_version(void);
/* What the plugin would call for this kernel and dtype ("cub::DeviceReduce::Reduce",
 * "cublasGemmEx", "torch.softmax"), or NULL when it has none. */
const char* kiln_baseline_describe(const char* kernel, int dtype);
/* Prepares a call (workspace, handles, tensor wrappers); *state is passed to run/release. */
int kiln_baseline_prepare(const KilnBaselineCall* call, void** state, char* error,
                          size_t error_size);
/* Enqueues the baseline on call->stream. `call` has the same shapes as in prepare; its data
 * pointers may differ (the bench rotates input buffers). */
int kiln_baseline_run(void* state, const KilnBaselineCall* call, char* error, size_t error_size);
void kiln_baseline_release(void* state);

#ifdef __cplusplus
}
#endif

#endif /* KILN_BENCH_BASELINES_BASELINE_ABI_H_ */
