// Finding the runs of element-wise ops in a region plan, and running a fused chain by blocks.
#include "interp/elementwise_chain.h"

#include <algorithm>
#include <cstring>
#include <memory>
#include <unordered_map>
#include <unordered_set>

#include "interp/ops/op_helpers.h"
#include "interp/region_plan.h"

namespace kiln::interp {

namespace {

// Temporaries start on cache lines, so that two of them never share one.
constexpr size_t kTempAlign = 64;
// The largest rank a chain takes (broadcasts keep a multi-index of this size).
constexpr int64_t kMaxRank = 16;

bool static_tensor(const ir::Type& t) { return t.is_tensor() && t.is_static(); }

// Whether every operand of step `s` is a value of the block computed before it.
bool local_operands(const RegionPlan& plan, const PlanStep& step) {
  for (uint32_t k = step.operands_begin; k < step.operands_end; ++k) {
    if (plan.operands[k].kind != OperandSlot::kLocal) return false;
  }
  return true;
}

// The shape step `s` gives a chain it joins, or nullptr when it cannot join one: a
// broadcast_in_dim or an op with a kernel whose operands have its result's shape.
const std::vector<int64_t>* member_shape(const RegionPlan& plan, const PlanStep& step) {
  static const ir::OpId kBroadcast = ir::OpId::of("stablehlo.broadcast_in_dim");
  const ir::Operation& op = *step.op;
  if (step.terminator || step.dequantize || op.num_results() != 1 || op.num_regions() != 0 ||
      !local_operands(plan, step)) {
    return nullptr;
  }
  const ir::Type& result = op.result(0)->type();
  if (!static_tensor(result) || result.rank() > kMaxRank) return nullptr;
  if (op.id() == kBroadcast) {
    return op.num_operands() == 1 && static_tensor(op.operand(0)->type()) ? &result.shape()
                                                                          : nullptr;
  }
  if (!elementwise_kernel(op)) return nullptr;
  for (const ir::Value* v : op.operands()) {
    if (v->type().shape() != result.shape()) return nullptr;
  }
  return &result.shape();
}

// Element strides of `operand` read at each index of broadcast_in_dim's result (spec:
// operand dimension k maps to result dimension dims[k]; size-1 dimensions repeat).
std::vector<int64_t> broadcast_strides(const ir::Operation& op) {
  const ir::Type& operand = op.operand(0)->type();
  std::vector<int64_t> dims = attr_ints(op, "broadcast_dimensions");
  std::vector<int64_t> strides(static_cast<size_t>(op.result(0)->type().rank()), 0);
  int64_t stride = 1;
  for (size_t k = operand.shape().size(); k-- > 0;) {
    if (operand.shape()[k] != 1) strides[static_cast<size_t>(dims[k])] = stride;
    stride *= operand.shape()[k];
  }
  return strides;
}

// Builds the chain of the member steps of one run.
class ChainBuilder {
 public:
  ChainBuilder(const ir::Block& block, const RegionPlan& plan, std::span<const uint32_t> members)
      : block_(block), plan_(plan) {
    for (uint32_t s : members) member_ops_.insert(plan.steps[s].op);
  }

  std::unique_ptr<ElementwiseChain> build(std::span<const uint32_t> members) {
    chain_ = std::make_unique<ElementwiseChain>();
    const ir::Type& type = plan_.steps[members.front()].op->result(0)->type();
    chain_->shape = type.shape();
    chain_->num_elements = type.num_elements().value_or(0);
    chain_->block = std::clamp<int64_t>(chain_->num_elements, 1, kKernelBlock);
    for (uint32_t s : members) add_member(plan_.steps[s]);
    return std::move(chain_);
  }

 private:
  // The chain value of an operand, made an input the first time it is read.
  uint32_t operand_value(const ir::Value* v) {
    auto it = index_.find(v);
    if (it != index_.end()) return it->second;
    ChainValue in;
    in.source = ChainValue::kInput;
    in.slot = plan_.slot_of.at(v).slot;
    in.element_bytes = static_cast<size_t>(v->type().element().storage_bytes());
    return add_value(v, std::move(in));
  }

  uint32_t add_value(const ir::Value* v, ChainValue value) {
    auto index = static_cast<uint32_t>(chain_->values.size());
    // Computed outputs are written straight into their tensors; broadcasts are gathered into
    // a temporary even when they are outputs too.
    bool temporary = value.source == ChainValue::kBroadcast || !value.output;
    if (value.source != ChainValue::kInput && temporary) {
      value.temp_offset = chain_->temp_bytes;
      size_t bytes = static_cast<size_t>(chain_->block) * value.element_bytes;
      chain_->temp_bytes += (bytes + kTempAlign - 1) / kTempAlign * kTempAlign;
    }
    chain_->values.push_back(std::move(value));
    index_[v] = index;
    return index;
  }

