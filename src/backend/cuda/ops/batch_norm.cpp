// Elemental rules of batch_norm_training, batch_norm_inference and batch_norm_grad, as the
// interpreter computes them: in the element type, each op rounded to it, per-feature sums
// folded in row-major order over the feature's elements. A per-feature statistic is a loop
// over its feature; lower_batch_norm.cpp stores the per-feature results first so that the
// element-wise result reads them instead of recomputing them per element.
#include <fmt/format.h>

#include <functional>

#include "backend/cuda/ops/rule_helpers.h"
#include "ir/float_format.h"

namespace kiln::backend::cuda {

namespace {

struct Feature {
  ScalarType t;
  std::vector<int64_t> shape;  // the operand's
  size_t axis = 0;             // feature_index
  int64_t count = 1;           // elements per feature
};

Expected<Feature> feature_of(Emitter& e, const ir::Operation& op) {
  Feature f;
  KILN_TRY(f.t, operand_type(e, op, 0));
  if (!f.t.is_float) return unsupported(op, "on " + f.t.compute);
  f.shape = op.operand(0)->type().shape();
  const int64_t axis = attr_int(op, "feature_index", -1);
  if (axis < 0 || axis >= static_cast<int64_t>(f.shape.size())) {
    return unsupported(op, "a feature_index out of range");
  }
  f.axis = static_cast<size_t>(axis);
  for (size_t d = 0; d < f.shape.size(); ++d) {
    if (d != f.axis) f.count *= f.shape[d];
  }
  return f;
}

// `a op b` in the element type (rounded after the op).
std::string arith(const ScalarType& t, const std::string& a, const char* op, const std::string& b) {
  return t.round(fmt::format("({} {} {})", a, op, b));
}

std::string sqrt_of(const ScalarType& t, const std::string& x) {
  return t.round(fmt::format("{}({})", t.kind == ir::ElementKind::kF64 ? "sqrt" : "sqrtf", x));
}

// A literal of the element type: `v` rounded to it once (as the interpreter's from_double).
std::string constant(const ScalarType& t, double v) {
  if (t.kind == ir::ElementKind::kF64 || t.kind == ir::ElementKind::kF32) return t.literal_double(v);
  return t.literal_bits(ir::double_to_bits(t.kind, v));
}

// The per-feature value `v` (of shape [features]) at feature `f`.
Expected<std::string> at_feature(Emitter& e, const ir::Value* v, const std::string& f) {
  Index i = Index::of_dims(v->type().shape(), {f});
  return e.emit(v, i);
}

// The feature of the operand element at `index`.
std::string feature_at(Emitter& e, const Feature& f, Index& index) {
  return e.dims(index).at(f.axis);
}

// The sum over feature `feat`'s elements, in row-major order, of `term` (given the operand's
// index of each element), each addition rounded to the element type.
Expected<std::string> feature_sum(Emitter& e, const Feature& f, const std::string& feat,
                                  const std::function<Expected<std::string>(Index&)>& term) {
  const std::string acc = e.fresh("sum");
  e.out().line(fmt::format("{} {} = {};", f.t.compute, acc, f.t.literal_double(0)));
  if (f.count == 0) return acc;
  std::vector<int64_t> rest;
  for (size_t d = 0; d < f.shape.size(); ++d) {
    if (d != f.axis) rest.push_back(f.shape[d]);
  }
  const std::string k = e.fresh("k");
  e.out().open(fmt::format("for (i64 {0} = 0; {0} < {1}; ++{0})", k, f.count));
  e.push_scope();
  Index ri = Index::of_linear(rest, k);
  std::vector<std::string> dims = e.dims(ri);
  dims.insert(dims.begin() + static_cast<std::ptrdiff_t>(f.axis), feat);
  Index xi = Index::of_dims(f.shape, dims);
  Expected<std::string> x = term(xi);
  if (!x.ok()) return x;
  e.out().line(fmt::format("{} = {};", acc, arith(f.t, acc, "+", *x)));
  e.pop_scope();
  e.out().close();
  return acc;
}

// (x - mean) / sqrt(var + eps) * scale + offset at `index` (the spec's normalisation).
Expected<std::string> normalize(Emitter& e, const ir::Operation& op, const Feature& f,
                                Index& index, const ir::Value* mean, const ir::Value* var) {
  const std::string feat = feature_at(e, f, index);
  KILN_TRY(std::string x, e.emit(op.operand(0), index));
  KILN_TRY(std::string scale, at_feature(e, op.operand(1), feat));
  KILN_TRY(std::string offset, at_feature(e, op.operand(2), feat));
  KILN_TRY(std::string m, at_feature(e, mean, feat));
  KILN_TRY(std::string v, at_feature(e, var, feat));
  const auto* eps = op.attr_as<ir::FloatAttr>("epsilon");
  const std::string stddev = sqrt_of(f.t, arith(f.t, v, "+", constant(f.t, eps ? eps->value : 0.0)));
  const std::string normalized = e.let(f.t.compute, arith(f.t, arith(f.t, x, "-", m), "/", stddev));
  return e.let(f.t.compute, arith(f.t, arith(f.t, scale, "*", normalized), "+", offset));
}

Expected<std::string> emit_training(Emitter& e, const ir::Operation& op, size_t result, Index& index) {
  KILN_TRY(Feature f, feature_of(e, op));
  if (result == 0) return normalize(e, op, f, index, op.result(1), op.result(2));
  const std::string feat = e.dims(index).at(0);
  const std::string count = constant(f.t, static_cast<double>(f.count));
  auto x_at = [&](Index& i) { return e.emit(op.operand(0), i); };
  if (result == 1) {
    KILN_TRY(std::string sum, feature_sum(e, f, feat, x_at));
    return e.let(f.t.compute, arith(f.t, sum, "/", count));
  }
  // The mean at this very index (results 1 and 2 share it): computed once where both are
  // roots of one kernel.
  KILN_TRY(std::string mean, e.emit(op.result(1), index));
  KILN_TRY(std::string sum, feature_sum(e, f, feat, [&](Index& i) -> Expected<std::string> {
    KILN_TRY(std::string x, x_at(i));
    const std::string c = e.let(f.t.compute, arith(f.t, x, "-", mean));
    return arith(f.t, c, "*", c);
  }));
  return e.let(f.t.compute, arith(f.t, sum, "/", count));
}

Expected<std::string> emit_inference(Emitter& e, const ir::Operation& op, size_t, Index& index) {
  KILN_TRY(Feature f, feature_of(e, op));
  return normalize(e, op, f, index, op.operand(3), op.operand(4));
}

// Spec: grad_operand = scale / stddev / N * (N * dy - sum(dy) - centered * sum(dy * centered)
// / (variance + epsilon)); grad_scale = sum(dy * centered / stddev); grad_offset = sum(dy).
Expected<std::string> emit_grad(Emitter& e, const ir::Operation& op, size_t result, Index& index) {
  KILN_TRY(Feature f, feature_of(e, op));
  const std::string feat = result == 0 ? feature_at(e, f, index) : e.dims(index).at(0);
  KILN_TRY(std::string mean, at_feature(e, op.operand(2), feat));
  KILN_TRY(std::string var, at_feature(e, op.operand(3), feat));
  const auto* eps_attr = op.attr_as<ir::FloatAttr>("epsilon");
  const std::string var_eps = e.let(f.t.compute, arith(f.t, var, "+", constant(f.t, eps_attr ? eps_attr->value : 0.0)));
  const std::string stddev = e.let(f.t.compute, sqrt_of(f.t, var_eps));
  auto centered = [&](Index& i) -> Expected<std::string> {
    KILN_TRY(std::string x, e.emit(op.operand(0), i));
    return e.let(f.t.compute, arith(f.t, x, "-", mean));
  };
  auto dy_at = [&](Index& i) { return e.emit(op.operand(4), i); };
  if (result == 2) return feature_sum(e, f, feat, dy_at);
  if (result == 1) {
    return feature_sum(e, f, feat, [&](Index& i) -> Expected<std::string> {
      KILN_TRY(std::string dy, dy_at(i));
      KILN_TRY(std::string c, centered(i));
      return arith(f.t, dy, "*", arith(f.t, c, "/", stddev));
    });
  }
  KILN_TRY(std::string sum_dy, at_feature(e, op.result(2), feat));
  KILN_TRY(std::string sum_dyc, feature_sum(e, f, feat, [&](Index& i) -> Expected<std::string> {
    KILN_TRY(std::string dy, dy_at(i));
    KILN_TRY(std::string c, centered(i));
    return arith(f.t, dy, "*", c);
  }));
  KILN_TRY(std::string scale, at_feature(e, op.operand(1), feat));
  KILN_TRY(std::string dy, dy_at(index));
  KILN_TRY(std::string c, centered(index));
  const std::string count = constant(f.t, static_cast<double>(f.count));
  const std::string i6 = e.let(
      f.t.compute, arith(f.t, arith(f.t, arith(f.t, dy, "*", count), "-", sum_dy), "-",
                         arith(f.t, arith(f.t, sum_dyc, "*", c), "/", var_eps)));
  return e.let(f.t.compute,
               arith(f.t, arith(f.t, arith(f.t, scale, "/", stddev), "/", count), "*", i6));
}

}  // namespace

KILN_REGISTER_CUDA_ELEMENTAL("stablehlo.batch_norm_training", emit_training);
KILN_REGISTER_CUDA_ELEMENTAL("stablehlo.batch_norm_inference", emit_inference);
KILN_REGISTER_CUDA_ELEMENTAL("stablehlo.batch_norm_grad", emit_grad);

}  // namespace kiln::backend::cuda
