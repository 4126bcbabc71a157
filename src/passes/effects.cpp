// EffectAnalysis: which ops do more than compute their results.
#include "passes/effects.h"

#include <array>

#include "ir/op_info.h"

namespace kiln::passes {

namespace {

// Ops whose effects are their own, whatever they hold.
bool has_own_effects(const ir::Operation& op) {
  static constexpr std::array<std::string_view, 12> kEffectful = {
      "stablehlo.infeed",           "stablehlo.outfeed",
      "stablehlo.send",             "stablehlo.recv",
      "stablehlo.rng",              "stablehlo.all_reduce",
      "stablehlo.all_gather",       "stablehlo.all_to_all",
      "stablehlo.reduce_scatter",   "stablehlo.collective_permute",
      "stablehlo.collective_broadcast", "stablehlo.collective_reduce"};
  const std::string& name = op.name();
  for (std::string_view e : kEffectful) {
    if (name == e) return true;
  }
  if (name.starts_with("check.") || name.starts_with("interpreter.") || name.starts_with("sdy.")) {
    return true;
  }
  if (op.id() == ir::ops::kCustomCall) {
    const auto* flag = op.attr_as<ir::BoolAttr>("has_side_effect");
    return flag && flag->value;
  }
  return !op.info();  // an op kiln does not know: assume the worst
}

}  // namespace

bool EffectAnalysis::has_effects(const ir::Operation& op) {
  if (has_own_effects(op)) return true;
  if (op.id() == ir::ops::kFuncCall) {
    const auto* callee = op.attr_as<ir::SymbolRefAttr>("callee");
    if (!callee || function_has_effects(callee->name)) return true;
  }
  if (op.id() == ir::ops::kComposite) {
    const auto* callee = op.attr_as<ir::SymbolRefAttr>("decomposition");
    if (!callee || function_has_effects(callee->name)) return true;
  }
  for (const auto& region : op.regions()) {
    for (const auto& block : region->blocks()) {
      for (const auto& inner : block->operations()) {
        if (has_effects(*inner)) return true;
      }
    }
  }
  return false;
}

bool EffectAnalysis::removable_if_unused(const ir::Operation& op) {
  if (op.num_results() == 0 || op.info() == nullptr) return false;
  if (op.info()->traits & ir::kTerminator) return false;
  if (op.id() == ir::ops::kFunc || op.id() == ir::ops::kModule) return false;
  return !has_effects(op);
}

bool EffectAnalysis::function_has_effects(std::string_view name) {
  std::string key(name);
  if (auto it = functions_.find(key); it != functions_.end()) return it->second;
  const ir::Operation* f = module_.lookup_function(name);
  if (!f) return true;
  functions_[key] = true;  // recursion: assume effects until shown otherwise
  bool effects = false;
  for (const auto& region : f->regions()) {
    for (const auto& block : region->blocks()) {
      for (const auto& inner : block->operations()) {
        if (has_effects(*inner)) effects = true;
      }
    }
  }
  functions_[key] = effects;
  return effects;
}

}  // namespace kiln::passes
