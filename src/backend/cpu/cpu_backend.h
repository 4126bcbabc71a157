// The cpu backend: runs a module on the reference interpreter, on a simulated process grid
// (one interpreter per process, on threads) when the grid has more than one process.
#pragma once

#include <memory>
#include <string_view>

#include "backend/backend.h"
#include "interp/tensor.h"

namespace kiln::backend::cpu {

// The most processes (replicas x partitions) the simulated grid runs; a larger grid is an
// invalid_argument error at compile(), not an exhausted machine.
inline constexpr int64_t kMaxSimulatedProcesses = 1024;

// Registered as "cpu". compile() resolves the entry and the grid and keeps a reference to the
// module (nothing is lowered: the interpreter runs the IR as it is). Each run makes fresh
// interpreters, so runs of one Executable may overlap on several threads.
class CpuBackend final : public Backend {
 public:
  std::string_view name() const override { return "cpu"; }
  Expected<std::unique_ptr<Executable>> compile(const ir::Module& module,
                                                const CompileOptions& options) const override;
};

// The interpreter's value of a buffer, sharing a host tensor's bytes (no copy); a device
// tensor is read back first.
Expected<interp::RuntimeValue> to_runtime_value(const Buffer& buffer);
// A buffer sharing the bytes of an interpreter value.
Expected<Buffer> to_buffer(const interp::RuntimeValue& value);

}  // namespace kiln::backend::cpu
