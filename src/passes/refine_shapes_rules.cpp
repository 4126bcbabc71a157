// refine-shapes: the result shape of each static op from its refined operands — element-wise
// and same-shape ops, convert and bitcast_convert, reshape, transpose, broadcast_in_dim,
// slice, pad, concatenate, reduce, dot_general, gather, rng_bit_generator's state — where its
// result type is dynamic.
// The rules that the verifiers hold already (dot_general, gather) come from them.
#include "passes/refine_shapes_rules.h"

#include <algorithm>
#include <array>

#include "ir/ops/dot_general.h"
#include "ir/ops/gather.h"
#include "passes/fusion_ops.h"

namespace kiln::passes::refine {

namespace {

using ir::Operation;
using ir::Type;

std::vector<int64_t> ints(const Operation& op, std::string_view name) {
  const auto* a = op.attr_as<ir::DenseArrayAttr>(name);
  return a ? a->ints : std::vector<int64_t>{};
}

// The ops whose result i has the shape of operand i (and whose operands agree in shape).
constexpr std::array<std::string_view, 10> kSameShape = {"stablehlo.reverse",
                                                         "stablehlo.sort",
                                                         "stablehlo.optimization_barrier",
                                                         "stablehlo.cholesky",
                                                         "stablehlo.map",
                                                         "stablehlo.dynamic_update_slice",
                                                         "stablehlo.scatter",
                                                         "stablehlo.reduce_precision",
                                                         "stablehlo.uniform_quantize",
                                                         "stablehlo.uniform_dequantize"};

bool same_shape_op(const Operation& op) {
  return is_elementwise(op) ||
         std::find(kSameShape.begin(), kSameShape.end(), op.name()) != kSameShape.end();
}

// The shape of result i: operand i's where there is one, else the first operand's of the
// result's rank (an element-wise op's scalar predicate or bound has rank 0).
std::optional<std::vector<int64_t>> same_shape(const Operation& op, size_t i) {
  const Type& result = op.result(i)->type();
  if (i < op.num_operands() && op.operand(i)->type().rank() == result.rank()) {
    return op.operand(i)->type().shape();
  }
  for (const ir::Value* v : op.operands()) {
    if (v->type().is_tensor() && v->type().rank() == result.rank()) return v->type().shape();
  }
  return std::nullopt;
}

// bitcast_convert: the same shape for elements of one width; a trailing dimension of
// width-ratio entries appears (to narrower elements) or goes (to wider ones).
std::optional<std::vector<int64_t>> bitcast_shape(const Operation& op) {
  const Type& in = op.operand(0)->type();
  const Type& out = op.result(0)->type();
  std::vector<int64_t> shape = in.shape();
  int from = in.element().bit_width(), to = out.element().bit_width();
  if (from > to) shape.push_back(from / to);
  if (from < to && !shape.empty()) shape.pop_back();
  return shape;
}

// reshape to a type with one dynamic dimension: it takes the elements the others leave.
std::optional<std::vector<int64_t>> reshape_shape(const Operation& op) {
  const Type& out = op.result(0)->type();
  std::optional<int64_t> total = op.operand(0)->type().num_elements();
  int64_t known = 1, dynamic = 0;
  for (int64_t d : out.shape()) {
    if (d == ir::kDynamic) {
      ++dynamic;
    } else {
      known *= d;
    }
  }
  if (!total || dynamic != 1 || known == 0 || *total % known != 0) return std::nullopt;
  std::vector<int64_t> shape = out.shape();
  std::replace(shape.begin(), shape.end(), ir::kDynamic, *total / known);
  return shape;
}

std::optional<std::vector<int64_t>> transpose_shape(const Operation& op) {
  std::vector<int64_t> shape;
  for (int64_t p : ints(op, "permutation")) shape.push_back(op.operand(0)->type().dim(p));
  return shape;
}

// broadcast_in_dim: a dynamic result dimension that an operand dimension maps to takes its
// size (a size-1 operand dimension could stretch to any size: no rule then).
std::optional<std::vector<int64_t>> broadcast_shape(const Operation& op) {
  std::vector<int64_t> shape = op.result(0)->type().shape();
  std::vector<int64_t> dims = ints(op, "broadcast_dimensions");
  for (size_t k = 0; k < dims.size(); ++k) {
    int64_t& d = shape[static_cast<size_t>(dims[k])];
    int64_t from = op.operand(0)->type().dim(static_cast<int64_t>(k));
    if (d == ir::kDynamic && from != 1) d = from;
  }
  return shape;
}

std::optional<std::vector<int64_t>> slice_shape(const Operation& op) {
  std::vector<int64_t> start = ints(op, "start_indices"), limit = ints(op, "limit_indices"),
                       strides = ints(op, "strides");
  std::vector<int64_t> shape;
  for (size_t d = 0; d < start.size(); ++d) {
    shape.push_back((limit[d] - start[d] + strides[d] - 1) / strides[d]);
  }
  return shape;
}

std::optional<std::vector<int64_t>> pad_shape(const Operation& op) {
  std::vector<int64_t> low = ints(op, "edge_padding_low"), high = ints(op, "edge_padding_high"),
                       interior = ints(op, "interior_padding");
  std::vector<int64_t> shape;
  const Type& in = op.operand(0)->type();
  for (size_t d = 0; d < low.size(); ++d) {
    int64_t n = in.dim(static_cast<int64_t>(d));
    shape.push_back(low[d] + high[d] + n + (n > 0 ? (n - 1) * interior[d] : 0));
  }
  return shape;
}

std::optional<std::vector<int64_t>> concatenate_shape(const Operation& op) {
  if (op.num_operands() == 0) return std::nullopt;
  const auto dim = static_cast<size_t>(op.attr_as<ir::IntegerAttr>("dimension")->value);
  std::vector<int64_t> shape = op.operand(0)->type().shape();
  shape[dim] = 0;
  for (const ir::Value* v : op.operands()) shape[dim] += v->type().shape()[dim];
  return shape;
}

// reduce: result i is input i without the reduced dimensions.
std::optional<std::vector<int64_t>> reduce_shape(const Operation& op, size_t i) {
  std::vector<int64_t> dims = ints(op, "dimensions");
  std::vector<int64_t> shape;
  const Type& in = op.operand(i)->type();
  for (int64_t d = 0; d < in.rank(); ++d) {
    if (std::find(dims.begin(), dims.end(), d) == dims.end()) shape.push_back(in.dim(d));
  }
  return shape;
}

std::optional<std::vector<int64_t>> gather_shape(const Operation& op) {
  std::vector<int64_t> sizes = ints(op, "slice_sizes");
  const auto& d = *op.attr_as<ir::GatherDimsAttr>("dimension_numbers");
  std::vector<int64_t> offsets;
  for (size_t i = 0; i < sizes.size(); ++i) {
    if (!ir::gather_drops_dim(d, static_cast<int64_t>(i))) offsets.push_back(sizes[i]);
  }
  return ir::gather_result_shape(d, op.operand(1)->type(), offsets, op.result(0)->type().rank());
}

std::optional<std::vector<int64_t>> result_shape(const Operation& op, size_t i) {
  const std::string& name = op.name();
  if (same_shape_op(op)) return same_shape(op, i);
  if (name == "stablehlo.bitcast_convert") return bitcast_shape(op);
  if (name == "stablehlo.reshape") return reshape_shape(op);
  if (name == "stablehlo.transpose") return transpose_shape(op);
  if (name == "stablehlo.broadcast_in_dim") return broadcast_shape(op);
  if (name == "stablehlo.slice") return slice_shape(op);
  if (name == "stablehlo.pad") return pad_shape(op);
  if (name == "stablehlo.concatenate") return concatenate_shape(op);
  if (name == "stablehlo.reduce") return reduce_shape(op, i);
  if (name == "stablehlo.gather") return gather_shape(op);
  if (name == "stablehlo.rng_bit_generator" && i == 0) return op.operand(0)->type().shape();
  if (name == "stablehlo.dot_general") {
    return ir::infer_dot_general_type(op.operand(0)->type(), op.operand(1)->type(),
                                      *op.attr_as<ir::DotDimsAttr>("dot_dimension_numbers"),
                                      op.result(0)->type().element())
        .shape();
  }
  return std::nullopt;
}

}  // namespace

void infer_result_types(Operation& op) {
  for (const ir::Value* v : op.operands()) {
    if (v->type().is_tensor() && !v->type().is_static()) return;
  }
  for (size_t i = 0; i < op.num_results(); ++i) {
    ir::Value* r = op.result(i);
    if (!r->type().is_tensor() || r->type().is_static()) continue;
    std::optional<std::vector<int64_t>> shape = result_shape(op, i);
    if (!shape) continue;
    std::optional<Type> t = refine_type(r->type(), Type::tensor(*shape, r->type().element()));
    if (t) r->set_type(*t);
  }
}

}  // namespace kiln::passes::refine
