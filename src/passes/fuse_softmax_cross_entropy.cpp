// fuse-softmax-cross-entropy: the per-example cross-entropy read off a kiln.log_softmax (which
// fuse-softmax made; this pass runs after it), into kiln.softmax_cross_entropy:
//   dense labels (one-hot or soft): sum(labels * log_softmax(x), axis) [negated]
//   integer labels (take_along_axis): gather(log_softmax(x), labels) along axis, with JAX's
//     out-of-range guard select(valid, picked, nan) [negated]
// The gather or the sum must run along the log-softmax axis.
#include <cmath>

#include "passes/pattern_match.h"

namespace kiln::passes {

namespace {

struct XentMatch {
  OpSet set;
  std::string labels;  // "dense", "integer"
  bool negated = false;
};

ir::Operation* log_softmax_of(ir::Value* v) {
  ir::Operation* op = v->defining_op();
  return op && ir::kiln_composite_of(op->id()) == ir::KilnComposite::kLogSoftmax ? op : nullptr;
}

std::optional<int64_t> axis_of(const ir::Operation& op) {
  const auto* config = op.attr_as<ir::DictionaryAttr>("config");
  const ir::Attribute* axis = config ? config->find("axis") : nullptr;
  if (!axis || !axis->is<ir::IntegerAttr>()) return std::nullopt;
  return axis->get<ir::IntegerAttr>().value;
}

// sum(labels * log_softmax(x)) over the log-softmax axis.
bool match_dense(ir::Value* v, XentMatch& m) {
  std::optional<Reduction> r = match_reduce(v, ReduceKind::kSum);
  ir::Operation* mul = r ? defined_by(r->input, "stablehlo.multiply") : nullptr;
  if (!mul) return false;
  ir::Operation* ls = nullptr;
  either_order(mul, [&](ir::Value* a, ir::Value*) { return (ls = log_softmax_of(a)) != nullptr; });
  std::optional<int64_t> axis = ls ? axis_of(*ls) : std::nullopt;
  if (!axis || r->axes != std::vector<int64_t>{*axis}) return false;
  m.set.add(ls);
  m.set.add(mul);
  m.set.add(r->op);
  m.labels = "dense";
  return true;
}

// [select(valid, ] gather(log_softmax(x), idx) along the axis [, nan)].
bool match_integer(ir::Value* v, XentMatch& m) {
  OpSet local;
  if (ir::Operation* sel = defined_by(v, "stablehlo.select")) {
    std::optional<double> fill = splat_value(sel->operand(2), &local);
    if (!fill || !std::isnan(*fill)) return false;
    local.add(sel);
    v = sel->operand(1);
  }
  ir::Operation* gather = defined_by(v, "stablehlo.gather");
  ir::Operation* ls = gather ? log_softmax_of(gather->operand(0)) : nullptr;
  std::optional<int64_t> axis = ls ? axis_of(*ls) : std::nullopt;
  const auto* dims = gather ? gather->attr_as<ir::GatherDimsAttr>("dimension_numbers") : nullptr;
  if (!axis || !dims || dims->collapsed_slice_dims != std::vector<int64_t>{*axis} ||
      dims->start_index_map != std::vector<int64_t>{*axis} || !dims->offset_dims.empty()) {
    return false;
  }
  // Every other dimension is a batching dimension: one pick per example.
  if (static_cast<int64_t>(dims->operand_batching_dims.size()) + 1 !=
      ls->result(0)->type().rank()) {
    return false;
  }
  local.add(gather);
  local.add(ls);
  for (ir::Operation* op : local.ops()) m.set.add(op);
  m.labels = "integer";
  return true;
}

std::optional<XentMatch> match_xent(ir::Operation& root) {
  XentMatch m;
  ir::Value* v = root.result(0);
  if (root.name() == "stablehlo.negate") {
    m.set.add(&root);
    m.negated = true;
    v = root.operand(0);
  }
  if (match_dense(v, m) || match_integer(v, m)) return m;
  return std::nullopt;
}

class FuseSoftmaxCrossEntropy : public Pass {
 public:
  std::string_view name() const override { return "fuse-softmax-cross-entropy"; }

  Expected<bool> run(ir::Module& module, PassContext& context) const override {
    ir::Rewriter rewriter(module.body());
    int64_t fused = 0;
    // Negations first: they make the longer match.
    for (std::string_view root : {"stablehlo.negate", "stablehlo.reduce", "stablehlo.select",
                                  "stablehlo.gather"}) {
      for (ir::Operation* op : ops_named(module, root)) {
        if (inside_kiln_op(*op)) continue;
        std::optional<XentMatch> m = match_xent(*op);
        if (!m) continue;
        std::vector<ir::NamedAttribute> config = {config_str("labels", m->labels),
                                                  config_bool("negated", m->negated)};
        KILN_TRY(ir::Operation * f, fuse_matched(m->set, {op->result(0)},
                                                 ir::KilnComposite::kSoftmaxCrossEntropy,
                                                 std::move(config), rewriter, context));
        if (f) ++fused;
      }
    }
    context.count("cross-entropies fused", fused);
    return fused > 0;
  }
};

}  // namespace

KILN_REGISTER_PASS(FuseSoftmaxCrossEntropy, "fuse-softmax-cross-entropy",
                   "labels · log_softmax(x) (dense or integer labels) into "
                   "kiln.softmax_cross_entropy");

}  // namespace kiln::passes
