// module_stats: a walk that counts kernels the way XLA's fusions are counted.
#include "passes/module_stats.h"

#include <array>

namespace kiln::passes {

namespace {

bool is_kiln_op(const ir::Operation& op) { return op.name().starts_with("kiln."); }

void count_block(const ir::Block& block, ModuleStats& stats);

void count_op(const ir::Operation& op, ModuleStats& stats) {
  ++stats.ops;
  if (is_kernel(op)) ++stats.kernels;
  if (op.name() == "kiln.fusion") {
    ++stats.fusions;
  } else if (is_kiln_op(op)) {
    ++stats.patterns[op.name()];
  }
  if (is_kiln_op(op)) {  // one kernel: count what is inside as ops, not as kernels
    op.walk([&](const ir::Operation& inner) {
      if (&inner != &op) ++stats.ops;
    });
    return;
  }
  for (const auto& region : op.regions()) {
    for (const auto& block : region->blocks()) count_block(*block, stats);
  }
}

void count_block(const ir::Block& block, ModuleStats& stats) {
  for (const auto& op : block.operations()) count_op(*op, stats);
}

}  // namespace

bool is_kernel(const ir::Operation& op) {
  static constexpr std::array<std::string_view, 14> kNotKernels = {
      "stablehlo.constant", "stablehlo.return",  "func.return",
      "func.call",          "stablehlo.tuple",   "stablehlo.get_tuple_element",
      "stablehlo.reshape",  "stablehlo.while",   "stablehlo.if",
      "stablehlo.case",     "stablehlo.optimization_barrier", "stablehlo.create_token",
      "stablehlo.after_all", "stablehlo.composite"};
  const std::string& name = op.name();
  for (std::string_view n : kNotKernels) {
    if (name == n) return false;
  }
  if (name.starts_with("sdy.") || name.starts_with("check.") || name.starts_with("interpreter.")) {
    return false;
  }
  return op.id() != ir::ops::kFunc && op.id() != ir::ops::kModule;
}

ModuleStats module_stats(const ir::Module& module) {
  ModuleStats stats;
  for (const ir::Operation* f : module.functions()) {
    for (const auto& region : f->regions()) {
      for (const auto& block : region->blocks()) count_block(*block, stats);
    }
  }
  if (const auto* peak = module.op().attr_as<ir::IntegerAttr>("kiln.peak_memory_bytes")) {
    stats.peak_bytes = peak->value;
  }
  return stats;
}

}  // namespace kiln::passes
