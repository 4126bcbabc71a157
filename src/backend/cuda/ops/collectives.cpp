// Elemental rules of the collectives on one process (a grid of one replica and one
// partition; on several, lower_collectives.cpp makes them CollectiveSteps): every group is that
// process alone, so all_reduce, collective_reduce, cross-replica-sum, all_gather, all_to_all and
// reduce_scatter give their operands (all_reduce's in its computation's type), and
// collective_permute and collective_broadcast give the operand where the process sends to
// itself, else zeros — as the interpreter computes them without a grid. Ops whose
// replica_groups or source_target_pairs name another process need several: a clear error.
#include <fmt/format.h>

#include <algorithm>

#include "backend/cuda/ops/rule_helpers.h"

namespace kiln::backend::cuda {

namespace {

// The rows of `attr` (replica_groups, rank 2) without their -1 padding; no rows when absent
// or empty.
std::vector<std::vector<int64_t>> rows_of(const ir::Operation& op, const char* attr) {
  const auto* dense = op.attr_as<ir::DenseElementsAttr>(attr);
  std::vector<int64_t> ids = attr_ints(op, attr);
  std::vector<std::vector<int64_t>> rows;
  if (!dense || dense->type.rank() != 2 || ids.empty()) return rows;
  const auto width = static_cast<size_t>(dense->type.dim(1));
  for (size_t i = 0; width > 0 && i + width <= ids.size(); i += width) {
    std::vector<int64_t> row;
    for (size_t j = 0; j < width; ++j) {
      if (ids[i + j] >= 0) row.push_back(ids[i + j]);
    }
    rows.push_back(std::move(row));
  }
  return rows;
}

Error needs_processes(const ir::Operation& op, const std::string& what) {
  return unsupported(op, what + ": it needs a grid of several processes, and the cuda backend "
                                "runs one");
}

// Whether this process (id 0) is in a group of replica_groups (no groups: one group of every
// process); an error where an id names another process.
Expected<bool> in_a_group(const ir::Operation& op) {
  std::vector<std::vector<int64_t>> rows = rows_of(op, "replica_groups");
  if (rows.empty()) return true;
  bool found = false;
  for (const auto& row : rows) {
    for (int64_t id : row) {
      if (id != 0) return needs_processes(op, fmt::format("replica_groups name process {}", id));
    }
    if (row.size() > 1) return needs_processes(op, "a replica group names process 0 twice");
    found = found || !row.empty();
  }
  return found;
}

// all_reduce and its kin: the operand, converted to the result's type where the computation
// promotes it.
Expected<std::string> emit_own_operand(Emitter& e, const ir::Operation& op, size_t result,
                                       Index& index) {
  KILN_TRY(bool member, in_a_group(op));
  if (!member) return needs_processes(op, "replica_groups do not place process 0 in any group");
  if (op.name() == "stablehlo.all_to_all" && attr_int(op, "split_count", 1) != 1) {
    return needs_processes(op, "split_count is not 1");
  }
  const ir::Value* x = op.operand(result);
  if (x->type().shape() != op.result(result)->type().shape()) {
    return unsupported(op, "a result whose shape differs from its operand's on one process");
  }
  KILN_TRY(std::string v, e.emit(x, index));
  KILN_TRY(ScalarType from, e.scalar_type(x->type(), &op));
  KILN_TRY(ScalarType to, result_type(e, op, result));
  if (x->type().element() == op.result(result)->type().element()) return v;
  return e.let(to.compute, convert_expr(from, to, v));
}

// collective_permute: the operand where a pair sends process 0 to itself, else zeros.
Expected<std::string> emit_collective_permute(Emitter& e, const ir::Operation& op, size_t,
                                              Index& index) {
  std::vector<int64_t> pairs = attr_ints(op, "source_target_pairs");
  for (int64_t id : pairs) {
    if (id != 0) return needs_processes(op, fmt::format("source_target_pairs name process {}", id));
  }
  KILN_TRY(ScalarType t, result_type(e, op));
  if (pairs.empty()) return t.is_complex ? t.literal_double(0) : t.literal_bits(0);
  return operand_at(e, op, 0, index);
}

// collective_broadcast: the group's first process's operand (this one's), or zeros outside
// every group.
Expected<std::string> emit_collective_broadcast(Emitter& e, const ir::Operation& op,
                                                size_t result, Index& index) {
  KILN_TRY(bool member, in_a_group(op));
  KILN_TRY(ScalarType t, result_type(e, op, result));
  if (!member) return t.is_complex ? t.literal_double(0) : t.literal_bits(0);
  return e.emit(op.operand(result), index);
}

}  // namespace

KILN_REGISTER_CUDA_ELEMENTAL("stablehlo.all_reduce", emit_own_operand);
KILN_REGISTER_CUDA_ELEMENTAL("stablehlo.collective_reduce", emit_own_operand);
KILN_REGISTER_CUDA_ELEMENTAL("stablehlo.cross-replica-sum", emit_own_operand);
KILN_REGISTER_CUDA_ELEMENTAL("stablehlo.all_gather", emit_own_operand);
KILN_REGISTER_CUDA_ELEMENTAL("stablehlo.all_to_all", emit_own_operand);
KILN_REGISTER_CUDA_ELEMENTAL("stablehlo.reduce_scatter", emit_own_operand);
KILN_REGISTER_CUDA_ELEMENTAL("stablehlo.collective_permute", emit_collective_permute);
KILN_REGISTER_CUDA_ELEMENTAL("stablehlo.collective_broadcast", emit_collective_broadcast);

}  // namespace kiln::backend::cuda
