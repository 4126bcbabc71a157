// The scores chain of an attention (q·kᵀ, scale, masks) and jnp.repeat's GQA widening, as
// fuse-attention and fuse-attention-grad match them.
#include "passes/attention_scores.h"

#include <cmath>

namespace kiln::passes {

namespace {

const ir::DotDimsAttr* dot_dims(const ir::Operation& op) {
  return op.attr_as<ir::DotDimsAttr>("dot_dimension_numbers");
}

struct Select {
  ir::Operation* op;
  size_t level;  // how many transposes above it
};

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
ir::Operation* match_scores(ir::Value* s, AttentionScores& m,
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

}  // namespace

std::optional<AttentionScores> match_attention_scores(ir::Value* s, int64_t axis) {
  AttentionScores m;
  std::vector<std::vector<int64_t>> perms;
  std::vector<Select> selects;
  ir::Operation* qk = match_scores(s, m, perms, selects);
  const ir::DotDimsAttr* qk_dims = qk ? dot_dims(*qk) : nullptr;
  if (!qk_dims) return std::nullopt;
  // to_dot per level: the dot's layout, carried up through the transposes.
  int64_t rank = qk->result(0)->type().rank();
  std::vector<std::vector<int64_t>> to_dot(perms.size() + 1);
  for (int64_t i = 0; i < rank; ++i) to_dot[perms.size()].push_back(i);
  for (size_t l = perms.size(); l-- > 0;) {
    for (int64_t d : perms[l]) to_dot[l].push_back(to_dot[l + 1][static_cast<size_t>(d)]);
  }
  int64_t key = to_dot[0][static_cast<size_t>(axis)];
  int64_t batch = static_cast<int64_t>(qk_dims->lhs_batching.size());
  int64_t lhs_free = qk->operand(0)->type().rank() - batch -
                     static_cast<int64_t>(qk_dims->lhs_contracting.size());
  if (key < batch + lhs_free) return std::nullopt;  // the softmax runs over queries, not keys
  for (const Select& s : selects) {
    OpSet mask_ops;
    if (!computed_from_constants(s.op->operand(0), &mask_ops)) continue;  // a mask input
    for (ir::Operation* o : mask_ops.ops()) m.set.add(o);
    m.mask = is_causal(s.op->operand(0), to_dot[s.level], key, batch, batch + lhs_free)
                 ? "causal"
                 : "computed";
  }
  m.qk = qk;
  m.set.add(qk);
  // A scale on q joins only when q·kᵀ is its one reader (a shared one stays outside).
  m.q = qk->operand(0);
  if (m.q->num_uses() == 1) {
    if (ir::Value* unscaled = match_scaled(m.q, m.scale, m.set)) m.q = unscaled;
  }
  m.k = qk->operand(1);
  return m;
}

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

}  // namespace kiln::passes
