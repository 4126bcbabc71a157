// cuDNN's convolution through the cuDNN frontend (header-only, PyPI nvidia-cudnn-frontend), in
// dynamic-loading mode over the libcudnn kiln opened (vendor_cudnn_frontend.h), so kiln links
// no cuDNN. Compiled alone (the frontend is heavy).
#include <cudnn_frontend.h>

#include <exception>

#include "runtime/cuda/vendor_cudnn_convolution.h"
#include "runtime/cuda/vendor_cudnn_frontend.h"

namespace kiln::cuda {

namespace fe = cudnn_frontend;

namespace {

constexpr const char* kComponent = "cudnn convolution";

#define KILN_CONV_FE(call, what) KILN_CUDNN_FE(kComponent, call, what)

fe::DataType_t conv_io_type(ConvolutionType t) {
  switch (t) {
    case ConvolutionType::kF16: return fe::DataType_t::HALF;
    case ConvolutionType::kBF16: return fe::DataType_t::BFLOAT16;
    case ConvolutionType::kF32: return fe::DataType_t::FLOAT;
    case ConvolutionType::kF64: return fe::DataType_t::DOUBLE;
  }
  return fe::DataType_t::FLOAT;
}

// What the sums are kept in: f64 for f64, else f32 (the interpreter's accumulation types).
fe::DataType_t conv_compute_type(ConvolutionType t) {
  return t == ConvolutionType::kF64 ? fe::DataType_t::DOUBLE : fe::DataType_t::FLOAT;
}

enum ConvUid : int64_t { kConvX = 1, kConvW, kConvY };

}  // namespace

struct CudnnConvolution::Impl {
  std::shared_ptr<CudnnHandle> handle;
};

struct ConvolutionPlan::Impl {
  std::shared_ptr<CudnnHandle> handle;  // the one the graph was built on
  std::shared_ptr<fe::graph::Graph> graph;
  int64_t workspace = 0;
};

ConvolutionPlan::ConvolutionPlan(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
ConvolutionPlan::~ConvolutionPlan() = default;

int64_t ConvolutionPlan::workspace_bytes() const { return impl_->workspace; }

Status ConvolutionPlan::run(CUdeviceptr x, CUdeviceptr w, CUdeviceptr y, CUdeviceptr workspace,
                            CUstream stream) const {
  auto p = [](CUdeviceptr v) { return reinterpret_cast<void*>(v); };
  std::unordered_map<int64_t, void*> pack = {{kConvX, p(x)}, {kConvW, p(w)}, {kConvY, p(y)}};
  return impl_->handle->execute(*impl_->graph, pack, workspace, stream);
}

CudnnConvolution::CudnnConvolution(std::shared_ptr<Impl> impl) : impl_(std::move(impl)) {}
CudnnConvolution::~CudnnConvolution() = default;

Expected<std::unique_ptr<CudnnConvolution>> CudnnConvolution::create() {
  auto impl = std::make_shared<Impl>();
  KILN_TRY(impl->handle, CudnnHandle::create(kComponent));
  return std::unique_ptr<CudnnConvolution>(new CudnnConvolution(std::move(impl)));
}

std::string CudnnConvolution::version() const { return CudnnHandle::version(); }

namespace {

Expected<std::shared_ptr<fe::graph::Graph>> build_conv_graph(const ConvolutionDesc& d,
                                                             cudnnHandle_t handle) {
  auto graph = std::make_shared<fe::graph::Graph>();
  graph->set_io_data_type(conv_io_type(d.type))
      .set_intermediate_data_type(conv_compute_type(d.type))
      .set_compute_data_type(conv_compute_type(d.type));
  auto tensor = [&](const char* name, ConvUid uid, const ConvolutionTensor& t) {
    return graph->tensor(
        fe::graph::Tensor_attributes().set_name(name).set_uid(uid).set_dim(t.dims).set_stride(
            t.strides));
  };
  auto w = tensor("W", kConvW, d.w);
  // CONVOLUTION mode reverses the window in every spatial dimension (spec: window_reversal).
  const fe::ConvolutionMode_t mode =
      d.flip ? fe::ConvolutionMode_t::CONVOLUTION : fe::ConvolutionMode_t::CROSS_CORRELATION;
  if (d.data_grad) {
    auto dy = tensor("DY", kConvY, d.y);
    auto options = fe::graph::Conv_dgrad_attributes()
                       .set_name("convolution_dgrad")
                       .set_pre_padding(d.pre_padding)
                       .set_post_padding(d.post_padding)
                       .set_stride(d.stride)
                       .set_dilation(d.dilation)
                       .set_convolution_mode(mode);
    options.set_compute_data_type(conv_compute_type(d.type));
    auto dx = graph->conv_dgrad(dy, w, options);
    dx->set_output(true).set_uid(kConvX).set_dim(d.x.dims).set_stride(d.x.strides);
  } else {
    auto x = tensor("X", kConvX, d.x);
    auto options = fe::graph::Conv_fprop_attributes()
                       .set_name("convolution")
                       .set_pre_padding(d.pre_padding)
                       .set_post_padding(d.post_padding)
                       .set_stride(d.stride)
                       .set_dilation(d.dilation)
                       .set_convolution_mode(mode);
    options.set_compute_data_type(conv_compute_type(d.type));
    auto y = graph->conv_fprop(x, w, options);
    y->set_output(true).set_uid(kConvY).set_dim(d.y.dims).set_stride(d.y.strides);
  }
  KILN_CONV_FE(graph->validate(), "validate");
  KILN_CONV_FE(graph->build_operation_graph(handle), "operation graph");
  KILN_CONV_FE(graph->create_execution_plans({fe::HeurMode_t::A, fe::HeurMode_t::FALLBACK}),
               "heuristics");
  // kiln computes each type in its own precision, as the interpreter does: no TF32 for f32 (its
  // engines carry the tensor-core note), no inputs converted down, no narrow sums, no FFT or
  // Winograd transforms (their rounding differs from a plain sum's).
  std::vector<fe::NumericalNote_t> barred = {
      fe::NumericalNote_t::DOWN_CONVERT_INPUTS, fe::NumericalNote_t::REDUCED_PRECISION_REDUCTION,
      fe::NumericalNote_t::FFT, fe::NumericalNote_t::WINOGRAD,
      fe::NumericalNote_t::WINOGRAD_TILE_4x4, fe::NumericalNote_t::WINOGRAD_TILE_6x6,
      fe::NumericalNote_t::WINOGRAD_TILE_13x13};
  if (d.type == ConvolutionType::kF32 || d.type == ConvolutionType::kF64) {
    barred.push_back(fe::NumericalNote_t::TENSOR_CORE);
  }
  graph->deselect_numeric_notes(barred);
  KILN_CONV_FE(graph->check_support(handle), "support");
  KILN_CONV_FE(graph->build_plans(handle, fe::BuildPlanPolicy_t::HEURISTICS_CHOICE), "build plan");
  return graph;
}

}  // namespace

Expected<std::unique_ptr<ConvolutionPlan>> CudnnConvolution::prepare(
    const ConvolutionDesc& d) const {
  if (std::string why = convolution_unsupported_reason(d); !why.empty()) {
    return Error::invalid_argument("cuda::cudnn convolution: " + why);
  }
  auto impl = std::make_unique<ConvolutionPlan::Impl>();
  impl->handle = impl_->handle;
  try {
    KILN_TRY(impl->graph, build_conv_graph(d, impl_->handle->get()));
    KILN_CONV_FE(impl->graph->get_workspace_size(impl->workspace), "workspace size");
  } catch (const std::exception& e) {
    return Error::internal(std::string("cuda::cudnn convolution: ") + e.what());
  }
  return std::unique_ptr<ConvolutionPlan>(new ConvolutionPlan(std::move(impl)));
}

}  // namespace kiln::cuda
