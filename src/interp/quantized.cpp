// The spec's dequantize, quantize and dequantize_op_quantize for the interpreter.
#include "interp/quantized.h"

#include <cmath>
#include <string_view>
#include <unordered_set>

#include "interp/scalar_types.h"

namespace kiln::interp {

namespace {

using RoundFn = double (*)(double);

// Rounds a double to the nearest value of float kind `k` (exact emulation of one operation
// in that type: double carries more than twice the bits of every expressed type but f64), or
// nullptr if `k` is not a float kind.
RoundFn rounder(ir::ElementKind k) {
  return dispatch_dtype(k, []<class T>() -> RoundFn {
    if constexpr (kIsFloat<T>) {
      return [](double v) { return to_double(from_double<T>(v)); };
    } else {
      return nullptr;
    }
  });
}

Error no_float_expressed(const ir::ElementType& type) {
  return Error::unimplemented("interp: the quantized type " + ir::to_string(type) +
               " needs a float expressed type");
}

// The scale and zero point of element i: per-axis types index them by the element's
// coordinate along quantized_dimension.
struct AxisParams {
  const ir::QuantParams& q;
  int64_t stride = 1;
  int64_t size = 1;

  AxisParams(const ir::QuantParams& params, const std::vector<int64_t>& shape) : q(params) {
    if (q.quantized_dimension) {
      auto d = static_cast<size_t>(*q.quantized_dimension);
      size = shape[d];
      for (size_t j = d + 1; j < shape.size(); ++j) stride *= shape[j];
    }
  }
  size_t at(int64_t i) const {
    return q.quantized_dimension ? static_cast<size_t>((i / stride) % size) : 0;
  }
};

// A quantized type's parameters must fit the tensor they describe (the interpreter does not rely
// on the verifier): a per-axis dimension in range and one scale and zero point per index along
// it; a per-tensor type one of each.
Status check_quant_params(const ir::ElementType& type, const std::vector<int64_t>& shape) {
  const ir::QuantParams& q = type.quant();
  size_t want = 1;
  if (q.quantized_dimension) {
    const int64_t d = *q.quantized_dimension;
    if (d < 0 || d >= static_cast<int64_t>(shape.size())) {
      return Error::invalid_argument("interp: the quantized type " + ir::to_string(type) +
                                     " has axis " + std::to_string(d) + ", out of range for rank " +
                                     std::to_string(shape.size()));
    }
    want = static_cast<size_t>(shape[static_cast<size_t>(d)]);
  }
  if ((q.quantized_dimension && want == 0) ||
      (q.scales.size() == want && q.zero_points.size() == want)) {
    return ok_status();
  }
  return Error::invalid_argument("interp: the quantized type " + ir::to_string(type) + " has " +
                                 std::to_string(q.scales.size()) + " scales and " +
                                 std::to_string(q.zero_points.size()) + " zero points; " +
                                 std::to_string(want) + " of each were expected");
}

// The elements of a float tensor as doubles (exact: every float kind fits in a double).
std::vector<double> float_values(const Tensor& t) {
  std::vector<double> out(static_cast<size_t>(t.num_elements()));
  dispatch_dtype(t.element().kind(), [&]<class T>() {
    if constexpr (kIsFloat<T>) {
      for (int64_t i = 0; i < t.num_elements(); ++i) out[i] = to_double(t.data<T>()[i]);
    }
  });
  return out;
}

// The storage integers of a quantized tensor as int64 (storage is narrower than the
// expressed type, so at most 32 bits wide for f64).
std::vector<int64_t> storage_values(const Tensor& t) {
  std::vector<int64_t> out(static_cast<size_t>(t.num_elements()));
  dispatch_dtype(t.element().storage_type().kind(), [&]<class S>() {
    if constexpr (kIsInt<S>) {
      for (int64_t i = 0; i < t.num_elements(); ++i) out[i] = static_cast<int64_t>(t.data<S>()[i]);
    }
  });
  return out;
}

// The ops that work on quantized tensors as they are: they copy storage (the spec defines
// them on quantized tensors element for element), keep their own rules (convert rejects
// quantized types; custom_call names its target), or run functions whose ops compute.
// Ops with regions are not listed: their bodies compute on quantized values op by op.
bool works_on_storage(std::string_view name) {
  static const std::unordered_set<std::string_view> kNames = {
      "stablehlo.uniform_quantize", "stablehlo.uniform_dequantize",
      "stablehlo.constant", "stablehlo.bitcast_convert", "stablehlo.convert",
      "stablehlo.broadcast_in_dim", "stablehlo.reshape", "stablehlo.transpose",
      "stablehlo.reverse", "stablehlo.slice", "stablehlo.dynamic_slice",
      "stablehlo.dynamic_update_slice", "stablehlo.pad", "stablehlo.concatenate",
      "stablehlo.gather", "stablehlo.select", "stablehlo.tuple",
      "stablehlo.get_tuple_element", "stablehlo.optimization_barrier",
      "stablehlo.get_dimension_size", "stablehlo.all_gather", "stablehlo.all_to_all",
      "stablehlo.collective_permute", "stablehlo.collective_broadcast", "stablehlo.send",
      "stablehlo.recv", "stablehlo.infeed", "stablehlo.outfeed",
      "stablehlo.dynamic_broadcast_in_dim", "stablehlo.dynamic_reshape",
      "stablehlo.dynamic_pad", "stablehlo.dynamic_gather", "stablehlo.real_dynamic_slice",
      "stablehlo.custom_call", "stablehlo.composite", "func.call",
  };
  return kNames.contains(name) || name.starts_with("check.") ||
         name.starts_with("interpreter.");
}

bool is_quantized_tensor(const ir::Type& t) { return t.is_tensor() && t.element().is_quantized(); }

// t with a quantized element type replaced by its expressed type.
ir::Type expressed_type(const ir::Type& t) {
  return is_quantized_tensor(t) ? t.with_element(t.element().quant().expressed) : t;
}

// A copy of an op (name, location, attributes) whose quantized operand and result types are
// their expressed types, for implementations that read types from the op. Regions are not
// copied: ops with regions work on quantized values directly (needs_dequantize).
struct ExpressedOp {
  ir::Block operand_values;  // owns the operands' stand-in values
  ir::Operation op;

