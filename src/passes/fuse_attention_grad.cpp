// fuse-attention-grad: the backward of softmax(scale · q·kᵀ [masked]) · v, in the form jax.grad
// writes it, into kiln.attention_grad (dq, dk, dv from q, k, v, the forward's output o and its
// upstream gradient dO). Runs before fuse-softmax: it leaves the forward to fuse-attention.
//
// The forward, as JAX writes softmax: e = exp(s - bcast(rowmax(s))), L = rowsum(e) (float
// converts between), P = e / bcast(L), o = P·v, with s the scores fuse-attention matches
// (match_attention_scores). jax.grad of it reads e, L and P:
//   dV = dOᵀ·P (a dot_general contracting the queries, then a transpose or not)
//   dP = dO·vᵀ
//   dS = ((dP / bcast(L)) + bcast(-rowsum((dP · bcast(1 / (L · L))) · e))) · e
//        [select(mask, dS, 0) with the forward's mask] · scale
//   dQ = dS·k, dK = dSᵀ·q
// which is P ⊙ (dP − rowsum(dP ⊙ P)) · scale, with or without an additive mask in s.
// Shape-only ops between (reshapes, float converts, broadcasts, sums over size-1 dimensions)
// are passed. The forward ops the gradient reads are copied for it, so the region recomputes P
// from q and k (the forward keeps its own and fuses as before); the region is JAX's own ops,
// so it computes exactly what the program did.
#include <algorithm>
#include <cmath>

#include "passes/attention_scores.h"
#include "passes/outline.h"

