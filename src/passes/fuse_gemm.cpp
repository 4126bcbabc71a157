// fuse-gemm: a dot_general with its epilogue, (x @ W [+ bias]) [activation] [+ residual], into
// kiln.gemm. The epilogue is what cuBLASLt fuses (bias, relu / gelu) plus the residual add.
#include <algorithm>
#include <unordered_map>

#include "passes/pattern_match.h"

namespace kiln::passes {

namespace {

struct GemmMatch {
  OpSet set;
  ir::Operation* dot = nullptr;
  bool bias = false, residual = false;
  std::string activation = "none";
};

ir::Value* skip_convert(ir::Value* v, OpSet& set) {
  if (is_float_convert(v->defining_op())) {
    set.add(v->defining_op());
    return v->defining_op()->operand(0);
  }
  return v;
}

// Whether a bias broadcast with `map` varies only along the product's output features: the
// free dimensions of the right-hand side, last in dot_general's result layout (what a GEMM
// epilogue adds per column).
bool along_output_features(const ir::Operation& dot, const std::vector<int64_t>& map) {
  const auto* dims = dot.attr_as<ir::DotDimsAttr>("dot_dimension_numbers");
  if (!dims) return false;
  int64_t rhs_free = dot.operand(1)->type().rank() -
                     static_cast<int64_t>(dims->rhs_batching.size() + dims->rhs_contracting.size());
  int64_t first = dot.result(0)->type().rank() - rhs_free;
  return std::all_of(map.begin(), map.end(), [&](int64_t d) { return d >= first; });
}

// dot [+ bcast(bias)]
bool match_product(ir::Value* v, GemmMatch& m) {
  v = skip_convert(v, m.set);
  if (ir::Operation* add = defined_by(v, "stablehlo.add")) {
    int64_t rank = v->type().rank();
    ir::Value* base = nullptr;
    either_order(add, [&](ir::Value* a, ir::Value* b) {
      OpSet probe;
      Broadcast bb = strip_broadcasts(b, probe);
      ir::Operation* dot = defined_by(skip_float_converts(a, probe), "stablehlo.dot_general");
      if (bb.broadcasts == 0 || bb.source->type().rank() >= rank || !dot ||
          !along_output_features(*dot, bb.map)) {
        return false;
      }
      for (ir::Operation* op : probe.ops()) m.set.add(op);
      base = skip_float_converts(a, m.set);
      return true;
    });
    if (!base) return false;
    m.set.add(add);
    m.bias = true;
    v = base;
  }
  m.dot = defined_by(v, "stablehlo.dot_general");
  if (!m.dot) return false;
  m.set.add(m.dot);
  return true;
}

// [activation(]product[)]
bool match_activated(ir::Value* v, GemmMatch& m) {
  v = skip_convert(v, m.set);
  OpSet act;
  ir::Value* x = nullptr;
  if (ir::Operation* mx = defined_by(v, "stablehlo.maximum")) {
    either_order(mx, [&](ir::Value* a, ir::Value* z) {
      if (!is_splat(z, 0.0, 0.0, &act)) return false;
      x = a;
      return true;
    });
    if (x) {
      act.add(mx);
      m.activation = "relu";
    }
  }
  if (!x) {
    if (std::optional<Gelu> g = match_gelu(v, act)) {
      x = g->x;
      m.activation = g->approximate ? "gelu_tanh" : "gelu_erf";
    } else if ((x = match_silu(v, act))) {
      m.activation = "silu";
    }
  }
  if (x) {
    GemmMatch inner;
    if (!match_product(x, inner)) return false;
    for (ir::Operation* op : act.ops()) m.set.add(op);
    for (ir::Operation* op : inner.set.ops()) m.set.add(op);
    m.dot = inner.dot;
    m.bias = inner.bias;
    return true;
  }
  m.activation = "none";
  return match_product(v, m);
}

std::optional<GemmMatch> match_gemm(ir::Operation& root) {
  ir::Value* v = root.result(0);
  // + residual: a same-shape tensor that is not a broadcast.
  if (ir::Operation* add = defined_by(v, "stablehlo.add")) {
    std::optional<GemmMatch> out;
    either_order(add, [&](ir::Value* a, ir::Value* r) {
      OpSet probe;
      if (r->type() != v->type() || strip_broadcasts(r, probe).broadcasts > 0) return false;
      GemmMatch m;
      if (!match_activated(a, m)) return false;
      m.set.add(add);
      m.residual = true;
      out = std::move(m);
      return true;
    });
    if (out) return out;
  }
  GemmMatch m;
  if (!match_activated(v, m)) return std::nullopt;
  if (!m.bias && !m.residual && m.activation == "none") return std::nullopt;  // a bare dot
  return m;
}

class FuseGemm : public Pass {
 public:
  std::string_view name() const override { return "fuse-gemm"; }

  Expected<bool> run(ir::Module& module, PassContext& context) const override {
    ir::Rewriter rewriter(module.body());
    // The last first: the outermost op of an epilogue is its root.
    std::vector<ir::Operation*> roots = ops_named_last_first(
        module, {"stablehlo.add", "stablehlo.maximum", "stablehlo.multiply", "stablehlo.divide", "stablehlo.convert"});
    int64_t fused = 0;
    for (ir::Operation* op : roots) {
      if (inside_kiln_op(*op)) continue;
      std::optional<GemmMatch> m = match_gemm(*op);
      if (!m) continue;
      std::vector<ir::NamedAttribute> config = {config_bool("bias", m->bias),
                                                config_str("activation", m->activation),
                                                config_bool("residual", m->residual)};
      KILN_TRY(ir::Operation * f, fuse_matched(m->set, {op->result(0)}, ir::KilnComposite::kGemm,
                                               std::move(config), rewriter, context));
      if (f) ++fused;
    }
    context.count("gemms fused", fused);
    return fused > 0;
  }
};

}  // namespace

KILN_REGISTER_PASS(FuseGemm, "fuse-gemm",
                   "dot_general + bias + relu/gelu/silu + residual add into kiln.gemm");

}  // namespace kiln::passes
