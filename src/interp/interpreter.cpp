// The interpreter's driver: functions, regions, value environments, op dispatch.
#include "interp/interpreter.h"

#include <fmt/format.h>

#include <unordered_map>
#include <vector>

#include "interp/elementwise_chain.h"
#include "interp/quantized.h"
#include "interp/region_plan.h"
#include "ir/op_info.h"

namespace kiln::interp {

namespace {

// Indexed by ir::OpId::index(); filled by static registrations before main() runs, read-only
// afterwards.
std::vector<InterpFn>& interp_table() {
  static std::vector<InterpFn> table;
  return table;
}

// Deep enough for any program JAX writes (it never recurses), shallow enough that a recursive
// program stops with an error, not a stack overflow, under AddressSanitizer (large frames) too.
constexpr int kMaxCallDepth = 256;

}  // namespace

InterpRegistration::InterpRegistration(std::string_view op_name, InterpFn fn) {
  uint32_t index = ir::OpId::of(op_name).index();
  std::vector<InterpFn>& table = interp_table();
  if (table.size() <= index) table.resize(index + 1, nullptr);
  // The first registration of a name wins, as with the map this table replaced.
  if (!table[index]) table[index] = fn;
}

InterpFn lookup_interp(ir::OpId op) {
  const std::vector<InterpFn>& table = interp_table();
  return op.index() < table.size() ? table[op.index()] : nullptr;
}

InterpFn lookup_interp(std::string_view op_name) { return lookup_interp(ir::OpId::of(op_name)); }

Error op_error(const ir::Operation& op, std::string_view message) {
  std::string text = "'" + op.name() + "' ";
  text.append(message);
  return Error::invalid_argument(format_diagnostic(op.location(), text));
}

Error op_unsupported(const ir::Operation& op, std::string_view message) {
  return Error::unimplemented(op_error(op, message).message());
}

struct Interpreter::Frame {
  std::vector<RuntimeValue> slots;
  std::vector<RuntimeValue> operands;
};

namespace {

// Lends a frame from the interpreter's free list for one run of a region and returns it
// emptied, so that a loop body reuses the same slots instead of allocating them each time.
template <class Frame>
class FrameLease {
 public:
  explicit FrameLease(std::vector<std::unique_ptr<Frame>>& free) : free_(free) {
    if (free.empty()) {
      frame_ = std::make_unique<Frame>();
    } else {
      frame_ = std::move(free.back());
      free.pop_back();
    }
  }
  ~FrameLease() {
    frame_->slots.clear();
    frame_->operands.clear();
    free_.push_back(std::move(frame_));
  }
  FrameLease(const FrameLease&) = delete;
  FrameLease& operator=(const FrameLease&) = delete;
  Frame& operator*() { return *frame_; }

 private:
  std::vector<std::unique_ptr<Frame>>& free_;
  std::unique_ptr<Frame> frame_;
};

}  // namespace

Interpreter::Interpreter(const ir::Module& module, Options options)
    : module_(module),
      options_(options),
      deadline_(std::chrono::steady_clock::now() +
                std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                    options.time_limit)) {}

Status Interpreter::check_time_limit(const ir::Operation& op) const {
  if (options_.time_limit.count() <= 0 || std::chrono::steady_clock::now() < deadline_) {
    return ok_status();
  }
  return Error::unavailable(format_diagnostic(
      op.location(), "'" + op.name() + "' run stopped: it took longer than its time limit of " +
                         fmt::format("{:g}", options_.time_limit.count()) + " s"));
}

Interpreter::~Interpreter() = default;

const ir::Operation* Interpreter::lookup_function(std::string_view name) const {
  return module_.lookup_function(name);
}

const ir::Operation* Interpreter::entry_function(std::string_view name) const {
  if (!name.empty()) return lookup_function(name);
  if (const ir::Operation* f = lookup_function("main")) return f;
  auto functions = module_.functions();
  return functions.size() == 1 ? functions[0] : nullptr;
}

Expected<std::vector<RuntimeValue>> Interpreter::run(std::string_view name,
                                                     std::vector<RuntimeValue> args) {
  const ir::Operation* f = entry_function(name);
  if (!f) {
    if (!name.empty()) return Error::not_found("interp: no function @" + std::string(name) + " in module");
    return Error::invalid_argument("interp: the module has no @main and more than one function; name one");
  }
  return call(*f, args);
}

Expected<std::vector<RuntimeValue>> Interpreter::call(const ir::Operation& func,
                                                      std::span<const RuntimeValue> args) {
  if (++depth_ > kMaxCallDepth) {
    --depth_;
    return Error::invalid_argument(format_diagnostic(func.location(), "interp: call depth exceeds " +
                                                        std::to_string(kMaxCallDepth)));
  }
  // Functions are isolated from above: the callee sees none of the caller's values.
  Scope* saved = outer_;
  outer_ = nullptr;
  auto result = run_region(func.region(0), args);
  outer_ = saved;
  --depth_;
  return result;
}

const RegionPlan& Interpreter::plan_of(const ir::Region& region) {
  std::unique_ptr<RegionPlan>& plan = plans_[&region];
  if (!plan) plan = plan_block(region.front(), options_.fast_paths);
  return *plan;
}

