// cuDNN's fused attention through the cuDNN frontend (header-only, PyPI nvidia-cudnn-frontend),
// in dynamic-loading mode: the frontend resolves cuDNN's functions with dlsym on the libcudnn
// kiln opened (vendor_cudnn_frontend.h), so kiln links no cuDNN. Compiled alone (heavy).
#include "runtime/cuda/vendor_cudnn_attention.h"

#include <cudnn_frontend.h>

#include <exception>

#include "runtime/cuda/vendor_cudnn_frontend.h"

namespace kiln::cuda {

namespace fe = cudnn_frontend;

namespace {

constexpr const char* kComponent = "cudnn attention";

#define KILN_FE(call, what) KILN_CUDNN_FE(kComponent, call, what)

fe::DataType_t fe_type(FloatType t) {
  return t == FloatType::kF16 ? fe::DataType_t::HALF : fe::DataType_t::BFLOAT16;
}

std::vector<int64_t> vec(const std::array<int64_t, 4>& a) { return {a.begin(), a.end()}; }

enum Uid : int64_t { kQ = 1, kK, kV, kO, kBias, kStats, kDO, kDQ, kDK, kDV };

}  // namespace

struct CudnnAttention::Impl {
  std::shared_ptr<CudnnHandle> handle;
};

struct AttentionPlan::Impl {
  std::shared_ptr<CudnnHandle> handle;  // the one the graph was built on
  std::shared_ptr<fe::graph::Graph> graph;
  AttentionDesc desc;
  int64_t workspace = 0;
};

AttentionPlan::AttentionPlan(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
AttentionPlan::~AttentionPlan() = default;

int64_t AttentionPlan::workspace_bytes() const { return impl_->workspace; }

Status AttentionPlan::run(const AttentionBuffers& b, CUdeviceptr workspace, CUstream stream) const {
  auto p = [](CUdeviceptr x) { return reinterpret_cast<void*>(x); };
  std::unordered_map<int64_t, void*> pack = {
      {kQ, p(b.q)}, {kK, p(b.k)}, {kV, p(b.v)}, {kO, p(b.o)}};
  if (impl_->desc.has_bias) pack.emplace(kBias, p(b.bias));
  if (impl_->desc.pass != AttentionPass::kForward) pack.emplace(kStats, p(b.stats));
  if (impl_->desc.pass == AttentionPass::kBackward) {
    pack.insert({{kDO, p(b.d_o)}, {kDQ, p(b.d_q)}, {kDK, p(b.d_k)}, {kDV, p(b.d_v)}});
  }
  return impl_->handle->execute(*impl_->graph, pack, workspace, stream);
}

CudnnAttention::CudnnAttention(std::shared_ptr<Impl> impl) : impl_(std::move(impl)) {}
CudnnAttention::~CudnnAttention() = default;

Expected<std::unique_ptr<CudnnAttention>> CudnnAttention::create() {
  auto impl = std::make_shared<Impl>();
  KILN_TRY(impl->handle, CudnnHandle::create(kComponent));
  return std::unique_ptr<CudnnAttention>(new CudnnAttention(std::move(impl)));
}

std::string CudnnAttention::version() const { return CudnnHandle::version(); }

namespace {

using TensorPtr = std::shared_ptr<fe::graph::Tensor_attributes>;

TensorPtr input(fe::graph::Graph& graph, const char* name, Uid uid, const AttentionTensor& t) {
  return graph.tensor(fe::graph::Tensor_attributes()
                          .set_name(name)
                          .set_uid(uid)
                          .set_dim(vec(t.dims))
                          .set_stride(vec(t.strides)));
}

void output(const TensorPtr& t, Uid uid, const AttentionTensor& layout) {
  t->set_output(true).set_uid(uid).set_dim(vec(layout.dims)).set_stride(vec(layout.strides));
}

// The row statistics: f32 [b, h, s_q, 1], packed.
AttentionTensor stats_layout(const AttentionDesc& d) {
  const auto& q = d.q.dims;
  return {{q[0], q[1], q[2], 1}, {q[1] * q[2], q[2], 1, 1}};
}

// The forward's graph: o (and the stats with kForwardStats) from q, k, v [, bias].
void forward_graph(fe::graph::Graph& graph, const AttentionDesc& d) {
  auto q = input(graph, "Q", kQ, d.q), k = input(graph, "K", kK, d.k),
       v = input(graph, "V", kV, d.v);
  const bool stats = d.pass == AttentionPass::kForwardStats;
  auto options = fe::graph::SDPA_attributes()
                     .set_name("attention")
                     .set_generate_stats(stats)
                     .set_attn_scale(d.scale);
  // Top-left alignment: query i keeps keys j <= i whatever the two lengths (kiln.attention's
  // causal predicate), where bottom-right would shift the diagonal by s_kv - s_q.
  if (d.causal) options.set_causal_mask(true);
  if (d.has_bias) options.set_bias(input(graph, "Bias", kBias, d.bias));
  auto [o, lse] = graph.sdpa(q, k, v, options);
  output(o, kO, d.o);
  if (stats) {
    output(lse, kStats, stats_layout(d));
    lse->set_data_type(fe::DataType_t::FLOAT);
  }
}

// The backward's graph: dq, dk, dv from q, k, v, o, dO and the forward's stats [, bias] (a
// constant: no dbias).
void backward_graph(fe::graph::Graph& graph, const AttentionDesc& d) {
  auto q = input(graph, "Q", kQ, d.q), k = input(graph, "K", kK, d.k),
       v = input(graph, "V", kV, d.v);
  auto o = input(graph, "O", kO, d.o), d_o = input(graph, "dO", kDO, d.d_o);
  auto stats = input(graph, "Stats", kStats, stats_layout(d));
  stats->set_data_type(fe::DataType_t::FLOAT);
  auto options =
      fe::graph::SDPA_backward_attributes().set_name("attention backward").set_attn_scale(d.scale);
  // Top-left, as the forward's.
  if (d.causal) options.set_causal_mask(true);
  if (d.has_bias) options.set_bias(input(graph, "Bias", kBias, d.bias));
  auto [dq, dk, dv] = graph.sdpa_backward(q, k, v, o, d_o, stats, options);
  output(dq, kDQ, d.d_q);
  output(dk, kDK, d.d_k);
  output(dv, kDV, d.d_v);
}

Expected<std::shared_ptr<fe::graph::Graph>> build_graph(const AttentionDesc& d,
                                                        cudnnHandle_t handle) {
  auto graph = std::make_shared<fe::graph::Graph>();
  graph->set_io_data_type(fe_type(d.type))
      .set_intermediate_data_type(fe::DataType_t::FLOAT)
      .set_compute_data_type(fe::DataType_t::FLOAT);
  if (d.pass == AttentionPass::kBackward) {
    backward_graph(*graph, d);
  } else {
    forward_graph(*graph, d);
  }
  KILN_FE(graph->validate(), "validate");
  KILN_FE(graph->build_operation_graph(handle), "operation graph");
  KILN_FE(graph->create_execution_plans({fe::HeurMode_t::A}), "heuristics");
  KILN_FE(graph->check_support(handle), "support");
  KILN_FE(graph->build_plans(handle, fe::BuildPlanPolicy_t::HEURISTICS_CHOICE), "build plan");
  return graph;
}

}  // namespace

Expected<std::unique_ptr<AttentionPlan>> CudnnAttention::prepare(const AttentionDesc& d) const {
  if (std::string why = attention_unsupported_reason(d); !why.empty()) {
    return Error::invalid_argument("cuda::cudnn attention: " + why);
  }
  auto impl = std::make_unique<AttentionPlan::Impl>();
  impl->handle = impl_->handle;
  impl->desc = d;
  try {
    KILN_TRY(impl->graph, build_graph(d, impl_->handle->get()));
    KILN_FE(impl->graph->get_workspace_size(impl->workspace), "workspace size");
  } catch (const std::exception& e) {
    return Error::internal(std::string("cuda::cudnn attention: ") + e.what());
  }
  return std::unique_ptr<AttentionPlan>(new AttentionPlan(std::move(impl)));
}

}  // namespace kiln::cuda
