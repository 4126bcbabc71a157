// The named composites (kiln.softmax, kiln.layer_norm, ...) on a kernel of the library
// (src/kernels/cuda) where find_kernels finds one, planned for the backend's device with its
// architecture's tuning table; else their region, fused (lower_fusion.cpp). lower_on_library
// also serves dot_general and kiln.attention where dispatch.h chooses the library's kernels.
#include <fmt/format.h>

#include <algorithm>
#include <optional>
#include <string>

#include "backend/cuda/attention_grad_layout.h"
#include "backend/cuda/dispatch.h"
#include "backend/cuda/lowerer.h"
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

// The buffer a tensor map views: the plan's input, output or scratch buffer it names.
const std::vector<BufferRef>& map_list(const ::kiln::cuda::TensorMap& m, const LaunchSlots& s) {
  switch (m.source) {
    case ::kiln::cuda::TensorMap::Source::kInput:
      return s.inputs;
    case ::kiln::cuda::TensorMap::Source::kOutput:
      return s.outputs;
    case ::kiln::cuda::TensorMap::Source::kScratch:
      return s.scratch;
  }
  return s.inputs;
}

Expected<KernelArg> kernel_arg(const Arg& a, const LaunchSlots& s, const ir::Operation& op) {
  auto at = [&](const std::vector<BufferRef>& list, int64_t i,
                const char* what) -> Expected<BufferRef> {
    if (i < 0 || static_cast<size_t>(i) >= list.size()) {
      return Error::internal(
          fmt::format("cuda lowering: {}: a library plan's {} {} is out of range",
                      Lowerer::describe(op), what, i));
    }
    return list[static_cast<size_t>(i)];
  };
  auto buffer = [&](const std::vector<BufferRef>& list, const char* what) -> Expected<KernelArg> {
    KILN_TRY(BufferRef b, at(list, a.i, what));
    return KernelArg(b);
  };
  switch (a.kind) {
    case Arg::Kind::kInput:
      return buffer(s.inputs, "input");
    case Arg::Kind::kOutput:
      return buffer(s.outputs, "output");
    case Arg::Kind::kScratch:
      return buffer(s.scratch, "scratch buffer");
    case Arg::Kind::kState:
      return buffer(s.state, "state buffer");
    case Arg::Kind::kI64:
      return KernelArg::i64(a.i);
    case Arg::Kind::kI32:
      return KernelArg::i32(static_cast<int32_t>(a.i));
    case Arg::Kind::kF32:
      return KernelArg::f32(static_cast<float>(a.f));
    case Arg::Kind::kTensorMap: {
      KILN_TRY(BufferRef b, at(map_list(a.map, s), a.map.index, "tensor map's buffer"));
      if (::kiln::cuda::tensor_map_span_bytes(a.map) > static_cast<uint64_t>(b.bytes)) {
        return Error::internal(fmt::format(
            "cuda lowering: {}: a library plan's tensor map spans {} bytes of a {}-byte buffer",
            Lowerer::describe(op), ::kiln::cuda::tensor_map_span_bytes(a.map), b.bytes));
      }
      return KernelArg::tensor_map(b, a.map);
    }
  }
  return Error::internal("cuda lowering: an unknown library kernel argument");
}

