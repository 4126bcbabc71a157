// How the interpreter runs one block, worked out once per region: its values numbered into
// dense slots, each op's operands resolved to slots, the slots each op leaves dead, and the
// element-wise chains that run fused (elementwise_chain.h).
#pragma once

#include <cstdint>
#include <memory>
#include <unordered_map>
#include <vector>

#include "interp/interpreter.h"

namespace kiln::interp {

class ElementwiseChain;

// Where an operand's value comes from when the op runs.
struct OperandSlot {
  enum Kind : uint8_t {
    kLocal,       // a value of this block: `index` is its slot
    kCaptured,    // a value of an enclosing region: `index` into RegionPlan::captured
    kUncomputed,  // a value of this block defined by this op or a later one: an error
  };
  Kind kind = kLocal;
  uint32_t index = 0;
};

// One op of the block.
struct PlanStep {
  const ir::Operation* op = nullptr;
  InterpFn fn = nullptr;  // null for the terminator and for ops the interpreter lacks
  bool terminator = false;
  bool dequantize = false;  // runs through run_dequantized (quantized.h)
  // stablehlo.constant: its value, kept from its first run (tensors are never written after
  // they are made, so every run can share it).
  bool constant = false;
  mutable RuntimeValue constant_value;
  mutable bool constant_known = false;
  uint32_t operands_begin = 0, operands_end = 0;  // into RegionPlan::operands
  uint32_t first_result = 0;                      // results take consecutive slots
  uint32_t releases_begin = 0, releases_end = 0;  // into RegionPlan::releases
  // Set on the first step of a fused chain, which covers the steps up to chain_end.
  const ElementwiseChain* chain = nullptr;
  uint32_t chain_end = 0;
};

// A value's slot and the step that defines it (arguments: kArgument).
struct SlotOf {
  static constexpr uint32_t kArgument = UINT32_MAX;
  uint32_t slot;
  uint32_t step;
};

struct RegionPlan {
  std::vector<PlanStep> steps;
  std::vector<OperandSlot> operands;
  std::vector<const ir::Value*> captured;
  // Slots whose value no later step reads (nor a region of one): dropped after their step,
  // so that memory is returned as soon as a tensor is dead.
  std::vector<uint32_t> releases;
  uint32_t num_slots = 0;
  // Every value of the block, for nested regions that capture them.
  std::unordered_map<const ir::Value*, SlotOf> slot_of;
  std::vector<std::unique_ptr<ElementwiseChain>> chains;

  RegionPlan();
  ~RegionPlan();
  RegionPlan(const RegionPlan&) = delete;
  RegionPlan& operator=(const RegionPlan&) = delete;
};

// The plan of `block`; with `fuse_chains`, runs of element-wise ops are fused into chains.
// Never fails: what cannot run fails when its step is reached, as op-by-op evaluation would.
std::unique_ptr<RegionPlan> plan_block(const ir::Block& block, bool fuse_chains);

}  // namespace kiln::interp
