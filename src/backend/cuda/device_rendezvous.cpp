// DeviceRendezvous: device pointers and events exchanged as i64 tensors at the interpreter's
// rendezvous.
#include "backend/cuda/device_rendezvous.h"

namespace kiln::backend::cuda {

DeviceRendezvous::DeviceRendezvous(interp::ProcessGrid& grid)
    : grid_(grid), events_(static_cast<size_t>(grid.num_processes())) {}

Expected<std::vector<DeviceRendezvous::Deposit>> DeviceRendezvous::exchange(
    int64_t self, const std::vector<int64_t>& group, int64_t channel, const std::string& name,
    const Deposit& mine) {
  // The buffers, then the event: one i64 tensor (the pointers are of this process's address
  // space, which every member shares).
  const auto n = static_cast<int64_t>(mine.buffers.size());
  KILN_TRY(interp::Tensor packed,
           interp::Tensor::allocate(ir::Type::tensor({n + 1}, ir::ElementKind::kSI64)));
  auto* words = packed.data<int64_t>();
  for (int64_t i = 0; i < n; ++i) words[i] = static_cast<int64_t>(mine.buffers[static_cast<size_t>(i)]);
  words[n] = static_cast<int64_t>(reinterpret_cast<uintptr_t>(mine.event));
  auto met = grid_.exchange(self, group, channel, name, {interp::RuntimeValue(std::move(packed))});
  if (!met.ok()) return met.error().with_prefix(name + ": ");
  std::vector<Deposit> out;
  for (const auto& values : *met) {
    if (values.size() != 1 || !values[0].is_tensor() ||
        values[0].tensor().num_elements() != n + 1) {
      return Error::internal("cuda backend: " + name + ": the members deposited different operands");
    }
    const auto* w = values[0].tensor().data<int64_t>();
    Deposit d;
    for (int64_t i = 0; i < n; ++i) d.buffers.push_back(static_cast<CUdeviceptr>(w[i]));
    d.event = reinterpret_cast<CUevent>(static_cast<uintptr_t>(w[n]));
    out.push_back(std::move(d));
  }
  return out;
}

Expected<CUevent> DeviceRendezvous::event(int64_t self, const ::kiln::cuda::Device& device) {
  KILN_TRY(::kiln::cuda::Event e, ::kiln::cuda::Event::create(device, /*timing=*/false));
  auto& pool = events_.at(static_cast<size_t>(self));
  pool.push_back(std::move(e));
  return pool.back().get();
}

}  // namespace kiln::backend::cuda