// Whether every tensor map of `plan` over an operand can be encoded where the operand lies:
// TMA wants 16-byte aligned addresses, and an operand at an offset off that (an alias into a
// tuple) cannot take a descriptor. Arena slots and scratch buffers are 256-byte aligned; an
// input's own address is checked at run time.
bool operand_maps_aligned(const kn::Plan& plan, const std::vector<BufferRef>& inputs) {
  for (const kn::Launch& launch : plan.launches) {
    for (const Arg& a : launch.args) {
      if (a.kind != Arg::Kind::kTensorMap ||
          a.map.source != ::kiln::cuda::TensorMap::Source::kInput) {
        continue;
      }
      const auto i = static_cast<size_t>(a.map.index);
      if (i < inputs.size() && inputs[i].offset % 16 != 0) return false;
    }
  }
  return true;
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

namespace {

// `plan`'s launches over `inputs` and `outputs`, with scratch slots released after them and
// state of their own (zero at load, left zero by each run).
Status add_plan_over(Lowerer& l, const ir::Operation& op, const kn::KernelSpec& spec,
                     const kn::Plan& plan, std::vector<BufferRef> inputs,
                     std::vector<BufferRef> outputs) {
  LaunchSlots slots;
  slots.inputs = std::move(inputs);
  slots.outputs = std::move(outputs);
  for (size_t bytes : plan.scratch_bytes) {
    slots.scratch.push_back(l.scratch(static_cast<int64_t>(std::max<size_t>(bytes, 1))));
  }
  for (size_t bytes : plan.state_bytes) {
    slots.state.push_back(l.zeroed_state(static_cast<int64_t>(bytes)));
  }
  Status s = add_plan(l, op, spec, plan, slots);
  // The launches are in stream order: later steps may take the scratch slots over.
  for (const BufferRef& r : slots.scratch) l.release(r);
  return s;
}

}  // namespace

Expected<bool> lower_library_plan(Lowerer& l, const ir::Operation& op, const kn::KernelSpec& spec,
                                  const kn::Plan& plan, std::vector<BufferRef> inputs) {
  if (!operand_maps_aligned(plan, inputs)) return false;
  std::vector<BufferRef> outputs;
  for (const auto& r : op.results()) outputs.push_back(l.define(r.get()));
  KILN_CHECK_OK(add_plan_over(l, op, spec, plan, std::move(inputs), std::move(outputs)));
  return true;
}

Expected<bool> lower_on_library(Lowerer& l, const ir::Operation& op,
                                const std::function<bool(const kn::KernelSpec&)>& accept) {
  for (const kn::KernelMatch& m : kn::find_kernels(op)) {
    if (accept && !accept(*m.spec)) continue;
    Expected<kn::Plan> plan = kn::plan_kernel(*m.spec, m.problem, {}, l.options().device);
    if (!plan.ok()) continue;  // this problem is past the kernel's limits: try the next one
    KILN_TRY(std::vector<BufferRef> inputs, l.operand_refs(op));
    KILN_TRY(bool done, lower_library_plan(l, op, *m.spec, *plan, std::move(inputs)));
    if (done) return true;
  }
  return false;
}

namespace {

// The flash_attention[_causal] matches of `op` with a plan for the device, in match order.
struct FlashMatch {
  const kn::KernelSpec* spec = nullptr;
  kn::Problem problem;
  kn::Plan plan;
};

std::vector<FlashMatch> flash_attention_plans(Lowerer& l, const ir::Operation& op) {
  std::vector<FlashMatch> out;
  for (const kn::KernelMatch& m : kn::find_kernels(op)) {
    if (m.spec->name != "flash_attention" && m.spec->name != "flash_attention_causal") continue;
    Expected<kn::Plan> plan = kn::plan_kernel(*m.spec, m.problem, {}, l.options().device);
    if (plan.ok()) out.push_back(FlashMatch{m.spec, m.problem, std::move(*plan)});
  }
  return out;
}

DispatchProblem dispatch_problem(const FlashMatch& m) {
  const kn::Shape& s = m.problem.shape;  // [B, Hq, Hkv, Sq, Skv, D]
  return {"attention",
          m.problem.dtype,
          {{"batch", s[0]},
           {"heads", s[1]},
           {"kv_heads", s[2]},
           {"seq_q", s[3]},
           {"seq_kv", s[4]},
           {"head_dim", s[5]},
           {"causal", m.spec->name == "flash_attention_causal" ? 1 : 0}}};
}

}  // namespace

Expected<bool> lower_attention_on_library(Lowerer& l, const ir::Operation& op,
                                          const std::string& cudnn_refuses) {
  // A backward on cuDNN reads the forward's row statistics, which only cuDNN's forward writes.
  if (cudnn_attention_grad_of(op) != nullptr) return false;
  // The first match whose plan the operands can take (TMA refuses unaligned ones).
  for (const FlashMatch& m : flash_attention_plans(l, op)) {
    const DispatchProblem problem = dispatch_problem(m);
    std::string reason = "cuDNN refuses it: " + cudnn_refuses;
    if (cudnn_refuses.empty()) {
      const DispatchChoice choice = choose_implementation(problem, l.options());
      if (choice.implementation == Implementation::kVendor) return false;
      reason = choice.reason;
    }
    KILN_TRY(std::vector<BufferRef> inputs, l.operand_refs(op));
    KILN_TRY(bool done, lower_library_plan(l, op, *m.spec, m.plan, std::move(inputs)));
    if (!done) continue;
    l.note(fmt::format("{}: library {} ({}; {})", Lowerer::describe(op), m.spec->name,
                       problem.key(), reason));
    return true;
  }
  return false;
}

Expected<bool> lower_attention_fallback_on_library(Lowerer& l, const ir::Operation& op,
                                                   const std::vector<BufferRef>& args,
                                                   const BufferRef& out, Program& fallback) {
  for (const FlashMatch& m : flash_attention_plans(l, op)) {
    if (!operand_maps_aligned(m.plan, args)) continue;
    Program* main = l.redirect(&fallback);
    Status s = add_plan_over(l, op, *m.spec, m.plan, args, {out});
    l.redirect(main);
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
