// Numbering a block's values into slots once, so that running it needs no map of values.
#include "interp/region_plan.h"

#include <algorithm>

#include "interp/elementwise_chain.h"
#include "interp/quantized.h"
#include "ir/op_info.h"

namespace kiln::interp {

RegionPlan::RegionPlan() = default;
RegionPlan::~RegionPlan() = default;

namespace {

constexpr uint32_t kNever = UINT32_MAX;

// The step of the op of `block` that is `op` or holds it in one of its regions; kNever when
// there is none (a use outside the block, which keeps the value alive to the end).
uint32_t step_holding(const ir::Operation* op, const ir::Block& block,
                      const std::unordered_map<const ir::Operation*, uint32_t>& step_of) {
  while (op && op->parent_block() != &block) op = op->parent_op();
  if (!op) return kNever;
  auto it = step_of.find(op);
  return it == step_of.end() ? kNever : it->second;
}

// The last step that reads `v`, its defining step when none does; kNever when the terminator
// or a use outside the block reads it (the value must live to the end).
uint32_t last_use(const ir::Value* v, uint32_t def_step, const ir::Block& block,
                  const std::unordered_map<const ir::Operation*, uint32_t>& step_of,
                  uint32_t terminator_step) {
  uint32_t last = def_step;
  for (const ir::Use& use : v->uses()) {
    uint32_t s = step_holding(use.user, block, step_of);
    if (s == kNever || s == terminator_step) return kNever;
    last = std::max(last, s);
  }
  return last;
}

void resolve_operands(const ir::Operation& op, uint32_t step, RegionPlan& plan) {
  for (const ir::Value* v : op.operands()) {
    OperandSlot ref;
    auto it = plan.slot_of.find(v);
    if (it == plan.slot_of.end()) {
      ref.kind = OperandSlot::kCaptured;
      ref.index = static_cast<uint32_t>(plan.captured.size());
      plan.captured.push_back(v);
    } else if (it->second.step != SlotOf::kArgument && it->second.step >= step) {
      ref.kind = OperandSlot::kUncomputed;
    } else {
      ref.index = it->second.slot;
    }
    plan.operands.push_back(ref);
  }
}

// Groups the slots dead after each step into the steps' release ranges.
void assign_releases(const ir::Block& block, RegionPlan& plan,
                     const std::unordered_map<const ir::Operation*, uint32_t>& step_of) {
  const auto n = static_cast<uint32_t>(plan.steps.size());
  const uint32_t terminator = n == 0 ? kNever : n - 1;
  std::vector<std::vector<uint32_t>> dead(n);
  for (const auto& [value, where] : plan.slot_of) {
    uint32_t def = where.step == SlotOf::kArgument ? 0 : where.step;
    uint32_t last = last_use(value, def, block, step_of, terminator);
    if (last != kNever && last < n) dead[last].push_back(where.slot);
  }
  for (uint32_t s = 0; s < n; ++s) {
    std::sort(dead[s].begin(), dead[s].end());
    plan.steps[s].releases_begin = static_cast<uint32_t>(plan.releases.size());
    plan.releases.insert(plan.releases.end(), dead[s].begin(), dead[s].end());
    plan.steps[s].releases_end = static_cast<uint32_t>(plan.releases.size());
  }
}

}  // namespace

std::unique_ptr<RegionPlan> plan_block(const ir::Block& block, bool fuse_chains) {
  auto plan = std::make_unique<RegionPlan>();
  const auto& ops = block.operations();
  // A plan is made on every run of a program (each run has its own interpreter), so it
  // avoids rehashing: small programs would otherwise pay more to plan than to run.
  plan->slot_of.reserve(block.num_arguments() + ops.size() * 2);
  plan->steps.reserve(ops.size());
  for (size_t i = 0; i < block.num_arguments(); ++i) {
    plan->slot_of[block.argument(i)] = {plan->num_slots++, SlotOf::kArgument};
  }
  std::unordered_map<const ir::Operation*, uint32_t> step_of;
  step_of.reserve(ops.size());
  for (uint32_t s = 0; s < ops.size(); ++s) {
    const ir::Operation& op = *ops[s];
    step_of[&op] = s;
    for (const auto& r : op.results()) plan->slot_of[r.get()] = {plan->num_slots++, s};
  }
  uint32_t next_result = static_cast<uint32_t>(block.num_arguments());
  for (uint32_t s = 0; s < ops.size(); ++s) {
    const ir::Operation& op = *ops[s];
    PlanStep step;
    step.op = &op;
    step.terminator = op.info() && (op.info()->traits & ir::kTerminator);
    if (!step.terminator) {
      step.fn = lookup_interp(op.id());
      step.dequantize = needs_dequantize(op);
      static const ir::OpId kConstant = ir::OpId::of("stablehlo.constant");
      step.constant = op.id() == kConstant && op.num_operands() == 0 && op.num_results() == 1;
    }
    step.operands_begin = static_cast<uint32_t>(plan->operands.size());
    resolve_operands(op, s, *plan);
    step.operands_end = static_cast<uint32_t>(plan->operands.size());
    step.first_result = next_result;
    next_result += static_cast<uint32_t>(op.num_results());
    plan->steps.push_back(step);
  }
  assign_releases(block, *plan, step_of);
  if (fuse_chains) plan_chains(block, *plan);
  return plan;
}

}  // namespace kiln::interp
