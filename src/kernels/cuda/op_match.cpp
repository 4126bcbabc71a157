// Reading ops for the kernel registry's query (KernelSpec::match).
#include "kernels/cuda/op_match.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <cstring>

#include "ir/dense_ints.h"
#include "ir/float_format.h"

namespace kiln::kernels {

namespace {

template <class Values>
std::optional<std::vector<ir::Type>> static_types(const Values& values) {
  std::vector<ir::Type> types;
  for (const auto& v : values) {
    const ir::Type& t = v->type();
    if (!t.is_tensor() || !t.is_static()) return std::nullopt;
    types.push_back(t);
  }
  return types;
}

}  // namespace

std::optional<std::vector<ir::Type>> static_operand_types(const ir::Operation& op) {
  return static_types(op.operands());
}

std::optional<std::vector<ir::Type>> static_result_types(const ir::Operation& op) {
  return static_types(op.results());
}

bool problem_fits(const Problem& p, const std::vector<ir::Type>& ins,
                  const std::vector<ir::Type>& outs) {
  auto same = [](const std::vector<TensorSpec>& specs, const std::vector<ir::Type>& types) {
    if (specs.size() != types.size()) return false;
    for (size_t i = 0; i < specs.size(); ++i) {
      if (specs[i].dtype != types[i].element()) return false;
      if (specs[i].num_elements() != types[i].num_elements().value_or(-1)) return false;
    }
    return true;
  };
  return same(p.inputs, ins) && same(p.outputs, outs);
}

std::optional<Problem> fitting_problem(const KernelSpec& spec, const ir::Operation& op,
                                       const Shape& shape, const ElementType& dtype) {
  if (std::find(spec.dtypes.begin(), spec.dtypes.end(), dtype) == spec.dtypes.end()) {
    return std::nullopt;
  }
  auto ins = static_operand_types(op);
  auto outs = static_result_types(op);
  if (!ins || !outs) return std::nullopt;
  auto p = spec.make_problem(shape, dtype);
  if (!p.ok() || !problem_fits(*p, *ins, *outs)) return std::nullopt;
  return std::move(*p);
}

std::optional<Problem> elementwise_problem(const KernelSpec& spec, const ir::Operation& op,
                                           size_t operands) {
  if (op.num_operands() != operands || op.num_results() != 1) return std::nullopt;
  const ir::Type& out = op.result(0)->type();
  for (const ir::Value* v : op.operands()) {
    if (v->type() != out) return std::nullopt;
  }
  return fitting_problem(spec, op, out.shape(), out.element());
}

std::optional<Shape> rows_and_columns(const Shape& shape) {
  if (shape.empty()) return std::nullopt;
  int64_t rows = 1;
  for (size_t i = 0; i + 1 < shape.size(); ++i) rows *= shape[i];
  return Shape{rows, shape.back()};
}

std::optional<std::string> reducer_op(const ir::Operation& op) {
  if (op.num_regions() != 1 || op.region(0).empty()) return std::nullopt;
  const ir::Block& body = op.region(0).front();
  if (body.operations().size() != 2 || body.num_arguments() != 2) return std::nullopt;
  const ir::Operation& combine = *body.operations().front();
  if (combine.num_operands() != 2) return std::nullopt;
  if (combine.operand(0) != body.argument(0) || combine.operand(1) != body.argument(1)) {
    return std::nullopt;
  }
  return combine.name();
}

std::optional<double> constant_value(const ir::Value* v) {
  const ir::Operation* def = v->defining_op();
  if (!def || def->name() != "stablehlo.constant") return std::nullopt;
  const auto* dense = def->attr_as<ir::DenseElementsAttr>("value");
  if (!dense || (!dense->splat && dense->num_elements() != 1)) return std::nullopt;
  const ir::ElementType& t = dense->type.element();
  if (t.is_float()) return ir::bits_to_double(t.kind(), dense->element_bits(0));
  if (t.is_signed_int()) return static_cast<double>(ir::dense_int(*dense, 0));
  if (t.is_unsigned_int() || t.is_bool()) return static_cast<double>(dense->element_bits(0));
  return std::nullopt;
}

std::optional<std::vector<int64_t>> int_array_attr(const ir::Operation& op, std::string_view name) {
  if (const auto* a = op.attr_as<ir::DenseArrayAttr>(name)) return a->ints;
  return std::nullopt;
}

std::optional<std::vector<int64_t>> int_elements_attr(const ir::Operation& op,
                                                      std::string_view name) {
  if (auto ints = int_array_attr(op, name)) return ints;
  const auto* dense = op.attr_as<ir::DenseElementsAttr>(name);
  if (!dense || !dense->type.element().is_int()) return std::nullopt;
  return ir::dense_ints(*dense);
}

std::optional<Problem> row_problem(const KernelSpec& spec, const ir::Operation& op) {
  if (op.num_operands() == 0) return std::nullopt;
  const ir::Type& in = op.operand(0)->type();
  auto shape = rows_and_columns(in.shape());
  if (!in.is_tensor() || !shape) return std::nullopt;
  return fitting_problem(spec, op, *shape, in.element());
}

bool epsilon_is(const ir::Operation& op, double eps) {
  const auto* a = op.attr_as<ir::FloatAttr>("epsilon");
  return !a || static_cast<float>(a->value) == static_cast<float>(eps);
}

std::optional<double> config_epsilon(const ir::Operation& op) {
  const ir::Attribute* e = config_entry(op, "epsilon");
  const auto* f = e ? e->get_if<ir::FloatAttr>() : nullptr;
  if (!f || !(f->value > 0) || !std::isfinite(f->value)) return std::nullopt;
  return f->value;
}

const ir::Attribute* config_entry(const ir::Operation& op, std::string_view name) {
  const auto* config = op.attr_as<ir::DictionaryAttr>("config");
  return config ? config->find(name) : nullptr;
}

std::optional<bool> config_bool(const ir::Operation& op, std::string_view name) {
  const ir::Attribute* a = config_entry(op, name);
  const auto* b = a ? a->get_if<ir::BoolAttr>() : nullptr;
  if (!b) return std::nullopt;
  return b->value;
}

std::optional<int64_t> config_int(const ir::Operation& op, std::string_view name) {
  const ir::Attribute* a = config_entry(op, name);
  const auto* i = a ? a->get_if<ir::IntegerAttr>() : nullptr;
  if (!i) return std::nullopt;
  return i->value;
}

bool config_over_last_axis(const ir::Operation& op) {
  if (op.num_operands() == 0 || config_entry(op, "input_permutation")) return false;
  const ir::Attribute* axis = config_entry(op, "axis");
  const auto* i = axis ? axis->get_if<ir::IntegerAttr>() : nullptr;
  return i && i->value == op.operand(0)->type().rank() - 1;
}

bool vector_reaches(const ir::Operation& op, size_t arg, std::string_view user) {
  if (op.num_regions() != 1 || op.region(0).empty()) return false;
  const ir::Block& body = op.region(0).front();
  if (arg >= body.num_arguments()) return false;
  const ir::Value* v = body.argument(arg);
  if (v->type().rank() != 1) return false;
  int64_t dim = 0;  // the vector's dimension in v
  for (;;) {
    const auto& uses = v->uses();
    if (uses.size() != 1) return false;
    const ir::Operation& u = *uses.front().user;
    if (u.num_results() != 1) return false;
    const ir::Type& t = u.result(0)->type();
    if (u.name() == user) return dim == t.rank() - 1;
    if (u.name() == "stablehlo.convert") {
      // The same dimension.
    } else if (u.name() == "stablehlo.reshape") {
      // Unit dimensions added around the vector's: [C] -> [1, 1, C].
      int64_t found = -1;
      for (int64_t d = 0; d < t.rank(); ++d) {
        if (t.shape()[static_cast<size_t>(d)] == 1) continue;
        if (found >= 0) return false;
        found = d;
      }
      const int64_t length = v->type().shape()[static_cast<size_t>(dim)];
      if (found < 0 || t.shape()[static_cast<size_t>(found)] != length) return false;
      dim = found;
    } else if (u.name() == "stablehlo.broadcast_in_dim") {
      auto dims = int_array_attr(u, "broadcast_dimensions");
      if (!dims || static_cast<size_t>(dim) >= dims->size()) return false;
      dim = (*dims)[static_cast<size_t>(dim)];
    } else {
      return false;
    }
    v = u.result(0);
  }
}

namespace {

// "0xFF800000" (f32 bits) or a decimal literal; NaN for anything else (it matches no identity).
double literal_value(std::string_view init) {
  std::string text(init);
  if (text.starts_with("0x")) {
    uint32_t bits = 0;
    auto [end, ec] = std::from_chars(text.data() + 2, text.data() + text.size(), bits, 16);
    if (ec != std::errc() || end != text.data() + text.size()) return std::nan("");
    float f;
    std::memcpy(&f, &bits, 4);
    return f;
  }
  char* end = nullptr;
  double value = std::strtod(text.c_str(), &end);
  return end == text.c_str() ? std::nan("") : value;
}

}  // namespace

std::optional<Problem> reduce_problem(const KernelSpec& spec, const ir::Operation& op,
                                      std::string_view combiner, std::string_view init,
                                      ReducedDims dims) {
  if (op.num_operands() != 2 || op.num_results() != 1) return std::nullopt;
  if (reducer_op(op) != "stablehlo." + std::string(combiner)) return std::nullopt;
  auto value = constant_value(op.operand(1));
  if (!value || *value != literal_value(init)) return std::nullopt;
  auto reduced = int_array_attr(op, "dimensions");
  const ir::Type& in = op.operand(0)->type();
  if (!reduced || !in.is_static()) return std::nullopt;
  std::optional<Shape> shape;
  if (dims == ReducedDims::kAll) {
    std::vector<int64_t> all(static_cast<size_t>(in.rank()));
    for (size_t i = 0; i < all.size(); ++i) all[i] = static_cast<int64_t>(i);
    if (*reduced == all) shape = in.shape();
  } else if (dims == ReducedDims::kLast) {
    if (*reduced == std::vector<int64_t>{in.rank() - 1}) shape = rows_and_columns(in.shape());
  } else if (in.rank() == 2 && *reduced == std::vector<int64_t>{0}) {
    shape = in.shape();
  }
  if (!shape) return std::nullopt;
  auto ins = static_operand_types(op);
  auto outs = static_result_types(op);
  if (!ins || !outs) return std::nullopt;
  ins->pop_back();  // the init is not one of the problem's tensors
  if (std::find(spec.dtypes.begin(), spec.dtypes.end(), in.element()) == spec.dtypes.end()) {
    return std::nullopt;
  }
  auto p = spec.make_problem(*shape, in.element());
  if (!p.ok() || !problem_fits(*p, *ins, *outs)) return std::nullopt;
  return std::move(*p);
}

}  // namespace kiln::kernels
