// fuse-softmax: softmax and log-softmax, in the forms JAX emits, into kiln.softmax and
// kiln.log_softmax (one pass: both start from exp(x - max) and its row sum).
//
// softmax(x)     = e / bcast(sum(e)),               e = exp(x - bcast(max(x))) or exp(x)
// log_softmax(x) = y - bcast(log(bcast(sum(exp(y))))), y = x - bcast(max(x)) or x
//                = x - bcast(log(|sum(exp(x - bcast(s)))|) + s)     (jax.nn.logsumexp)
// where max is a reduce maximum (init -inf) over the same axes as the sum (init 0), possibly
// guarded as maximum(-inf, max) and select(is_finite(m), m, 0), broadcasts may go through
// keepdims shapes, and float converts may sit anywhere between (bf16 data, f32 sums).
#include <algorithm>
#include <cmath>

#include "passes/pattern_match.h"

namespace kiln::passes {

namespace {

struct SoftmaxMatch {
  OpSet set;
  ir::Value* input = nullptr;
  std::vector<int64_t> axes;
  bool stable = false;  // x - max(x) before the exp
};

// `d` is bcast(sum(e)) over some axes, a row broadcast back to e's shape. Returns the axes.
std::optional<std::vector<int64_t>> match_row_sum(ir::Value* d, ir::Value* e,
                                                  std::vector<int64_t> map, OpSet& set) {
  OpSet local;
  Broadcast b = strip_broadcasts(d, local);
  map = compose(b.map, map);
  std::optional<Reduction> r = match_reduce(b.source, ReduceKind::kSum);
  if (!r || !is_row_broadcast(*r, map)) return std::nullopt;
  if (!same_up_to_converts(r->input, e, local)) return std::nullopt;
  local.add(r->op);
  for (ir::Operation* op : local.ops()) set.add(op);
  return r->axes;
}

std::vector<int64_t> identity(int64_t rank) {
  std::vector<int64_t> map;
  for (int64_t i = 0; i < rank; ++i) map.push_back(i);
  return map;
}

// Whether `v` is a row-broadcast statistic (a broadcast of a reduce, or of maximum / select
// of one): what a shift looks like when it is not the right one.
bool looks_like_shift(ir::Value* v) {
  OpSet ignored;
  ir::Value* source = strip_broadcasts(v, ignored).source;
  return source != v &&
         (defined_by(source, "stablehlo.reduce") || defined_by(source, "stablehlo.maximum") ||
          defined_by(source, "stablehlo.select"));
}

// e = exp(y) with y = x - bcast(max(x)) over `axes`, or y = x. Fills input and stable. A
// subtracted row statistic that is not x's own max over `axes` (another tensor's, another
// axis') is refused: the result is still the softmax of y, but not the softmax the program
// means to take, and the tests (patterns.json's negatives) hold it is none.
bool match_exp_argument(ir::Value* y, const std::vector<int64_t>& axes, SoftmaxMatch& m) {
  m.input = y;
  ir::Operation* sub = defined_by(y, "stablehlo.subtract");
  if (!sub) return true;
  OpSet shift;
  if (!match_row_max(sub->operand(1), identity(y->type().rank()), sub->operand(0), axes, shift)) {
    return !looks_like_shift(sub->operand(1));
  }
  for (ir::Operation* op : shift.ops()) m.set.add(op);
  m.set.add(sub);
  m.input = sub->operand(0);
  m.stable = true;
  return true;
}

std::optional<SoftmaxMatch> match_softmax(ir::Operation& div) {
  SoftmaxMatch m;
  ir::Value* e = div.operand(0);
  ir::Operation* exp = defined_by(e, "stablehlo.exponential");
  if (!exp) return std::nullopt;
  std::optional<std::vector<int64_t>> axes =
      match_row_sum(div.operand(1), e, identity(e->type().rank()), m.set);
  if (!axes) return std::nullopt;
  m.axes = *axes;
  m.set.add(exp);
  if (!match_exp_argument(exp->operand(0), m.axes, m)) return std::nullopt;
  m.set.add(&div);
  return m;
}

// log(|bcast(sum(e))|) or log(bcast(sum(e))), mapped into the final value by `map`.
std::optional<std::vector<int64_t>> match_log_sum(ir::Value* v, std::vector<int64_t> map,
                                                  ir::Operation*& exp, OpSet& set) {
  OpSet local;
  Broadcast b = strip_broadcasts(v, local);
  map = compose(b.map, map);
  ir::Operation* log = defined_by(b.source, "stablehlo.log");
  if (!log) return std::nullopt;
  local.add(log);
  ir::Value* arg = log->operand(0);
  if (ir::Operation* abs = defined_by(arg, "stablehlo.abs")) {
    local.add(abs);
    arg = abs->operand(0);
  }
  Broadcast inner = strip_broadcasts(arg, local);
  std::optional<Reduction> r = match_reduce(inner.source, ReduceKind::kSum);
  if (!r || !is_row_broadcast(*r, compose(inner.map, map))) return std::nullopt;
  exp = defined_by(skip_float_converts(r->input, local), "stablehlo.exponential");
  if (!exp) return std::nullopt;
  local.add(r->op);
  local.add(exp);
  for (ir::Operation* op : local.ops()) set.add(op);
  return r->axes;
}

std::optional<SoftmaxMatch> match_log_softmax(ir::Operation& sub) {
  SoftmaxMatch m;
  ir::Value* a = sub.operand(0);
  int64_t rank = a->type().rank();
  OpSet outer;
  Broadcast b = strip_broadcasts(sub.operand(1), outer);
  for (ir::Operation* op : outer.ops()) m.set.add(op);
  ir::Operation* exp = nullptr;
  // x - log(sum(exp(x - s))) - s, as jax.nn.logsumexp writes it: add(log(...), s).
  if (ir::Operation* add = defined_by(b.source, "stablehlo.add")) {
    std::optional<std::vector<int64_t>> axes;
    ir::Value* shift = nullptr;
    either_order(add, [&](ir::Value* l, ir::Value* s) {
      OpSet local;
      axes = match_log_sum(l, b.map, exp, local);
      if (!axes) return false;
      ir::Operation* y = defined_by(exp->operand(0), "stablehlo.subtract");
      if (!y || y->operand(0) != a) return false;
      OpSet ys;
      if (strip_broadcasts(y->operand(1), ys).source != s) return false;
      if (!match_row_max(s, b.map, a, *axes, local)) return false;
      for (ir::Operation* op : local.ops()) m.set.add(op);
      for (ir::Operation* op : ys.ops()) m.set.add(op);
      m.set.add(y);
      shift = s;
      return true;
    });
    if (!shift) return std::nullopt;
    m.set.add(add);
    m.axes = *axes;
    m.input = a;
    m.stable = true;
  } else {
    std::optional<std::vector<int64_t>> axes =
        match_log_sum(sub.operand(1), identity(rank), exp, m.set);
    if (!axes || exp->operand(0) != a) return std::nullopt;
    m.axes = *axes;
    if (!match_exp_argument(a, m.axes, m)) return std::nullopt;
  }
  m.set.add(&sub);
  return m;
}

Expected<int64_t> fuse_all(ir::Module& module, std::string_view root, ir::KilnComposite kind,
                           std::optional<SoftmaxMatch> (*match)(ir::Operation&),
                           ir::Rewriter& rewriter, PassContext& context) {
  int64_t fused = 0;
  for (ir::Operation* op : ops_named(module, root)) {
    if (inside_kiln_op(*op)) continue;
    std::optional<SoftmaxMatch> m = match(*op);
    if (!m || m->input->type() != op->result(0)->type().with_element(m->input->type().element())) {
      continue;
    }
    std::vector<ir::NamedAttribute> config = {config_axes(m->axes),
                                              config_bool("max_subtracted", m->stable)};
    // jax.nn.dot_product_attention's form: the op reads t and normalises transpose(t).
    ir::Operation* t = defined_by(m->input, "stablehlo.transpose");
    if (t && m->set.contains(t)) {
      config.push_back(
          config_i64s("input_permutation", t->attr_as<ir::DenseArrayAttr>("permutation")->ints));
    }
    KILN_TRY(ir::Operation * fusedop,
             fuse_matched(m->set, {op->result(0)}, kind, std::move(config), rewriter, context));
    if (fusedop) ++fused;
  }
  return fused;
}

class FuseSoftmax : public Pass {
 public:
  std::string_view name() const override { return "fuse-softmax"; }

  Expected<bool> run(ir::Module& module, PassContext& context) const override {
    ir::Rewriter rewriter(module.body());
    KILN_TRY(int64_t log_softmax,
             fuse_all(module, "stablehlo.subtract", ir::KilnComposite::kLogSoftmax,
                      match_log_softmax, rewriter, context));
    KILN_TRY(int64_t softmax, fuse_all(module, "stablehlo.divide", ir::KilnComposite::kSoftmax,
                                       match_softmax, rewriter, context));
    context.count("log-softmaxes fused", log_softmax);
    context.count("softmaxes fused", softmax);
    return log_softmax + softmax > 0;
  }
};

}  // namespace

KILN_REGISTER_PASS(FuseSoftmax, "fuse-softmax",
                   "softmax and log-softmax (max-subtracted or not, any axes) into kiln.softmax "
                   "and kiln.log_softmax");

}  // namespace kiln::passes
