// A lowered program as a library plan.
#include "tune/generated_plan.h"

#include <fmt/format.h>

#include <map>

#include "backend/cuda/cuda_backend.h"

namespace kiln::tune {

namespace {

namespace bc = backend::cuda;

// What a step that is not a kernel launch is, for the error.
std::string step_kind(const bc::Step& step) {
  constexpr const char* kKinds[] = {"a kernel",          "a cuBLASLt GEMM",   "a copy",
                                    "a host check",      "a while loop",      "an if/case",
                                    "a cuFFT transform", "cuDNN attention",   "a cuDNN convolution",
                                    "a process grid",    "a collective"};
  static_assert(std::size(kKinds) == std::variant_size_v<bc::Step>);
  return kKinds[step.index()];
}

// The plan's arguments for the program's buffers.
class ArgMap {
 public:
  explicit ArgMap(const bc::LoweredProgram& p) : program_(p) {}

  Expected<cuda::Arg> arg(const bc::KernelArg& a, cuda::Plan& plan) {
    switch (a.kind) {
      case bc::KernelArg::Kind::kI64: return cuda::Arg::i64(a.i);
      case bc::KernelArg::Kind::kI32: return cuda::Arg::i32(a.i);
      case bc::KernelArg::Kind::kF32: return cuda::Arg::f32(a.f);
      case bc::KernelArg::Kind::kBuffer: return buffer(a.buffer, plan);
      case bc::KernelArg::Kind::kTensorMap: {
        // The plan's descriptor of the same bytes: the launcher encodes it at launch.
        KILN_TRY(cuda::Arg b, buffer(a.buffer, plan));
        cuda::TensorMap map = a.map;
        map.source = b.kind == cuda::Arg::Kind::kInput    ? cuda::TensorMap::Source::kInput
                     : b.kind == cuda::Arg::Kind::kOutput ? cuda::TensorMap::Source::kOutput
                                                          : cuda::TensorMap::Source::kScratch;
        map.index = b.i;
        return cuda::Arg::tensor_map(std::move(map));
      }
      default:
        return Error::unimplemented("a kernel reads the replica or partition id (a grid)");
    }
  }

 private:
  Expected<cuda::Arg> buffer(const bc::BufferRef& r, cuda::Plan& plan) {
    using Space = bc::BufferRef::Space;
    if (r.space == Space::kConstants) {
      return Error::unimplemented(
          "a kernel reads the constants buffer (a non-splat constant): not supported yet");
    }
    if (r.space == Space::kInput) {
      if (r.offset != 0) return Error::unimplemented("a kernel reads an input at an offset");
      return cuda::Arg::input(r.input);
    }
    for (size_t k = 0; k < program_.outputs.size(); ++k) {
      const bc::BufferRef& out = program_.outputs[k];
      if (out.space == Space::kArena && out.offset == r.offset && r.bytes <= out.bytes) {
        return cuda::Arg::output(static_cast<int64_t>(k));
      }
    }
    auto [it, added] = scratch_.emplace(r.offset, plan.scratch_bytes.size());
    if (added) plan.scratch_bytes.push_back(0);
    size_t& bytes = plan.scratch_bytes[it->second];
    bytes = std::max(bytes, static_cast<size_t>(r.bytes));
    return cuda::Arg::scratch(static_cast<int64_t>(it->second));
  }

  const bc::LoweredProgram& program_;
  std::map<int64_t, size_t> scratch_;  // arena offset -> scratch index
};

}  // namespace

Expected<cuda::Plan> plan_of_program(const bc::LoweredProgram& program, const std::string& name) {
  for (size_t k = 0; k < program.outputs.size(); ++k) {
    if (program.outputs[k].space != bc::BufferRef::Space::kArena) {
      return Error::unimplemented(fmt::format(
          "result {} is an input or a constant returned as it is: no kernel computes it", k));
    }
  }
  cuda::Plan plan;
  ArgMap args(program);
  for (const bc::Step& step : program.main.steps) {
    const auto* k = std::get_if<bc::KernelStep>(&step);
    if (!k) {
      return Error::unimplemented(fmt::format(
          "the definition lowers to {} besides generated kernels: not a kernel of its own",
          step_kind(step)));
    }
    const bc::KernelModule& module = program.modules.at(static_cast<size_t>(k->module));
    cuda::Launch l;
    l.name = fmt::format("{}.{}", name, k->function);
    l.source = module.source;
    l.function = k->function;
    l.defines = module.library ? module.options : bc::generated_code_options();
    l.grid = k->grid;
    l.block = k->block;
    l.shared_bytes = k->shared_bytes;
    for (const bc::KernelArg& a : k->args) {
      auto arg = args.arg(a, plan);
      if (!arg.ok()) return arg.error().with_prefix(k->what + ": ");
      l.args.push_back(*arg);
    }
    plan.launches.push_back(std::move(l));
  }
  if (plan.launches.empty()) {
    return Error::unimplemented("the definition lowers to no kernel: nothing to compute");
  }
  return plan;
}

}  // namespace kiln::tune