namespace kiln::passes {

namespace {

const ir::DotDimsAttr* dot_dims(const ir::Operation& op) {
  return op.attr_as<ir::DotDimsAttr>("dot_dimension_numbers");
}

// The ops of one match: `forward` computes P (and e, L) from q and k, `backward` the gradients.
struct GradMatch {
  OpSet forward, backward;
  AttentionScores scores;
  ir::Value *v = nullptr, *d_o = nullptr, *o = nullptr;
  ir::Value *dq = nullptr, *dk = nullptr, *dv = nullptr;
};

// The softmax pieces of the forward: e, the row sum L (the reduce's result) and P.
struct Softmax {
  ir::Operation* exp = nullptr;
  ir::Value* sum = nullptr;  // the reduce's result
  ir::Value* p = nullptr;
  int64_t axis = 0;
};

// P = e / bcast(L), e = exp(s - bcast(rowmax(s))), L = rowsum(e): JAX's softmax.
std::optional<Softmax> match_softmax(ir::Operation& divide, OpSet& set) {
  ir::Operation* exp = defined_by(divide.operand(0), "stablehlo.exponential");
  if (!exp) return std::nullopt;
  OpSet ops;
  Broadcast b = strip_broadcasts(divide.operand(1), ops);
  std::optional<Reduction> sum = match_reduce(b.source, ReduceKind::kSum);
  if (!sum || sum->axes.size() != 1 || !is_row_broadcast(*sum, b.map) ||
      !same_up_to_converts(sum->input, exp->result(0), ops)) {
    return std::nullopt;
  }
  ir::Operation* sub = defined_by(exp->operand(0), "stablehlo.subtract");
  std::vector<int64_t> identity;
  for (int64_t i = 0; i < exp->result(0)->type().rank(); ++i) identity.push_back(i);
  if (!sub || !match_row_max(sub->operand(1), identity, sub->operand(0), sum->axes, ops)) {
    return std::nullopt;
  }
  for (ir::Operation* op : ops.ops()) set.add(op);
  for (ir::Operation* op : {sum->op, sub, exp, &divide}) set.add(op);
  return Softmax{exp, sum->op->result(0), divide.result(0), sum->axes[0]};
}

// Passes ops that do not change the values of a row statistic: float converts, reshapes,
// broadcasts and sums over size-1 dimensions, adding them to `set`.
ir::Value* skip_shape_ops(ir::Value* v, OpSet& set) {
  for (;;) {
    ir::Operation* op = v->defining_op();
    if (!op) return v;
    bool pass = is_float_convert(op) || op->name() == "stablehlo.reshape" ||
                op->name() == "stablehlo.broadcast_in_dim";
    if (std::optional<Reduction> r = match_reduce(v, ReduceKind::kSum)) {
      const std::vector<int64_t>& shape = r->input->type().shape();
      pass = std::all_of(r->axes.begin(), r->axes.end(),
                         [&](int64_t a) { return shape[static_cast<size_t>(a)] == 1; });
    }
    if (!pass) return v;
    set.add(op);
    v = op->operand(0);
  }
}

// Whether `v` is L (the row sum `sum`) through shape-only ops. Those are the forward's or,
// when only the gradient reads them, go into `set`.
bool is_sum(ir::Value* v, const Softmax& sm, const OpSet& forward, OpSet& set) {
  OpSet path;
  if (skip_shape_ops(v, path) != sm.sum) return false;
  for (ir::Operation* op : path.ops()) {
    if (!forward.contains(op)) set.add(op);
  }
  return true;
}

// The binary op `name` of `v` with one operand satisfying `first`; returns the other operand.
template <class F>
ir::Value* either(ir::Value* v, std::string_view name, OpSet& set, F&& first) {
  ir::Operation* op = defined_by(v, name);
  if (!op) return nullptr;
  for (size_t i = 0; i < 2; ++i) {
    if (first(op->operand(i))) {
      set.add(op);
      return op->operand(1 - i);
    }
  }
  return nullptr;
}

// -rowsum((dP · bcast(1 / (L · L))) · e), broadcast back: the term dS subtracts.
bool match_row_term(ir::Value* v, ir::Value* dp, const Softmax& sm, const OpSet& forward,
                    OpSet& set) {
  ir::Operation* neg = defined_by(skip_shape_ops(v, set), "stablehlo.negate");
  if (!neg) return false;
  set.add(neg);
  std::optional<Reduction> r = match_reduce(skip_shape_ops(neg->operand(0), set), ReduceKind::kSum);
  if (!r || r->axes != std::vector<int64_t>{sm.axis}) return false;
  set.add(r->op);
  ir::Value* t = either(r->input, "stablehlo.multiply", set,
                        [&](ir::Value* x) { return x == sm.exp->result(0); });
  ir::Value* inv =
      t ? either(t, "stablehlo.multiply", set, [&](ir::Value* x) { return x == dp; }) : nullptr;
  ir::Operation* div = inv ? defined_by(skip_shape_ops(inv, set), "stablehlo.divide") : nullptr;
  if (!div || !is_splat(div->operand(0), 1.0, 1e-6, &set)) return false;
  ir::Operation* square = defined_by(div->operand(1), "stablehlo.multiply");
  if (!square || !is_sum(square->operand(0), sm, forward, set) ||
      !is_sum(square->operand(1), sm, forward, set)) {
    return false;
  }
  set.add(div);
  set.add(square);
  return true;
}

// The select of the forward's scores (a mask), or nullptr.
ir::Operation* forward_select(const AttentionScores& scores) {
  for (ir::Operation* op : scores.set.ops()) {
    if (op->name() == "stablehlo.select" && op->result(0)->type().element().is_float()) return op;
  }
  return nullptr;
}

// dS from its two readers back to dP; adds its ops to `set`.
bool match_ds(ir::Value* ds, ir::Value* dp, const Softmax& sm, const GradMatch& m, OpSet& set) {
  ir::Value* g = either(ds, "stablehlo.multiply", set, [&](ir::Value* x) {
    std::optional<double> c = splat_value(x, &set);
    return c && std::abs(*c - m.scores.scale) <= 1e-2 * std::abs(m.scores.scale);
  });
  if (!g) return false;
  if (ir::Operation* mask = forward_select(m.scores)) {
    ir::Operation* sel = defined_by(g, "stablehlo.select");
    if (!sel || sel->operand(0) != mask->operand(0) ||
        !is_splat(sel->operand(2), 0.0, 1e-6, &set)) {
      return false;
    }
    set.add(sel);
    g = sel->operand(1);
  }
  // An additive mask leaves dS as it is: the bias is a constant of q and k. Where the program
  // differentiates the bias too, dS (its gradient) is read outside and outlinable refuses.
  ir::Value* h =
      either(g, "stablehlo.multiply", set, [&](ir::Value* x) { return x == sm.exp->result(0); });
  ir::Operation* add = h ? defined_by(h, "stablehlo.add") : nullptr;
  if (!add) return false;
  for (size_t i = 0; i < 2; ++i) {
    ir::Operation* div = defined_by(add->operand(i), "stablehlo.divide");
    OpSet probe;
    if (!div || div->operand(0) != dp || !is_sum(div->operand(1), sm, m.forward, probe) ||
        !match_row_term(add->operand(1 - i), dp, sm, m.forward, probe)) {
      continue;
    }
    for (ir::Operation* op : probe.ops()) set.add(op);
    set.add(div);
    set.add(add);
    return true;
  }
  return false;
}

// The dot_general reading `a` and `b` (either order), or nullptr.
ir::Operation* dot_of(ir::Value* a, ir::Value* b) {
  for (const ir::Use& u : a->uses()) {
    ir::Operation* op = u.user;
    if (op->name() != "stablehlo.dot_general" || op->num_operands() != 2) continue;
    if ((op->operand(0) == a && op->operand(1) == b) ||
        (op->operand(1) == a && op->operand(0) == b)) {
      return op;
    }
  }
  return nullptr;
}

// P's readers: dV = dOᵀ·P contracting the queries, and o = P·v contracting the keys where the
// program computes the forward's value too.
bool match_readers_of_p(const Softmax& sm, GradMatch& m) {
  ir::Operation *pv = nullptr, *dv = nullptr;
  for (const ir::Use& u : sm.p->uses()) {
    ir::Operation* op = u.user;
    const ir::DotDimsAttr* dims = dot_dims(*op);
    if (!dims || op->num_operands() != 2) return false;
    const auto& contracted = op->operand(0) == sm.p ? dims->lhs_contracting : dims->rhs_contracting;
    if (contracted.size() != 1) return false;
    (contracted[0] == sm.axis ? pv : dv) = op;
  }
  if (!dv) return false;
  if (pv) {
    m.v = pv->operand(pv->operand(0) == sm.p ? 1 : 0);
    m.o = pv->result(0);
  }
  m.d_o = dv->operand(dv->operand(0) == sm.p ? 1 : 0);
  m.backward.add(dv);
  m.dv = dv->result(0);
  ir::Operation* t = m.dv->num_uses() == 1 ? m.dv->uses()[0].user : nullptr;
  if (t && t->name() == "stablehlo.transpose") {
    m.backward.add(t);
    m.dv = t->result(0);
  }
  return true;
}

// dP = dO·vᵀ: the product of dO with v, or (where the program does not compute o) with the
// other operand of any other product reading dO; the match of dS then decides.
std::vector<ir::Operation*> dp_candidates(const GradMatch& m) {
  std::vector<ir::Operation*> out;
  for (const ir::Use& u : m.d_o->uses()) {
    ir::Operation* op = u.user;
    if (op->name() != "stablehlo.dot_general" || m.backward.contains(op)) continue;
    ir::Value* other = op->operand(op->operand(0) == m.d_o ? 1 : 0);
    if (!m.v || other == m.v) out.push_back(op);
  }
  return out;
}

std::optional<GradMatch> match_attention_grad(ir::Operation& divide) {
  GradMatch m;
  std::optional<Softmax> sm = match_softmax(divide, m.forward);
  if (!sm) return std::nullopt;
  ir::Operation* sub = sm->exp->operand(0)->defining_op();
  std::optional<AttentionScores> scores = match_attention_scores(sub->operand(0), sm->axis);
  if (!scores || !match_readers_of_p(*sm, m)) return std::nullopt;
  m.scores = std::move(*scores);
  for (ir::Operation* op : m.scores.set.ops()) m.forward.add(op);
  for (ir::Operation* dp : dp_candidates(m)) {
    // dS: the operand that a product with q and one with k share.
    for (const ir::Use& u : m.scores.k->uses()) {
      ir::Operation* dq = u.user;
      if (dq == m.scores.qk || dq->name() != "stablehlo.dot_general") continue;
      ir::Value* ds = dq->operand(dq->operand(0) == m.scores.k ? 1 : 0);
      ir::Operation* dk = dot_of(ds, m.scores.q);
      OpSet ds_ops;
      if (!dk || !match_ds(ds, dp->result(0), *sm, m, ds_ops)) continue;
      for (ir::Operation* op : ds_ops.ops()) m.backward.add(op);
      for (ir::Operation* op : {dp, dq, dk}) m.backward.add(op);
      m.v = dp->operand(dp->operand(0) == m.d_o ? 1 : 0);
      m.dq = dq->result(0);
      m.dk = dk->result(0);
      return m;
    }
  }
  return std::nullopt;
}

// Whether only dq, dk and dv of the backward ops are read outside them, and they can be
// outlined together.
bool outlinable(const GradMatch& m) {
  for (ir::Operation* op : m.backward.ops()) {
    for (const auto& r : op->results()) {
      if (r.get() == m.dq || r.get() == m.dk || r.get() == m.dv) continue;
      for (const ir::Use& u : r->uses()) {
        if (!m.backward.contains(u.user)) return false;
      }
    }
  }
  return can_outline(m.backward.ops());
}

// Copies the forward ops (in block order, each just after its original) and points the
// backward's reads of them at the copies. Returns the copies.
OpSet copy_forward(const GradMatch& m, ir::Rewriter& rewriter) {
  std::vector<ir::Operation*> order(m.forward.ops());
  ir::Block* block = order.front()->parent_block();
  std::sort(order.begin(), order.end(), [&](ir::Operation* a, ir::Operation* b) {
    return block->index_of(a) < block->index_of(b);
  });
  ir::ValueMap map;
  OpSet copies;
  for (ir::Operation* op : order) {
    (void)rewriter.set_insertion_point_after(*op);
    copies.add(rewriter.clone(*op, map));
  }
  for (ir::Operation* op : m.backward.ops()) {
    for (size_t i = 0; i < op->num_operands(); ++i) {
      auto it = map.find(op->operand(i));
      if (it != map.end()) op->set_operand(i, it->second);
    }
  }
  return copies;
}

bool in_one_block(const GradMatch& m) {
  ir::Block* block = m.backward.ops().front()->parent_block();
  auto here = [&](const OpSet& s) {
    return std::all_of(s.ops().begin(), s.ops().end(),
                       [&](ir::Operation* op) { return op->parent_block() == block; });
  };
  return here(m.forward) && here(m.backward);
}

class FuseAttentionGrad : public Pass {
 public:
  std::string_view name() const override { return "fuse-attention-grad"; }