  // Whether a user outside the chain (a later op, the terminator, a nested region) reads v.
  bool used_outside(const ir::Value* v) const {
    for (const ir::Use& use : v->uses()) {
      if (use.user->parent_block() != &block_ || !member_ops_.count(use.user)) return true;
    }
    return false;
  }

  void add_member(const PlanStep& step) {
    static const ir::OpId kBroadcast = ir::OpId::of("stablehlo.broadcast_in_dim");
    const ir::Operation& op = *step.op;
    const ir::Value* result = op.result(0);
    ChainValue value;
    value.output_slot = step.first_result;
    value.output = used_outside(result);
    value.element_bytes = static_cast<size_t>(result->type().element().storage_bytes());
    value.type = &result->type();
    if (op.id() == kBroadcast) {
      value.source = ChainValue::kBroadcast;
      value.slot = plan_.slot_of.at(op.operand(0)).slot;
      value.source_strides = broadcast_strides(op);
      value.invariant = std::all_of(value.source_strides.begin(), value.source_strides.end(),
                                    [](int64_t s) { return s == 0; });
      add_value(result, std::move(value));
      return;
    }
    ChainOp chain_op;
    chain_op.kernel = *elementwise_kernel(op);
    chain_op.arity = static_cast<uint32_t>(op.num_operands());
    for (uint32_t k = 0; k < chain_op.arity; ++k) chain_op.inputs[k] = operand_value(op.operand(k));
    value.source = ChainValue::kComputed;
    chain_op.result = add_value(result, std::move(value));
    chain_->ops.push_back(chain_op);
  }

