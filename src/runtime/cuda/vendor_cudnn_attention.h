// cuDNN's fused attention (scaled dot-product attention, forward and backward) as a runtime
// service, through the cuDNN frontend's graph API over the libcudnn opened at run time
// (vendor_library.h).
#pragma once

#include <cuda.h>

#include <array>
#include <cstdint>
#include <memory>
#include <string>

#include "runtime/cuda/vendor_library.h"

namespace kiln::cuda {

// A tensor as cuDNN's attention reads it: logical dims [b, h, s, d] and the element strides of
// each in memory (any order; a broadcast dimension has dim 1).
struct AttentionTensor {
  std::array<int64_t, 4> dims{}, strides{};
  bool operator==(const AttentionTensor&) const = default;
};

// O = softmax(scale · Q·Kᵀ [+ bias] [causal]) · V per batch and head, in f32 inside, q, k, v,
// o (and bias) of `type`. GQA: k and v have h_kv heads, h_kv dividing q's h; q head i reads kv
// head i / (h / h_kv). `causal` keeps key <= query (cuDNN's top-left diagonal alignment).
// The bias has full [s_q, s_kv] and b and h each full or 1.
//
// `pass`: kForward computes o; kForwardStats also writes the row logsumexp of the scaled,
// masked scores (f32 [b, h, s_q, 1], packed: attention_stats_bytes) that the backward reads;
// kBackward computes dq, dk, dv (laid out as d_q, d_k, d_v) from q, k, v, o, the upstream
// gradient dO (laid out as d_o) and the stats of the kForwardStats pass of the same q, k, v,
// o, scale and mask (forward_of()). The backward takes no bias and no GQA.
enum class AttentionPass : uint8_t { kForward, kForwardStats, kBackward };

struct AttentionDesc {
  FloatType type = FloatType::kBF16;
  AttentionTensor q, k, v, o;
  bool has_bias = false;
  AttentionTensor bias;
  float scale = 1;
  bool causal = false;
  AttentionPass pass = AttentionPass::kForward;
  AttentionTensor d_o, d_q, d_k, d_v;  // kBackward only
  bool operator==(const AttentionDesc&) const = default;
  // A text naming every field: a plan cache's key, and messages.
  std::string key() const;
  // Of a kBackward description: the kForwardStats one whose stats it reads.
  AttentionDesc forward_of() const;
};

// Bytes of the row statistics of `desc` (f32 [b, h, s_q, 1]).
int64_t attention_stats_bytes(const AttentionDesc& desc);

// The device addresses a plan runs over (0 for those its description does not use).
struct AttentionBuffers {
  CUdeviceptr q = 0, k = 0, v = 0, bias = 0, o = 0, stats = 0, d_o = 0, d_q = 0, d_k = 0, d_v = 0;
};

// Why cuDNN cannot take `desc`, or "" where the description is one the service accepts
// (head dims a multiple of 8 up to 256, f16 or bf16, GQA heads dividing, the bias's shape;
// the backward: no bias, no GQA, the gradients shaped as their tensors, head dims contiguous).
// Checked without a GPU; cuDNN may still refuse at prepare (an unimplemented error).
std::string attention_unsupported_reason(const AttentionDesc& desc);

class CudnnAttention;

// A prepared attention: its cuDNN graph and execution plan, for one description. Not
// thread-safe: one thread runs it at a time.
class AttentionPlan {
 public:
  ~AttentionPlan();
  AttentionPlan(const AttentionPlan&) = delete;
  AttentionPlan& operator=(const AttentionPlan&) = delete;

  // Device bytes run() needs as its workspace.
  int64_t workspace_bytes() const;
  // Enqueues the pass on `stream` over `buffers` (forward: q, k, v and bias when the
  // description has one read, o and with kForwardStats stats written; backward: q, k, v, o,
  // d_o, stats read, d_q, d_k, d_v written), `workspace` of at least workspace_bytes() (null
  // when that is 0).
  Status run(const AttentionBuffers& buffers, CUdeviceptr workspace, CUstream stream) const;

 private:
  friend class CudnnAttention;
  struct Impl;
  explicit AttentionPlan(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

// The library and one cuDNN handle, for the context current on the calling thread (made at
// a run: needs a GPU). Not thread-safe.
class CudnnAttention {
 public:
  // libcudnn ($KILN_CUDNN_LIBRARY, else libcudnn.so.9, .so) and a handle. Errors: unavailable
  // (no library, no GPU), internal.
  static Expected<std::unique_ptr<CudnnAttention>> create();
  ~CudnnAttention();
  CudnnAttention(const CudnnAttention&) = delete;
  CudnnAttention& operator=(const CudnnAttention&) = delete;

  // Builds the graph of `desc` and picks its plan (cuDNN's heuristics, the first that
  // builds). Errors: invalid_argument (attention_unsupported_reason), unimplemented (cuDNN
  // supports no engine for it, with cuDNN's message), internal.
  Expected<std::unique_ptr<AttentionPlan>> prepare(const AttentionDesc& desc) const;

  // "cuDNN 9.13.0".
  std::string version() const;

  struct Impl;

 private:
  explicit CudnnAttention(std::shared_ptr<Impl> impl);
  std::shared_ptr<Impl> impl_;
};

}  // namespace kiln::cuda
