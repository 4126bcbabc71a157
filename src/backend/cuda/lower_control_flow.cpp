// while, if, case and func.call, and the check dialect's expectations. Run step by step,
// loops and branches are driven from the host (the predicate or index read back each time);
// in a CUDA graph they are conditional nodes whose condition a one-thread kernel sets on the
// device (executable.cpp). Calls are inlined.
#include <fmt/format.h>

#include <algorithm>
#include <cstdlib>
#include <map>
#include <set>
#include <string_view>

#include "backend/cuda/codegen/device_loop.h"
#include "backend/cuda/codegen/emitter.h"
#include "backend/cuda/lowerer.h"

namespace kiln::backend::cuda {

namespace {

// The kernels that set a conditional graph node's condition from a value on the device
// (cudaGraphSetConditional, which the driver provides at module load).
constexpr const char* kConditionPrelude = R"(
typedef unsigned long long kiln_graph_condition;
extern "C" __device__ void cudaGraphSetConditional(kiln_graph_condition handle, unsigned int value);
)";

// The branch an if (i1: true is branch 0) or a case (i32; out of range: the last) takes.
int branch_condition_module(Lowerer& l) {
  return l.add_library_module("kiln.branch_condition", std::string(kConditionPrelude) + R"(
extern "C" __global__ void kiln_branch_condition(kiln_graph_condition h, const void* selector,
                                                 int is_pred, int branches) {
  int b;
  if (is_pred) {
    b = *static_cast<const bool*>(selector) ? 0 : 1;
  } else {
    b = *static_cast<const int*>(selector);
    if (b < 0 || b >= branches) b = branches - 1;
  }
  cudaGraphSetConditional(h, static_cast<unsigned>(b));
}
)", "kiln_branch_condition", {});
}

bool same(const BufferRef& a, const BufferRef& b) {
  return a.space == b.space && a.offset == b.offset && a.input == b.input;
}

// Whether an op's results may share an operand's bytes (an alias, or a region that returns its
// argument) rather than always being fresh slots.
bool may_alias_operands(const ir::Operation& op) {
  static const std::set<std::string_view> kFresh = {
      "stablehlo.while", "stablehlo.if", "stablehlo.case", "stablehlo.reduce",
      "stablehlo.sort", "stablehlo.scatter", "stablehlo.reduce_window", "stablehlo.map",
      "stablehlo.select_and_scatter"};
  if (kFresh.count(op.name())) return false;
  static const std::set<std::string_view> kAliasing = {
      "stablehlo.reshape", "stablehlo.optimization_barrier", "stablehlo.bitcast_convert",
      "stablehlo.custom_call", "func.call", "stablehlo.composite", "stablehlo.get_tuple_element",
      "stablehlo.tuple"};
  return kAliasing.count(op.name()) || op.num_regions() > 0 || op.name().starts_with("interpreter.");
}

}  // namespace

std::vector<BufferRef> carry_back(Lowerer& l, WhileStep& w, const std::vector<BufferRef>& next,
                                  const std::vector<BufferRef>& state) {
  // A result that is another state slot (or an outer value) goes through a temporary first,
  // so that the copies back into the state never read a slot already overwritten.
  std::vector<BufferRef> temps;
  for (size_t i = 0; i < next.size(); ++i) {
    if (same(next[i], state[i])) continue;
    bool is_state = false;
    for (const BufferRef& s : state) is_state = is_state || same(s, next[i]);
    BufferRef src = next[i];
    if (is_state || src.space == BufferRef::Space::kConstants) {
      BufferRef t = l.scratch(state[i].bytes);
      w.body->steps.push_back(CopyStep{src, t});
      temps.push_back(t);
      src = t;
    }
    w.next.push_back(CopyStep{src, state[i]});
  }
  return temps;
}

int while_condition_module(Lowerer& l) {
  return l.add_library_module("kiln.while_condition", std::string(kConditionPrelude) + R"(
extern "C" __global__ void kiln_while_condition(kiln_graph_condition h, const bool* pred) {
  cudaGraphSetConditional(h, *pred ? 1u : 0u);
}
)", "kiln_while_condition", {});
}

