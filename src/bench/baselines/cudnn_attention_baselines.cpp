// cuDNN's fused attention (scaled dot-product attention through the cuDNN frontend, the
// runtime's service runtime/cuda/vendor_cudnn_attention.h) as the baseline of flash_attention:
// the spec's [B, Hq, Hkv, Sq, Skv, D] problem with packed [b, h, s, d] tensors, GQA, scale
// 1/sqrt(D); the _lse variants through the forward-with-statistics pass, whose statistics are
// the row logsumexp (f32 [b, h, sq, 1], the spec's [b, h, sq]). cuDNN's causal diagonal is the
// top-left one and the kernel's the bottom-right one: they agree where Sq = Skv, and the causal
// baselines are UNSUPPORTED elsewhere. flash_attention_grad (and _causal) through the backward
// pass: inputs q, k, v, o, dO and the logsumexp (the stats the forward-with-statistics pass
// writes), outputs dq, dk, dv, all packed; cuDNN's backward takes no GQA (UNSUPPORTED where
// Hkv < Hq).
#include <cmath>
#include <memory>
#include <string>
#include <vector>

#include "runtime/cuda/vendor_cudnn_attention.h"
#include "vendor_baselines.h"

namespace kiln::baselines {
namespace {

// One prepared attention: its plan and workspace.
class CudnnAttentionCall final : public Baseline {
 public:
  CudnnAttentionCall(std::unique_ptr<cuda::AttentionPlan> plan, cuda::AttentionPass pass)
      : plan_(std::move(plan)),
        stats_(pass == cuda::AttentionPass::kForwardStats),
        backward_(pass == cuda::AttentionPass::kBackward) {}

  Status prepare() { return workspace_.allocate(static_cast<size_t>(plan_->workspace_bytes())); }

  Status run(const KilnBaselineCall& call) override {
    cuda::AttentionBuffers b;
    b.q = reinterpret_cast<CUdeviceptr>(call.inputs[0].data);
    b.k = reinterpret_cast<CUdeviceptr>(call.inputs[1].data);
    b.v = reinterpret_cast<CUdeviceptr>(call.inputs[2].data);
    b.o = reinterpret_cast<CUdeviceptr>(call.outputs[0].data);
    if (backward_) {
      b.d_o = reinterpret_cast<CUdeviceptr>(call.inputs[4].data);
      b.stats = reinterpret_cast<CUdeviceptr>(call.inputs[5].data);
      b.d_q = reinterpret_cast<CUdeviceptr>(call.outputs[0].data);
      b.d_k = reinterpret_cast<CUdeviceptr>(call.outputs[1].data);
      b.d_v = reinterpret_cast<CUdeviceptr>(call.outputs[2].data);
      b.o = reinterpret_cast<CUdeviceptr>(call.inputs[3].data);
    } else if (stats_) {
      b.stats = reinterpret_cast<CUdeviceptr>(call.outputs[1].data);
    }
    auto s = plan_->run(b, reinterpret_cast<CUdeviceptr>(workspace_.get()),
                        static_cast<CUstream>(call.stream));
    return s.ok() ? Status{} : from_error(s.error());
  }

 private:
  std::unique_ptr<cuda::AttentionPlan> plan_;
  bool stats_, backward_;
  DeviceBuffer workspace_;
};

// The service, made at the first prepare (it needs the GPU's context); kept for the plugin's
// life.
Expected<const cuda::CudnnAttention*> service() {
  static std::unique_ptr<cuda::CudnnAttention> made;
  if (!made) {
    auto created = cuda::CudnnAttention::create();
    if (!created.ok()) return created.error();
    made = std::move(*created);
  }
  return made.get();
}

// A packed [b, h, s, d] tensor.
cuda::AttentionTensor packed(int64_t b, int64_t h, int64_t s, int64_t d) {
  return {{b, h, s, d}, {h * s * d, s * d, d, 1}};
}

Prepare attention(bool causal, cuda::AttentionPass pass) {
  return [causal, pass](const KilnBaselineCall& call, std::unique_ptr<Baseline>& out) {
    if (call.rank != 6) return Status::unsupported();
    const int64_t* x = call.shape;  // [B, Hq, Hkv, Sq, Skv, D]
    if (causal && x[3] != x[4]) return Status::unsupported();
    cuda::AttentionDesc d;
    d.type = float_type(call.dtype);
    d.q = packed(x[0], x[1], x[3], x[5]);
    d.k = packed(x[0], x[2], x[4], x[5]);
    d.v = d.k;
    d.o = d.q;
    d.scale = static_cast<float>(1.0 / std::sqrt(static_cast<double>(x[5])));
    d.causal = causal;
    d.pass = pass;
    if (pass == cuda::AttentionPass::kBackward) {
      d.d_o = d.o;
      d.d_q = d.q;
      d.d_k = d.k;
      d.d_v = d.v;
    }
    if (!cuda::attention_unsupported_reason(d).empty()) return Status::unsupported();
    auto dnn = service();
    if (!dnn.ok()) return from_error(dnn.error());
    auto plan = (*dnn)->prepare(d);
    if (!plan.ok()) {
      return plan.error().kind() == ErrorKind::kUnimplemented ? Status::unsupported()
                                                              : from_error(plan.error());
    }
    auto baseline = std::make_unique<CudnnAttentionCall>(std::move(*plan), pass);
    Status s = baseline->prepare();
    if (s.ok()) out = std::move(baseline);
    return s;
  };
}

}  // namespace

std::vector<Entry> cudnn_attention_entries() {
  const char* sdpa = "cudnn_frontend sdpa";
  const char* sdpa_stats = "cudnn_frontend sdpa (generate_stats)";
  const char* sdpa_backward = "cudnn_frontend sdpa_backward";
  using cuda::AttentionPass;
  return {{"flash_attention", kHalfDTypes, 3, 1, sdpa, attention(false, AttentionPass::kForward)},
          {"flash_attention_causal", kHalfDTypes, 3, 1, sdpa,
           attention(true, AttentionPass::kForward)},
          {"flash_attention_lse", kHalfDTypes, 3, 2, sdpa_stats,
           attention(false, AttentionPass::kForwardStats)},
          {"flash_attention_causal_lse", kHalfDTypes, 3, 2, sdpa_stats,
           attention(true, AttentionPass::kForwardStats)},
          {"flash_attention_grad", kHalfDTypes, 6, 3, sdpa_backward,
           attention(false, AttentionPass::kBackward)},
          {"flash_attention_grad_causal", kHalfDTypes, 6, 3, sdpa_backward,
           attention(true, AttentionPass::kBackward)}};
}

}  // namespace kiln::baselines
