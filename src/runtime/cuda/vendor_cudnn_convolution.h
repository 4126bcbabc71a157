// cuDNN's convolution (forward: conv_fprop; the data gradient: conv_dgrad) as a runtime service, through the cuDNN frontend's
// graph API over the libcudnn opened at run time (vendor_cudnn_frontend.h).
#pragma once

#include <cuda.h>

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "runtime/cuda/vendor_library.h"

namespace kiln::cuda {

// The element type of a convolution's input, filter and output (one type for all three).
// 16-bit types are computed in f32, f32 in f32 (never TF32), f64 in f64.
enum class ConvolutionType { kF16, kBF16, kF32, kF64 };

// "f16", "bf16", "f32", "f64".
const char* convolution_type_name(ConvolutionType t);

// A tensor as cuDNN's convolution reads it: logical dims [n, c, spatial...] (the filter's
// [k, c / groups, spatial...]) and the element strides of each in memory, 2 or 3 spatial dims.
struct ConvolutionTensor {
  std::vector<int64_t> dims, strides;
  bool operator==(const ConvolutionTensor&) const = default;
};

// y = x ⋆ w: cross-correlation (or, with `flip`, convolution: the window reversed in every
// spatial dimension), per spatial dimension i with `stride[i]`, the filter dilated by
// `dilation[i]`, x padded with `pre_padding[i]` zeros before and `post_padding[i]` after. The
// groups are x's c over w's c (grouped and depthwise convolutions). With `data_grad`, cuDNN's
// conv_dgrad instead: x is computed from y, the adjoint of that convolution (a transposed
// convolution: x[i] = sum of y[o] w[k] over i = o stride + k dilation - pre_padding).
struct ConvolutionDesc {
  ConvolutionType type = ConvolutionType::kF32;
  ConvolutionTensor x, w, y;
  std::vector<int64_t> pre_padding, post_padding, stride, dilation;
  bool flip = false;
  bool data_grad = false;
  bool operator==(const ConvolutionDesc&) const = default;
  // A text naming every field: a plan cache's key, and messages.
  std::string key() const;
};

// Why cuDNN cannot take `desc`, or "" where it is one the service accepts: 2 or 3 spatial dims,
// dims that agree (y's spatial sizes as the window gives them, x's channels a multiple of w's,
// w's k a multiple of the groups), no empty tensor, no negative padding, strides and dilations
// at least 1. Checked without a GPU; cuDNN may still refuse at prepare (an unimplemented error).
std::string convolution_unsupported_reason(const ConvolutionDesc& desc);

class CudnnConvolution;

// A prepared convolution: its cuDNN graph and execution plan, for one description. Not
// thread-safe: one thread runs it at a time.
class ConvolutionPlan {
 public:
  ~ConvolutionPlan();
  ConvolutionPlan(const ConvolutionPlan&) = delete;
  ConvolutionPlan& operator=(const ConvolutionPlan&) = delete;

  // Device bytes run() needs as its workspace.
  int64_t workspace_bytes() const;
  // Enqueues the convolution on `stream`: x and w read, y written (data_grad: y and w read, x
  // written), `workspace` of at least workspace_bytes() (null when that is 0).
  Status run(CUdeviceptr x, CUdeviceptr w, CUdeviceptr y, CUdeviceptr workspace,
             CUstream stream) const;

 private:
  friend class CudnnConvolution;
  struct Impl;
  explicit ConvolutionPlan(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

// The library and one cuDNN handle, for the context current on the calling thread (made at
// a run: needs a GPU). Not thread-safe.
class CudnnConvolution {
 public:
  // libcudnn ($KILN_CUDNN_LIBRARY, else libcudnn.so.9, .so) and a handle. Errors: unavailable
  // (no library, no GPU), internal.
  static Expected<std::unique_ptr<CudnnConvolution>> create();
  ~CudnnConvolution();
  CudnnConvolution(const CudnnConvolution&) = delete;
  CudnnConvolution& operator=(const CudnnConvolution&) = delete;

  // Builds the graph of `desc` and picks its plan: cuDNN's heuristics (modes A, then
  // fallback), without the engines whose numerics differ from a plain sum in the compute type
  // (TF32 tensor cores for f32 and f64, inputs converted down, reduced-precision sums, FFT and
  // Winograd), the first that builds. Errors: invalid_argument
  // (convolution_unsupported_reason), unimplemented (no engine for it, with cuDNN's message),
  // internal.
  Expected<std::unique_ptr<ConvolutionPlan>> prepare(const ConvolutionDesc& desc) const;

  // "cuDNN 9.13.0".
  std::string version() const;

  struct Impl;

 private:
  explicit CudnnConvolution(std::shared_ptr<Impl> impl);
  std::shared_ptr<Impl> impl_;
};

}  // namespace kiln::cuda
