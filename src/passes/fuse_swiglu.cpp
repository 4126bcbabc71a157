// fuse-swiglu: silu(x @ W1) * (x @ W2), and the fused-weight form silu(h[..., :n]) * h[..., n:]
// with h = x @ [W1 W2], into kiln.swiglu. The region holds the GEMMs too: a fused SwiGLU
// kernel computes both products of one x tile and applies the gate before writing anything.
#include "passes/pattern_match.h"

namespace kiln::passes {

namespace {

std::vector<int64_t> ints(const ir::Operation& op, std::string_view name) {
  const auto* a = op.attr_as<ir::DenseArrayAttr>(name);
  return a ? a->ints : std::vector<int64_t>{};
}

// `v` = slice of h taking the half `half` (0 or 1) of its last dimension, everything else
// whole, unit strides.
bool is_half_slice(ir::Value* v, ir::Value* h, int half) {
  ir::Operation* slice = defined_by(v, "stablehlo.slice");
  if (!slice || slice->operand(0) != h) return false;
  const std::vector<int64_t>& shape = h->type().shape();
  std::vector<int64_t> start = ints(*slice, "start_indices"), limit = ints(*slice, "limit_indices"),
                       strides = ints(*slice, "strides");
  size_t last = shape.size() - 1;
  if (shape.empty() || shape[last] % 2 != 0 || start.size() != shape.size()) return false;
  for (size_t d = 0; d < shape.size(); ++d) {
    int64_t lo = d == last ? half * shape[d] / 2 : 0;
    int64_t hi = d == last ? (half + 1) * shape[d] / 2 : shape[d];
    if (start[d] != lo || limit[d] != hi || strides[d] != 1) return false;
  }
  return true;
}

struct SwigluMatch {
  OpSet set;
  ir::Value* x = nullptr;
  std::vector<ir::Value*> weights;  // gate, up; or the one fused weight
  int64_t gate_half = 0;
};

std::optional<SwigluMatch> match_swiglu(ir::Operation& mul) {
  std::optional<SwigluMatch> out;
  either_order(&mul, [&](ir::Value* s, ir::Value* b) {
    SwigluMatch m;
    ir::Value* a = match_silu(s, m.set);
    if (!a) return false;
    a = skip_float_converts(a, m.set);
    b = skip_float_converts(b, m.set);
    ir::Operation* da = defined_by(a, "stablehlo.dot_general");
    ir::Operation* db = defined_by(b, "stablehlo.dot_general");
    if (da && db && da != db) {
      if (da->operand(0) != db->operand(0) ||
          !(*da->attr("dot_dimension_numbers") == *db->attr("dot_dimension_numbers")) ||
          da->operand(1)->type() != db->operand(1)->type()) {
        return false;
      }
      m.set.add(da);
      m.set.add(db);
      m.x = da->operand(0);
      m.weights = {da->operand(1), db->operand(1)};
    } else {
      ir::Operation* sa = defined_by(a, "stablehlo.slice");
      ir::Operation* h = sa ? defined_by(sa->operand(0), "stablehlo.dot_general") : nullptr;
      if (!h) return false;
      ir::Value* hv = h->result(0);
      if (is_half_slice(a, hv, 0) && is_half_slice(b, hv, 1)) {
        m.gate_half = 0;
      } else if (is_half_slice(a, hv, 1) && is_half_slice(b, hv, 0)) {
        m.gate_half = 1;
      } else {
        return false;
      }
      m.set.add(sa);
      m.set.add(b->defining_op());
      m.set.add(h);
      m.x = h->operand(0);
      m.weights = {h->operand(1)};
    }
    m.set.add(&mul);
    out = std::move(m);
    return true;
  });
  return out;
}

class FuseSwiglu : public Pass {
 public:
  std::string_view name() const override { return "fuse-swiglu"; }

  Expected<bool> run(ir::Module& module, PassContext& context) const override {
    ir::Rewriter rewriter(module.body());
    int64_t fused = 0;
    for (ir::Operation* op : ops_named(module, "stablehlo.multiply")) {
      if (inside_kiln_op(*op)) continue;
      std::optional<SwigluMatch> m = match_swiglu(*op);
      if (!m) continue;
      KILN_TRY(ir::Operation * f, fuse_matched(m->set, {op->result(0)}, ir::KilnComposite::kSwiglu,
                                               {}, rewriter, context));
      if (!f) continue;
      // The operand roles, known once outline has ordered the operands.
      std::vector<ir::NamedAttribute> config = {config_str("activation", "silu"),
                                                config_i64("input", operand_index(*f, m->x))};
      if (m->weights.size() == 2) {
        config.push_back(config_i64("gate_weight", operand_index(*f, m->weights[0])));
        config.push_back(config_i64("up_weight", operand_index(*f, m->weights[1])));
      } else {
        config.push_back(config_i64("fused_weight", operand_index(*f, m->weights[0])));
        config.push_back(config_i64("gate_half", m->gate_half));
      }
      f->set_attr("config", ir::DictionaryAttr{std::move(config)});
      ++fused;
    }
    context.count("swiglus fused", fused);
    return fused > 0;
  }
};

}  // namespace

KILN_REGISTER_PASS(FuseSwiglu, "fuse-swiglu",
                   "silu(x @ W1) * (x @ W2) (two weights or one split in halves) into kiln.swiglu");

}  // namespace kiln::passes
