// Device tensors for checks and benchmarks.
#include "bench/device_data.h"

#include <fmt/format.h>

#include <cstring>
#include <map>

#include "bench/reference.h"

namespace kiln::bench {

DeviceTensors DeviceSet::pointers() const {
  DeviceTensors t;
  for (const auto& b : inputs) t.inputs.push_back(b.ptr());
  for (const auto& b : outputs) t.outputs.push_back(b.ptr());
  return t;
}

Expected<DeviceSet> allocate_set(const cuda::Device& device, const kernels::Problem& p) {
  DeviceSet set;
  // At least 16 bytes each, so that empty tensors still have a valid, aligned address.
  for (const auto& t : p.inputs) {
    KILN_TRY(auto b, cuda::Buffer::allocate(device, std::max<size_t>(t.bytes(), 16)));
    set.inputs.push_back(std::move(b));
  }
  for (const auto& t : p.outputs) {
    KILN_TRY(auto b, cuda::Buffer::allocate(device, std::max<size_t>(t.bytes(), 16)));
    set.outputs.push_back(std::move(b));
  }
  return set;
}

namespace {

// A counter-based generator (splitmix64 of seed and index): any element, any order.
constexpr const char* kRandomSource = R"(
struct half_t { unsigned short bits; };
__device__ unsigned long long mix(unsigned long long z) {
  z += 0x9e3779b97f4a7c15ull;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}
// kind: 0 f32, 1 f16, 2 bf16, 3 i32, 4 u32, 5 i64, 6 pred (as kiln::ir::ElementType).
extern "C" __global__ void fill_random(void* out, long long n, int kind, double lo, double hi,
                                       unsigned long long seed) {
  for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < n;
       i += (long long)gridDim.x * blockDim.x) {
    unsigned long long r = mix(seed ^ mix((unsigned long long)i));
    for (int attempt = 0;; ++attempt) {
      double u = (double)(r >> 11) * (1.0 / 9007199254740992.0);
      double v = lo + (hi - lo) * u;
      float f = (float)v;
      unsigned short h;
      if (kind == 0) {
        if (f == 0.f && attempt < 8) { r = mix(r); continue; }
        ((float*)out)[i] = f;
      } else if (kind == 1) {
        asm("cvt.rn.f16.f32 %0, %1;" : "=h"(h) : "f"(f));
        if ((h & 0x7fff) == 0 && attempt < 8) { r = mix(r); continue; }
        ((unsigned short*)out)[i] = h;
      } else if (kind == 2) {
        asm("cvt.rn.bf16.f32 %0, %1;" : "=h"(h) : "f"(f));
        if ((h & 0x7fff) == 0 && attempt < 8) { r = mix(r); continue; }
        ((unsigned short*)out)[i] = h;
      } else if (kind == 3) {
        ((int*)out)[i] = (int)floor(v);
      } else if (kind == 4) {
        ((unsigned*)out)[i] = (unsigned)floor(v);
      } else if (kind == 5) {
        ((long long*)out)[i] = (long long)floor(v);
      } else {
        ((unsigned char*)out)[i] = (unsigned char)(r & 1);
      }
      break;
    }
  }
}
)";

Expected<const cuda::Kernel*> random_kernel(const cuda::Device& device) {
  // One loaded module per device ordinal for the life of the process.
  static std::map<int, cuda::Kernel> loaded;
  int ordinal = device.properties().ordinal;
  if (auto it = loaded.find(ordinal); it != loaded.end()) return &it->second;
  cuda::CompileRequest request{
      .name = "bench_fill_random", .source = kRandomSource, .arch = device.properties().arch()};
  KILN_TRY(auto cubin, cuda::compile(request));
  KILN_TRY(auto kernel, cuda::Kernel::load(device, cubin, "fill_random"));
  return &loaded.emplace(ordinal, std::move(kernel)).first->second;
}

}  // namespace

Status fill_random(const cuda::Device& device, const cuda::Stream& stream,
                   const kernels::Problem& p, DeviceSet& set, uint64_t seed) {
  KILN_TRY(const cuda::Kernel* k, random_kernel(device));
  for (size_t i = 0; i < p.inputs.size(); ++i) {
    const auto& t = p.inputs[i];
    CUdeviceptr ptr = set.inputs[i].ptr();
    long long n = t.num_elements();
    if (n == 0) continue;
    int kind = baseline_dtype(t.dtype);
    double lo = t.lo, hi = t.hi;
    unsigned long long s = seed * 0x9E3779B97F4A7C15ull + i;
    void* args[] = {&ptr, &n, &kind, &lo, &hi, &s};
    auto blocks = static_cast<unsigned>(std::min<long long>((n + 255) / 256, 132 * 32));
    KILN_CHECK_OK(k->launch(stream, blocks, 1, 1, 256, 1, 1, 0, args));
  }
  return ok_status();
}

Status poison_outputs(const cuda::Stream& stream, DeviceSet& set) {
  for (auto& b : set.outputs) KILN_CHECK_OK(b.fill_bytes_async(0xFF, stream));
  return ok_status();
}

Status upload_inputs(const std::vector<interp::Tensor>& host, DeviceSet& set) {
  for (size_t i = 0; i < host.size(); ++i) {
    KILN_CHECK_OK(set.inputs[i].upload(host[i].raw(), host[i].size_bytes()));
  }
  return ok_status();
}

namespace {

Expected<std::vector<interp::Tensor>> download(const std::vector<kernels::TensorSpec>& specs,
                                               const std::vector<cuda::Buffer>& buffers) {
  std::vector<interp::Tensor> out;
  for (size_t i = 0; i < specs.size(); ++i) {
    KILN_TRY(auto t, interp::Tensor::allocate(tensor_type(specs[i])));
    KILN_CHECK_OK(buffers[i].download(t.raw(), t.size_bytes()));
    out.push_back(std::move(t));
  }
  return out;
}

}  // namespace

Expected<std::vector<interp::Tensor>> download_outputs(const kernels::Problem& p,
                                                       const DeviceSet& set) {
  return download(p.outputs, set.outputs);
}

Expected<std::vector<interp::Tensor>> download_inputs(const kernels::Problem& p,
                                                      const DeviceSet& set) {
  return download(p.inputs, set.inputs);
}

}  // namespace kiln::bench
