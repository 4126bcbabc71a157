// The thin CUDA layer over the driver API.
#include "runtime/cuda/device.h"

namespace kiln::cuda {

std::string DeviceProperties::arch() const {
  std::string a = "sm_" + std::to_string(compute_major) + std::to_string(compute_minor);
  return compute_major == 9 && compute_minor == 0 ? a + "a" : a;
}

std::string DeviceProperties::sm_name() const {
  return "sm_" + std::to_string(compute_major) + std::to_string(compute_minor);
}

DeviceProperties DeviceProperties::h100_sxm() {
  DeviceProperties p;
  p.name = "NVIDIA H100 80GB HBM3 (assumed: no GPU)";
  p.sm_count = 132;
  p.compute_major = 9;
  p.compute_minor = 0;
  p.l2_bytes = 50 << 20;
  p.memory_bytes = int64_t{80} << 30;
  p.max_threads_per_block = 1024;
  p.max_threads_per_sm = 2048;
  p.shared_memory_per_block = 48 << 10;
  p.shared_memory_per_block_optin = 227 << 10;
  p.shared_memory_per_sm = 228 << 10;
  p.clock_khz = 1980000;
  p.memory_clock_khz = 2619000;
  p.memory_bus_bits = 5120;
  return p;
}

Expected<Device> Device::open(int ordinal) {
  KILN_TRY(const Driver* d, cuda::driver());
  int count = 0;
  KILN_CU(d, cuDeviceGetCount, &count);
  if (ordinal < 0 || ordinal >= count) {
    return Error::not_found("cuda: device " + std::to_string(ordinal) + " does not exist (" +
                            std::to_string(count) + " devices)");
  }
  Device dev;
  dev.driver_ = d;
  KILN_CU(d, cuDeviceGet, &dev.device_, ordinal);
  KILN_CU(d, cuDevicePrimaryCtxRetain, &dev.context_, dev.device_);
  KILN_CU(d, cuCtxSetCurrent, dev.context_);
  DeviceProperties& p = dev.props_;
  p.ordinal = ordinal;
  char name[256] = {};
  KILN_CU(d, cuDeviceGetName, name, sizeof name, dev.device_);
  p.name = name;
  auto attr = [&](CUdevice_attribute a, int& out) -> Status {
    KILN_CU(d, cuDeviceGetAttribute, &out, a, dev.device_);
    return ok_status();
  };
  int l2 = 0, smem = 0, smem_block = 0, smem_sm = 0;
  KILN_CHECK_OK(attr(CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT, p.sm_count));
  KILN_CHECK_OK(attr(CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, p.compute_major));
  KILN_CHECK_OK(attr(CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, p.compute_minor));
  KILN_CHECK_OK(attr(CU_DEVICE_ATTRIBUTE_L2_CACHE_SIZE, l2));
  KILN_CHECK_OK(attr(CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN, smem));
  KILN_CHECK_OK(attr(CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK, smem_block));
  KILN_CHECK_OK(attr(CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_MULTIPROCESSOR, smem_sm));
  KILN_CHECK_OK(attr(CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK, p.max_threads_per_block));
  KILN_CHECK_OK(attr(CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_MULTIPROCESSOR, p.max_threads_per_sm));
  KILN_CHECK_OK(attr(CU_DEVICE_ATTRIBUTE_CLOCK_RATE, p.clock_khz));
  KILN_CHECK_OK(attr(CU_DEVICE_ATTRIBUTE_MEMORY_CLOCK_RATE, p.memory_clock_khz));
  KILN_CHECK_OK(attr(CU_DEVICE_ATTRIBUTE_GLOBAL_MEMORY_BUS_WIDTH, p.memory_bus_bits));
  p.l2_bytes = l2;
  p.shared_memory_per_block_optin = smem;
  p.shared_memory_per_block = smem_block;
  p.shared_memory_per_sm = smem_sm;
  size_t total = 0;
  KILN_CU(d, cuDeviceTotalMem, &total, dev.device_);
  p.memory_bytes = static_cast<int64_t>(total);
  return dev;
}

Device::Device(Device&& o) noexcept
    : driver_(o.driver_), device_(o.device_), context_(o.context_), props_(std::move(o.props_)) {
  o.context_ = nullptr;
}

// The primary context stays retained for the life of the process: modules and memory that
// outlive one Device (caches of loaded kernels) stay valid, and a later Device::open does
// not meet a destroyed context that is still current on its thread.
Device::~Device() = default;

Status Device::synchronize() const {
  KILN_CU(driver_, cuCtxSynchronize);
  return ok_status();
}

Expected<Buffer> Buffer::allocate(const Device& device, size_t bytes) {
  Buffer b;
  b.driver_ = &device.driver();
  if (bytes == 0) return b;
  CUresult r = b.driver_->cuMemAlloc(&b.ptr_, bytes);
  if (r != CUDA_SUCCESS) {
    return Error::out_of_memory(driver_error("cuMemAlloc", r).message() + " allocating " +
                                std::to_string(bytes) + " bytes");
  }
  b.size_ = bytes;
  return b;
}

Buffer& Buffer::operator=(Buffer&& o) noexcept {
  if (this != &o) {
    if (ptr_) driver_->cuMemFree(ptr_);
    driver_ = o.driver_;
    ptr_ = o.ptr_;
    size_ = o.size_;
    o.ptr_ = 0;
    o.size_ = 0;
  }
  return *this;
}

Buffer::~Buffer() {
  if (ptr_) driver_->cuMemFree(ptr_);
}

Status Buffer::upload(const void* host, size_t bytes) {
  if (bytes > size_)
    return Error::invalid_argument("cuda: upload of " + std::to_string(bytes) + " bytes into " +
                                   std::to_string(size_));
  if (bytes) KILN_CU(driver_, cuMemcpyHtoD, ptr_, host, bytes);
  return ok_status();
}

Status Buffer::download(void* host, size_t bytes) const {
  if (bytes > size_)
    return Error::invalid_argument("cuda: download of " + std::to_string(bytes) + " bytes from " +
                                   std::to_string(size_));
  if (bytes) KILN_CU(driver_, cuMemcpyDtoH, host, ptr_, bytes);
  return ok_status();
}

Status Buffer::fill_bytes(unsigned char value) {
  if (size_) KILN_CU(driver_, cuMemsetD8, ptr_, value, size_);
  return ok_status();
}

Status Buffer::fill_bytes_async(unsigned char value, const Stream& stream) {
  if (size_) KILN_CU(driver_, cuMemsetD8Async, ptr_, value, size_, stream.get());
  return ok_status();
}

Status Buffer::copy_from_async(const Buffer& src, size_t bytes, const Stream& stream) {
  if (bytes > size_ || bytes > src.size_) {
    return Error::invalid_argument("cuda::copy: " + std::to_string(bytes) +
                                   " bytes do not fit the buffers");
  }
  if (bytes) KILN_CU(driver_, cuMemcpyDtoDAsync, ptr_, src.ptr_, bytes, stream.get());
  return ok_status();
}

Expected<Stream> Stream::create(const Device& device) {
  Stream s;
  s.driver_ = &device.driver();
  KILN_CU(s.driver_, cuStreamCreate, &s.stream_, CU_STREAM_NON_BLOCKING);
  return s;
}

Stream::~Stream() {
  if (stream_) driver_->cuStreamDestroy(stream_);
}

Status Stream::synchronize() const {
  KILN_CU(driver_, cuStreamSynchronize, stream_);
  return ok_status();
}

Status Stream::wait(CUevent event) const {
  KILN_CU(driver_, cuStreamWaitEvent, stream_, event, 0);
  return ok_status();
}

Expected<Event> Event::create(const Device& device, bool timing) {
  Event e;
  e.driver_ = &device.driver();
  KILN_CU(e.driver_, cuEventCreate, &e.event_, timing ? CU_EVENT_DEFAULT : CU_EVENT_DISABLE_TIMING);
  return e;
}

Event::~Event() {
  if (event_) driver_->cuEventDestroy(event_);
}

Status Event::record(const Stream& stream) {
  KILN_CU(driver_, cuEventRecord, event_, stream.get());
  return ok_status();
}

Expected<float> Event::elapsed_since(const Event& start) const {
  KILN_CU(driver_, cuEventSynchronize, event_);
  float ms = 0;
  KILN_CU(driver_, cuEventElapsedTime, &ms, start.event_, event_);
  return ms;
}

Status Graph::begin_capture(const Stream& stream) {
  KILN_CU(stream.driver_, cuStreamBeginCapture, stream.get(), CU_STREAM_CAPTURE_MODE_THREAD_LOCAL);
  return ok_status();
}

Expected<Graph> Graph::end_capture(const Stream& stream, Status enqueued) {
  const Driver* d = stream.driver_;
  CUgraph graph = nullptr;
  CUresult ended = d->cuStreamEndCapture(stream.get(), &graph);
  // The captured graph is only a template: the instantiated one does not need it.
  struct Template {
    const Driver* d;
    CUgraph g;
    ~Template() {
      if (g) d->cuGraphDestroy(g);
    }
  } template_{d, graph};
  if (!enqueued.ok()) return enqueued.error();
  if (ended != CUDA_SUCCESS) return driver_error("cuStreamEndCapture", ended);
  Graph g;
  g.driver_ = d;
  KILN_CU(d, cuGraphInstantiate, &g.exec_, graph, 0);
  return g;
}

bool Graph::conditionals_supported(const Stream& stream) {
  const Driver* d = stream.driver_;
  return d && d->version >= 12080 && d->cuCtxGetCurrent && d->cuGraphConditionalHandleCreate &&
         d->cuGraphAddNode && d->cuStreamGetCaptureInfo && d->cuStreamUpdateCaptureDependencies &&
         d->cuStreamBeginCaptureToGraph;
}

namespace {

// The graph `stream` is capturing into and the nodes the next captured work depends on.
struct CaptureInfo {
  CUgraph graph = nullptr;
  const CUgraphNode* deps = nullptr;
  size_t num_deps = 0;
};

Expected<CaptureInfo> capture_info(const Driver* d, const Stream& stream) {
  CUstreamCaptureStatus status{};
  cuuint64_t id = 0;
  CaptureInfo info;
  const CUgraphEdgeData* edges = nullptr;
  KILN_CU(d, cuStreamGetCaptureInfo, stream.get(), &status, &id, &info.graph, &info.deps, &edges,
          &info.num_deps);
  if (status != CU_STREAM_CAPTURE_STATUS_ACTIVE || !info.graph) {
    return Error::internal("cuda: a conditional node outside a stream capture");
  }
  return info;
}

}  // namespace

Expected<CUgraphConditionalHandle> Graph::condition(const Stream& stream) {
  const Driver* d = stream.driver_;
  if (!conditionals_supported(stream)) {
    return Error::unavailable("cuda: the driver has no conditional graph nodes (CUDA 12.8+)");
  }
  KILN_TRY(CaptureInfo info, capture_info(d, stream));
  CUcontext ctx = nullptr;
  KILN_CU(d, cuCtxGetCurrent, &ctx);
  CUgraphConditionalHandle handle = 0;
  KILN_CU(d, cuGraphConditionalHandleCreate, &handle, info.graph, ctx, 0,
          CU_GRAPH_COND_ASSIGN_DEFAULT);
  return handle;
}

Expected<std::vector<CUgraph>> Graph::add_conditional(const Stream& stream,
                                                      CUgraphConditionalHandle condition,
                                                      CUgraphConditionalNodeType type,
                                                      unsigned bodies) {
  const Driver* d = stream.driver_;
  KILN_TRY(CaptureInfo info, capture_info(d, stream));
  CUcontext ctx = nullptr;
  KILN_CU(d, cuCtxGetCurrent, &ctx);
  std::vector<CUgraph> out(bodies, nullptr);
  CUgraphNodeParams params{};
  params.type = CU_GRAPH_NODE_TYPE_CONDITIONAL;
  params.conditional.handle = condition;
  params.conditional.type = type;
  params.conditional.size = bodies;
  params.conditional.ctx = ctx;
  CUgraphNode node = nullptr;
  KILN_CU(d, cuGraphAddNode, &node, info.graph, info.deps, nullptr, info.num_deps, &params);
  for (unsigned b = 0; b < bodies; ++b) out[b] = params.conditional.phGraph_out[b];
  KILN_CU(d, cuStreamUpdateCaptureDependencies, stream.get(), &node, nullptr, 1,
          CU_STREAM_SET_CAPTURE_DEPENDENCIES);
  return out;
}

Status Graph::begin_capture_into(CUgraph body, const Stream& stream) {
  KILN_CU(stream.driver_, cuStreamBeginCaptureToGraph, stream.get(), body, nullptr, nullptr, 0,
          CU_STREAM_CAPTURE_MODE_THREAD_LOCAL);
  return ok_status();
}

Status Graph::end_capture_into(const Stream& stream, Status enqueued) {
  CUgraph graph = nullptr;  // `body` itself: the node owns it
  CUresult ended = stream.driver_->cuStreamEndCapture(stream.get(), &graph);
  if (!enqueued.ok()) return enqueued.error();
  if (ended != CUDA_SUCCESS) return driver_error("cuStreamEndCapture", ended);
  return ok_status();
}

Graph::~Graph() {
  if (exec_) driver_->cuGraphExecDestroy(exec_);
}

Status Graph::launch(const Stream& stream) const {
  KILN_CU(driver_, cuGraphLaunch, exec_, stream.get());
  return ok_status();
}

Expected<Kernel> Kernel::load(const Device& device, const Cubin& cubin,
                              const std::string& function) {
  Kernel k;
  k.driver_ = &device.driver();
  KILN_CU(k.driver_, cuModuleLoadData, &k.module_, cubin.image.data());
  CUresult r = k.driver_->cuModuleGetFunction(&k.fn_, k.module_, function.c_str());
  if (r != CUDA_SUCCESS) {
    return Error::not_found(driver_error("cuModuleGetFunction", r).message() + ": no kernel '" +
                            function + "' (declare it extern \"C\")");
  }
  return k;
}

Kernel::~Kernel() {
  if (module_) driver_->cuModuleUnload(module_);
}

Status Kernel::set_max_dynamic_shared_memory(int bytes) {
  KILN_CU(driver_, cuFuncSetAttribute, fn_, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, bytes);
  return ok_status();
}

Status Kernel::launch(const Stream& stream, unsigned gx, unsigned gy, unsigned gz, unsigned bx,
                      unsigned by, unsigned bz, unsigned shared_bytes, void** args) const {
  KILN_CU(driver_, cuLaunchKernel, fn_, gx, gy, gz, bx, by, bz, shared_bytes, stream.get(), args,
          nullptr);
  return ok_status();
}

}  // namespace kiln::cuda
