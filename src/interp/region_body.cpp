// Recognising region bodies as combiners and as comparison logic (see region_body.h).
#include "interp/region_body.h"

#include <cmath>
#include <cstring>
#include <string_view>
#include <unordered_map>

#include "interp/compare_order.h"
#include "interp/scalar_types.h"
#include "interp/tensor.h"

namespace kiln::interp {

std::optional<Combiner> recognise_combiner(const ir::Region& body, bool* swapped) {
  if (body.blocks().size() != 1) return std::nullopt;
  const ir::Block& block = body.front();
  if (block.num_arguments() != 2 || block.operations().size() != 2) return std::nullopt;
  const ir::Operation& inner = *block.operations()[0];
  const ir::Operation& ret = *block.operations()[1];
  bool args = inner.num_operands() == 2 &&
              ((inner.operand(0) == block.argument(0) && inner.operand(1) == block.argument(1)) ||
               (inner.operand(0) == block.argument(1) && inner.operand(1) == block.argument(0)));
  if (!args || ret.num_operands() != 1 || ret.operand(0) != inner.result(0)) return std::nullopt;
  if (swapped) *swapped = inner.operand(0) == block.argument(1);
  std::string_view name = inner.name();
  if (name == "stablehlo.add") return Combiner::kAdd;
  if (name == "stablehlo.multiply") return Combiner::kMul;
  if (name == "stablehlo.maximum") return Combiner::kMax;
  if (name == "stablehlo.minimum") return Combiner::kMin;
  if (name == "stablehlo.and") return Combiner::kAnd;
  if (name == "stablehlo.or") return Combiner::kOr;
  if (name == "stablehlo.xor") return Combiner::kXor;
  return std::nullopt;
}

namespace {

// What a value of the region is, symbolically.
struct Sym {
  enum Kind { kArg, kConst, kBool, kZeroTest, kSelect } kind = kArg;
  ArgRef arg;                          // kArg; kZeroTest: the argument tested
  int node = -1;                       // kBool; kSelect: the condition
  double value = 0;                    // kConst
  uint64_t bits = 0;                   // kConst
  unsigned if_true = 0, if_false = 0;  // kSelect
};

// A rank-0 literal as a symbol; nullopt for anything else.
std::optional<Sym> constant_sym(const ir::Operation& op) {
  const auto* attr = op.attr_as<ir::DenseElementsAttr>("value");
  if (!attr) return std::nullopt;
  auto t = Tensor::from_dense(*attr);
  if (!t.ok() || t->num_elements() != 1 || t->element().is_quantized()) return std::nullopt;
  Sym s{Sym::kConst};
  std::memcpy(&s.bits, t->raw(), std::min<size_t>(t->element_bytes(), sizeof(s.bits)));
  bool is_complex = false;
  dispatch_dtype(t->element().kind(), [&]<class T>() {
    if constexpr (kIsComplex<T>)
      is_complex = true;
    else
      s.value = to_double(t->data<T>()[0]);
  });
  if (is_complex) return std::nullopt;
  return s;
}

class Recogniser {
 public:
  Recogniser(const ir::Block& block, ArgLayout layout, unsigned num_operands)
      : block_(block), layout_(layout), num_operands_(num_operands) {}

  std::optional<RegionLogic> run() {
    for (unsigned i = 0; i < block_.num_arguments(); ++i) {
      syms_[block_.argument(i)] = Sym{Sym::kArg, ArgRef{i, {}}};
    }
    for (const auto& op : block_.operations()) {
      if (op->name() == "stablehlo.return") return finish(*op);
      std::optional<Sym> s = visit(*op);
      if (!s || op->num_results() != 1 || logic_.nodes.size() > kMaxLogicNodes) return std::nullopt;
      syms_[op->result(0)] = *s;
    }
    return std::nullopt;
  }

 private:
  const Sym* sym(const ir::Value* v) const {
    auto it = syms_.find(v);
    return it == syms_.end() ? nullptr : &it->second;
  }
  bool is_float_arg(unsigned arg) const {
    ir::ElementKind k = block_.argument(arg)->type().element().kind();
    bool is_float = false;
    dispatch_dtype(k, [&]<class T>() { is_float = kIsFloat<T>; });
    return is_float && !block_.argument(arg)->type().element().is_quantized();
  }
  int add(BoolNode n) {
    logic_.nodes.push_back(n);
    return static_cast<int>(logic_.nodes.size()) - 1;
  }

