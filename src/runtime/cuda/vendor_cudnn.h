// cuDNN as a runtime service, through its legacy (cudnn_ops) API: softmax over the last
// dimension, activations and element-wise binary ops with broadcasting, in f32, f16 and bf16
// with f32 scales and computation. libcudnn is opened at run time (vendor_library.h).
#pragma once

#include <cuda.h>

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "runtime/cuda/vendor_library.h"

namespace kiln::cuda {

// cudnnActivationForward's modes. kClippedRelu clips at `coef`, kElu takes alpha = `coef`,
// kSwish is x * sigmoid(beta x) with beta = `coef`.
enum class CudnnActivation { kRelu, kClippedRelu, kSigmoid, kTanh, kElu, kSwish };
// cudnnOpTensor's ops: y = op(a, alpha_b * b).
enum class CudnnTensorOp { kAdd, kMul, kMax, kMin };

class Cudnn;

// A prepared cuDNN call: its handle and descriptors. run() enqueues it on `stream`, reading
// `a` (and `b` for a tensor op; ignored otherwise) and writing `y`, all device pointers of the
// shapes given to prepare. Not thread-safe: one thread runs it at a time.
class CudnnOp {
 public:
  ~CudnnOp();
  CudnnOp(const CudnnOp&) = delete;
  CudnnOp& operator=(const CudnnOp&) = delete;

  Status run(const void* a, const void* b, void* y, CUstream stream) const;

 private:
  friend class Cudnn;
  struct Impl;
  explicit CudnnOp(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

// The loaded library. Thread-safe: the prepare functions may be called from several threads.
// Their errors: invalid argument (dimensions past cuDNN's int or its 8 dimensions), unavailable
// (no GPU or driver: cuda::driver()'s error), unimplemented (cuDNN does not support the
// combination), internal.
class Cudnn : public std::enable_shared_from_this<Cudnn> {
 public:
  // The library from $KILN_CUDNN_LIBRARY, else libcudnn.so.9, .so, opened once for the
  // process. Error (unavailable) when none opens or a function is missing.
  static Expected<std::shared_ptr<const Cudnn>> shared();
  // The first of `candidates` that opens (tests pass a bogus path).
  static Expected<std::shared_ptr<const Cudnn>> load(const std::vector<std::string>& candidates);

  // "cuDNN 9.13.0" (cudnnGetVersion).
  std::string version() const;

  // Softmax over the last dimension of x [rows, cols] (ACCURATE: the row max subtracted).
  Expected<std::unique_ptr<CudnnOp>> prepare_softmax(FloatType type, int64_t rows,
                                                     int64_t cols) const;
  // An activation over a dense tensor of `dims`, NaN propagating.
  Expected<std::unique_ptr<CudnnOp>> prepare_activation(FloatType type, CudnnActivation mode,
                                                         double coef,
                                                         const std::vector<int64_t>& dims) const;
  // y [a_dims] = op(a, alpha_b * b); b broadcasts (each of its dims equal to a's or 1; the
  // same rank), a does not.
  Expected<std::unique_ptr<CudnnOp>> prepare_tensor_op(FloatType type, CudnnTensorOp op,
                                                       float alpha_b,
                                                       const std::vector<int64_t>& a_dims,
                                                       const std::vector<int64_t>& b_dims) const;

  struct Api;
  ~Cudnn();

 private:
  Cudnn(SharedLibrary lib, std::unique_ptr<Api> api);
  Expected<std::unique_ptr<CudnnOp::Impl>> start(FloatType type) const;
  SharedLibrary lib_;
  std::unique_ptr<Api> api_;
};

}  // namespace kiln::cuda
