// Matching helpers of the normalisations (fuse-layer-norm, fuse-rms-norm): constant scalars,
// squares, means, and the shared LayerNorm / RMSNorm structure.
#include <algorithm>
#include <cmath>
#include <unordered_map>

#include "ir/float_format.h"
#include "passes/pattern_match.h"

namespace kiln::passes {

namespace {

std::optional<double> binary(const ir::Operation& op) {
  std::optional<double> a = constant_value(op.operand(0));
  std::optional<double> b = a ? constant_value(op.operand(1)) : std::nullopt;
  if (!b) return std::nullopt;
  const std::string& n = op.name();
  if (n == "stablehlo.add") return *a + *b;
  if (n == "stablehlo.subtract") return *a - *b;
  if (n == "stablehlo.multiply") return *a * *b;
  if (n == "stablehlo.divide") return *a / *b;
  if (n != "stablehlo.compare") return std::nullopt;
  const auto* dir = op.attr_as<ir::EnumAttr>("comparison_direction");
  if (!dir) return std::nullopt;
  std::string_view d =
      ir::enum_value_names(ir::EnumKind::kComparisonDirection)[static_cast<size_t>(dir->value)];
  bool r = d == "EQ"   ? *a == *b
           : d == "NE" ? *a != *b
           : d == "GE" ? *a >= *b
           : d == "GT" ? *a > *b
           : d == "LE" ? *a <= *b
                       : *a < *b;
  return r ? 1.0 : 0.0;
}

// A multiply, divide or convert that only `root` or one use reads: part of the product.
bool single_use_or_root(ir::Value* v, bool root) { return root || v->num_uses() == 1; }

struct Factors {
  std::vector<ir::Value*> leaves;
  ir::Value* inverse_sqrt = nullptr;  // a divisor that strips to sqrt(...)
};

// The factors of a product, through multiplies, float converts and divisions by a broadcast
// sqrt (the `/ sqrt(var + eps)` form).
void factors_of(ir::Value* v, bool root, OpSet& set, Factors& f) {
  ir::Operation* op = v->defining_op();
  if (op && single_use_or_root(v, root)) {
    if (op->name() == "stablehlo.multiply") {
      set.add(op);
      factors_of(op->operand(0), false, set, f);
      factors_of(op->operand(1), false, set, f);
      return;
    }
    if (is_float_convert(op)) {
      set.add(op);
      factors_of(op->operand(0), false, set, f);
      return;
    }
    OpSet probe;
    if (op->name() == "stablehlo.divide" && !f.inverse_sqrt &&
        defined_by(strip_broadcasts(op->operand(1), probe).source, "stablehlo.sqrt")) {
      set.add(op);
      f.inverse_sqrt = op->operand(1);
      factors_of(op->operand(0), false, set, f);
      return;
    }
  }
  f.leaves.push_back(v);
}

// `v` (mapped by `map`) is rsqrt(stat + eps) (or, `sqrt` true, sqrt(stat + eps)); returns stat
// and its map, filling epsilon.
ir::Value* match_inverse_std(ir::Value* v, bool sqrt, std::vector<int64_t>& map, double& eps,
                             OpSet& set) {
  Broadcast b = strip_broadcasts(v, set);
  map = compose(b.map, map);
  ir::Operation* root = defined_by(b.source, sqrt ? "stablehlo.sqrt" : "stablehlo.rsqrt");
  ir::Operation* add = root ? defined_by(root->operand(0), "stablehlo.add") : nullptr;
  if (!add) return nullptr;
  ir::Value* stat = nullptr;
  either_order(add, [&](ir::Value* s, ir::Value* e) {
    std::optional<double> value = splat_value(e, &set);
    if (!value || *value < 0) return false;
    eps = *value;
    stat = s;
    return true;
  });
  if (!stat) return nullptr;
  set.add(root);
  set.add(add);
  return stat;
}

// Adds the ops computing a constant_value (not the constants: outline copies splats in).
void add_constant_ops(ir::Value* v, OpSet& set) {
  ir::Operation* op = v->defining_op();
  if (!op || op->id() == ir::ops::kConstant || !constant_value(v)) return;
  set.add(op);
  for (ir::Value* operand : op->operands()) add_constant_ops(operand, set);
}

bool same_axes(const std::optional<Reduction>& r, const std::vector<int64_t>& axes) {
  return r && r->axes == axes;
}

// The LayerNorm variance of x over `axes` (map: stat's dimensions into the final value).
std::optional<std::string> match_variance(ir::Value* stat, std::vector<int64_t> map, ir::Value* x,
                                          ir::Value* centered, const std::vector<int64_t>& axes,
                                          OpSet& set) {
  Broadcast b = strip_broadcasts(stat, set);
  map = compose(b.map, map);
  ir::Value* v = b.source;
  // jnp.var: select(n - ddof > 0, var, nan), the condition a constant.
  if (ir::Operation* sel = defined_by(v, "stablehlo.select")) {
    if (constant_value(sel->operand(0)) != 1.0) return std::nullopt;
    set.add(sel);
    add_constant_ops(sel->operand(0), set);
    add_constant_ops(sel->operand(2), set);
    Broadcast inner = strip_broadcasts(sel->operand(1), set);
    map = compose(inner.map, map);
    v = inner.source;
  }
  // Flax: max(0, E[x^2] - E[x]^2).
  if (ir::Operation* mx = defined_by(v, "stablehlo.maximum")) {
    ir::Value* other = nullptr;
    either_order(mx, [&](ir::Value* z, ir::Value* o) {
      if (!is_splat(z, 0.0, 0.0, &set)) return false;
      other = o;
      return true;
    });
    if (!other) return std::nullopt;
    set.add(mx);
    v = other;
  }
  if (ir::Operation* sub = defined_by(v, "stablehlo.subtract")) {
    OpSet local;
    std::optional<Reduction> ex2 = match_mean(sub->operand(0), map, local);
    ir::Value* m = match_square(sub->operand(1), local);
    std::optional<Reduction> ex = m ? match_mean(m, map, local) : std::nullopt;
    if (!same_axes(ex2, axes) || !same_axes(ex, axes) || ex->input != x) return std::nullopt;
    if (match_square(ex2->input, local) != x) return std::nullopt;
    for (ir::Operation* op : local.ops()) set.add(op);
    set.add(sub);
    return "moments";
  }
  std::optional<Reduction> r = match_mean(v, map, set);
  if (!same_axes(r, axes) || match_square(r->input, set) != centered) return std::nullopt;
  return "centered";
}

// Whether every dimension of a scale or bias lands on a normalised axis.
bool along_axes(const Broadcast& b, const std::vector<int64_t>& axes) {
  return b.broadcasts > 0 && std::all_of(b.map.begin(), b.map.end(), [&](int64_t d) {
           return std::binary_search(axes.begin(), axes.end(), d);
         });
}

}  // namespace

std::optional<double> constant_value(ir::Value* v) {
  ir::Operation* op = v->defining_op();
  if (!op) return std::nullopt;
  if (op->id() == ir::ops::kConstant) {
    const auto* value = op->attr_as<ir::DenseElementsAttr>("value");
    if (!value || !(value->splat || value->num_elements() == 1)) return std::nullopt;
    ir::ElementType t = value->type.element();
    uint64_t bits = value->element_bits(0);
    if (t.is_float()) return ir::bits_to_double(t.kind(), bits);
    if (t.is_bool()) return bits ? 1.0 : 0.0;
    if (t.is_signed_int()) {
      int w = t.bit_width();
      int64_t x =
          w < 64 ? static_cast<int64_t>(bits << (64 - w)) >> (64 - w) : static_cast<int64_t>(bits);
      return static_cast<double>(x);
    }
    if (t.is_unsigned_int()) return static_cast<double>(bits);
    return std::nullopt;
  }
  if (op->name() == "stablehlo.broadcast_in_dim" || op->name() == "stablehlo.convert" ||
      op->name() == "stablehlo.reshape") {
    return constant_value(op->operand(0));
  }
  if (op->num_operands() == 2) return binary(*op);
  if (op->name() == "stablehlo.select") {
    std::optional<double> pred = constant_value(op->operand(0));
    return pred ? constant_value(op->operand(*pred != 0 ? 1 : 2)) : std::nullopt;
  }
  if (op->name() == "stablehlo.sqrt" || op->name() == "stablehlo.rsqrt" ||
      op->name() == "stablehlo.negate") {
    std::optional<double> a = constant_value(op->operand(0));
    if (!a) return std::nullopt;
    if (op->name() == "stablehlo.negate") return -*a;
    return op->name() == "stablehlo.sqrt" ? std::sqrt(*a) : 1 / std::sqrt(*a);
  }
  return std::nullopt;
}

ir::Value* match_square(ir::Value* v, OpSet& set) {
  if (ir::Operation* sq = defined_by(v, "chlo.square")) {
    set.add(sq);
    return sq->operand(0);
  }
  ir::Operation* mul = defined_by(v, "stablehlo.multiply");
  if (mul && mul->operand(0) == mul->operand(1)) {
    set.add(mul);
    return mul->operand(0);
  }
  return nullptr;
}

std::optional<Reduction> match_mean(ir::Value* v, std::vector<int64_t> map, OpSet& set) {
  OpSet local;
  Broadcast b = strip_broadcasts(v, local);
  map = compose(b.map, map);
  ir::Operation* op = b.source->defining_op();
  if (!op || (op->name() != "stablehlo.divide" && op->name() != "stablehlo.multiply")) {
    return std::nullopt;
  }
  bool divide = op->name() == "stablehlo.divide";
  for (int k = 0; k < (divide ? 1 : 2); ++k) {
    ir::Value* sum = op->operand(static_cast<size_t>(k));
    std::optional<double> n = constant_value(op->operand(static_cast<size_t>(1 - k)));
    if (!n) continue;
    OpSet l;
    Broadcast s = strip_broadcasts(sum, l);
    std::optional<Reduction> r = match_reduce(s.source, ReduceKind::kSum);
    if (!r || !is_row_broadcast(*r, compose(s.map, map))) continue;
    double count = 1;
    for (int64_t a : r->axes) count *= static_cast<double>(r->input->type().dim(a));
    double want = divide ? count : 1 / count;
    if (std::fabs(*n - want) > 1e-6 * want) continue;
    add_constant_ops(op->operand(static_cast<size_t>(1 - k)), local);  // jnp.var's n - ddof
    for (ir::Operation* o : l.ops()) local.add(o);
    local.add(r->op);
    local.add(op);
    for (ir::Operation* o : local.ops()) set.add(o);
    return r;
  }
  return std::nullopt;
}

std::optional<NormMatch> match_norm(ir::Operation& root, bool centered) {
  NormMatch m;
  ir::Value* v = root.result(0);
  int64_t rank = v->type().rank();
  std::vector<int64_t> identity;
  for (int64_t i = 0; i < rank; ++i) identity.push_back(i);
  if (is_float_convert(&root)) {
    m.set.add(&root);
    v = root.operand(0);
  }
  // + bias
  std::optional<Broadcast> bias;
  if (ir::Operation* add = defined_by(v, "stablehlo.add")) {
    either_order(add, [&](ir::Value* p, ir::Value* b) {
      OpSet probe;
      Broadcast bb = strip_broadcasts(b, probe);
      if (bb.broadcasts == 0 || bb.source->type().rank() >= rank) return false;
      for (ir::Operation* op : probe.ops()) m.set.add(op);
      bias = bb;
      v = p;
      return true;
    });
    if (!bias) return std::nullopt;
    m.set.add(add);
  }
  Factors f;
  factors_of(v, true, m.set, f);
  // Classify: the inverse standard deviation, the data, at most one scale.
  std::vector<int64_t> stat_map = identity;
  ir::Value* stat = nullptr;
  ir::Value* data = nullptr;
  std::optional<Broadcast> scale;
  if (f.inverse_sqrt) stat = match_inverse_std(f.inverse_sqrt, true, stat_map, m.epsilon, m.set);
  for (ir::Value* leaf : f.leaves) {
    OpSet probe;
    Broadcast b = strip_broadcasts(leaf, probe);
    if (!stat && b.broadcasts > 0 && defined_by(b.source, "stablehlo.rsqrt")) {
      stat = match_inverse_std(leaf, false, stat_map, m.epsilon, m.set);
      if (!stat) return std::nullopt;
    } else if (b.broadcasts > 0 && b.source->type().rank() < rank && !scale) {
      for (ir::Operation* op : probe.ops()) m.set.add(op);
      scale = b;
    } else if (!data && b.broadcasts == 0) {
      data = leaf;
    } else {
      return std::nullopt;
    }
  }
  if (!stat || !data) return std::nullopt;
  ir::Operation* sub = defined_by(data, "stablehlo.subtract");
  if (centered) {
    if (!sub) return std::nullopt;
    m.x = sub->operand(0);
    std::optional<Reduction> mean = match_mean(sub->operand(1), identity, m.set);
    if (!mean || mean->input != m.x) return std::nullopt;
    m.axes = mean->axes;
    std::optional<std::string> variance = match_variance(stat, stat_map, m.x, data, m.axes, m.set);
    if (!variance) return std::nullopt;
    m.variance = *variance;
    m.set.add(sub);
  } else {
    m.x = data;
    if (sub && is_splat(sub->operand(1), 0.0, 0.0, &m.set)) {  // Flax: x - 0
      m.set.add(sub);
      m.x = sub->operand(0);
    }
    std::optional<Reduction> ms = match_mean(stat, stat_map, m.set);
    if (!ms || match_square(ms->input, m.set) != m.x) return std::nullopt;
    m.axes = ms->axes;
  }
  if ((scale && !along_axes(*scale, m.axes)) || (bias && !along_axes(*bias, m.axes))) {
    return std::nullopt;
  }
  m.scale = scale.has_value();
  m.bias = bias.has_value();
  // A residual add feeding the norm: two same-shape tensors, neither a broadcast.
  if (ir::Operation* add = defined_by(m.x, "stablehlo.add")) {
    if (add->operand(0)->type() == m.x->type() && add->operand(1)->type() == m.x->type() &&
        !defined_by(add->operand(0), "stablehlo.broadcast_in_dim") &&
        !defined_by(add->operand(1), "stablehlo.broadcast_in_dim")) {
      m.set.add(add);
      m.residual = true;
    }
  }
  return m;
}

namespace {

std::vector<ir::NamedAttribute> with_residual(std::vector<ir::NamedAttribute> config,
                                              bool residual) {
  config.push_back(config_bool("residual", residual));
  return config;
}

}  // namespace

Expected<int64_t> fuse_norms(ir::Module& module, bool centered, ir::KilnComposite kind,
                             PassContext& context) {
  ir::Rewriter rewriter(module.body());
  // The last first: the outermost op of an epilogue is its root.
  std::vector<ir::Operation*> roots = ops_named_last_first(
      module, {"stablehlo.add", "stablehlo.multiply", "stablehlo.divide", "stablehlo.convert"});
  int64_t fused = 0;
  for (ir::Operation* op : roots) {
    if (inside_kiln_op(*op)) continue;
    std::optional<NormMatch> m = match_norm(*op, centered);
    if (!m) continue;
    std::vector<ir::NamedAttribute> config = {
        config_axes(m->axes), config_f64("epsilon", m->epsilon), config_bool("scale", m->scale)};
    if (centered) {
      config.push_back(config_bool("bias", m->bias));
      config.push_back(config_str("variance", m->variance));
    }
    // With a residual, result 0 is its sum (where it is used outside), then the norm.
    std::vector<ir::Value*> results = {op->result(0)};
    if (m->residual) results.insert(results.begin(), m->x);
    KILN_TRY(ir::Operation * f,
             fuse_matched(m->set, results, kind, with_residual(config, m->residual), rewriter,
                          context));
    if (!f && m->residual) {
      // The sum is read between the norm's ops (or the add cannot move): the norm alone.
      OpSet without;
      for (ir::Operation* o : m->set.ops()) {
        if (o != m->x->defining_op()) without.add(o);
      }
      KILN_TRY(f, fuse_matched(without, {op->result(0)}, kind, with_residual(config, false),
                               rewriter, context));
    }
    if (f) ++fused;
  }
  return fused;
}

}  // namespace kiln::passes