  const ir::Block& block_;
  const RegionPlan& plan_;
  std::unordered_set<const ir::Operation*> member_ops_;
  std::unordered_map<const ir::Value*, uint32_t> index_;
  std::unique_ptr<ElementwiseChain> chain_;
};

// The run being gathered while plan_chains walks the steps.
struct Run {
  const std::vector<int64_t>* shape = nullptr;
  std::vector<uint32_t> members;
  std::vector<uint32_t> constants;
  std::unordered_set<const ir::Operation*> member_ops;
};

// Fuses `run` when it has two members or more.
void close_run(const ir::Block& block, RegionPlan& plan, Run& run) {
  if (run.members.size() >= 2) {
    const uint32_t first = run.members.front(), last = run.members.back();
    auto chain = ChainBuilder(block, plan, run.members).build(run.members);
    for (uint32_t c : run.constants) {
      if (c < last) chain->outside_.push_back(c);
    }
    plan.steps[first].chain = chain.get();
    plan.steps[first].chain_end = last + 1;
    plan.chains.push_back(std::move(chain));
  }
  run = Run{};
}

// Whether step `step` may join `run`: the same shape, and a broadcast reads no member.
bool joins(const Run& run, const PlanStep& step, const std::vector<int64_t>& shape) {
  static const ir::OpId kBroadcast = ir::OpId::of("stablehlo.broadcast_in_dim");
  if (!run.shape || *run.shape != shape) return false;
  if (step.op->id() != kBroadcast) return true;
  const ir::Operation* source = step.op->operand(0)->defining_op();
  return !source || !run.member_ops.count(source);
}

// Copies the elements [begin, begin + n) of a broadcast_in_dim result from `src` into `dst`,
// a row of the last dimension at a time.
void gather_broadcast(const ChainValue& v, std::span<const int64_t> shape, const std::byte* src,
                      int64_t begin, int64_t n, std::byte* dst) {
  const size_t bytes = v.element_bytes;
  const size_t rank = shape.size();
  if (rank == 0) {
    std::memcpy(dst, src, bytes);
    return;
  }
  int64_t index[kMaxRank] = {};
  for (size_t d = rank, rem = static_cast<size_t>(begin); d-- > 0;) {
    index[d] = static_cast<int64_t>(rem % static_cast<size_t>(shape[d]));
    rem /= static_cast<size_t>(shape[d]);
  }
  const int64_t inner = v.source_strides[rank - 1];
  for (int64_t done = 0; done < n;) {
    int64_t offset = 0;
    for (size_t d = 0; d < rank; ++d) offset += index[d] * v.source_strides[d];
    int64_t row = std::min(shape[rank - 1] - index[rank - 1], n - done);
    const std::byte* from = src + static_cast<size_t>(offset) * bytes;
    std::byte* to = dst + static_cast<size_t>(done) * bytes;
    if (inner == 1) {
      std::memcpy(to, from, static_cast<size_t>(row) * bytes);
    } else if (inner == 0) {  // one element repeated along the row: fill by doubling
      const size_t total = static_cast<size_t>(row) * bytes;
      std::memcpy(to, from, bytes);
      for (size_t filled = bytes; filled < total; filled *= 2) {
        std::memcpy(to + filled, to, std::min(filled, total - filled));
      }
    } else {
      for (int64_t k = 0; k < row; ++k) {
        std::memcpy(to + static_cast<size_t>(k) * bytes, from + k * inner * static_cast<int64_t>(bytes), bytes);
      }
    }
    done += row;
    index[rank - 1] += row - 1;
    for (size_t d = rank; d-- > 0;) {  // step to the next row
      if (++index[d] < shape[d]) break;
      index[d] = 0;
    }
  }
}

// Where each value of a chain lives for the whole run: inputs and outputs' tensors.
struct ChainBuffers {
  std::vector<const std::byte*> input;  // kInput, kBroadcast
  std::vector<std::byte*> output;       // outputs
};

// Runs the chain on the elements [begin, end), a block at a time, with this thread's
// temporaries.
void run_range(const ElementwiseChain& c, const ChainBuffers& buffers, int64_t begin,
               int64_t end) {
  std::unique_ptr<std::byte[]> temp(new std::byte[std::max<size_t>(c.temp_bytes, 1)]);
  const size_t count = c.values.size();
  std::vector<std::byte*> at(count, nullptr);
  for (size_t i = 0; i < count; ++i) {
    const ChainValue& v = c.values[i];
    if (v.source != ChainValue::kInput) at[i] = temp.get() + v.temp_offset;
    if (v.invariant) {  // one element repeated: the same in every block
      const size_t total = static_cast<size_t>(std::min(c.block, end - begin)) * v.element_bytes;
      std::memcpy(at[i], buffers.input[i], v.element_bytes);
      for (size_t filled = v.element_bytes; filled < total; filled *= 2) {
        std::memcpy(at[i] + filled, at[i], std::min(filled, total - filled));
      }
    }
  }
  for (int64_t b = begin; b < end; b += c.block) {
    const int64_t n = std::min(c.block, end - b);
    for (size_t i = 0; i < count; ++i) {
      const ChainValue& v = c.values[i];
      const size_t offset = static_cast<size_t>(b) * v.element_bytes;
      if (v.source == ChainValue::kInput) {
        at[i] = const_cast<std::byte*>(buffers.input[i]) + offset;  // read only
      } else if (v.source == ChainValue::kBroadcast) {
        if (!v.invariant) gather_broadcast(v, c.shape, buffers.input[i], b, n, at[i]);
        if (v.output) std::memcpy(buffers.output[i] + offset, at[i], static_cast<size_t>(n) * v.element_bytes);
      } else if (v.output) {
        at[i] = buffers.output[i] + offset;
      }
    }
    for (const ChainOp& op : c.ops) {
      const std::byte* in[3] = {at[op.inputs[0]], at[op.inputs[1]], at[op.inputs[2]]};
      op.kernel.fn(op.kernel.params, in, at[op.result], n);
    }
  }
}

}  // namespace

Status run_chain(const ElementwiseChain& chain, RuntimeValue* slots) {
  ChainBuffers buffers;
  buffers.input.resize(chain.values.size(), nullptr);
  buffers.output.resize(chain.values.size(), nullptr);
  for (size_t i = 0; i < chain.values.size(); ++i) {
    const ChainValue& v = chain.values[i];
    if (v.source != ChainValue::kComputed) buffers.input[i] = slots[v.slot].tensor().raw();
  }
  for (size_t i = 0; i < chain.values.size(); ++i) {
    const ChainValue& v = chain.values[i];
    if (!v.output) continue;
    KILN_TRY(Tensor out, Tensor::allocate(*v.type));
    buffers.output[i] = out.raw();
    slots[v.output_slot] = std::move(out);
  }
  // Enough blocks per thread that starting it pays.
  parallel_for(chain.num_elements, kParallelGrain, [&](int64_t begin, int64_t end) {
    run_range(chain, buffers, begin, end);
  });
  return ok_status();
}

void plan_chains(const ir::Block& block, RegionPlan& plan) {
  static const ir::OpId kConstant = ir::OpId::of("stablehlo.constant");
  Run run;
  for (uint32_t s = 0; s < plan.steps.size(); ++s) {
    const PlanStep& step = plan.steps[s];
    if (run.shape && step.op->id() == kConstant && step.op->num_operands() == 0) {
      run.constants.push_back(s);
      continue;
    }
    const std::vector<int64_t>* shape = member_shape(plan, step);
    if (!shape || !joins(run, step, *shape)) {
      close_run(block, plan, run);
      if (!shape) continue;
      run.shape = shape;
    }
    run.members.push_back(s);
    run.member_ops.insert(step.op);
  }
  close_run(block, plan, run);
}

}  // namespace kiln::interp