namespace {

// The op of `block` that is `op` or holds it.
const ir::Operation* top_level_in(const ir::Block& block, const ir::Operation* op) {
  while (op && op->parent_block() != &block) op = op->parent_op();
  return op;
}

// For each loop-carried value, whether the body may compute its next value straight into its
// slot: the body's result is computed by an op of the body (returned once) after every read
// of the argument and of whatever may share its bytes — or by a dynamic_update_slice of the
// argument itself, which reads each element where it writes it.
std::vector<bool> computed_in_place(const ir::Block& body) {
  const ir::Operation* ret = body.terminator();
  std::map<const ir::Operation*, size_t> position;
  for (size_t k = 0; k < body.operations().size(); ++k) position[body.operations()[k].get()] = k;
  std::vector<bool> in_place(ret->num_operands(), false);
  for (size_t i = 0; i < ret->num_operands() && i < body.num_arguments(); ++i) {
    const ir::Value* next = ret->operand(i);
    const ir::Operation* def = next->defining_op();
    if (!def || def->parent_block() != &body ||
        std::count(ret->operands().begin(), ret->operands().end(), next) != 1) {
      continue;
    }
    const bool update_slice = def->name() == "stablehlo.dynamic_update_slice";
    bool ok = true;
    std::vector<const ir::Value*> sharing = {body.argument(i)};
    for (size_t k = 0; k < sharing.size() && ok; ++k) {
      for (const ir::Use& use : sharing[k]->uses()) {
        const ir::Operation* user = top_level_in(body, use.user);
        if (!user) continue;
        if (user == def) {
          ok = ok && update_slice && use.user == def && use.operand_index == 0;
        } else if (position.at(user) > position.at(def)) {
          ok = false;
        }
        if (may_alias_operands(*user)) {
          for (const auto& r : user->results()) sharing.push_back(r.get());
        }
      }
    }
    in_place[i] = ok;
  }
  return in_place;
}

// `op` as one kernel (codegen/device_loop.h) where its steps are small and element-wise;
// false, with nothing added, where not (the reason goes to the notes).
Expected<bool> lower_device_loop(Lowerer& l, const ir::Operation& op) {
  if (l.options().device_loop_work <= 0) return false;
  DeviceLoopPlan plan = emit_device_loop(
      op, [&] { return l.kernel_name(); }, l.options().device_loop_work,
      [&](const ir::Operation& o) { return runs_on_grid(o, l.options()); });
  if (!plan.kernel) {
    l.note(fmt::format("{}: conditional graph nodes, not one kernel: {}", Lowerer::describe(op),
                       plan.refused));
    return false;
  }
  const DeviceLoopKernel& k = *plan.kernel;
  std::vector<BufferRef> state;
  for (size_t i = 0; i < op.num_results(); ++i) state.push_back(l.define(op.result(i)));
  for (size_t i : k.copied_before) {
    KILN_TRY(BufferRef init, l.ref(op.operand(i)));
    l.add(CopyStep{init, state[i]});
  }
  std::vector<KernelArg> args;
  std::vector<BufferRef> slots;
  for (const DeviceLoopParam& p : k.params) {
    switch (p.kind) {
      case DeviceLoopParam::Kind::kState:
        args.emplace_back(state.at(p.index));
        break;
      case DeviceLoopParam::Kind::kOuter: {
        KILN_TRY(BufferRef r, l.ref(p.value));
        args.emplace_back(r);
        break;
      }
      case DeviceLoopParam::Kind::kConstant:
        args.emplace_back(
            l.constant(*p.value->defining_op()->attr_as<ir::DenseElementsAttr>("value")));
        break;
      case DeviceLoopParam::Kind::kSlot:
        slots.push_back(l.scratch(p.bytes));
        args.emplace_back(slots.back());
        break;
    }
  }
  l.add_generated_kernel(k.function, k.text, 1, k.block, std::move(args), op);
  for (const BufferRef& r : slots) l.release(r);
  l.note(fmt::format("{}: one kernel ({} element operations a step, {} threads)",
                     Lowerer::describe(op), k.work, k.block));
  return true;
}

Status lower_while(Lowerer& l, const ir::Operation& op) {
  KILN_TRY(bool one_kernel, lower_device_loop(l, op));
  if (one_kernel) return ok_status();
  std::vector<BufferRef> state;
  for (size_t i = 0; i < op.num_results(); ++i) {
    KILN_TRY(BufferRef init, l.ref(op.operand(i)));
    BufferRef s = l.define(op.result(i));
    l.add(CopyStep{init, s});
    state.push_back(s);
  }
  WhileStep w;
  w.what = Lowerer::describe(op);
  w.condition_module = while_condition_module(l);
  w.cond = std::make_shared<Program>();
  w.body = std::make_shared<Program>();
  KILN_TRY(std::vector<BufferRef> pred, l.lower_block(op.region(0).front(), state, *w.cond));
  w.pred = pred.at(0);
  const ir::Block& body = op.region(1).front();
  const std::vector<bool> in_place = computed_in_place(body);
  for (size_t i = 0; i < in_place.size(); ++i) {
    if (in_place[i]) l.prefer(body.terminator()->operand(i), state[i]);
  }
  Expected<std::vector<BufferRef>> lowered = l.lower_block(body, state, *w.body);
  for (size_t i = 0; i < in_place.size(); ++i) l.drop_preference(body.terminator()->operand(i));
  if (!lowered.ok()) return lowered.take_error();
  std::vector<BufferRef> next = std::move(*lowered);
  std::vector<BufferRef> temps = carry_back(l, w, next, state);
  l.add(std::move(w));
  for (const BufferRef& r : temps) l.release(r);
  for (const BufferRef& r : pred) l.release(r);
  for (const BufferRef& r : next) l.release(r);
  return ok_status();
}

// if (regions true, false) and case (one region per branch): each branch copies its results
// into the op's result slots.
Status lower_branches(Lowerer& l, const ir::Operation& op) {
  KILN_TRY(BufferRef selector, l.ref(op.operand(0)));
  CaseStep c = branch_step(l, Lowerer::describe(op), selector, op.name() == "stablehlo.if");
  std::vector<BufferRef> results;
  for (const auto& r : op.results()) {
    results.push_back(l.define(r.get()));
  }
  for (size_t b = 0; b < op.num_regions(); ++b) {
    auto program = std::make_shared<Program>();
    KILN_TRY(std::vector<BufferRef> out, l.lower_block(op.region(b).front(), {}, *program));
    for (size_t i = 0; i < out.size(); ++i) {
      program->steps.push_back(CopyStep{out[i], results[i]});
      l.release(out[i]);
    }
    c.branches.push_back(std::move(program));
  }
  l.add(std::move(c));
  return ok_status();
}

// func.call, and stablehlo.composite (its decomposition function: spec, composite).
Status lower_call(Lowerer& l, const ir::Operation& op) {
  const auto* callee = op.attr_as<ir::SymbolRefAttr>(
      op.name() == "stablehlo.composite" ? "decomposition" : "callee");
  const ir::Operation* f = callee ? l.module().lookup_function(callee->name) : nullptr;
  if (!f) return unsupported(op, "a call of an unknown function");
  KILN_CHECK_OK(l.enter_call(op));
  std::vector<BufferRef> args;
  for (const ir::Value* v : op.operands()) {
    KILN_TRY(BufferRef r, l.ref(v));
    args.push_back(r);
  }
  Expected<std::vector<BufferRef>> out = l.lower_block(f->region(0).front(), args, l.current());
  l.leave_call();
  if (!out.ok()) return out.take_error();
  for (size_t i = 0; i < out->size(); ++i) {
    l.alias(op.result(i), (*out)[i]);
    l.release((*out)[i]);
  }
  return ok_status();
}

}  // namespace

