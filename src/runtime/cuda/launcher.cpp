// Compiles, loads and launches plans.
#include "runtime/cuda/launcher.h"

#include <fmt/format.h>

#include <algorithm>

namespace kiln::cuda {

CompileRequest compile_request(const Launch& launch, const std::string& arch) {
  CompileRequest request;
  request.name = launch.name;
  request.source = launch.source;
  request.arch = arch;
  request.options = launch.defines;
  request.options.push_back("-default-device");
  return request;
}

Expected<std::vector<Cubin>> compile_plan(const Plan& plan, const std::string& arch) {
  std::vector<Cubin> cubins;
  for (const Launch& l : plan.launches) {
    KILN_TRY(auto cubin, compile(compile_request(l, arch)));
    cubins.push_back(std::move(cubin));
  }
  return cubins;
}

Expected<PreparedKernel> PreparedKernel::prepare(const Device& device, std::string name, Plan plan,
                                                 size_t num_inputs, size_t num_outputs) {
  PreparedKernel k;
  k.name_ = std::move(name);
  k.num_inputs_ = num_inputs;
  k.num_outputs_ = num_outputs;
  k.plan_ = std::move(plan);
  k.driver_ = &device.driver();
  for (const Launch& l : k.plan_.launches) k.encoded_.emplace_back(l.args.size());
  std::string arch = device.properties().arch();
  for (const Launch& l : k.plan_.launches) {
    CompileRequest request = compile_request(l, arch);
    KILN_TRY(auto cubin, compile(request));
    KILN_TRY(auto kernel, Kernel::load(device, cubin, l.function));
    // The function's limit of dynamic shared memory is 48 KiB less its static shared memory
    // until raised, so every launch with dynamic shared memory sets it (not only those past
    // 48 KiB: a kernel with a static __shared__ flag and a 48 KiB ring failed to launch with
    // CUDA_ERROR_INVALID_VALUE).
    if (l.shared_bytes > 0) {
      KILN_CHECK_OK(kernel.set_max_dynamic_shared_memory(static_cast<int>(l.shared_bytes)));
    }
    k.kernels_.push_back(std::move(kernel));
    k.sources_.push_back(
        fmt::format("// nvrtc {}\n{}", fmt::join(request.options, " "), request.source));
  }
  for (size_t bytes : k.plan_.scratch_bytes) {
    KILN_TRY(auto buffer, Buffer::allocate(device, std::max<size_t>(bytes, 1)));
    k.scratch_.push_back(std::move(buffer));
  }
  for (size_t bytes : k.plan_.state_bytes) {
    KILN_TRY(auto buffer, Buffer::allocate(device, std::max<size_t>(bytes, 1)));
    KILN_CHECK_OK(buffer.fill_bytes(0));
    k.state_.push_back(std::move(buffer));
  }
  // The memsets ran on the null stream, which non-blocking streams do not wait for.
  if (!k.state_.empty()) KILN_CHECK_OK(device.synchronize());
  return k;
}

namespace {

// Storage for one launch's argument values; cuLaunchKernel reads them through pointers.
union ArgValue {
  CUdeviceptr ptr;
  int64_t i64;
  int32_t i32;
  float f32;
  CUtensorMap map;
};

}  // namespace

Expected<CUtensorMap> PreparedKernel::tensor_map(size_t launch, size_t arg,
                                                 std::span<const CUdeviceptr> inputs,
                                                 std::span<const CUdeviceptr> outputs) const {
  const TensorMap& m = plan_.launches[launch].args[arg].map;
  const auto index = static_cast<size_t>(m.index);
  CUdeviceptr address = 0;
  switch (m.source) {
    case TensorMap::Source::kInput: address = inputs[index]; break;
    case TensorMap::Source::kOutput: address = outputs[index]; break;
    case TensorMap::Source::kScratch: address = scratch_[index].ptr(); break;
  }
  std::vector<EncodedMap>& cached = encoded_[launch][arg];
  for (const EncodedMap& c : cached) {
    if (c.address == address) return c.map;
  }
  KILN_TRY(TensorMapEncoding e, tensor_map_encoding(m, address));
  KILN_TRY(CUtensorMap map, encode_tensor_map(*driver_, e));
  if (cached.size() == kEncodedPerArg) cached.erase(cached.begin());
  cached.push_back({address, map});
  return map;
}

Status PreparedKernel::launch(const Stream& stream, std::span<const CUdeviceptr> inputs,
                              std::span<const CUdeviceptr> outputs) const {
  if (inputs.size() != num_inputs_ || outputs.size() != num_outputs_) {
    return Error::invalid_argument(
        fmt::format("cuda: {} takes {} inputs and {} outputs, given {} and {}", name_, num_inputs_,
                    num_outputs_, inputs.size(), outputs.size()));
  }
  for (size_t li = 0; li < plan_.launches.size(); ++li) {
    const Launch& l = plan_.launches[li];
    if (l.grid[0] == 0 || l.grid[1] == 0 || l.grid[2] == 0) continue;
    std::vector<ArgValue> values(l.args.size());
    std::vector<void*> pointers(l.args.size());
    for (size_t a = 0; a < l.args.size(); ++a) {
      const Arg& arg = l.args[a];
      auto index = static_cast<size_t>(arg.i);
      switch (arg.kind) {
        case Arg::Kind::kInput:
          values[a].ptr = inputs[index];
          break;
        case Arg::Kind::kOutput:
          values[a].ptr = outputs[index];
          break;
        case Arg::Kind::kScratch:
          values[a].ptr = scratch_[index].ptr();
          break;
        case Arg::Kind::kState:
          values[a].ptr = state_[index].ptr();
          break;
        case Arg::Kind::kI64:
          values[a].i64 = arg.i;
          break;
        case Arg::Kind::kI32:
          values[a].i32 = static_cast<int32_t>(arg.i);
          break;
        case Arg::Kind::kF32:
          values[a].f32 = static_cast<float>(arg.f);
          break;
        case Arg::Kind::kTensorMap: {
          Expected<CUtensorMap> map = tensor_map(li, a, inputs, outputs);
          if (!map.ok()) return map.error().with_prefix(fmt::format("cuda: {}: ", name_));
          values[a].map = *map;
          break;
        }
      }
      pointers[a] = &values[a];
    }
    Status s = kernels_[li].launch(stream, l.grid[0], l.grid[1], l.grid[2], l.block[0], l.block[1],
                                   l.block[2], l.shared_bytes, pointers.data());
    if (!s.ok()) return s.error().with_prefix(fmt::format("cuda: {}: ", name_));
  }
  return ok_status();
}

}  // namespace kiln::cuda
