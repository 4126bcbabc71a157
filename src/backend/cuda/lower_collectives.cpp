// The ops whose values depend on the process grid: the collectives (all_reduce, all_gather,
// all_to_all, reduce_scatter, collective_permute, collective_broadcast, collective_reduce,
// cross-replica-sum) and replica_id / partition_id. On one process they are their elemental
// rules (ops/collectives.cpp, ops/tokens.cpp). On a grid of several they are HostCheckSteps:
// the process's interpreter runs the op on the operands read back, meeting the other
// processes at the interpreter's rendezvous (interp/process_grid.h), so the groups, the
// strategies and the reductions' order are the interpreter's by construction.
#include <array>
#include <string_view>

#include "backend/cuda/lowerer.h"

namespace kiln::backend::cuda {

namespace {

constexpr std::array<std::string_view, 10> kGridOps = {
    "stablehlo.all_reduce",          "stablehlo.all_gather",
    "stablehlo.all_to_all",          "stablehlo.reduce_scatter",
    "stablehlo.collective_permute",  "stablehlo.collective_broadcast",
    "stablehlo.collective_reduce",   "stablehlo.cross-replica-sum",
    "stablehlo.replica_id",          "stablehlo.partition_id"};

Status lower_grid_op(Lowerer& l, const ir::Operation& op) {
  if (runs_on_grid(op, l.options())) return lower_host_check(l, op);
  return l.lower_elemental(op);
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