  std::optional<Sym> visit(const ir::Operation& op) {
    std::string_view name = op.name();
    if (name == "stablehlo.constant") {
      std::optional<Sym> c = constant_sym(op);
      if (c && op.result(0)->type().element().kind() == ir::ElementKind::kI1) {
        return Sym{Sym::kBool, {}, add(BoolNode{BoolNode::kConst, -1, -1, c->bits != 0})};
      }
      return c;
    }
    std::vector<const Sym*> in;
    for (const ir::Value* v : op.operands()) {
      const Sym* s = sym(v);
      if (!s) return std::nullopt;  // a value from outside the region
      in.push_back(s);
    }
    if (name == "stablehlo.compare") return compare(op, *in[0], *in[1]);
    if (name == "stablehlo.select") return select(*in[0], *in[1], *in[2]);
    bool is_bool = op.result(0)->type().element().kind() == ir::ElementKind::kI1;
    for (const Sym* s : in) is_bool = is_bool && s->kind == Sym::kBool;
    if (!is_bool) return std::nullopt;
    BoolNode n;
    if (name == "stablehlo.and")
      n.kind = BoolNode::kAnd;
    else if (name == "stablehlo.or")
      n.kind = BoolNode::kOr;
    else if (name == "stablehlo.xor")
      n.kind = BoolNode::kXor;
    else if (name == "stablehlo.not")
      n.kind = BoolNode::kNot;
    else
      return std::nullopt;
    n.a = in[0]->node;
    if (in.size() > 1) n.b = in[1]->node;
    return Sym{Sym::kBool, {}, add(n)};
  }

  std::optional<Sym> compare(const ir::Operation& op, const Sym& x, const Sym& y) {
    int direction = op.attr_as<ir::EnumAttr>("comparison_direction")->value;
    const auto* type = op.attr_as<ir::EnumAttr>("compare_type");
    bool total = type && type->value == kTotalOrderType;
    if (x.kind == Sym::kArg && y.kind == Sym::kArg) {
      if (operand_of(x.arg.arg) != operand_of(y.arg.arg)) return std::nullopt;
      BoolNode n{BoolNode::kCompare};
      n.lhs = x.arg, n.rhs = y.arg, n.direction = direction, n.total_order = total;
      return Sym{Sym::kBool, {}, add(n)};
    }
    // x == 0 by value (either sign), the test of JAX's zero canonicalisation.
    const Sym& a = x.kind == Sym::kArg ? x : y;
    const Sym& c = x.kind == Sym::kArg ? y : x;
    if (direction == kCmpEq && !total && a.kind == Sym::kArg && c.kind == Sym::kConst &&
        c.value == 0 && is_float_arg(a.arg.arg)) {
      return Sym{Sym::kZeroTest, a.arg};
    }
    return std::nullopt;
  }

  // The NaN test of JAX's canonicalisation: compare NE x, x by value.
  bool is_nan_test(const Sym& p, unsigned arg) const {
    if (p.kind != Sym::kBool) return false;
    const BoolNode& n = logic_.nodes[static_cast<size_t>(p.node)];
    return n.kind == BoolNode::kCompare && n.direction == kCmpNe && !n.total_order &&
           n.lhs == n.rhs && n.lhs.arg == arg;
  }

  std::optional<Sym> select(const Sym& p, const Sym& t, const Sym& f) {
    if (f.kind == Sym::kArg && t.kind == Sym::kConst && is_float_arg(f.arg.arg)) {
      Sym out = f;
      if (p.kind == Sym::kZeroTest && p.arg.arg == f.arg.arg && t.value == 0 &&
          !f.arg.transform.has_zero) {
        out.arg.transform.has_zero = true;
        out.arg.transform.zero_bits = t.bits;
        return out;
      }
      if (is_nan_test(p, f.arg.arg) && std::isnan(t.value) && !f.arg.transform.has_nan) {
        out.arg.transform.has_nan = true;
        out.arg.transform.nan_bits = t.bits;
        return out;
      }
      return std::nullopt;
    }
    if (p.kind == Sym::kBool && t.kind == Sym::kArg && f.kind == Sym::kArg &&
        t.arg.transform.identity() && f.arg.transform.identity()) {
      Sym s{Sym::kSelect};
      s.node = p.node, s.if_true = t.arg.arg, s.if_false = f.arg.arg;
      return s;
    }
    return std::nullopt;
  }

