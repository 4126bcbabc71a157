// Problem tensors in device memory: allocation, random fill on the device (so that large
// bench inputs cost no host time), poisoning of outputs, upload and download.
#pragma once

#include <cstdint>
#include <vector>

#include "bench/baseline_plugin.h"
#include "interp/tensor.h"
#include "kernels/cuda/spec.h"
#include "runtime/cuda/device.h"

namespace kiln::bench {

// One problem's inputs and outputs in device memory.
struct DeviceSet {
  std::vector<cuda::Buffer> inputs, outputs;
  DeviceTensors pointers() const;
};

Expected<DeviceSet> allocate_set(const cuda::Device& device, const kernels::Problem& p);

// Fills every input with values uniform in its [lo, hi) (never 0 for floats), from `seed`,
// by a kernel on `stream`.
Status fill_random(const cuda::Device& device, const cuda::Stream& stream,
                   const kernels::Problem& p, DeviceSet& set, uint64_t seed);

// Sets every output byte to 0xFF (NaN for floats, -1 for integers), so that an element the
// kernel does not write fails the check.
Status poison_outputs(const cuda::Stream& stream, DeviceSet& set);

Status upload_inputs(const std::vector<interp::Tensor>& host, DeviceSet& set);
Expected<std::vector<interp::Tensor>> download_outputs(const kernels::Problem& p,
                                                       const DeviceSet& set);
Expected<std::vector<interp::Tensor>> download_inputs(const kernels::Problem& p,
                                                      const DeviceSet& set);

}  // namespace kiln::bench
