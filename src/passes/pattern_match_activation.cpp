// Matching helpers for the activations (fuse-gelu, fuse-silu, and fuse-gemm's and fuse-swiglu's
// epilogues): sigmoid, SiLU and GELU in the forms JAX emits.
#include <algorithm>
#include <cmath>

#include "passes/pattern_match.h"

namespace kiln::passes {

namespace {

// Adds `local` to `set` and returns `result` (the match succeeded).
template <class T>
T commit(OpSet& local, OpSet& set, T result) {
  for (ir::Operation* op : local.ops()) set.add(op);
  return result;
}

// The factors of a product: `v` itself, or the factors of a multiply's operands, following
// only multiplies that nothing else reads (and the root).
void product_factors(ir::Value* v, bool root, OpSet& set, std::vector<ir::Value*>& factors) {
  ir::Operation* mul = defined_by(v, "stablehlo.multiply");
  if (mul && (root || v->num_uses() == 1)) {
    set.add(mul);
    product_factors(mul->operand(0), false, set, factors);
    product_factors(mul->operand(1), false, set, factors);
    return;
  }
  factors.push_back(v);
}

// Removes from `factors` one splat equal to c; false when there is none.
bool take_splat(std::vector<ir::Value*>& factors, double c, OpSet& set) {
  for (size_t i = 0; i < factors.size(); ++i) {
    if (is_splat(factors[i], c, 1e-6, &set)) {
      factors.erase(factors.begin() + static_cast<std::ptrdiff_t>(i));
      return true;
    }
  }
  return false;
}

// Removes `count` copies of x; false when there are fewer.
bool take_value(std::vector<ir::Value*>& factors, ir::Value* x, int count) {
  for (int k = 0; k < count; ++k) {
    auto it = std::find(factors.begin(), factors.end(), x);
    if (it == factors.end()) return false;
    factors.erase(it);
  }
  return true;
}

// `v` = 1 + t (either order); returns t.
ir::Value* one_plus(ir::Value* v, OpSet& set) {
  ir::Operation* add = defined_by(v, "stablehlo.add");
  if (!add) return nullptr;
  ir::Value* t = nullptr;
  either_order(add, [&](ir::Value* a, ir::Value* b) {
    if (!is_splat(a, 1.0, 1e-6, &set)) return false;
    t = b;
    return true;
  });
  if (t) set.add(add);
  return t;
}

// tanh(sqrt(2/pi) * (x + 0.044715 * x^3)): returns x.
ir::Value* match_gelu_tanh(ir::Value* v, OpSet& set) {
  ir::Operation* tanh = defined_by(v, "stablehlo.tanh");
  if (!tanh) return nullptr;
  OpSet local;
  local.add(tanh);
  std::vector<ir::Value*> outer;
  product_factors(tanh->operand(0), true, local, outer);
  if (!take_splat(outer, std::sqrt(2.0 / M_PI), local) || outer.size() != 1) return nullptr;
  ir::Operation* sum = defined_by(outer[0], "stablehlo.add");
  if (!sum) return nullptr;
  local.add(sum);
  ir::Value* x = nullptr;
  either_order(sum, [&](ir::Value* a, ir::Value* cube) {
    OpSet c;
    std::vector<ir::Value*> f;
    product_factors(cube, true, c, f);
    if (!take_splat(f, 0.044715, c) || !take_value(f, a, 3) || !f.empty()) return false;
    for (ir::Operation* op : c.ops()) local.add(op);
    x = a;
    return true;
  });
  return x ? commit(local, set, x) : nullptr;
}

// erf(x / sqrt(2)) or erf(x * (1 / sqrt(2))): returns x.
ir::Value* match_erf_argument(ir::Value* v, bool negated, OpSet& set) {
  OpSet local;
  ir::Value* x = nullptr;
  if (ir::Operation* div = defined_by(v, "stablehlo.divide")) {
    if (!is_splat(div->operand(1), std::sqrt(2.0), 1e-6, &local)) return nullptr;
    local.add(div);
    x = div->operand(0);
  } else {
    std::vector<ir::Value*> f;
    product_factors(v, true, local, f);
    if (!take_splat(f, 1 / std::sqrt(2.0), local) || f.size() != 1) return nullptr;
    x = f[0];
  }
  if (negated) {
    ir::Operation* neg = defined_by(x, "stablehlo.negate");
    if (!neg) return nullptr;
    local.add(neg);
    x = neg->operand(0);
  }
  return commit(local, set, x);
}

}  // namespace

ir::Value* match_sigmoid(ir::Value* v, OpSet& set) {
  if (ir::Operation* logistic = defined_by(v, "stablehlo.logistic")) {
    set.add(logistic);
    return logistic->operand(0);
  }
  ir::Operation* div = defined_by(v, "stablehlo.divide");
  OpSet local;
  if (!div || !is_splat(div->operand(0), 1.0, 1e-6, &local)) return nullptr;
  ir::Value* e = one_plus(div->operand(1), local);
  ir::Operation* exp = defined_by(e, "stablehlo.exponential");
  ir::Operation* neg = exp ? defined_by(exp->operand(0), "stablehlo.negate") : nullptr;
  if (!neg) return nullptr;
  local.add(div);
  local.add(exp);
  local.add(neg);
  return commit(local, set, neg->operand(0));
}

ir::Value* match_silu(ir::Value* v, OpSet& set) {
  OpSet local;
  if (ir::Operation* mul = defined_by(v, "stablehlo.multiply")) {
    ir::Value* x = nullptr;
    either_order(mul, [&](ir::Value* a, ir::Value* s) {
      OpSet l;
      if (match_sigmoid(s, l) != a) return false;
      for (ir::Operation* op : l.ops()) local.add(op);
      x = a;
      return true;
    });
    if (!x) return nullptr;
    local.add(mul);
    return commit(local, set, x);
  }
  // x / (1 + exp(-x))
  ir::Operation* div = defined_by(v, "stablehlo.divide");
  if (!div) return nullptr;
  ir::Value* x = div->operand(0);
  ir::Operation* exp = defined_by(one_plus(div->operand(1), local), "stablehlo.exponential");
  ir::Operation* neg = exp ? defined_by(exp->operand(0), "stablehlo.negate") : nullptr;
  if (!neg || neg->operand(0) != x) return nullptr;
  local.add(div);
  local.add(exp);
  local.add(neg);
  return commit(local, set, x);
}

std::optional<Gelu> match_gelu(ir::Value* v, OpSet& set) {
  OpSet local;
  std::vector<ir::Value*> factors;
  product_factors(v, true, local, factors);
  if (!take_splat(factors, 0.5, local) || factors.size() != 2) return std::nullopt;
  for (int i = 0; i < 2; ++i) {
    ir::Value* x = factors[static_cast<size_t>(1 - i)];
    ir::Value* f = factors[static_cast<size_t>(i)];
    OpSet l;
    Gelu g;
    if (ir::Operation* erfc = defined_by(f, "chlo.erfc")) {
      l.add(erfc);
      g.x = match_erf_argument(erfc->operand(0), true, l);
    } else if (ir::Value* t = one_plus(f, l)) {
      if (ir::Operation* erf = defined_by(t, "chlo.erf")) {
        l.add(erf);
        g.x = match_erf_argument(erf->operand(0), false, l);
      } else {
        g.x = match_gelu_tanh(t, l);
        g.approximate = true;
      }
    }
    if (g.x != x) continue;
    for (ir::Operation* op : l.ops()) local.add(op);
    return commit(local, set, g);
  }
  return std::nullopt;
}

}  // namespace kiln::passes
