// cuBLASLt as a runtime service: GEMMs and GEMVs (n = 1) in f32, f16, bf16, f64, complex,
// int8 and fp8, with fused epilogues (bias, relu, gelu, + C), and the algorithm cuBLASLt's
// heuristics rank first or one of its top candidates (autotuning), for the CUDA backend and the
// bench's baselines alike. libcublasLt is opened at run time (vendor_library.h).
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

// The element types of a product. The compute type follows A's: f32 for f32, f16, bf16, fp8 and
// complex64 (no TF32, no fast fp8 accumulation), f64 for f64 and complex128, i32 for i8.
enum class GemmType : uint8_t { kF32, kF16, kBF16, kF64, kC64, kC128, kI8, kI32, kF8E4M3, kF8E5M2 };

// "f32", "c64", "f8e4m3", ...
const char* gemm_type_name(GemmType t);
constexpr GemmType gemm_type(FloatType t) {
  return t == FloatType::kF16 ? GemmType::kF16 : t == FloatType::kBF16 ? GemmType::kBF16 : GemmType::kF32;
}

// The point-wise function cuBLASLt applies to each result (after the bias, when there is one).
// cuBLASLt's GELU is the tanh approximation.
enum class GemmEpilogue : uint8_t { kNone, kRelu, kGeluTanh };

// One product in cuBLASLt's column-major terms: D [m, n] = epilogue(op(A) op(B) [+ bias]) [+ C],
// op(A) m x k, op(B) k x n, leading dimensions as stored (a row-major [R, C] matrix is
// column-major [C, R]). Without `accumulate`, D is written where run() is given "c".
struct GemmDesc {
  GemmType type = GemmType::kF32;  // of A and B, and of C and D unless result_type
  // D's (and C's) type where it is not `type`: f32 for f16 or bf16 A and B; i32 for i8 (which
  // it must be); f32, f16 or bf16 for fp8 (which it must be: no fp8 results here).
  std::optional<GemmType> result_type;
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
  // The epilogue (f32, f16 or bf16 A, B and D only). With `bias`, bias[i] (a packed vector of
  // m elements of D's type, the same for every batch) is added to row i of D before the
  // activation (CUBLASLT_EPILOGUE_*BIAS).
  GemmEpilogue epilogue = GemmEpilogue::kNone;
  bool bias = false;
  // D = ... + C (beta = 1): C laid out as D (ldc, stride_c), of D's type, its own buffer.
  // Only without an activation: cuBLASLt applies the activation after C is added.
  bool accumulate = false;
  // fp8 A and B only: D = (scale_a A) (scale_b B), each scale one f32 in device memory that
  // run() is given (CUBLASLT_MATMUL_DESC_A_SCALE_POINTER, _B_SCALE_POINTER).
  bool scales = false;

  bool operator==(const GemmDesc&) const = default;
};

// The description as one line of text ("f32>f32 m=16 n=4 k=8 ..."): every field, for the
// autotuning cache's key and error messages.
std::string gemm_desc_key(const GemmDesc& d);

// Whether cuBLASLt here takes the description: dimensions of at least 1, a power-of-two
// alignment up to 256, a mix of types and an epilogue as GemmDesc allows. No GPU needed.
// Error: invalid_argument saying what is wrong.
Status check_gemm_desc(const GemmDesc& d);

// What run() reads and writes: D, and C (accumulate) and the bias where the desc has them.
struct GemmPointers {
  const void* a = nullptr;
  const void* b = nullptr;
  void* d = nullptr;
  const void* c = nullptr;
  const void* bias = nullptr;
  const void* scale_a = nullptr;  // where the desc has scales
  const void* scale_b = nullptr;
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
  // D = epilogue(op(A) op(B) [+ bias]) [+ C] as the desc says; errors: invalid_argument for a
  // missing bias, C or scale pointer, cuBLASLt's.
  Status run(const GemmPointers& p, void* workspace, CUstream stream) const;

  // The algorithms prepare_gemm got from the heuristics, best ranked first (at least one), and
  // the one run() uses (0 unless use_algorithm chose another).
  int algorithm_count() const;
  int algorithm() const;
  // Uses candidate `i` from now on. Error (invalid_argument) when there is no such candidate.
  Status use_algorithm(int i);
  // A hash of candidate i's opaque description (cublasLtMatmulAlgo_t): a cached choice by index
  // is taken only where the heuristics still rank the same algorithm there.
  uint64_t algorithm_fingerprint(int i) const;

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

  // Describes the product and asks the heuristics for up to `candidates` algorithms that fit
  // `workspace_bytes`, best first; the plan uses the first. Errors: invalid argument (a
  // dimension below 1, a mix of types or an epilogue cuBLASLt does not have), unavailable (no
  // GPU or driver: cuda::driver()'s error), unimplemented (no algorithm), internal.
  Expected<std::unique_ptr<LtGemm>> prepare_gemm(const GemmDesc& desc, size_t workspace_bytes,
                                                 int candidates = 1) const;

  struct Api;
  ~CublasLt();

 private:
  CublasLt(SharedLibrary lib, std::unique_ptr<Api> api);
  SharedLibrary lib_;
  std::unique_ptr<Api> api_;
};

}  // namespace kiln::cuda
