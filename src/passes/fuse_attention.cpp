// fuse-attention: softmax(scale * q·kᵀ [+ mask | masked by select]) · v into kiln.attention,
// matched through the kiln.softmax that fuse-softmax made (it runs first).
//
// From the root, a dot_general P·V (either operand order) whose P is a kiln.softmax result
// (float converts between) contracted over exactly the softmax axis, back through the scores:
// float converts, transposes, a multiply / divide by a constant (the scale), an additive mask
// `s + m`, `select(pred, s, c)` with c <= -1e30 (a boolean or causal mask), to the q·kᵀ
// dot_general, whose key dimension (a free dimension of k) must be the softmax axis. A scale on
// q before the product is taken in too. The kiln.softmax stays whole inside the region.
#include <cmath>

#include "passes/pattern_match.h"

namespace kiln::passes {

namespace {

struct AttentionMatch {
  OpSet set;
  double scale = 1;
  std::string mask = "none";  // none, additive, boolean, computed, causal
  bool kv_repeated = false;
  ir::Value *q = nullptr, *k = nullptr, *v = nullptr;  // as the region reads them
};

// GQA by jnp.repeat: reshape(broadcast_in_dim(kv)) inserting one dimension and merging it with
// the next (the kv heads repeated group times), read only by the product. Taken in, so the
// region reads the narrow kv.
bool take_repeat(ir::Value* v, OpSet& set) {
  ir::Operation* reshape = defined_by(v, "stablehlo.reshape");
  ir::Operation* bcast = reshape ? defined_by(reshape->operand(0), "stablehlo.broadcast_in_dim")
                                 : nullptr;
  if (!bcast || v->num_uses() != 1 || reshape->operand(0)->num_uses() != 1 ||
      bcast->operand(0)->type().rank() != v->type().rank() ||
      bcast->result(0)->type().rank() != v->type().rank() + 1) {
    return false;
  }
  set.add(bcast);
  set.add(reshape);
  return true;
}

struct Select {
  ir::Operation* op;
  size_t level;  // how many transposes above it
};

const ir::DotDimsAttr* dot_dims(const ir::Operation& op) {
  return op.attr_as<ir::DotDimsAttr>("dot_dimension_numbers");
}

std::optional<int64_t> softmax_axis(const ir::Operation& softmax, bool in_operand) {
  const auto* config = softmax.attr_as<ir::DictionaryAttr>("config");
  const ir::Attribute* axis = config ? config->find("axis") : nullptr;
  if (!axis || !axis->is<ir::IntegerAttr>()) return std::nullopt;
  int64_t a = axis->get<ir::IntegerAttr>().value;
  const ir::Attribute* perm = config->find("input_permutation");
  if (in_operand && perm && perm->is<ir::DenseArrayAttr>()) {
    return perm->get<ir::DenseArrayAttr>().ints[static_cast<size_t>(a)];
  }
  return a;
}

// `v` * c or v / c with c a constant: multiplies scale and returns v.
ir::Value* match_scaled(ir::Value* v, double& scale, OpSet& set) {
  ir::Operation* op = v->defining_op();
  if (!op || (op->name() != "stablehlo.multiply" && op->name() != "stablehlo.divide")) {
    return nullptr;
  }
  bool divide = op->name() == "stablehlo.divide";
  for (size_t k = 0; k < (divide ? 1u : 2u); ++k) {
    ir::Value* c = op->operand(1 - k);
    std::optional<double> value = constant_value(c);
    if (!value || *value == 0) continue;
    OpSet probe;
    if (!computed_from_constants(c, &probe)) continue;
    for (ir::Operation* o : probe.ops()) set.add(o);
    set.add(op);
    scale *= divide ? 1 / *value : *value;
    return op->operand(k);
  }
  return nullptr;
}

// The iota dimension `v` (through broadcasts and + 0) counts, in v's layout.
std::optional<int64_t> iota_dim(ir::Value* v) {
  OpSet ignored;
  std::vector<int64_t> map;
  for (int64_t i = 0; i < v->type().rank(); ++i) map.push_back(i);
  for (;;) {
    Broadcast b = strip_broadcasts(v, ignored);
    map = compose(b.map, map);
    v = b.source;
    ir::Operation* add = defined_by(v, "stablehlo.add");
    if (!add) break;
    if (constant_value(add->operand(1)) == 0.0) {
      v = add->operand(0);
    } else if (constant_value(add->operand(0)) == 0.0) {
      v = add->operand(1);
    } else {
      return std::nullopt;
    }
  }
  ir::Operation* iota = defined_by(v, "stablehlo.iota");
  const auto* dim = iota ? iota->attr_as<ir::IntegerAttr>("iota_dimension") : nullptr;
  if (!dim) return std::nullopt;
  return map[static_cast<size_t>(dim->value)];
}

// A folded mask: a boolean constant whose element at (query q, key k) is k <= q, whatever the
// other dimensions. `to_dot` maps its dimensions into the scores' dot layout.
bool is_causal_constant(const ir::Operation& c, const std::vector<int64_t>& to_dot, int64_t key,
                        int64_t query_begin, int64_t query_end) {
  const auto* value = c.attr_as<ir::DenseElementsAttr>("value");
  if (!value || !value->type.element().is_bool() || value->splat) return false;
  const std::vector<int64_t>& shape = value->type.shape();
  std::optional<size_t> sq, sk;
  for (size_t d = 0; d < shape.size(); ++d) {
    if (to_dot[d] == key) sk = d;
    if (to_dot[d] >= query_begin && to_dot[d] < query_end && shape[d] > 1) sq = d;
  }
  if (!sq || !sk) return false;
  std::vector<int64_t> index(shape.size(), 0);
  for (int64_t i = 0; i < value->num_elements(); ++i) {
    bool want = index[*sk] <= index[*sq];
    if ((value->element_bits(i) != 0) != want) return false;
    for (size_t d = shape.size(); d-- > 0;) {  // row-major increment
      if (++index[d] < shape[d]) break;
      index[d] = 0;
    }
  }
  return true;
}

// Whether pred (mapped into the scores' dot layout by `to_dot`) keeps exactly key <= query.
bool is_causal(ir::Value* pred, std::vector<int64_t> to_dot, int64_t key, int64_t query_begin,
               int64_t query_end) {
  OpSet ignored;
  for (;;) {
    Broadcast b = strip_broadcasts(pred, ignored);
    to_dot = compose(b.map, to_dot);
    pred = b.source;
    ir::Operation* op = pred->defining_op();
    if (!op) return false;
    if (op->name() == "stablehlo.and" && constant_value(op->operand(0)) == 1.0) {
      pred = op->operand(1);
    } else if (op->name() == "stablehlo.and" && constant_value(op->operand(1)) == 1.0) {
      pred = op->operand(0);
    } else if (op->name() == "stablehlo.select" && constant_value(op->operand(1)) == 1.0 &&
               constant_value(op->operand(2)) == 0.0) {
      pred = op->operand(0);
    } else {
      break;
    }
  }
  if (ir::Operation* c = pred->defining_op(); c && c->id() == ir::ops::kConstant) {
    return is_causal_constant(*c, to_dot, key, query_begin, query_end);
  }
  ir::Operation* cmp = defined_by(pred, "stablehlo.compare");
  const auto* dir = cmp ? cmp->attr_as<ir::EnumAttr>("comparison_direction") : nullptr;
  if (!dir) return false;
  std::optional<int64_t> a = iota_dim(cmp->operand(0)), b = iota_dim(cmp->operand(1));
  if (!a || !b) return false;
  int64_t da = to_dot[static_cast<size_t>(*a)], db = to_dot[static_cast<size_t>(*b)];
  auto is_query = [&](int64_t d) { return d >= query_begin && d < query_end; };
  std::string_view d =
      ir::enum_value_names(ir::EnumKind::kComparisonDirection)[static_cast<size_t>(dir->value)];
  return (d == "GE" && is_query(da) && db == key) || (d == "LE" && da == key && is_query(db));
}

// The scores chain from the softmax's operand down to the q·kᵀ dot_general.
ir::Operation* match_scores(ir::Value* s, AttentionMatch& m,
                            std::vector<std::vector<int64_t>>& perms,
                            std::vector<Select>& selects) {
  for (;;) {
    ir::Operation* op = s->defining_op();
    if (!op) return nullptr;
    if (op->name() == "stablehlo.dot_general") return op;
    if (is_float_convert(op)) {
      m.set.add(op);
      s = op->operand(0);
    } else if (op->name() == "stablehlo.transpose") {
      m.set.add(op);
      perms.push_back(op->attr_as<ir::DenseArrayAttr>("permutation")->ints);
      s = op->operand(0);
    } else if (ir::Value* inner = match_scaled(s, m.scale, m.set)) {
      s = inner;
    } else if (op->name() == "stablehlo.add" && m.mask == "none") {
      OpSet probe0, probe1;
      bool b0 = strip_broadcasts(op->operand(0), probe0).broadcasts > 0;
      bool b1 = strip_broadcasts(op->operand(1), probe1).broadcasts > 0;
      if (b0 == b1) return nullptr;
      for (ir::Operation* o : (b0 ? probe0 : probe1).ops()) m.set.add(o);
      m.set.add(op);
      m.mask = "additive";
      s = op->operand(b0 ? 1 : 0);
    } else if (op->name() == "stablehlo.select" && m.mask == "none") {
      std::optional<double> fill = splat_value(op->operand(2), &m.set);
      if (!fill || *fill > -1e30) return nullptr;
      m.set.add(op);
      selects.push_back({op, perms.size()});
      m.mask = "boolean";
      s = op->operand(1);
    } else {
      return nullptr;
    }
  }
}

std::optional<AttentionMatch> match_attention(ir::Operation& pv) {
  const ir::DotDimsAttr* pv_dims = dot_dims(pv);
  if (!pv_dims) return std::nullopt;
  for (size_t side = 0; side < 2; ++side) {
    AttentionMatch m;
    ir::Value* p = skip_float_converts(pv.operand(side), m.set);
    ir::Operation* softmax = p->defining_op();
    if (!softmax || ir::kiln_composite_of(softmax->id()) != ir::KilnComposite::kSoftmax) continue;
    std::optional<int64_t> out_axis = softmax_axis(*softmax, false);
    std::optional<int64_t> in_axis = softmax_axis(*softmax, true);
    const std::vector<int64_t>& contracted =
        side == 0 ? pv_dims->lhs_contracting : pv_dims->rhs_contracting;
    if (!out_axis || contracted != std::vector<int64_t>{*out_axis}) continue;
    m.set.add(softmax);
    std::vector<std::vector<int64_t>> perms;
    std::vector<Select> selects;
    ir::Operation* qk = match_scores(softmax->operand(0), m, perms, selects);
    const ir::DotDimsAttr* qk_dims = qk ? dot_dims(*qk) : nullptr;
    if (!qk_dims) continue;
    // to_dot per level: the dot's layout, carried up through the transposes.
    int64_t rank = qk->result(0)->type().rank();
    std::vector<std::vector<int64_t>> to_dot(perms.size() + 1);
    for (int64_t i = 0; i < rank; ++i) to_dot[perms.size()].push_back(i);
    for (size_t l = perms.size(); l-- > 0;) {
      for (int64_t d : perms[l]) to_dot[l].push_back(to_dot[l + 1][static_cast<size_t>(d)]);
    }
    int64_t key = to_dot[0][static_cast<size_t>(*in_axis)];
    int64_t batch = static_cast<int64_t>(qk_dims->lhs_batching.size());
    int64_t lhs_free = qk->operand(0)->type().rank() - batch -
                       static_cast<int64_t>(qk_dims->lhs_contracting.size());
    if (key < batch + lhs_free) continue;  // the softmax runs over queries, not keys
    for (const Select& s : selects) {
      OpSet mask_ops;
      if (!computed_from_constants(s.op->operand(0), &mask_ops)) continue;  // a mask input
      for (ir::Operation* o : mask_ops.ops()) m.set.add(o);
      m.mask = is_causal(s.op->operand(0), to_dot[s.level], key, batch, batch + lhs_free)
                   ? "causal"
                   : "computed";
    }
    m.set.add(qk);
    // A scale on q joins only when q·kᵀ is its one reader (a shared one stays outside).
    m.q = qk->operand(0);
    if (m.q->num_uses() == 1) {
      if (ir::Value* unscaled = match_scaled(m.q, m.scale, m.set)) m.q = unscaled;
    }
    m.k = qk->operand(1);
    m.v = pv.operand(1 - side);
    bool k_repeated = take_repeat(m.k, m.set);
    bool v_repeated = take_repeat(m.v, m.set);
    if (k_repeated) m.k = m.k->defining_op()->operand(0)->defining_op()->operand(0);
    if (v_repeated) m.v = m.v->defining_op()->operand(0)->defining_op()->operand(0);
    m.kv_repeated = k_repeated && v_repeated;
    m.set.add(&pv);
    return m;
  }
  return std::nullopt;
}

class FuseAttention : public Pass {
 public:
  std::string_view name() const override { return "fuse-attention"; }

