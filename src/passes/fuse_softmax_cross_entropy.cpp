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
  if (!ls) return false;
  const std::optional<int64_t> axis = axis_of(*ls);
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
  const auto* dims = gather ? gather->attr_as<ir::GatherDimsAttr>("dimension_numbers") : nullptr;
  if (!ls || !dims) return false;
  const std::optional<int64_t> found = axis_of(*ls);
  if (!found) return false;
  const std::vector<int64_t> axis = {*found};
  if (dims->collapsed_slice_dims != axis || dims->start_index_map != axis ||
      !dims->offset_dims.empty()) {
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

// [select(valid, ] gather(v, idx) [, nan)]: one pick per example along `axis` (every other
// dimension a batching one), or a pick from a size-1 dimension at a constant 0 index (optax's
// squeeze of the picked column). Returns the gathered operand.
ir::Value* match_pick(ir::Value* v, OpSet& set, std::optional<int64_t> axis) {
  if (ir::Operation* sel = defined_by(v, "stablehlo.select")) {
    std::optional<double> fill = splat_value(sel->operand(2), &set);
    if (!fill || !std::isnan(*fill)) return nullptr;
    set.add(sel);
    v = sel->operand(1);
  }
  ir::Operation* gather = defined_by(v, "stablehlo.gather");
  const auto* dims = gather ? gather->attr_as<ir::GatherDimsAttr>("dimension_numbers") : nullptr;
  if (!dims || dims->collapsed_slice_dims.size() != 1 ||
      dims->start_index_map != dims->collapsed_slice_dims) {
    return nullptr;
  }
  ir::Value* source = gather->operand(0);
  int64_t d = dims->collapsed_slice_dims[0];
  bool per_example =
      axis && d == *axis && dims->offset_dims.empty() &&
      static_cast<int64_t>(dims->operand_batching_dims.size()) + 1 == source->type().rank();
  bool squeeze = !axis && source->type().dim(d) == 1 && constant_value(gather->operand(1)) == 0.0 &&
                 computed_from_constants(gather->operand(1), &set);
  if (!per_example && !squeeze) return nullptr;
  set.add(gather);
  return source;
}

// optax.softmax_cross_entropy_with_integer_labels: logsumexp(x) - x[label], the logsumexp as
// jax.nn.logsumexp writes it (log(|sum(exp(x - bcast(s)))|) + s, s the guarded row max), the
// pick through take_along_axis and a squeeze.
bool match_logsumexp_minus_pick(ir::Operation& sub, XentMatch& m) {
  if (sub.name() != "stablehlo.subtract") return false;
  ir::Operation* add = defined_by(sub.operand(0), "stablehlo.add");
  if (!add) return false;
  OpSet local;
  bool ok = either_order(add, [&](ir::Value* l, ir::Value* s) {
    OpSet l_set;
    ir::Operation* log = defined_by(l, "stablehlo.log");
    ir::Value* arg = log ? log->operand(0) : nullptr;
    if (ir::Operation* abs = arg ? defined_by(arg, "stablehlo.abs") : nullptr) {
      l_set.add(abs);
      arg = abs->operand(0);
    }
    std::optional<Reduction> r = arg ? match_reduce(arg, ReduceKind::kSum) : std::nullopt;
    ir::Operation* exp = r ? defined_by(r->input, "stablehlo.exponential") : nullptr;
    ir::Operation* y = exp ? defined_by(exp->operand(0), "stablehlo.subtract") : nullptr;
    if (!y || r->axes.size() != 1) return false;
    ir::Value* x = y->operand(0);
    OpSet shift;
    if (strip_broadcasts(y->operand(1), shift).source != s) return false;
    std::vector<int64_t> identity;
    for (int64_t i = 0; i < x->type().rank(); ++i) identity.push_back(i);
    if (!match_row_max(y->operand(1), identity, x, r->axes, l_set)) return false;
    // The pick: a per-example gather of x along the axis, then the squeeze.
    ir::Value* picked = match_pick(sub.operand(1), l_set, std::nullopt);
    if (picked && picked != x) picked = match_pick(picked, l_set, r->axes[0]);
    if (picked != x) return false;
    for (ir::Operation* op : shift.ops()) l_set.add(op);
    for (ir::Operation* op : {log, r->op, exp, y}) l_set.add(op);
    for (ir::Operation* op : l_set.ops()) local.add(op);
    return true;
  });
  if (!ok) return false;
  for (ir::Operation* op : local.ops()) m.set.add(op);
  m.set.add(add);
  m.set.add(&sub);
  m.labels = "integer";
  m.negated = true;
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
  XentMatch lse;
  if (match_logsumexp_minus_pick(root, lse)) return lse;
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
                                  "stablehlo.gather", "stablehlo.subtract"}) {
      for (ir::Operation* op : ops_named(module, root)) {
        if (inside_kiln_op(*op)) continue;
        std::optional<XentMatch> m = match_xent(*op);
        if (!m) continue;
        std::vector<ir::NamedAttribute> config = {config_str("labels", m->labels),
                                                  config_bool("negated", m->negated)};
        KILN_TRY(ir::Operation * f,
                 fuse_matched(m->set, {op->result(0)}, ir::KilnComposite::kSoftmaxCrossEntropy,
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
