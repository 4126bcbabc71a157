// The cuda backend's device tensors: backend::DeviceStorage over blocks of a pool, so that
// the outputs of runs on the device cost no cuMemAlloc once the pool holds blocks of their
// sizes (a block goes back to the pool when the last Buffer holding it goes).
#pragma once

#include <map>
#include <memory>
#include <mutex>

#include "backend/buffer.h"
#include "runtime/cuda/device.h"

namespace kiln::backend::cuda {

class DevicePool : public std::enable_shared_from_this<DevicePool> {
 public:
  // A pool on the first device. Errors: unavailable without a GPU.
  static Expected<std::shared_ptr<DevicePool>> create();

  // Device storage of exactly `bytes`: a pooled block of that size, else a new allocation.
  // Errors: the device's (out of memory).
  Expected<std::shared_ptr<const DeviceStorage>> take(size_t bytes);
  // A device tensor holding a copy of a host tensor's bytes (tuples element by element; a
  // token as it is). Errors: the device's.
  Expected<Buffer> upload(const Buffer& host);

  const ::kiln::cuda::Device& device() const { return device_; }

 private:
  class Storage;
  explicit DevicePool(::kiln::cuda::Device device) : device_(std::move(device)) {}
  void give_back(size_t bytes, ::kiln::cuda::Buffer block);

  ::kiln::cuda::Device device_;
  std::mutex mutex_;
  std::multimap<size_t, ::kiln::cuda::Buffer> free_;  // by the tensor bytes they were taken for
};

}  // namespace kiln::backend::cuda
