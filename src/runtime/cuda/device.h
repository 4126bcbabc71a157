// The thin CUDA layer: a device with its primary context, device memory, streams, events,
// loaded kernels and launches. Every failure, out-of-memory included, is an Error value.
// Objects own their CUDA resources (RAII) and are movable, not copyable. Not thread-safe.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "runtime/cuda/driver.h"
#include "runtime/cuda/nvrtc.h"

namespace kiln::cuda {

// What plans and reports need to know of a device. Device::open reads them from the driver;
// h100_sxm() describes one without a GPU (compile tests, `kiln bench --compile-only`).
struct DeviceProperties {
  std::string name;
  int ordinal = 0;
  int sm_count = 0;
  int compute_major = 0, compute_minor = 0;
  int64_t l2_bytes = 0;
  int64_t memory_bytes = 0;
  int max_threads_per_block = 1024, max_threads_per_sm = 2048;
  int64_t shared_memory_per_block = 48 * 1024;  // without opting in
  int64_t shared_memory_per_block_optin = 0;
  int64_t shared_memory_per_sm = 0;
  int clock_khz = 0, memory_clock_khz = 0, memory_bus_bits = 0;
  // "sm_90a" on Hopper (its wgmma/TMA features need the `a` target), else "sm_XY".
  std::string arch() const;
  // "sm_90": the compute capability alone, without feature suffixes (tuning tables' names).
  std::string sm_name() const;

  // An H100 SXM5 80 GB as the driver reports it: sm_90, 132 SMs, 2048 threads and 228 KiB of
  // shared memory per SM (227 KiB per block opted in), 50 MiB of L2, 80 GiB of HBM3 on a
  // 5120-bit bus. The description plans use where there is no GPU.
  static DeviceProperties h100_sxm();
};

class Device {
 public:
  // Opens device `ordinal` and makes its primary context current on this thread. The
  // primary context is retained until the process exits.
  static Expected<Device> open(int ordinal = 0);
  Device(Device&&) noexcept;
  Device& operator=(Device&&) = delete;
  ~Device();

  const DeviceProperties& properties() const { return props_; }
  const Driver& driver() const { return *driver_; }
  Status synchronize() const;

 private:
  Device() = default;
  const Driver* driver_ = nullptr;
  CUdevice device_ = 0;
  CUcontext context_ = nullptr;
  DeviceProperties props_;
};

// Device memory.
class Buffer {
 public:
  // "cuda::cuMemAlloc: CUDA_ERROR_OUT_OF_MEMORY (...) allocating N bytes" when it fails.
  static Expected<Buffer> allocate(const Device& device, size_t bytes);
  Buffer() = default;
  Buffer(Buffer&& o) noexcept { *this = std::move(o); }
  Buffer& operator=(Buffer&& o) noexcept;
  ~Buffer();

  CUdeviceptr ptr() const { return ptr_; }
  size_t size() const { return size_; }
  Status upload(const void* host, size_t bytes);
  Status download(void* host, size_t bytes) const;
  Status fill_bytes(unsigned char value);
  // Enqueued on `stream`: every byte set to `value`; or the first `bytes` copied from `src`.
  Status fill_bytes_async(unsigned char value, const class Stream& stream);
  Status copy_from_async(const Buffer& src, size_t bytes, const class Stream& stream);

 private:
  const Driver* driver_ = nullptr;
  CUdeviceptr ptr_ = 0;
  size_t size_ = 0;
};

class Stream {
 public:
  static Expected<Stream> create(const Device& device);
  Stream(Stream&& o) noexcept : driver_(o.driver_), stream_(o.stream_) { o.stream_ = nullptr; }
  ~Stream();
  CUstream get() const { return stream_; }
  Status synchronize() const;
  // Enqueued: the work after this call waits until `event`'s latest record (at the time of
  // the call) has completed, on the device; the host does not wait (cuStreamWaitEvent).
  Status wait(CUevent event) const;