  std::optional<RegionLogic> finish(const ir::Operation& ret) {
    for (const ir::Value* v : ret.operands()) {
      const Sym* s = sym(v);
      if (!s) return std::nullopt;
      LogicResult r;
      if (s->kind == Sym::kBool)
        r.node = s->node;
      else if (s->kind == Sym::kSelect)
        r = {s->node, true, s->if_true, s->if_false};
      else if (s->kind == Sym::kArg && s->arg.transform.identity())
        r.if_true = s->arg.arg;
      else
        return std::nullopt;
      logic_.results.push_back(r);
    }
    return std::move(logic_);
  }

  unsigned operand_of(unsigned arg) const {
    return layout_ == ArgLayout::kPairs ? arg / 2 : arg % num_operands_;
  }

  const ir::Block& block_;
  ArgLayout layout_;
  unsigned num_operands_;
  std::unordered_map<const ir::Value*, Sym> syms_;
  RegionLogic logic_;
};

}  // namespace

std::optional<RegionLogic> recognise_logic(const ir::Region& body, ArgLayout layout,
                                           unsigned num_operands) {
  if (body.blocks().size() != 1 || num_operands == 0 ||
      body.front().num_arguments() != 2 * num_operands) {
    return std::nullopt;
  }
  return Recogniser(body.front(), layout, num_operands).run();
}

namespace {

// The key of a strict comparison (LT/GT) of one operand's lhs and rhs under one transform.
std::optional<LexKey> strict_key(const BoolNode& n) {
  if (n.kind != BoolNode::kCompare || (n.direction != kCmpLt && n.direction != kCmpGt) ||
      n.lhs.transform != n.rhs.transform || n.lhs.arg / 2 != n.rhs.arg / 2 ||
      n.lhs.arg == n.rhs.arg) {
    return std::nullopt;
  }
  bool swapped = n.lhs.arg % 2 == 1;  // compare(LT, rhs, lhs) is GT of lhs and rhs
  return LexKey{n.lhs.arg / 2, n.lhs.transform, n.total_order, (n.direction == kCmpGt) != swapped};
}

// Whether n is `EQ` of the same operand, transform and order as k.
bool equal_on(const BoolNode& n, const LexKey& k) {
  return n.kind == BoolNode::kCompare && n.direction == kCmpEq && n.total_order == k.total_order &&
         n.lhs.transform == k.transform && n.rhs.transform == k.transform &&
         n.lhs.arg / 2 == k.operand && n.rhs.arg / 2 == k.operand && n.lhs.arg != n.rhs.arg;
}

bool lexicographic(const RegionLogic& logic, int node, std::vector<LexKey>& keys) {
  const BoolNode& n = logic.nodes[static_cast<size_t>(node)];
  if (auto k = strict_key(n)) {
    keys.push_back(*k);
    return true;
  }
  if (n.kind != BoolNode::kOr) return false;
  for (auto [first, rest] : {std::pair{n.a, n.b}, std::pair{n.b, n.a}}) {
    auto k = strict_key(logic.nodes[static_cast<size_t>(first)]);
    const BoolNode& tie = logic.nodes[static_cast<size_t>(rest)];
    if (!k || tie.kind != BoolNode::kAnd) continue;
    for (auto [eq, more] : {std::pair{tie.a, tie.b}, std::pair{tie.b, tie.a}}) {
      if (!equal_on(logic.nodes[static_cast<size_t>(eq)], *k)) continue;
      keys.push_back(*k);
      if (lexicographic(logic, more, keys)) return true;
      keys.pop_back();
    }
  }
  return false;
}

}  // namespace

std::optional<std::vector<LexKey>> lexicographic_keys(const RegionLogic& logic) {
  if (logic.results.size() != 1 || logic.results[0].is_select || logic.results[0].node < 0) {
    return std::nullopt;
  }
  std::vector<LexKey> keys;
  if (!lexicographic(logic, logic.results[0].node, keys)) return std::nullopt;
  return keys;
}

}  // namespace kiln::interp
