// fuse-attention: softmax(scale * q·kᵀ [+ mask | masked by select]) · v into kiln.attention,
// matched through the kiln.softmax that fuse-softmax made (it runs first).
//
// From the root, a dot_general P·V (either operand order) whose P is a kiln.softmax result
// (float converts between) contracted over exactly the softmax axis, back through the scores:
// float converts, transposes, a multiply / divide by a constant (the scale), an additive mask
// `s + m`, `select(pred, s, c)` with c <= -1e30 (a boolean or causal mask), to the q·kᵀ
// dot_general, whose key dimension (a free dimension of k) must be the softmax axis. A scale on
// q before the product is taken in too. The kiln.softmax stays whole inside the region. The
// composite's operands: q, k, v, then a mask or bias read from outside.
#include "passes/attention_scores.h"

namespace kiln::passes {

namespace {

struct AttentionMatch {
  OpSet set;
  double scale = 1;
  std::string mask = "none";  // none, additive, boolean, computed, causal
  bool kv_repeated = false;
  ir::Value *q = nullptr, *k = nullptr, *v = nullptr;  // as the region reads them
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
    std::optional<AttentionScores> scores = match_attention_scores(softmax->operand(0), *in_axis);
    if (!scores) continue;
    for (ir::Operation* o : scores->set.ops()) m.set.add(o);
    m.scale = scores->scale;
    m.mask = scores->mask;
    m.q = scores->q;
    m.k = scores->k;
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
      // q, k, v lead the operands whatever order the program reads them in (GQA's repeat of
      // k and v comes before q·kᵀ): the library kernels take them in that order. A mask or
      // bias read from outside follows.
      KILN_TRY(ir::Operation * f,
               fuse_matched(m->set, {op->result(0)}, ir::KilnComposite::kAttention,
                            config, rewriter, context, {m->q, m->k, m->v}));
      if (!f) continue;
      // Operand roles (0, 1, 2 but where q, k or v is one value, or computed in the region).
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