  explicit ExpressedOp(const ir::Operation& original) : op(original.id(), original.location()) {
    for (const ir::NamedAttribute& a : original.attributes()) op.set_attr(a.name, a.value);
    for (const ir::Value* v : original.operands()) {
      op.add_operand(operand_values.add_argument(expressed_type(v->type())));
    }
    for (const auto& r : original.results()) op.add_result(expressed_type(r->type()));
  }
};

}  // namespace

Expected<Tensor> dequantize(const Tensor& x) {
  const ir::QuantParams& q = x.element().quant();
  RoundFn round = rounder(q.expressed);
  if (!round) return no_float_expressed(x.element());
  KILN_CHECK_OK(check_quant_params(x.element(), x.shape()));
  KILN_TRY(Tensor out, Tensor::allocate(x.type().with_element(q.expressed)));
  std::vector<int64_t> storage = storage_values(x);
  AxisParams params(q, x.shape());
  dispatch_dtype(q.expressed, [&]<class E>() {
    if constexpr (kIsFloat<E>) {
      E* dst = out.data<E>();
      for (int64_t i = 0; i < x.num_elements(); ++i) {
        size_t p = params.at(i);
        // The difference is exact (the type's meaning, f = (i - zero_point) * scale) rather
        // than wrapped in the storage type.
        double diff = round(static_cast<double>(storage[i] - q.zero_points[p]));
        dst[i] = from_double<E>(diff * round(q.scales[p]));
      }
    }
  });
  return out;
}

Expected<Tensor> quantize(const Tensor& x, const ir::ElementType& type) {
  const ir::QuantParams& q = type.quant();
  RoundFn round = rounder(q.expressed);
  if (!round) return no_float_expressed(type);
  std::vector<double> values;
  if (x.element().is_quantized()) {
    KILN_TRY(Tensor expressed, dequantize(x));
    values = float_values(expressed);
  } else {
    values = float_values(x);
  }
  KILN_CHECK_OK(check_quant_params(type, x.shape()));
  KILN_TRY(Tensor out, Tensor::allocate(x.type().with_element(type)));
  AxisParams params(q, out.shape());
  const double lo = round(static_cast<double>(q.storage_min));
  const double hi = round(static_cast<double>(q.storage_max));
  dispatch_dtype(q.storage, [&]<class S>() {
    if constexpr (kIsInt<S>) {
      S* dst = out.data<S>();
      for (int64_t i = 0; i < out.num_elements(); ++i) {
        size_t p = params.at(i);
        double v = round(round(values[i] / round(q.scales[p])) +
                         round(static_cast<double>(q.zero_points[p])));
        // NaN becomes 0, as XLA converts NaN to integers (tested before clamping: fmax
        // would turn it into storage_min).
        if (std::isnan(v)) continue;
        v = std::fmin(std::fmax(v, lo), hi);
        dst[i] = static_cast<S>(std::nearbyint(v));  // to nearest, ties to even
      }
    }
  });
  return out;
}

bool needs_dequantize(const ir::Operation& op) {
  bool quantized = false;
  for (const ir::Value* v : op.operands()) quantized = quantized || is_quantized_tensor(v->type());
  for (const auto& r : op.results()) quantized = quantized || is_quantized_tensor(r->type());
  return quantized && op.num_regions() == 0 && !works_on_storage(op.name());
}

Expected<std::vector<RuntimeValue>> run_dequantized(Interpreter& in, const ir::Operation& op,
                                                    InterpFn fn,
                                                    std::span<const RuntimeValue> operands) {
  std::vector<RuntimeValue> expressed(operands.begin(), operands.end());
  for (RuntimeValue& v : expressed) {
    if (v.is_tensor() && v.tensor().element().is_quantized()) {
      auto d = dequantize(v.tensor());
      if (!d.ok()) return op_error(op, d.error().message());
      v = std::move(*d);
    }
  }
  ExpressedOp view(op);
  KILN_TRY(std::vector<RuntimeValue> results, fn(in, view.op, expressed));
  for (size_t i = 0; i < results.size() && i < op.num_results(); ++i) {
    const ir::Type& declared = op.result(i)->type();
    if (!is_quantized_tensor(declared) || !results[i].is_tensor()) continue;
    auto q = quantize(results[i].tensor(), declared.element());
    if (!q.ok()) return op_error(op, q.error().message());
    results[i] = std::move(*q);
  }
  return results;
}

}  // namespace kiln::interp
