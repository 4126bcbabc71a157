// The fusible op classes, by name.
#include "passes/fusion_ops.h"

#include <algorithm>
#include <string_view>
#include <unordered_set>

namespace kiln::passes {

namespace {

const std::unordered_set<std::string_view>& elementwise_names() {
  static const std::unordered_set<std::string_view> names = {
      "stablehlo.abs", "stablehlo.add", "stablehlo.and", "stablehlo.atan2", "stablehlo.cbrt",
      "stablehlo.ceil", "stablehlo.clamp", "stablehlo.compare", "stablehlo.complex",
      "stablehlo.convert", "stablehlo.cosine", "stablehlo.count_leading_zeros",
      "stablehlo.divide", "stablehlo.exponential", "stablehlo.exponential_minus_one",
      "stablehlo.floor", "stablehlo.imag", "stablehlo.is_finite", "stablehlo.log",
      "stablehlo.log_plus_one", "stablehlo.logistic", "stablehlo.maximum", "stablehlo.minimum",
      "stablehlo.multiply", "stablehlo.negate", "stablehlo.not", "stablehlo.or",
      "stablehlo.popcnt", "stablehlo.power", "stablehlo.real", "stablehlo.reduce_precision",
      "stablehlo.remainder", "stablehlo.round_nearest_afz", "stablehlo.round_nearest_even",
      "stablehlo.rsqrt", "stablehlo.select", "stablehlo.shift_left",
      "stablehlo.shift_right_arithmetic", "stablehlo.shift_right_logical", "stablehlo.sign",
      "stablehlo.sine", "stablehlo.sqrt", "stablehlo.subtract", "stablehlo.tan",
      "stablehlo.tanh", "stablehlo.xor",
      // chlo's element-wise ops of one shape (the broadcast_* forms broadcast implicitly).
      "chlo.acos", "chlo.acosh", "chlo.asin", "chlo.asinh", "chlo.atan", "chlo.atanh",
      "chlo.bessel_i1e", "chlo.conj", "chlo.cosh", "chlo.digamma", "chlo.erf", "chlo.erf_inv",
      "chlo.erfc", "chlo.is_inf", "chlo.is_neg_inf", "chlo.is_pos_inf", "chlo.lgamma",
      "chlo.mulhi", "chlo.next_after", "chlo.polygamma", "chlo.sinh", "chlo.square",
      "chlo.tan", "chlo.zeta"};
  return names;
}

const std::unordered_set<std::string_view>& data_movement_names() {
  static const std::unordered_set<std::string_view> names = {
      "stablehlo.broadcast_in_dim", "stablehlo.reshape", "stablehlo.transpose",
      "stablehlo.slice", "stablehlo.concatenate", "stablehlo.pad", "stablehlo.iota",
      "stablehlo.reverse"};
  return names;
}

bool static_plain_tensor(const ir::Type& t) {
  return t.is_tensor() && t.is_static() && !t.element().is_quantized();
}

bool all_types_fusible(const ir::Operation& op) {
  for (const ir::Value* v : op.operands()) {
    if (!v || !static_plain_tensor(v->type())) return false;
  }
  for (const auto& r : op.results()) {
    if (!static_plain_tensor(r->type())) return false;
  }
  return true;
}

bool is_splat_constant(const ir::Operation& op) {
  if (op.id() != ir::ops::kConstant) return false;
  const auto* value = op.attr_as<ir::DenseElementsAttr>("value");
  return value && (value->splat || value->num_elements() == 1);
}

}  // namespace

bool is_elementwise(const ir::Operation& op) {
  return elementwise_names().count(op.name()) > 0;
}

bool is_loop_fusible(const ir::Operation& op) {
  if (!is_elementwise(op) && !data_movement_names().count(op.name()) && !is_splat_constant(op)) {
    return false;
  }
  return all_types_fusible(op);
}

bool is_fusible_reduce(const ir::Operation& op) {
  if (op.name() != "stablehlo.reduce" || op.num_operands() != 2 || op.num_results() != 1 ||
      op.num_regions() != 1 || !all_types_fusible(op)) {
    return false;
  }
  const ir::Block& body = op.region(0).front();
  if (body.num_arguments() != 2 || body.operations().size() != 2) return false;
  const ir::Operation& combiner = *body.operations()[0];
  static const std::unordered_set<std::string_view> kCombiners = {
      "stablehlo.add", "stablehlo.multiply", "stablehlo.maximum", "stablehlo.minimum",
      "stablehlo.and", "stablehlo.or", "stablehlo.xor"};
  if (!kCombiners.count(combiner.name()) || combiner.num_operands() != 2) return false;
  bool reads_arguments = (combiner.operand(0) == body.argument(0) &&
                          combiner.operand(1) == body.argument(1)) ||
                         (combiner.operand(0) == body.argument(1) &&
                          combiner.operand(1) == body.argument(0));
  const ir::Operation& ret = *body.operations()[1];
  return reads_arguments && ret.num_operands() == 1 && ret.operand(0) == combiner.result(0);
}

int64_t row_length(const ir::Operation& reduce) {
  if (!is_fusible_reduce(reduce)) return 0;
  const auto* dims = reduce.attr_as<ir::DenseArrayAttr>("dimensions");
  const ir::Type& in = reduce.operand(0)->type();
  if (!dims || dims->ints.empty()) return 0;
  std::vector<int64_t> sorted = dims->ints;
  std::sort(sorted.begin(), sorted.end());
  int64_t length = 1;
  for (size_t k = 0; k < sorted.size(); ++k) {
    // The reduced dimensions must be the trailing ones, in order.
    if (sorted[k] != in.rank() - static_cast<int64_t>(sorted.size()) + static_cast<int64_t>(k)) {
      return 0;
    }
    length *= in.dim(sorted[k]);
  }
  return length;
}

bool is_cheap_to_duplicate(const ir::Operation& op) {
  if (!all_types_fusible(op)) return false;
  if (op.name() == "stablehlo.iota" || is_splat_constant(op)) return true;
  // A broadcast reads a smaller tensor than it writes: each fusion reads its operand instead.
  return op.name() == "stablehlo.broadcast_in_dim";
}

}  // namespace kiln::passes
