// refine-shapes: the dynamic-shape ops as their static twins once their shape operands fold to
// constants (dynamic_broadcast_in_dim as broadcast_in_dim, dynamic_reshape as reshape, ...),
// get_dimension_size of a static operand as a constant, rng with a static result type; and
// the Refiner that folds shape operands for them.
#include <fmt/format.h>

#include <array>
#include <cstring>

#include "interp/tensor.h"
#include "ir/ops/convolution.h"
#include "ir/ops/gather.h"
#include "ir/ops/type_constraints.h"
#include "passes/refine_shapes_rules.h"
#include "support/source.h"

namespace kiln::passes::refine {

using ir::Operation;
using ir::Type;
using ir::Value;

Error cannot_refine(const Operation& op, std::string_view why) {
  return Error::unimplemented(format_diagnostic(
      op.location(), fmt::format("refine-shapes cannot refine '{}' ({})", op.name(), why)));
}

// --- the Refiner ---------------------------------------------------------------------------

Expected<bool> Refiner::fold_value(Value* v, int depth) {
  Operation* def = v->defining_op();
  if (!def) return false;  // a block argument
  if (def->id() == ir::ops::kConstant) return true;
  // A shape computation is short; a deeper chain is no shape computation.
  if (depth > 64 || def->num_regions() > 0) return false;
  for (size_t i = 0; i < def->num_operands(); ++i) {
    KILN_TRY(bool folded, fold_value(def->operand(i), depth + 1));
    if (!folded) return false;
  }
  return folder_.fold(*def);
}

Expected<bool> Refiner::fold_operand(Operation& op, size_t i) {
  return fold_value(op.operand(i), 0);
}

Expected<std::optional<std::vector<int64_t>>> Refiner::constant_ints(Operation& op, size_t i) {
  KILN_TRY(bool folded, fold_operand(op, i));
  if (!folded) return std::optional<std::vector<int64_t>>();
  return ir::constant_operand(op, i);
}

Status Refiner::replace_by_twin(Operation& op, std::string_view name,
                                const std::vector<Value*>& operands, const Type& type,
                                std::vector<ir::NamedAttribute> attrs) {
  if (!refine_type(op.result(0)->type(), type)) {
    return Error::invalid_argument(format_diagnostic(
        op.location(),
        fmt::format("refine-shapes: '{}' computes the type {}, which does not "
                    "fit its result type {}",
                    op.name(), ir::to_string(type), ir::to_string(op.result(0)->type()))));
  }
  KILN_CHECK_OK(rewriter_.set_insertion_point_before(op));
  Operation* twin = rewriter_.create(name, operands, {type}, std::move(attrs), 0, op.location());
  context_.count("dynamic ops made static");
  return rewriter_.replace_op(op, {twin->result(0)});
}

std::optional<Type> refine_type(const Type& declared, const Type& refined) {
  if (!declared.is_tensor() || !refined.is_tensor()) {
    return declared == refined ? std::optional<Type>(declared) : std::nullopt;
  }
  if (declared.rank() != refined.rank()) return std::nullopt;
  for (int64_t d = 0; d < declared.rank(); ++d) {
    if (declared.dim(d) != ir::kDynamic && declared.dim(d) != refined.dim(d)) return std::nullopt;
  }
  return Type::tensor(refined.shape(), declared.element());
}

// --- the rules, one per op -----------------------------------------------------------------

namespace {

// The constant operand `i` of `op`, folded; an error naming it (`what`) when it does not fold.
Expected<std::vector<int64_t>> shape_operand(Operation& op, size_t i, std::string_view what,
                                             Refiner& refiner) {
  KILN_TRY(std::optional<std::vector<int64_t>> values, refiner.constant_ints(op, i));
  if (!values) return cannot_refine(op, fmt::format("its {} is not a constant", what));
  for (int64_t v : *values) {
    if (v < 0 && what.find("shape") != std::string_view::npos) {
      return cannot_refine(
          op, fmt::format("its {} {} has a negative size", what, ir::dims_string(*values)));
    }
  }
  return std::move(*values);
}

Type shaped(const Operation& op, std::vector<int64_t> shape) {
  return Type::tensor(std::move(shape), op.result(0)->type().element());
}

ir::NamedAttribute named(std::string name, ir::Attribute value) {
  return ir::NamedAttribute{std::move(name), std::move(value)};
}

// The attributes of `op` other than `except`, for a twin that keeps them.
std::vector<ir::NamedAttribute> attrs_but(const Operation& op, std::string_view except = {}) {
  std::vector<ir::NamedAttribute> out;
  for (const ir::NamedAttribute& a : op.attributes()) {
    if (a.name != except) out.push_back(a);
  }
  return out;
}

Status refine_get_dimension_size(Operation& op, Refiner& refiner) {
  const Type& operand = op.operand(0)->type();
  int64_t dim = op.attr_as<ir::IntegerAttr>("dimension")->value;
  if (!operand.is_static()) return cannot_refine(op, "its operand is not static");
  KILN_TRY(interp::Tensor size, interp::Tensor::allocate(op.result(0)->type()));
  size.data<int32_t>()[0] = static_cast<int32_t>(operand.dim(dim));
  KILN_CHECK_OK(refiner.rewriter().set_insertion_point_before(op));
  refiner.rewriter().set_location(op.location());
  Value* constant = refiner.rewriter().constant(interp::to_dense(size));
  refiner.context().count("dynamic ops made static");
  return refiner.rewriter().replace_op(op, {constant});
}

Status refine_broadcast(Operation& op, Refiner& refiner) {
  KILN_TRY(std::vector<int64_t> shape, shape_operand(op, 1, "output_dimensions", refiner));
  return refiner.replace_by_twin(op, "stablehlo.broadcast_in_dim", {op.operand(0)},
                                 shaped(op, shape), attrs_but(op));
}

Status refine_reshape(Operation& op, Refiner& refiner) {
  KILN_TRY(std::vector<int64_t> shape, shape_operand(op, 1, "output_shape", refiner));
  return refiner.replace_by_twin(op, "stablehlo.reshape", {op.operand(0)}, shaped(op, shape), {});
}

Status refine_iota(Operation& op, Refiner& refiner) {
  KILN_TRY(std::vector<int64_t> shape, shape_operand(op, 0, "output_shape", refiner));
  return refiner.replace_by_twin(op, "stablehlo.iota", {}, shaped(op, shape), attrs_but(op));
}

Status refine_pad(Operation& op, Refiner& refiner) {
  KILN_TRY(std::vector<int64_t> low, shape_operand(op, 2, "edge_padding_low", refiner));
  KILN_TRY(std::vector<int64_t> high, shape_operand(op, 3, "edge_padding_high", refiner));
  KILN_TRY(std::vector<int64_t> interior, shape_operand(op, 4, "interior_padding", refiner));
  const Type& operand = op.operand(0)->type();
  std::vector<int64_t> shape;
  for (int64_t d = 0; d < operand.rank(); ++d) {
    size_t i = static_cast<size_t>(d);
    int64_t in = operand.dim(d);
    shape.push_back(low[i] + high[i] + in + (in > 0 ? (in - 1) * interior[i] : 0));
  }
  return refiner.replace_by_twin(op, "stablehlo.pad", {op.operand(0), op.operand(1)},
                                 shaped(op, shape),
                                 {named("edge_padding_low", ir::dense_i64_array(low)),
                                  named("edge_padding_high", ir::dense_i64_array(high)),
                                  named("interior_padding", ir::dense_i64_array(interior))});
}

Status refine_slice(Operation& op, Refiner& refiner) {
  KILN_TRY(std::vector<int64_t> start, shape_operand(op, 1, "start_indices", refiner));
  KILN_TRY(std::vector<int64_t> limit, shape_operand(op, 2, "limit_indices", refiner));
  KILN_TRY(std::vector<int64_t> strides, shape_operand(op, 3, "strides", refiner));
  std::vector<int64_t> shape;
  for (size_t d = 0; d < start.size(); ++d) {
    if (strides[d] <= 0 || start[d] < 0 || limit[d] < start[d]) {
      return cannot_refine(op, "its start, limit and stride do not make a slice");
    }
    shape.push_back((limit[d] - start[d] + strides[d] - 1) / strides[d]);
  }
  return refiner.replace_by_twin(op, "stablehlo.slice", {op.operand(0)}, shaped(op, shape),
                                 {named("start_indices", ir::dense_i64_array(start)),
                                  named("limit_indices", ir::dense_i64_array(limit)),
                                  named("strides", ir::dense_i64_array(strides))});
}

Status refine_gather(Operation& op, Refiner& refiner) {
  KILN_TRY(std::vector<int64_t> sizes, shape_operand(op, 2, "slice_sizes", refiner));
  const auto& d = *op.attr_as<ir::GatherDimsAttr>("dimension_numbers");
  std::vector<int64_t> offsets;
  for (size_t i = 0; i < sizes.size(); ++i) {
    if (!ir::gather_drops_dim(d, static_cast<int64_t>(i))) offsets.push_back(sizes[i]);
  }
  std::vector<int64_t> shape =
      ir::gather_result_shape(d, op.operand(1)->type(), offsets, op.result(0)->type().rank());
  std::vector<ir::NamedAttribute> attrs = attrs_but(op);
  attrs.push_back(named("slice_sizes", ir::dense_i64_array(sizes)));
  return refiner.replace_by_twin(op, "stablehlo.gather", {op.operand(0), op.operand(1)},
                                 shaped(op, shape), std::move(attrs));
}

// dynamic_conv's padding operand as convolution's `padding` attribute (a [n, 2] i64 tensor);
// the result type is convolution's inferred one.
Status refine_conv(Operation& op, Refiner& refiner) {
  KILN_TRY(std::vector<int64_t> padding, shape_operand(op, 2, "padding", refiner));
  const int64_t pairs = static_cast<int64_t>(padding.size()) / 2;
  KILN_TRY(interp::Tensor pad,
           interp::Tensor::allocate(Type::tensor({pairs, 2}, ir::ElementKind::kSI64)));
  std::memcpy(pad.raw(), padding.data(), padding.size() * sizeof(int64_t));
  std::vector<ir::NamedAttribute> attrs = attrs_but(op);
  attrs.push_back(named("padding", interp::to_dense(pad)));
  // The window (its padding included) read as the convolution's verifier reads it.
  KILN_CHECK_OK(refiner.rewriter().set_insertion_point_before(op));
  Operation* probe =
      refiner.rewriter().create("stablehlo.convolution", {op.operand(0), op.operand(1)},
                                {op.result(0)->type()}, attrs, 0, op.location());
  Expected<ir::Window> window = ir::verify_conv_attrs(*probe, "padding");
  Type type = window.ok() ? ir::infer_convolution_type(*probe, *window) : Type();
  KILN_CHECK_OK(refiner.rewriter().erase_op(*probe));
  if (!window.ok()) return window.take_error();
  return refiner.replace_by_twin(op, "stablehlo.convolution", {op.operand(0), op.operand(1)}, type,
                                 std::move(attrs));
}

// rng keeps its shape operand (the op has no static form without it); its result type
// becomes the constant shape's.
Status refine_rng(Operation& op, Refiner& refiner) {
  if (op.result(0)->type().is_static()) return ok_status();
  KILN_TRY(std::vector<int64_t> shape, shape_operand(op, 2, "shape", refiner));
  std::optional<Type> t = refine_type(op.result(0)->type(), shaped(op, shape));
  if (!t) return cannot_refine(op, "its shape operand contradicts its result type");
  op.result(0)->set_type(*t);
  refiner.context().count("dynamic ops made static");
  return ok_status();
}

using Rule = Status (*)(Operation&, Refiner&);
struct NamedRule {
  std::string_view name;
  Rule rule;
};
constexpr std::array<NamedRule, 9> kRules = {{
    {"stablehlo.get_dimension_size", refine_get_dimension_size},
    {"stablehlo.dynamic_broadcast_in_dim", refine_broadcast},
    {"stablehlo.dynamic_reshape", refine_reshape},
    {"stablehlo.dynamic_iota", refine_iota},
    {"stablehlo.dynamic_pad", refine_pad},
    {"stablehlo.real_dynamic_slice", refine_slice},
    {"stablehlo.dynamic_gather", refine_gather},
    {"stablehlo.dynamic_conv", refine_conv},
    {"stablehlo.rng", refine_rng},
}};

Rule find_rule(const Operation& op) {
  for (const NamedRule& r : kRules) {
    if (r.name == op.name()) return r.rule;
  }
  return nullptr;
}

}  // namespace

bool is_dynamic_shape_op(const Operation& op) {
  if (op.name() == "stablehlo.rng") return !op.result(0)->type().is_static();
  return find_rule(op) != nullptr;
}

Status refine_dynamic_op(Operation& op, Refiner& refiner) {
  for (const Value* v : op.operands()) {
    if (v->type().is_tensor() && !v->type().is_static()) {
      return cannot_refine(op, "its operands are not static");
    }
  }
  return find_rule(op)(op, refiner);
}

}  // namespace kiln::passes::refine
