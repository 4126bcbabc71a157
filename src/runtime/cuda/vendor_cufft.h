// cuFFT as a runtime service: batched 1-D to 3-D complex-to-complex, real-to-complex and
// complex-to-real transforms in single and double precision, unnormalised (as cuFFT computes),
// for the CUDA backend's stablehlo.fft. libcufft is opened at run time (vendor_library.h).
#pragma once

#include <cuda.h>

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "runtime/cuda/vendor_library.h"

namespace kiln::cuda {

// One batched transform in cufftPlanMany's terms: `n` the lengths (1 to 3, slowest first);
// with `inembed` / `onembed` empty the data is packed (the basic layout: istride and idist
// ignored), else the advanced layout of cuFFT's guide (element i of transform b of the input
// at b * idist + (row-major index in inembed) * istride). R2C and C2R: `n`'s last length is the
// real one; the complex side holds n / 2 + 1 points of it.
struct FftDesc {
  enum class Type : uint8_t { kC2C, kR2C, kC2R };
  Type type = Type::kC2C;
  bool f64 = false;      // double precision (Z2Z, D2Z, Z2D)
  bool inverse = false;  // C2C only: exp(+2 pi i jk / n), else exp(-2 pi i jk / n)
  std::vector<int64_t> n;
  std::vector<int64_t> inembed, onembed;
  int64_t istride = 1, idist = 0, ostride = 1, odist = 0;
  int64_t batch = 1;
  bool operator==(const FftDesc&) const = default;
};

class Cufft;

// A made plan. run() enqueues the transform on `stream` (out-of-place; C2R overwrites its
// input, as cuFFT's guide says). The work area is cuFFT's own, made with the plan. Not
// thread-safe: one thread runs it at a time.
class FftPlan {
 public:
  ~FftPlan();
  FftPlan(const FftPlan&) = delete;
  FftPlan& operator=(const FftPlan&) = delete;

  Status run(const void* in, void* out, CUstream stream) const;

 private:
  friend class Cufft;
  struct Impl;
  explicit FftPlan(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

// The loaded library. Thread-safe: plan() may be called from several threads.
class Cufft : public std::enable_shared_from_this<Cufft> {
 public:
  // The library from $KILN_CUFFT_LIBRARY, else libcufft.so.12, .11, .so, opened once for the
  // process. Error (unavailable) when none opens or a function is missing.
  static Expected<std::shared_ptr<const Cufft>> shared();
  // The first of `candidates` that opens (tests pass a bogus path).
  static Expected<std::shared_ptr<const Cufft>> load(const std::vector<std::string>& candidates);

  // "cuFFT 12000" (cufftGetVersion).
  std::string version() const;

  // Makes the plan (and its work area) for the current context's device. Errors: invalid
  // argument (a length below 1, more than three), unavailable (no GPU or driver),
  // out_of_memory, unimplemented (a size cuFFT does not do), internal.
  Expected<std::unique_ptr<FftPlan>> plan(const FftDesc& desc) const;

  struct Api;
  ~Cufft();

 private:
  Cufft(SharedLibrary lib, std::unique_ptr<Api> api);
  SharedLibrary lib_;
  std::unique_ptr<Api> api_;
};

}  // namespace kiln::cuda