  Expected<bool> run(ir::Module& module, PassContext& context) const override {
    ir::Rewriter rewriter(module.body());
    int64_t fused = 0;
    for (ir::Operation* op : ops_named(module, "stablehlo.divide")) {
      if (inside_kiln_op(*op)) continue;
      std::optional<GradMatch> m = match_attention_grad(*op);
      if (!m) continue;
      if (!in_one_block(*m) || !outlinable(*m)) {
        context.explain("kiln.attention_grad: not fused: a gradient op is read outside it");
        continue;
      }
      ir::Operation* o_def = m->o ? m->o->defining_op() : nullptr;
      OpSet set = copy_forward(*m, rewriter);
      for (ir::Operation* b : m->backward.ops()) set.add(b);
      std::vector<ir::NamedAttribute> config = {config_f64("scale", m->scores.scale),
                                                config_str("mask", m->scores.mask),
                                                config_bool("causal", m->scores.mask == "causal")};
      // q, k, v, dO lead the operands (as the forward's q, k, v lead its own), whatever order
      // the program reads them in.
      KILN_TRY(ir::Operation * f,
               fuse_matched(set, {m->dq, m->dk, m->dv}, ir::KilnComposite::kAttentionGrad, config,
                            rewriter, context, {m->scores.q, m->scores.k, m->v, m->d_o}));
      if (!f) return Error::internal("fuse-attention-grad: a checked match did not outline");
      // o, which the region does not read (it recomputes P) but a backend's fused backward
      // does: the link to the forward (see src/passes/README.md).
      if (o_def && o_def->parent_block() == f->parent_block() &&
          o_def->parent_block()->index_of(o_def) < f->parent_block()->index_of(f)) {
        f->add_operand(m->o);
        f->region(0).front().add_argument(m->o->type());
      }
      config.push_back(config_i64("q", operand_index(*f, m->scores.q)));
      config.push_back(config_i64("k", operand_index(*f, m->scores.k)));
      config.push_back(config_i64("v", operand_index(*f, m->v)));
      config.push_back(config_i64("do", operand_index(*f, m->d_o)));
      config.push_back(config_i64("o", operand_index(*f, m->o)));
      f->set_attr("config", ir::DictionaryAttr{std::move(config)});
      ++fused;
    }
    context.count("attention gradients fused", fused);
    return fused > 0;
  }
};

}  // namespace

KILN_REGISTER_PASS(FuseAttentionGrad, "fuse-attention-grad",
                   "jax.grad's backward of softmax(scale q·kᵀ + mask)·v into kiln.attention_grad");

}  // namespace kiln::passes