  Expected<bool> run(ir::Module& module, PassContext& context) const override {
    ir::Rewriter rewriter(module.body());
    int64_t fused = 0;
    for (ir::Operation* op : ops_named(module, "stablehlo.dot_general")) {
      if (inside_kiln_op(*op)) continue;
      std::optional<AttentionMatch> m = match_attention(*op);
      if (!m) continue;
      std::vector<ir::NamedAttribute> config = {config_f64("scale", m->scale),
                                                config_str("mask", m->mask),
                                                config_bool("causal", m->mask == "causal"),
                                                config_bool("kv_repeated", m->kv_repeated)};
      KILN_TRY(ir::Operation * f,
               fuse_matched(m->set, {op->result(0)}, ir::KilnComposite::kAttention,
                            config, rewriter, context));
      if (!f) continue;
      // Operand roles, known once outline has ordered the operands.
      config.push_back(config_i64("q", operand_index(*f, m->q)));
      config.push_back(config_i64("k", operand_index(*f, m->k)));
      config.push_back(config_i64("v", operand_index(*f, m->v)));
      f->set_attr("config", ir::DictionaryAttr{std::move(config)});
      ++fused;
    }
    context.count("attentions fused", fused);
    return fused > 0;
  }
};

}  // namespace

KILN_REGISTER_PASS(FuseAttention, "fuse-attention",
                   "softmax(scale q·kᵀ + mask)·v (through kiln.softmax) into kiln.attention");

}  // namespace kiln::passes