 private:
  friend class Graph;
  Stream() = default;
  const Driver* driver_ = nullptr;
  CUstream stream_ = nullptr;
};

class Event {
 public:
  // `timing`: the event can time (elapsed_since); without, a lighter event for ordering
  // streams only (CU_EVENT_DISABLE_TIMING).
  static Expected<Event> create(const Device& device, bool timing = true);
  Event(Event&& o) noexcept : driver_(o.driver_), event_(o.event_) { o.event_ = nullptr; }
  ~Event();
  Status record(const Stream& stream);
  CUevent get() const { return event_; }
  // Milliseconds from `start` to this event; both must have completed (synchronizes).
  Expected<float> elapsed_since(const Event& start) const;

 private:
  Event() = default;
  const Driver* driver_ = nullptr;
  CUevent event_ = nullptr;
};

// An instantiated CUDA graph, made by capturing the work one function enqueues on a stream
// (CUDA guide: "Stream Capture"). Nothing enqueued during the capture runs; launch() runs it
// all, with the arguments as they were captured.
class Graph {
 public:
  // Captures what `enqueue` puts on `stream` (thread-local mode: a call from this thread that
  // may not be captured fails, and the capture with it) and instantiates it. Errors: the
  // first of enqueue's, cuStreamEndCapture's (an invalidated capture) and cuGraphInstantiate's;
  // the stream is left out of capture mode either way.
  template <class F>
  static Expected<Graph> capture(const Stream& stream, F&& enqueue) {
    KILN_CHECK_OK(begin_capture(stream));
    return end_capture(stream, enqueue());
  }
  Graph(Graph&& o) noexcept : driver_(o.driver_), exec_(o.exec_) { o.exec_ = nullptr; }
  Graph& operator=(Graph&&) = delete;
  ~Graph();
  // Enqueues the whole graph on `stream`.
  Status launch(const Stream& stream) const;

  // Conditional nodes (CUDA guide: "Conditional Graph Nodes"), built while capturing: a
  // handle, set on the device by a kernel (cudaGraphSetConditional), picks whether or which
  // body graph runs. Whether the driver has them with switch bodies (12.8+).
  static bool conditionals_supported(const Stream& stream);
  // A new condition handle of the graph `stream` is capturing into (0 at each launch).
  static Expected<CUgraphConditionalHandle> condition(const Stream& stream);
  // Appends a conditional node of `type` with `bodies` body graphs after the work captured so
  // far on `stream` (later work depends on it); returns the bodies, owned by the node.
  static Expected<std::vector<CUgraph>> add_conditional(const Stream& stream,
                                                        CUgraphConditionalHandle condition,
                                                        CUgraphConditionalNodeType type,
                                                        unsigned bodies);
  // Captures what `enqueue` puts on `stream` (not capturing yet) into `body`, a conditional
  // node's body graph. Errors: enqueue's first, else the capture's.
  template <class F>
  static Status capture_into(CUgraph body, const Stream& stream, F&& enqueue) {
    KILN_CHECK_OK(begin_capture_into(body, stream));
    return end_capture_into(stream, enqueue());
  }

 private:
  Graph() = default;
  static Status begin_capture(const Stream& stream);
  static Expected<Graph> end_capture(const Stream& stream, Status enqueued);
  static Status begin_capture_into(CUgraph body, const Stream& stream);
  static Status end_capture_into(const Stream& stream, Status enqueued);
  const Driver* driver_ = nullptr;
  CUgraphExec exec_ = nullptr;
};

// A loaded cubin and one of its kernels.
class Kernel {
 public:
  static Expected<Kernel> load(const Device& device, const Cubin& cubin,
                               const std::string& function);
  Kernel(Kernel&& o) noexcept : driver_(o.driver_), module_(o.module_), fn_(o.fn_) {
    o.module_ = nullptr;
  }
  ~Kernel();
  // Allows more than 48 KiB of dynamic shared memory.
  Status set_max_dynamic_shared_memory(int bytes);
  // Launches with the given grid, block, dynamic shared memory and argument pointers.
  Status launch(const Stream& stream, unsigned grid_x, unsigned grid_y, unsigned grid_z,
                unsigned block_x, unsigned block_y, unsigned block_z, unsigned shared_bytes,
                void** args) const;

 private:
  Kernel() = default;
  const Driver* driver_ = nullptr;
  CUmodule module_ = nullptr;
  CUfunction fn_ = nullptr;
};

}  // namespace kiln::cuda
