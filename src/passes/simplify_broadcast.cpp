// simplify's broadcast_in_dim rules: a broadcast of a broadcast becomes one, an identity
// broadcast goes, a broadcast of a splat constant becomes a splat constant, and element-wise
// ops move below broadcasts so that they compute on the smaller tensor.
#include <algorithm>
#include <array>
#include <vector>

#include "passes/simplify_rules.h"

namespace kiln::passes::simplify {

namespace {

constexpr std::string_view kBroadcast = "stablehlo.broadcast_in_dim";

// Element-wise ops whose result element depends only on the operand elements at the same
// index, so that they commute with broadcasting.
constexpr std::array<std::string_view, 28> kUnary = {"stablehlo.abs",
                                                     "stablehlo.cbrt",
                                                     "stablehlo.ceil",
                                                     "stablehlo.count_leading_zeros",
                                                     "stablehlo.cosine",
                                                     "stablehlo.exponential",
                                                     "stablehlo.exponential_minus_one",
                                                     "stablehlo.floor",
                                                     "stablehlo.imag",
                                                     "stablehlo.is_finite",
                                                     "stablehlo.log",
                                                     "stablehlo.log_plus_one",
                                                     "stablehlo.logistic",
                                                     "stablehlo.negate",
                                                     "stablehlo.not",
                                                     "stablehlo.popcnt",
                                                     "stablehlo.real",
                                                     "stablehlo.round_nearest_afz",
                                                     "stablehlo.round_nearest_even",
                                                     "stablehlo.rsqrt",
                                                     "stablehlo.sign",
                                                     "stablehlo.sine",
                                                     "stablehlo.sqrt",
                                                     "stablehlo.tan",
                                                     "stablehlo.tanh",
                                                     "stablehlo.convert",
                                                     "stablehlo.reduce_precision",
                                                     "stablehlo.bitcast_convert"};
constexpr std::array<std::string_view, 17> kBinary = {"stablehlo.add",
                                                      "stablehlo.subtract",
                                                      "stablehlo.multiply",
                                                      "stablehlo.divide",
                                                      "stablehlo.remainder",
                                                      "stablehlo.maximum",
                                                      "stablehlo.minimum",
                                                      "stablehlo.power",
                                                      "stablehlo.atan2",
                                                      "stablehlo.and",
                                                      "stablehlo.or",
                                                      "stablehlo.xor",
                                                      "stablehlo.shift_left",
                                                      "stablehlo.shift_right_arithmetic",
                                                      "stablehlo.shift_right_logical",
                                                      "stablehlo.compare",
                                                      "stablehlo.complex"};

template <size_t N>
bool listed(const std::array<std::string_view, N>& names, const std::string& name) {
  return std::find(names.begin(), names.end(), name) != names.end();
}

const std::vector<int64_t>* dims_of(const ir::Operation& broadcast) {
  const auto* a = broadcast.attr_as<ir::DenseArrayAttr>("broadcast_dimensions");
  return a ? &a->ints : nullptr;
}

// broadcast_in_dim(x) of x's type with dimensions 0..r-1 -> x;
// broadcast_in_dim(broadcast_in_dim(x, d1), d2) -> broadcast_in_dim(x, d) with d[j] = d2[d1[j]]
// (a dimension of x of size 1 stays 1 or grows; one of the inner result's size stays);
// broadcast_in_dim(splat constant) -> a splat constant of the result's type.
Expected<bool> broadcast(ir::Operation& op, Rewrite& rewrite) {
  const auto* d2 = dims_of(op);
  ir::Value* x = op.operand(0);
  const ir::Type& result = op.result(0)->type();
  if (!d2) return false;
  bool identity = x->type() == result;
  for (size_t i = 0; identity && i < d2->size(); ++i) identity = (*d2)[i] == int64_t(i);
  if (identity) return rewrite.replace(op, x, "broadcast(x)=x");
  if (auto bits = splat_bits(x); bits && result.is_static() && !result.element().is_quantized()) {
    KILN_TRY(ir::Value * constant, rewrite.splat_constant(op, result, *bits));
    return rewrite.replace(op, constant, "broadcast(splat)");
  }
  ir::Operation* inner = defined_by(x, kBroadcast);
  const auto* d1 = inner ? dims_of(*inner) : nullptr;
  if (!d1 || result.element().is_quantized()) return false;
  std::vector<int64_t> d;
  for (int64_t j : *d1) d.push_back((*d2)[static_cast<size_t>(j)]);
  KILN_CHECK_OK(rewrite.build_before(op));
  ir::Operation* merged =
      rewrite.rewriter().create(kBroadcast, {inner->operand(0)}, {result},
                                {{"broadcast_dimensions", ir::dense_i64_array(d)}});
  return rewrite.replace(op, merged->result(0), "broadcast(broadcast(x))");
}

// Whether every use of v is by op.
bool only_used_by(const ir::Value* v, const ir::Operation& op) {
  for (const ir::Use& use : v->uses()) {
    if (use.user != &op) return false;
  }
  return true;
}

// op(broadcast(x), broadcast(y), ...) -> broadcast(op(x, y, ...)) when every broadcast has the
// same dimensions and source shape and feeds only op, an operand may also be a splat constant
// (rebuilt at the source shape), and the source is smaller than the result: op then computes
// fewer elements, and the broadcasts it read die.
Expected<bool> sink_broadcasts(ir::Operation& op, Rewrite& rewrite) {
  const ir::Type& result = op.result(0)->type();
  if (!result.is_tensor() || !result.is_static() || result.element().is_quantized()) return false;
  const ir::Operation* first = nullptr;
  for (ir::Value* v : op.operands()) {
    const ir::Operation* b = defined_by(v, kBroadcast);
    if (!b) continue;
    if (!first) first = b;
    const ir::Type& source = b->operand(0)->type();
    if (!only_used_by(v, op) || !dims_of(*b) || *dims_of(*b) != *dims_of(*first) ||
        source.shape() != first->operand(0)->type().shape() || !source.is_static() ||
        source.element().is_quantized() || v->type().shape() != result.shape()) {
      return false;
    }
  }
  if (!first) return false;
  const ir::Type& source = first->operand(0)->type();
  if (source.num_elements().value_or(0) >= result.num_elements().value_or(0)) return false;
  for (ir::Value* v : op.operands()) {
    if (!defined_by(v, kBroadcast) && !splat_bits(v)) return false;
  }
  std::vector<ir::Value*> operands;
  for (ir::Value* v : op.operands()) {
    if (const ir::Operation* b = defined_by(v, kBroadcast)) {
      operands.push_back(b->operand(0));
      continue;
    }
    KILN_TRY(ir::Value * small,
             rewrite.splat_constant(op, source.with_element(v->type().element()), *splat_bits(v)));
    operands.push_back(small);
  }
  KILN_CHECK_OK(rewrite.build_before(op));
  ir::Operation* small = rewrite.rewriter().create(
      op.id(), operands, {source.with_element(result.element())}, op.attributes());
  ir::Operation* wide =
      rewrite.rewriter().create(kBroadcast, {small->result(0)}, {result}, first->attributes());
  return rewrite.replace(op, wide->result(0), "op(broadcast) -> broadcast(op)");
}

}  // namespace

Expected<bool> simplify_broadcast(ir::Operation& op, Rewrite& rewrite) {
  const std::string& name = op.name();
  if (name == kBroadcast) return broadcast(op, rewrite);
  if (listed(kUnary, name) || listed(kBinary, name)) return sink_broadcasts(op, rewrite);
  return false;
}

}  // namespace kiln::passes::simplify
