// The ops whose values depend on the process grid: the collectives (all_reduce, all_gather,
// all_to_all, reduce_scatter, collective_permute, collective_broadcast, collective_reduce,
// cross-replica-sum) and replica_id / partition_id. On one process they are their elemental
// rules (ops/collectives.cpp, ops/tokens.cpp). On a grid of several a collective is a
// CollectiveStep: the members meet at the run's rendezvous, which exchanges their operands'
// device pointers, and a generated kernel (codegen/collective_kernel.h) computes each
// process's results from its peers' operands, with the interpreter's groups
// (interp/collective_groups.h) and order. replica_id / partition_id are kernels writing the
// process's id, passed at launch. What the device path does not take (a process in no group,
// shapes the groups do not imply, a type or computation the generator refuses) stays a host
// step: the interpreter's op on the operands read back, its result or error.
#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <optional>
#include <string_view>
#include <tuple>

#include "backend/cuda/codegen/collective_kernel.h"
#include "backend/cuda/lowerer.h"
#include "backend/cuda/ops/rule_helpers.h"
#include "interp/collective_groups.h"

namespace kiln::backend::cuda {

namespace {

using interp::GridShape;
using interp::GroupStrategy;

constexpr std::array<std::string_view, 10> kGridOps = {
    "stablehlo.all_reduce",          "stablehlo.all_gather",
    "stablehlo.all_to_all",          "stablehlo.reduce_scatter",
    "stablehlo.collective_permute",  "stablehlo.collective_broadcast",
    "stablehlo.collective_reduce",   "stablehlo.cross-replica-sum",
    "stablehlo.replica_id",          "stablehlo.partition_id"};

int64_t position(const std::vector<int64_t>& group, int64_t id) {
  return static_cast<int64_t>(std::find(group.begin(), group.end(), id) - group.begin());
}

std::vector<int64_t> all_positions(size_t n) {
  std::vector<int64_t> out(n);
  for (size_t i = 0; i < n; ++i) out[i] = static_cast<int64_t>(i);
  return out;
}

// Whether result k's shape is operand k's with dimension `dim` times `times` over `parts`.
bool scaled_shape(const ir::Operation& op, size_t k, int64_t dim, int64_t times, int64_t parts) {
  std::vector<int64_t> want = op.operand(k)->type().shape();
  if (dim < 0 || dim >= static_cast<int64_t>(want.size()) || parts <= 0) return false;
  auto d = static_cast<size_t>(dim);
  if (want[d] % parts != 0) return false;
  want[d] = want[d] / parts * times;
  return op.result(k)->type().shape() == want;
}

// Whether `op`'s shapes are those the kernel assumes for a group of `n`.
bool shapes_fit(const ir::Operation& op, CollectiveForm form, int64_t n) {
  if (op.num_operands() != op.num_results()) return false;
  for (size_t k = 0; k < op.num_results(); ++k) {
    const ir::Type& in = op.operand(k)->type();
    const ir::Type& out = op.result(k)->type();
    if (!in.is_tensor() || !out.is_tensor() || !in.is_static() || !out.is_static()) return false;
    switch (form) {
      case CollectiveForm::kFold:
        if (in.shape() != out.shape()) return false;
        break;
      case CollectiveForm::kCopy:
        if (in != out) return false;
        break;
      case CollectiveForm::kFoldScatter:
        if (!scaled_shape(op, k, attr_int(op, "scatter_dimension"), 1, n)) return false;
        break;
      case CollectiveForm::kGather:
        if (!scaled_shape(op, k, attr_int(op, "all_gather_dim"), n, 1)) return false;
        break;
      case CollectiveForm::kAllToAll: {
        const int64_t split = attr_int(op, "split_dimension");
        const int64_t concat = attr_int(op, "concat_dimension");
        const auto rank = static_cast<int64_t>(in.rank());
        if (attr_int(op, "split_count") != n || split < 0 || split >= rank || concat < 0 ||
            concat >= rank || in.shape()[static_cast<size_t>(split)] % n != 0) {
          return false;
        }
        std::vector<int64_t> want = in.shape();
        want[static_cast<size_t>(split)] /= n;
        want[static_cast<size_t>(concat)] *= n;
        if (out.shape() != want) return false;
        break;
      }
    }
  }
  return true;
}

// Every process's part in `op` on grid `g` (flat order), as the interpreter's collectives
// (interp/ops/collectives.cpp) meet and read; none where the device path leaves the op to
// the host step (its groups fail, a process in no group, shapes the groups do not fit).
std::optional<std::vector<CollectiveMember>> plan_members(const ir::Operation& op,
                                                          CollectiveForm form, GridShape g) {
  const std::string& name = op.name();
  const bool by_channel = name == "stablehlo.all_to_all" ||
                          name == "stablehlo.collective_broadcast" ||
                          name == "stablehlo.collective_permute";
  const GroupStrategy s = name == "stablehlo.cross-replica-sum" ? GroupStrategy::kCrossReplica
                          : by_channel                          ? interp::channel_strategy(op)
                                                                : interp::reduction_strategy(op);
  std::vector<CollectiveMember> out(static_cast<size_t>(g.replicas * g.partitions));
  if (name == "stablehlo.collective_permute") {
    std::vector<int64_t> pairs = attr_ints(op, "source_target_pairs");
    const int64_t axis = s == GroupStrategy::kCrossReplica ? g.replicas : g.partitions;
    if (std::any_of(pairs.begin(), pairs.end(), [&](int64_t id) { return id >= axis; })) {
      return std::nullopt;
    }
    for (int64_t r = 0; r < g.replicas; ++r) {
      for (int64_t p = 0; p < g.partitions; ++p) {
        CollectiveMember& m = out[static_cast<size_t>(g.flat(r, p))];
        m.group = interp::axis_peers(g, s, r, p);
        m.index = position(m.group, g.flat(r, p));
        const int64_t mine = s == GroupStrategy::kCrossReplica ? r : p;
        // The last pair naming this process as its target wins, as in the interpreter.
        for (size_t i = 0; i + 1 < pairs.size(); i += 2) {
          if (pairs[i + 1] == mine) m.sources = {pairs[i]};
        }
      }
    }
    return shapes_fit(op, form, 1) ? std::optional(out) : std::nullopt;
  }
  auto groups = interp::process_groups(op, s, g);
  if (!groups.ok()) return std::nullopt;
  for (size_t id = 0; id < out.size(); ++id) {
    CollectiveMember& m = out[id];
    m.group = interp::group_of(*groups, static_cast<int64_t>(id));
    if (m.group.empty()) {
      // collective_broadcast leaves such a process zeros; the others fail in the interpreter.
      if (name != "stablehlo.collective_broadcast") return std::nullopt;
      continue;
    }
    m.index = position(m.group, static_cast<int64_t>(id));
    if (name == "stablehlo.collective_broadcast") {
      m.sources = {0};
    } else if (name != "stablehlo.collective_reduce" || m.index == 0) {
      m.sources = all_positions(m.group.size());
    }
    if (!shapes_fit(op, form, static_cast<int64_t>(m.group.size()))) return std::nullopt;
  }
  return out;
}

// The collective as a CollectiveStep; false (nothing added) where it stays a host step, with
// a note saying why.
Expected<bool> lower_device_collective(Lowerer& l, const ir::Operation& op) {
  KILN_TRY(CollectiveForm form, collective_form(op));
  const GridShape g{l.options().num_replicas, l.options().num_partitions};
  std::optional<std::vector<CollectiveMember>> members = plan_members(op, form, g);
  if (!members) {
    l.note(Lowerer::describe(op) + ": a host step (its groups or shapes are the interpreter's "
                                   "to report)");
    return false;
  }
  int64_t max_sources = 0;
  for (const CollectiveMember& m : *members) {
    max_sources = std::max(max_sources, static_cast<int64_t>(m.sources.size()));
  }
  const std::string function = l.kernel_name();
  auto text = emit_collective_kernel(op, function, max_sources);
  if (!text.ok()) {
    l.note(Lowerer::describe(op) + ": a host step (" + text.error().message() + ")");
    return false;
  }
  CollectiveStep step;
  step.op_name = op.name();
  step.channel = interp::channel_id(op);
  step.processes = std::move(*members);
  KILN_TRY(step.operands, l.operand_refs(op));
  for (const auto& r : op.results()) {
    // Never the operand's slot (a loop's carried value): a peer may still read the operand
    // while this process writes its result.
    l.drop_preference(r.get());
    step.results.push_back(l.define(r.get()));
  }
  std::tie(step.module, step.function) = l.add_generated_function(function, *text, op);
  l.count_kernel();
  const int64_t blocks = (collective_elements(op) + kCollectiveBlock - 1) / kCollectiveBlock;
  const int64_t cap = static_cast<int64_t>(std::max(1, l.options().device.sm_count)) * 16;
  step.blocks = static_cast<unsigned>(std::clamp<int64_t>(blocks, 1, cap));
  step.block = kCollectiveBlock;
  step.max_sources = max_sources;
  step.what = Lowerer::describe(op);
  l.add(std::move(step));
  return true;
}

// replica_id / partition_id on a grid: a one-thread kernel storing the id the runner passes.
Status lower_process_id(Lowerer& l, const ir::Operation& op) {
  KILN_TRY(ScalarType t, Emitter::scalar_type(op.result(0)->type(), &op));
  const std::string function = l.kernel_name();
  const std::string text = fmt::format(
      "extern \"C\" __global__ void {}({}* __restrict__ o0, int id) {{\n  {}\n}}\n", function,
      t.storage, t.store("o0", "0", fmt::format("static_cast<{}>(id)", t.compute)));
  const bool replica = op.name() == "stablehlo.replica_id";
  BufferRef out = l.define(op.result(0));
  l.add_generated_kernel(function, text, 1, 1,
                         {out, replica ? KernelArg::replica_id() : KernelArg::partition_id()}, op);
  return ok_status();
}

Status lower_grid_op(Lowerer& l, const ir::Operation& op) {
  if (!runs_on_grid(op, l.options())) return l.lower_elemental(op);
  if (op.name() == "stablehlo.replica_id" || op.name() == "stablehlo.partition_id") {
    return lower_process_id(l, op);
  }
  KILN_TRY(bool on_device, lower_device_collective(l, op));
  if (on_device) return ok_status();
  return lower_host_check(l, op);
}

}  // namespace

bool runs_on_grid(const ir::Operation& op, const LowerOptions& options) {
  if (options.num_processes() <= 1) return false;
  for (std::string_view name : kGridOps) {
    if (op.name() == name) return true;
  }
  return false;
}

KILN_REGISTER_CUDA_LOWERING("stablehlo.all_reduce", lower_grid_op);
KILN_REGISTER_CUDA_LOWERING("stablehlo.all_gather", lower_grid_op);
KILN_REGISTER_CUDA_LOWERING("stablehlo.all_to_all", lower_grid_op);
KILN_REGISTER_CUDA_LOWERING("stablehlo.reduce_scatter", lower_grid_op);
KILN_REGISTER_CUDA_LOWERING("stablehlo.collective_permute", lower_grid_op);
KILN_REGISTER_CUDA_LOWERING("stablehlo.collective_broadcast", lower_grid_op);
KILN_REGISTER_CUDA_LOWERING("stablehlo.collective_reduce", lower_grid_op);
KILN_REGISTER_CUDA_LOWERING("stablehlo.cross-replica-sum", lower_grid_op);
KILN_REGISTER_CUDA_LOWERING("stablehlo.replica_id", lower_grid_op);
KILN_REGISTER_CUDA_LOWERING("stablehlo.partition_id", lower_grid_op);

}  // namespace kiln::backend::cuda