const RuntimeValue* Interpreter::find_captured(const ir::Value* v) const {
  for (const Scope* e = outer_; e; e = e->parent) {
    auto it = e->plan->slot_of.find(v);
    if (it == e->plan->slot_of.end()) continue;
    const SlotOf& where = it->second;
    if (where.step != SlotOf::kArgument && where.step >= e->step) return nullptr;
    return &e->slots[where.slot];
  }
  return nullptr;
}

// Runs step `s`, an op that is not the terminator, storing its results in their slots.
Status Interpreter::run_step(const RegionPlan& plan, uint32_t s, Scope& scope, Frame& frame) {
  const PlanStep& step = plan.steps[s];
  const ir::Operation& op = *step.op;
  if (step.constant_known) {
    frame.slots[step.first_result] = step.constant_value;
    return ok_status();
  }
  std::vector<RuntimeValue>& operands = frame.operands;
  operands.clear();
  for (uint32_t k = step.operands_begin; k < step.operands_end; ++k) {
    const OperandSlot& ref = plan.operands[k];
    if (ref.kind == OperandSlot::kLocal) {
      operands.push_back(frame.slots[ref.index]);
      continue;
    }
    // Values of enclosing regions (StableHLO regions may capture them) are read through
    // the scopes that run_region keeps in `outer_`.
    const RuntimeValue* outer =
        ref.kind == OperandSlot::kCaptured ? find_captured(plan.captured[ref.index]) : nullptr;
    if (!outer) return op_error(op, "uses a value that has not been computed");
    operands.push_back(*outer);
  }
  if (!step.fn) return op_unsupported(op, "is not supported by the interpreter yet");
  scope.step = s;
  Scope* saved = outer_;
  outer_ = &scope;
  // Spec: ops on quantized tensors compute on their dequantized values
  // (dequantize_op_quantize); data movement works on the storage as it is.
  auto results = step.dequantize ? run_dequantized(*this, op, step.fn, operands)
                                 : step.fn(*this, op, operands);
  outer_ = saved;
  operands.clear();
  if (!results.ok()) return results.take_error();
  if (results->size() != op.num_results()) {
    return op_error(op, "produced " + std::to_string(results->size()) + " values for " +
                            std::to_string(op.num_results()) + " results");
  }
  // Large literals are left to be rebuilt: keeping them would double their memory for the
  // whole run, and they are rare inside loop bodies, where the cache pays.
  constexpr size_t kCachedConstantBytes = size_t{1} << 20;
  if (step.constant && (*results)[0].is_tensor() &&
      (*results)[0].tensor().size_bytes() <= kCachedConstantBytes) {
    step.constant_value = (*results)[0];
    step.constant_known = true;
  }
  for (size_t i = 0; i < results->size(); ++i) {
    frame.slots[step.first_result + i] = std::move((*results)[i]);
  }
  return ok_status();
}

// Runs the fused chain that starts at step `s`: first the ops of its range that are not
// part of it (constants, which read nothing), then the chain itself.
Status Interpreter::run_fused(const RegionPlan& plan, uint32_t s, Scope& scope, Frame& frame) {
  const PlanStep& first = plan.steps[s];
  for (uint32_t pre : first.chain->outside_steps()) KILN_CHECK_OK(run_step(plan, pre, scope, frame));
  return run_chain(*first.chain, frame.slots.data());
}

Expected<std::vector<RuntimeValue>> Interpreter::run_region(const ir::Region& region,
                                                            std::span<const RuntimeValue> args) {
  const ir::Block& block = region.front();
  if (args.size() != block.num_arguments()) {
    return Error::invalid_argument("interp: region expects " + std::to_string(block.num_arguments()) +
                 " arguments, got " + std::to_string(args.size()));
  }
  const RegionPlan& plan = plan_of(region);
  FrameLease<Frame> lease(free_frames_);
  Frame& frame = *lease;
  frame.slots.resize(plan.num_slots);
  for (size_t i = 0; i < args.size(); ++i) frame.slots[i] = args[i];
  Scope scope{&plan, frame.slots.data(), 0, outer_};
  const auto num_steps = static_cast<uint32_t>(plan.steps.size());
  for (uint32_t s = 0; s < num_steps;) {
    const PlanStep& step = plan.steps[s];
    uint32_t next = s + 1;
    if (step.chain) {
      KILN_CHECK_OK(run_fused(plan, s, scope, frame));
      next = step.chain_end;
    } else if (step.terminator) {
      std::vector<RuntimeValue> results;
      results.reserve(step.operands_end - step.operands_begin);
      for (uint32_t k = step.operands_begin; k < step.operands_end; ++k) {
        const OperandSlot& ref = plan.operands[k];
        const RuntimeValue* v = ref.kind == OperandSlot::kLocal ? &frame.slots[ref.index]
                                : ref.kind == OperandSlot::kCaptured
                                    ? find_captured(plan.captured[ref.index])
                                    : nullptr;
        if (!v) return op_error(*step.op, "uses a value that has not been computed");
        results.push_back(*v);
      }
      return results;
    } else {
      KILN_CHECK_OK(run_step(plan, s, scope, frame));
    }
    for (uint32_t r = s; r < next; ++r) {
      const PlanStep& done = plan.steps[r];
      for (uint32_t k = done.releases_begin; k < done.releases_end; ++k) {
        frame.slots[plan.releases[k]] = RuntimeValue();
      }
    }
    s = next;
  }
  return Error::invalid_argument("interp: region has no terminator");
}

}  // namespace kiln::interp
