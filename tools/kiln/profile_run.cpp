// `kiln run --profile`: the program compiled for the cuda backend and each of its steps timed
// with CUDA events (CudaExecutable::profile).
#include "api/impl.h"
#include "backend/cuda/cuda_backend.h"
#include "backend/cuda/specializing_executable.h"
#include "runtime/cuda/device.h"
#include "tools/kiln/commands.h"

namespace kiln::tools {

Status profile_available() {
  auto device = ::kiln::cuda::Device::open(0);
  if (!device.ok()) {
    return Error(device.error().kind(),
                 "kiln run --profile: no GPU to profile on: " + device.error().message());
  }
  return ok_status();
}

Expected<std::vector<ProfileRow>> profile_run(const Executable& executable,
                                              const std::vector<Value>& inputs) {
  KILN_CHECK_OK(profile_available());
  const backend::Executable& inner = api::ExecutableAccess::executable(executable);
  const auto* exe = dynamic_cast<const backend::cuda::CudaExecutable*>(&inner);
  // An entry of dynamic shapes: the specialization for these inputs' shapes.
  if (const auto* s = dynamic_cast<const backend::cuda::SpecializingExecutable*>(&inner)) {
    std::vector<ir::Type> types;
    for (const Value& v : inputs) types.push_back(api::ValueAccess::buffer(v).type());
    KILN_TRY(exe, s->specialization(types));
  }
  if (!exe) {
    return Error::invalid_argument("kiln run --profile: profiling is for the cuda backend (" +
                                   executable.backend() + " was given)");
  }
  std::vector<backend::Buffer> buffers;
  for (const Value& v : inputs) buffers.push_back(api::ValueAccess::buffer(v));
  KILN_TRY(auto timings, exe->profile(buffers));
  std::vector<ProfileRow> rows;
  for (const auto& t : timings) rows.push_back({t.what, t.kind, t.calls, t.ms, t.bytes, t.flops});
  return rows;
}

}  // namespace kiln::tools
