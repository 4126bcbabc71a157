// The kiln dialect: kiln.fusion (a sub-graph the fusion passes wrapped) and the named
// composites (kiln.softmax, kiln.gemm, ...), each one region of ordinary StableHLO that is its
// meaning. Table entries, their verifier, and the queries of kiln_ops.h.
#include "ir/ops/kiln_ops.h"

#include "ir/op_info.h"
#include "ir/operation.h"
#include "ir/ops/type_constraints.h"

namespace kiln::ir {

OpId kiln_fusion_id() {
  static const OpId id = OpId::of(kKilnFusionName);
  return id;
}

namespace {

const std::array<OpId, kKilnCompositeNames.size()>& composite_ids() {
  static const auto ids = [] {
    std::array<OpId, kKilnCompositeNames.size()> out;
    for (size_t i = 0; i < out.size(); ++i) out[i] = OpId::of(kKilnCompositeNames[i]);
    return out;
  }();
  return ids;
}

}  // namespace

OpId kiln_composite_id(KilnComposite c) { return composite_ids()[static_cast<size_t>(c)]; }

bool is_kiln_fusion(OpId id) { return id == kiln_fusion_id(); }

std::optional<KilnComposite> kiln_composite_of(OpId id) {
  const auto& ids = composite_ids();
  for (size_t i = 0; i < ids.size(); ++i) {
    if (ids[i] == id) return static_cast<KilnComposite>(i);
  }
  return std::nullopt;
}

bool is_kiln_composite(OpId id) { return kiln_composite_of(id).has_value(); }

std::optional<FusionKind> fusion_kind_of(const Operation& op) {
  if (!is_kiln_fusion(op.id())) return std::nullopt;
  const auto* kind = op.attr_as<StringAttr>("kind");
  if (!kind) return std::nullopt;
  for (size_t i = 0; i < kFusionKindNames.size(); ++i) {
    if (kFusionKindNames[i] == kind->value) return static_cast<FusionKind>(i);
  }
  return std::nullopt;
}

namespace {

// The one region of a kiln op (`what` names it) is one block that takes exactly the operands'
// types and returns exactly the results' types through stablehlo.return. Exact, not merely
// compatible up to dynamic sizes: a backend compiles the region for the operands it is given.
// The generic verifier has already checked the region is not empty, and verify_ssa.cpp that
// the body reads nothing from above (the ops are isolated from above).
Status verify_kiln_region(const Operation& op, std::string_view what) {
  const Region& region = op.region(0);
  const std::string name(what);
  if (region.blocks().size() != 1) {
    return verify_error(
        op, name + " must have one block, but has " + std::to_string(region.blocks().size()));
  }
  const Block& block = region.front();
  std::vector<Type> operands = value_types(op.operands());
  std::vector<Type> args;
  for (const auto& a : block.arguments()) args.push_back(a->type());
  if (args != operands) {
    return verify_error(op, name + " takes " + types_string(args) +
                                " but must take the operands' types " + types_string(operands));
  }
  const Operation* term = block.terminator();
  if (!term || term->id() != ops::kReturn) {
    std::string found = term ? ", not " + term->name() : "";
    return verify_error(op, name + " must end with stablehlo.return" + found);
  }
  std::vector<Type> returned = value_types(term->operands());
  std::vector<Type> results;
  for (const auto& r : op.results()) results.push_back(r->type());
  if (returned != results) {
    return verify_error(op, name + " returns " + types_string(returned) +
                                " but the results have types " + types_string(results));
  }
  return ok_status();
}

Status verify_kiln_fusion(const Operation& op) {
  const std::string& kind = op.attr_as<StringAttr>("kind")->value;
  bool known = false;
  std::string allowed;
  for (std::string_view k : kFusionKindNames) {
    known = known || k == kind;
    allowed += (allowed.empty() ? "\"" : ", \"") + std::string(k) + "\"";
  }
  if (!known) return verify_error(op, "kind \"" + kind + "\" must be one of " + allowed);
  return verify_kiln_region(op, "body");
}

Status verify_kiln_composite(const Operation& op) {
  return verify_kiln_region(op, "decomposition");
}

std::vector<OpInfo> kiln_ops() {
  std::vector<OpInfo> out;
  out.push_back({.name = kKilnFusionName,
                 .operands = {{"inputs", Arity::kVariadic}},
                 .results = {{"results", Arity::kVariadic}},
                 .attrs = {{"kind", AttrKind::kString}},
                 .regions = {"body"},
                 // kiln.fusion "loop" (%a, %b) ({ ... }) : (...) -> (...)
                 .format = "$kind ( $inputs ) attr-dict ( $body ) : functional-type",
                 .verify = verify_kiln_fusion,
                 .traits = kIsolatedFromAbove});
  for (std::string_view name : kKilnCompositeNames) {
    // `config` is the pattern pass's record (axis, epsilon, causal, ...) for backends to read;
    // its contents are theirs to define, so only its being a dictionary is checked.
    out.push_back({.name = name,
                   .operands = {{"inputs", Arity::kVariadic}},
                   .results = {{"results", Arity::kVariadic}},
                   .attrs = {{"config", AttrKind::kDictionary, true}},
                   .regions = {"decomposition"},
                   // kiln.softmax(%a) {config = {...}} ({ ... }) : (...) -> ...
                   .format = "^( $inputs ) attr-dict ( $decomposition ) : functional-type",
                   .verify = verify_kiln_composite,
                   .traits = kIsolatedFromAbove});
  }
  return out;
}

KILN_REGISTER_OPS(kiln_ops);

}  // namespace

}  // namespace kiln::ir
