// Elemental rules of uniform_quantize and uniform_dequantize, and the spec's
// dequantize_op_quantize for every other op on quantized values, as the interpreter
// (interp/quantized.cpp): quantized values are held as their storage integers; each step of
// (de)quantization is computed in f64 and rounded to the expressed type, as the interpreter
// rounds it; per-axis types index their scales by the element's coordinate.
#include <fmt/format.h>

#include <bit>

#include "backend/cuda/codegen/stand_in.h"
#include "backend/cuda/ops/rule_helpers.h"
#include "ir/float_format.h"

namespace kiln::backend::cuda {

namespace {

using K = ir::ElementKind;

// `v` rounded to the float kind `k` on the host, as the interpreter's from_double<T>.
double round_to(K k, double v) {
  if (k == K::kF64) return v;
  if (k == K::kF32) return static_cast<double>(static_cast<float>(v));
  return ir::bits_to_double(k, ir::double_to_bits(k, v));
}

std::string f64_literal(double v) {
  return fmt::format("__longlong_as_double({}LL)", std::bit_cast<int64_t>(v));
}

// The f64 expression `x` rounded to the expressed type, back in f64 (one rounding: the 16-bit
// and byte formats go through f32 rounded to odd, as convert).
std::string round_expr(const ScalarType& expressed, const std::string& x) {
  if (expressed.kind == K::kF64) return x;
  if (expressed.kind == K::kF32) return fmt::format("static_cast<double>(static_cast<float>({}))", x);
  const ScalarType f64 = *scalar_type_of(K::kF64);
  return fmt::format("static_cast<double>({})", convert_expr(f64, expressed, x));
}

// The scale (rounded to the expressed type) and zero point of the element at `index` of a
// value of quantized type `type`: literals per tensor, a table indexed by the coordinate along
// the quantized dimension per axis. `zero_point` is an i64 expression.
struct Params {
  std::string scale, zero_point;
};

Expected<Params> params_at(Emitter& e, const ir::Operation& op, const ir::ElementType& type,
                           Index& index) {
  const ir::QuantParams& q = type.quant();
  const size_t n = q.quantized_dimension ? static_cast<size_t>(index.shape.at(*q.quantized_dimension)) : 1;
  if (q.scales.size() < n || q.zero_points.size() < n || q.scales.empty() || q.zero_points.empty()) {
    return unsupported(op, "a quantized type whose scales and zero points do not fit its shape");
  }
  if (!q.quantized_dimension) {
    return Params{f64_literal(round_to(q.expressed, q.scales[0])),
                  fmt::format("static_cast<i64>({}LL)", q.zero_points[0])};
  }
  std::string scales, zps;
  for (size_t i = 0; i < n; ++i) {
    scales += (i ? ", " : "") + f64_literal(round_to(q.expressed, q.scales[i]));
    zps += fmt::format("{}{}LL", i ? ", " : "", q.zero_points[i]);
  }
  const std::string s = e.fresh("scales"), z = e.fresh("zps");
  e.out().line(fmt::format("const double {}[{}] = {{{}}};", s, n, scales));
  e.out().line(fmt::format("const i64 {}[{}] = {{{}}};", z, n, zps));
  const std::string c = e.dims(index).at(static_cast<size_t>(*q.quantized_dimension));
  return Params{fmt::format("{}[{}]", s, c), fmt::format("{}[{}]", z, c)};
}

Expected<ScalarType> expressed_of(const ir::Operation& op, const ir::ElementType& type) {
  KILN_TRY(ScalarType t, scalar_type_of(type.quant().expressed));
  if (!t.is_float) return unsupported(op, "a quantized type without a float expressed type");
  return t;
}

// The spec's dequantize of the storage integer `x` of type `type` at `index`: an expression of
// the expressed type's compute type.
Expected<std::string> dequantize(Emitter& e, const ir::Operation& op, const ir::ElementType& type,
                                 const std::string& x, Index& index) {
  KILN_TRY(ScalarType expressed, expressed_of(op, type));
  KILN_TRY(Params p, params_at(e, op, type, index));
  // The difference is exact in i64 (the type's meaning, not wrapped in the storage type).
  const std::string diff = e.let("double", round_expr(expressed, fmt::format("static_cast<double>(static_cast<i64>({}) - {})", x, p.zero_point)));
  const ScalarType f64 = *scalar_type_of(K::kF64);
  return e.let(expressed.compute, convert_expr(f64, expressed, fmt::format("{} * {}", diff, p.scale)));
}

// The spec's quantize of the f64 expression `v` to quantized type `type` at `index`: the
// storage integer (NaN becomes 0; clamped to the storage range, then rounded half to even).
Expected<std::string> quantize(Emitter& e, const ir::Operation& op, const ir::ElementType& type,
                               const std::string& v, Index& index) {
  KILN_TRY(ScalarType expressed, expressed_of(op, type));
  KILN_TRY(ScalarType storage, scalar_type_of(type));
  KILN_TRY(Params p, params_at(e, op, type, index));
  const ir::QuantParams& q = type.quant();
  const std::string scaled = round_expr(expressed, fmt::format("{} / {}", v, p.scale));
  const std::string zp = round_expr(expressed, fmt::format("static_cast<double>({})", p.zero_point));
  const std::string r = e.let("double", round_expr(expressed, fmt::format("{} + {}", scaled, zp)));
  const double lo = round_to(q.expressed, static_cast<double>(q.storage_min));
  const double hi = round_to(q.expressed, static_cast<double>(q.storage_max));
  return e.let(storage.compute,
               fmt::format("({0} != {0} ? static_cast<{1}>(0) : static_cast<{1}>(rint(fmin(fmax({0}, {2}), {3}))))",
                           r, storage.compute, f64_literal(lo), f64_literal(hi)));
}

bool is_quantized(const ir::Value* v) {
  return v->type().is_tensor() && v->type().element().is_quantized();
}

Expected<std::string> emit_uniform_quantize(Emitter& e, const ir::Operation& op, size_t, Index& index) {
  const ir::ElementType& to = op.result(0)->type().element();
  if (!to.is_quantized()) return unsupported(op, "a result that is not quantized");
  KILN_TRY(std::string x, operand_at(e, op, 0, index));
  const ir::ElementType& from = op.operand(0)->type().element();
  if (from.is_quantized()) {
    KILN_TRY(x, dequantize(e, op, from, x, index));  // requantization
  } else if (!from.is_float()) {
    return unsupported(op, "an operand that is neither float nor quantized");
  }
  return quantize(e, op, to, fmt::format("static_cast<double>({})", x), index);
}

Expected<std::string> emit_uniform_dequantize(Emitter& e, const ir::Operation& op, size_t, Index& index) {
  const ir::ElementType& from = op.operand(0)->type().element();
  if (!from.is_quantized()) return unsupported(op, "an operand that is not quantized");
  KILN_TRY(std::string x, operand_at(e, op, 0, index));
  return dequantize(e, op, from, x, index);
}

ir::Type expressed_type(const ir::Type& t) {
  return t.is_tensor() && t.element().is_quantized() ? t.with_element(t.element().quant().expressed) : t;
}

}  // namespace

Expected<std::string> emit_dequantize_op_quantize(Emitter& e, const ir::Operation& op,
                                                  size_t result, Index& index) {
  ElementalRule rule = find_elemental_rule(op.name());
  if (!rule) return unsupported(op, "on quantized values");
  std::vector<ir::Type> operands, results;
  for (const ir::Value* v : op.operands()) operands.push_back(expressed_type(v->type()));
  for (const auto& r : op.results()) results.push_back(expressed_type(r->type()));
  auto stand_in = std::make_shared<StandInOp>(op.name(), op, operands, results);
  e.keep(stand_in);
  for (size_t i = 0; i < op.num_operands(); ++i) {
    const ir::Value* original = op.operand(i);
    e.bind_view(stand_in->operand(i), [original, &op](Emitter& e, Index& at) -> Expected<std::string> {
      KILN_TRY(std::string x, e.emit(original, at));
      if (!is_quantized(original)) return x;
      return dequantize(e, op, original->type().element(), x, at);
    });
  }
  KILN_TRY(std::string value, rule(e, stand_in->op(), result, index));
  if (!is_quantized(op.result(result))) return value;
  return quantize(e, op, op.result(result)->type().element(),
                  fmt::format("static_cast<double>({})", value), index);
}

KILN_REGISTER_CUDA_ELEMENTAL("stablehlo.uniform_quantize", emit_uniform_quantize);
KILN_REGISTER_CUDA_ELEMENTAL("stablehlo.uniform_dequantize", emit_uniform_dequantize);

}  // namespace kiln::backend::cuda