// Read at each compile (not once), so that a process can compile one program both ways.
int64_t LowerOptions::default_device_loop_work() {
  const char* v = std::getenv("KILN_CUDA_DEVICE_LOOP_WORK");
  return v && *v ? std::strtoll(v, nullptr, 10) : int64_t{1} << 18;
}

CaseStep branch_step(Lowerer& l, std::string what, const BufferRef& selector, bool is_pred) {
  CaseStep c;
  c.what = std::move(what);
  c.is_pred = is_pred;
  c.selector = selector;
  c.condition_module = branch_condition_module(l);
  return c;
}

// The check dialect's expectations (and custom_call @check.*, lower_custom_call.cpp): on the
// host, test programs only.
Status lower_host_check(Lowerer& l, const ir::Operation& op) {
  HostCheckStep step;
  step.op = &op;
  for (const ir::Value* v : op.operands()) {
    KILN_TRY(BufferRef r, l.ref(v));
    step.operands.push_back(r);
  }
  for (const auto& r : op.results()) step.results.push_back(l.define(r.get()));
  l.add(std::move(step));
  return ok_status();
}

KILN_REGISTER_CUDA_LOWERING("stablehlo.while", lower_while);
KILN_REGISTER_CUDA_LOWERING("stablehlo.if", lower_branches);
KILN_REGISTER_CUDA_LOWERING("stablehlo.case", lower_branches);
KILN_REGISTER_CUDA_LOWERING("func.call", lower_call);
KILN_REGISTER_CUDA_LOWERING("stablehlo.composite", lower_call);
KILN_REGISTER_CUDA_LOWERING("check.expect_eq", lower_host_check);
KILN_REGISTER_CUDA_LOWERING("check.expect_eq_const", lower_host_check);
KILN_REGISTER_CUDA_LOWERING("check.expect_almost_eq", lower_host_check);
KILN_REGISTER_CUDA_LOWERING("check.expect_almost_eq_const", lower_host_check);
KILN_REGISTER_CUDA_LOWERING("check.expect_close", lower_host_check);
KILN_REGISTER_CUDA_LOWERING("check.expect_serialized_eq", lower_host_check);

}  // namespace kiln::backend::cuda
