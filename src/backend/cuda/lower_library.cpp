// The named composites (kiln.softmax, kiln.layer_norm, ...) on a kernel of the library
// (src/kernels/cuda) where find_kernels finds one, planned for the backend's device with its
// architecture's tuning table; else their region, fused (lower_fusion.cpp).
#include <fmt/format.h>

#include "backend/cuda/lower_library.h"
#include "ir/ops/kiln_ops.h"
#include "kernels/cuda/plan.h"
#include "kernels/cuda/registry.h"

namespace kiln::backend::cuda {

namespace {

namespace kn = ::kiln::kernels;
using ::kiln::cuda::Arg;

// The slots of the kernel's tensors: the problem's inputs are the op's operands and its outputs
// the op's results in order (match checked their element types and counts; a row kernel's
// [rows, columns] is a row-major reshape, the same bytes).
struct LaunchSlots {
  std::vector<BufferRef> inputs, outputs, scratch, state;
};

Expected<KernelArg> kernel_arg(const Arg& a, const LaunchSlots& s, const ir::Operation& op) {
  auto at = [&](const std::vector<BufferRef>& list, const char* what) -> Expected<KernelArg> {
    if (a.i < 0 || static_cast<size_t>(a.i) >= list.size()) {
      return Error::internal(fmt::format("cuda lowering: {}: a library plan's {} {} is out of range",
                                         Lowerer::describe(op), what, a.i));
    }
    return KernelArg(list[static_cast<size_t>(a.i)]);
  };
  switch (a.kind) {
    case Arg::Kind::kInput: return at(s.inputs, "input");
    case Arg::Kind::kOutput: return at(s.outputs, "output");
    case Arg::Kind::kScratch: return at(s.scratch, "scratch buffer");
    case Arg::Kind::kState: return at(s.state, "state buffer");
    case Arg::Kind::kI64: return KernelArg::i64(a.i);
    case Arg::Kind::kI32: return KernelArg::i32(static_cast<int32_t>(a.i));
    case Arg::Kind::kF32: return KernelArg::f32(static_cast<float>(a.f));
    case Arg::Kind::kTensorMap:
      return Error::unimplemented(fmt::format(
          "cuda lowering: {}: compiled programs do not pass TMA descriptors to library kernels "
          "yet (issue 15)", Lowerer::describe(op)));
  }
  return Error::internal("cuda lowering: an unknown library kernel argument");
}

bool takes_tensor_maps(const kn::Plan& plan) {
  for (const kn::Launch& launch : plan.launches) {
    for (const Arg& a : launch.args) {
      if (a.kind == Arg::Kind::kTensorMap) return true;
    }
  }
  return false;
}

// One KernelStep per launch of `plan` (launches with an empty grid are skipped, as the
// library's launcher does), each launch's source in a library module.
Status add_plan(Lowerer& l, const ir::Operation& op, const kn::KernelSpec& spec,
                const kn::Plan& plan, const LaunchSlots& slots) {
  for (const kn::Launch& launch : plan.launches) {
    if (launch.grid[0] == 0 || launch.grid[1] == 0 || launch.grid[2] == 0) continue;
    KernelStep step;
    // The launcher's own request: the same defines and flags the library is checked with.
    std::vector<std::string> options = ::kiln::cuda::compile_request(launch, "").options;
    step.module = l.add_library_module(fmt::format("{}.{}", spec.name, launch.function),
                                       launch.source, launch.function, std::move(options));
    step.function = launch.function;
    step.grid = launch.grid;
    step.block = launch.block;
    step.shared_bytes = launch.shared_bytes;
    for (const Arg& a : launch.args) {
      KILN_TRY(KernelArg arg, kernel_arg(a, slots, op));
      step.args.push_back(arg);
    }
    step.what = fmt::format("{} ({})", Lowerer::describe(op), spec.name);
    l.add(std::move(step));
    l.count_library_kernel();
  }
  return ok_status();
}

}  // namespace

Expected<bool> lower_on_library(Lowerer& l, const ir::Operation& op, std::string_view kernel) {
  for (const kn::KernelMatch& m : kn::find_kernels(op)) {
    if (!kernel.empty() && m.spec->name != kernel) continue;
    Expected<kn::Plan> plan = kn::plan_kernel(*m.spec, m.problem, {}, l.options().device);
    if (!plan.ok()) continue;  // this problem is past the kernel's limits: try the next one
    if (takes_tensor_maps(*plan)) continue;  // kernel_arg cannot pass them yet
    LaunchSlots slots;
    KILN_TRY(slots.inputs, l.operand_refs(op));
    for (const auto& r : op.results()) slots.outputs.push_back(l.define(r.get()));
    for (size_t bytes : plan->scratch_bytes) {
      slots.scratch.push_back(l.scratch(static_cast<int64_t>(std::max<size_t>(bytes, 1))));
    }
    // State stays with this op's steps: zero at load, left zero by each run.
    for (size_t bytes : plan->state_bytes) {
      slots.state.push_back(l.zeroed_state(static_cast<int64_t>(bytes)));
    }
    Status s = add_plan(l, op, *m.spec, *plan, slots);
    // The launches are in stream order: later steps may take the scratch slots over.
    for (const BufferRef& r : slots.scratch) l.release(r);
    KILN_CHECK_OK(std::move(s));
    return true;
  }
  return false;
}

namespace {

Status lower_composite(Lowerer& l, const ir::Operation& op) {
  KILN_TRY(bool done, lower_on_library(l, op));
  return done ? ok_status() : lower_kiln_region(l, op);
}

struct RegisterComposites {
  RegisterComposites() {
    for (std::string_view name : ir::kKilnCompositeNames) {
      // kiln.gemm has its own lowering: cuBLASLt's epilogues (lower_gemm.cpp); kiln.attention
      // and kiln.attention_grad go to cuDNN's fused attention where they can
      // (lower_attention.cpp, lower_attention_grad.cpp).
      if (name != ir::kKilnCompositeNames[static_cast<size_t>(ir::KilnComposite::kGemm)] &&
          name != "kiln.attention" && name != "kiln.attention_grad") {
        LoweringRegistration(name, lower_composite);
      }
    }
  }
} const register_composites;

}  // namespace

}  // namespace kiln::backend::cuda
