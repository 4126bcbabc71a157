// cuBLASLt as a runtime service: GEMMs and GEMVs (n = 1) in f32, f16 and bf16 with f32
// compute and the algorithm cuBLASLt's heuristics pick, for the CUDA backend and the bench's
// baselines alike. libcublasLt is opened at run time (vendor_library.h).
#pragma once

#include <cuda.h>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "runtime/cuda/vendor_library.h"

namespace kiln::cuda {

// One product in cuBLASLt's column-major terms: C [m, n] = op(A) op(B), op(A) m x k, op(B)
// k x n, leading dimensions as stored (a row-major [R, C] matrix is column-major [C, R]).
struct GemmDesc {
  FloatType type = FloatType::kF32;  // of A, B and C; the compute and the scales are f32
  // C's type where it is not `type`: f32 for f16 or bf16 A and B (cuBLASLt has no other mix).
  std::optional<FloatType> result_type;
  bool transpose_a = false;
  bool transpose_b = false;
  int64_t m = 0, n = 0, k = 0;  // each at least 1 (an empty product is the caller's: C = 0)
  int64_t lda = 1, ldb = 1, ldc = 1;
  // A power of two (1 to 256) that every pointer run() gets is a multiple of, in bytes: the
  // heuristics pick only algorithms that work at it (batches of odd sizes lie less aligned).
  int64_t alignment = 256;
  // A strided batch in one call: C[i] = op(A[i]) op(B[i]) for i < batch, each matrix `stride_*`
  // elements after the one before (CUBLASLT_MATRIX_LAYOUT_STRIDED_BATCH_OFFSET).
  int64_t batch = 1;
  int64_t stride_a = 0, stride_b = 0, stride_c = 0;
};

class CublasLt;

// A prepared product: the handle, the descriptors and the chosen algorithm. run() enqueues
// C = op(A) op(B) on `stream`; `workspace` holds the bytes given to prepare_gemm (device
// memory the caller owns; null when 0). Not thread-safe: one thread runs it at a time.
class LtGemm {
 public:
  ~LtGemm();
  LtGemm(const LtGemm&) = delete;
  LtGemm& operator=(const LtGemm&) = delete;

  Status run(const void* a, const void* b, void* c, void* workspace, CUstream stream) const;

 private:
  friend class CublasLt;
  struct Impl;
  explicit LtGemm(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

// The loaded library. Thread-safe: prepare_gemm may be called from several threads.
class CublasLt : public std::enable_shared_from_this<CublasLt> {
 public:
  // The library from $KILN_CUBLASLT_LIBRARY, else libcublasLt.so.13, .12, .so, opened once for
  // the process. Error (unavailable) when none opens or a function is missing.
  static Expected<std::shared_ptr<const CublasLt>> shared();
  // The first of `candidates` that opens (tests pass a bogus path).
  static Expected<std::shared_ptr<const CublasLt>> load(const std::vector<std::string>& candidates);

  // "cuBLASLt 13.0.2" (cublasLtGetVersion).
  std::string version() const;

  // Describes the product and asks the heuristics for the best algorithm that fits
  // `workspace_bytes`. Errors: invalid argument (a dimension below 1), unavailable (no GPU or
  // driver: cuda::driver()'s error), unimplemented (no algorithm), internal.
  Expected<std::unique_ptr<LtGemm>> prepare_gemm(const GemmDesc& desc,
                                                 size_t workspace_bytes) const;

  struct Api;
  ~CublasLt();

 private:
  CublasLt(SharedLibrary lib, std::unique_ptr<Api> api);
  SharedLibrary lib_;
  std::unique_ptr<Api> api_;
};

}  // namespace kiln::cuda
