// stablehlo.dot_general and the older stablehlo.dot: table entries, the shape rules of the
// spec (dims disjoint and in range, batch and contracting sizes equal, result shape), and
// the printing of `batching_dims = [0] x [0], contracting_dims = [2] x [1]` and of
// `, precision = [...]`, `, algorithm = <...>`.
#include "ir/ops/dot_general.h"

#include "ir/op_info.h"
#include "ir/operation.h"
#include "ir/ops/type_constraints.h"
#include "ir/printer.h"

namespace kiln::ir {

namespace {

bool dim_sizes_match(int64_t a, int64_t b) { return a == kDynamic || b == kDynamic || a == b; }

// The free dimensions of `type`: neither batching nor contracting, in order.
std::vector<int64_t> free_dims(const Type& type, const std::vector<int64_t>& batching,
                               const std::vector<int64_t>& contracting) {
  std::vector<int64_t> out;
  for (int64_t d = 0; d < type.rank(); ++d) {
    bool used = false;
    for (int64_t b : batching) used = used || b == d;
    for (int64_t c : contracting) used = used || c == d;
    if (!used) out.push_back(type.dim(d));
  }
  return out;
}

}  // namespace

Type infer_dot_general_type(const Type& lhs, const Type& rhs, const DotDimsAttr& d,
                            const ElementType& element) {
  std::vector<int64_t> shape;
  for (int64_t b : d.lhs_batching) shape.push_back(lhs.dim(b));
  for (int64_t s : free_dims(lhs, d.lhs_batching, d.lhs_contracting)) shape.push_back(s);
  for (int64_t s : free_dims(rhs, d.rhs_batching, d.rhs_contracting)) shape.push_back(s);
  return Type::tensor(shape, element);
}

namespace {

Status expect_paired_sizes(const Operation& op, const Type& lhs, const Type& rhs,
                           const std::vector<int64_t>& l, const std::vector<int64_t>& r,
                           std::string_view what) {
  for (size_t i = 0; i < l.size(); ++i) {
    if (!dim_sizes_match(lhs.dim(l[i]), rhs.dim(r[i]))) {
      return verify_error(op, std::string(what) + " dimension " + std::to_string(i) +
                                  " has size " + std::to_string(lhs.dim(l[i])) + " in lhs (dim " +
                                  std::to_string(l[i]) + ") but " +
                                  std::to_string(rhs.dim(r[i])) + " in rhs (dim " +
                                  std::to_string(r[i]) + ")");
    }
  }
  return ok_status();
}

// (C14)-(C20): quantized operands. The reference verifier lets non-quantized lhs and rhs of
// different element types through, so (C13) is not checked.
Status verify_dot_quantization(const Operation& op, const DotDimsAttr& d) {
  const Type& lhs = op.operand(0)->type();
  const Type& rhs = op.operand(1)->type();
  const Type& out = op.result(0)->type();
  const ElementType& l = lhs.element();
  const ElementType& r = rhs.element();
  const ElementType& o = out.element();
  if (!l.is_quantized() && !r.is_quantized()) return ok_status();
  if (!r.is_quantized() || l.is_quantized() != o.is_quantized()) {  // (C14)
    return verify_error(op, "a quantized dot needs a quantized rhs and a result that is quantized "
                            "exactly when lhs is");
  }
  for (int64_t z : r.quant().zero_points) {
    if (z != 0) return verify_error(op, "rhs must have zero points of 0");  // (C15)
  }
  if (auto axis = r.quant().quantized_dimension; axis && contains(d.rhs_contracting, *axis)) {
    return verify_error(op, "rhs's quantized dimension " + std::to_string(*axis) +
                                " must not be a contracting dimension");  // (C16)
  }
  if (!l.is_quantized()) {  // (C20)
    if (l == ElementType(r.quant().expressed) && o == l) return ok_status();
    return verify_error(op, "lhs and result must have rhs's expressed type");
  }
  if (l.quant().storage != r.quant().storage) {  // (C17)
    return verify_error(op, "lhs and rhs must have one storage type");
  }
  if (l.quant().expressed != r.quant().expressed ||
      o.quant().expressed != r.quant().expressed) {  // (C18)
    return verify_error(op, "lhs, rhs and result must have one expressed type");
  }
  if (!r.quant().quantized_dimension && o.quant().quantized_dimension) {  // (C19)
    return verify_error(op, "result must be per-tensor quantized when rhs is");
  }
  return ok_status();
}

// The checks shared by dot and dot_general once dot's implicit dimensions are spelled out.
Status verify_dot_dims(const Operation& op, const DotDimsAttr& d) {
  const Type& lhs = op.operand(0)->type();
  const Type& rhs = op.operand(1)->type();
  KILN_CHECK_OK(expect_tensor(op, lhs, "lhs"));
  KILN_CHECK_OK(expect_tensor(op, rhs, "rhs"));
  KILN_CHECK_OK(expect_tensor(op, op.result(0)->type(), "result"));
  KILN_CHECK_OK(verify_dot_quantization(op, d));
  if (d.lhs_batching.size() != d.rhs_batching.size()) {
    return verify_error(op, "lhs and rhs must have the same number of batching dimensions, but "
                            "have " + dims_string(d.lhs_batching) + " and " +
                            dims_string(d.rhs_batching));
  }
  if (d.lhs_contracting.size() != d.rhs_contracting.size()) {
    return verify_error(op, "lhs and rhs must have the same number of contracting dimensions, "
                            "but have " + dims_string(d.lhs_contracting) + " and " +
                            dims_string(d.rhs_contracting));
  }
  KILN_CHECK_OK(expect_dims_in_range(op, concat(d.lhs_batching, d.lhs_contracting), lhs.rank(),
                                     "lhs batching and contracting dimensions"));
  KILN_CHECK_OK(expect_dims_in_range(op, concat(d.rhs_batching, d.rhs_contracting), rhs.rank(),
                                     "rhs batching and contracting dimensions"));
  KILN_CHECK_OK(expect_paired_sizes(op, lhs, rhs, d.lhs_batching, d.rhs_batching, "batching"));
  KILN_CHECK_OK(
      expect_paired_sizes(op, lhs, rhs, d.lhs_contracting, d.rhs_contracting, "contracting"));
  Type expected = infer_dot_general_type(lhs, rhs, d, op.result(0)->type().element());
  if (!shapes_compatible(expected, op.result(0)->type())) {
    return verify_error(op, "result type " + to_string(op.result(0)->type()) +
                                " does not match the inferred shape " + to_string(expected));
  }
  // (C12) asks for 0 or 2 entries; the reference verifier takes one as well (lhs only).
  if (const auto* p = op.attr_as<ArrayAttr>("precision_config")) {
    if (p->elements.size() > 2) {
      return verify_error(op, "precision_config must have at most 2 entries, but has " +
                                  std::to_string(p->elements.size()));
    }
  }
  return ok_status();
}

bool is_f8(const ElementType& e) {
  switch (e.kind()) {
    case ElementKind::kF8E3M4: case ElementKind::kF8E4M3: case ElementKind::kF8E4M3FN:
    case ElementKind::kF8E4M3FNUZ: case ElementKind::kF8E4M3B11FNUZ: case ElementKind::kF8E5M2:
    case ElementKind::kF8E5M2FNUZ:
      return true;
    default:
      return false;
  }
}

// The algorithms known to run on some hardware (the spec lets verification reject the others,
// "best effort"): the list the reference verifier accepts.
bool is_known_algorithm(const DotAlgorithmAttr& a) {
  const ElementKind lhs = a.lhs_precision_type.kind();
  const ElementKind rhs = a.rhs_precision_type.kind();
  const ElementKind acc = a.accumulation_type.kind();
  const int64_t ops = a.num_primitive_operations;
  if (a.lhs_component_count != 1 || a.rhs_component_count != 1) return false;
  if (is_f8(a.lhs_precision_type) && is_f8(a.rhs_precision_type)) {
    return acc == ElementKind::kF32 && ops == 1;
  }
  if (a.allow_imprecise_accumulation || lhs != rhs) return false;
  switch (lhs) {
    case ElementKind::kBF16:
      return (acc == ElementKind::kF32 && (ops == 1 || ops == 3 || ops == 6 || ops == 9)) ||
             (acc == ElementKind::kBF16 && ops == 1);
    case ElementKind::kF16:
      return (acc == ElementKind::kF16 || acc == ElementKind::kF32) && ops == 1;
    case ElementKind::kTF32:
      return acc == ElementKind::kF32 && (ops == 1 || ops == 3);
    case ElementKind::kF32:
    case ElementKind::kF64:
      return acc == lhs && ops == 1;
    default:
      return false;
  }
}

Status verify_algorithm(const Operation& op, const DotAlgorithmAttr& a) {
  const auto* p = op.attr_as<ArrayAttr>("precision_config");
  for (size_t i = 0; p && i < p->elements.size(); ++i) {
    if (p->elements[i].get<EnumAttr>().value != 0) {  // (C21)
      return verify_error(op, "precision_config must be DEFAULT when an algorithm is set");
    }
  }
  const std::pair<const char*, int64_t> counts[] = {
      {"lhs_component_count", a.lhs_component_count},             // (C22)
      {"rhs_component_count", a.rhs_component_count},             // (C23)
      {"num_primitive_operations", a.num_primitive_operations}};  // (C24)
  for (const auto& [name, value] : counts) {
    if (value <= 0) {
      return verify_error(op, "algorithm's " + std::string(name) + " must be positive, but is " +
                                  std::to_string(value));
    }
  }
  if (is_known_algorithm(a)) return ok_status();
  return verify_error(op, "algorithm " + to_string(Attribute(a)) +
                              " is not known to be supported on any hardware");
}

Status verify_dot_general(const Operation& op) {
  if (const auto* a = op.attr_as<DotAlgorithmAttr>("algorithm")) {
    KILN_CHECK_OK(verify_algorithm(op, *a));
  }
  return verify_dot_dims(op, *op.attr_as<DotDimsAttr>("dot_dimension_numbers"));
}

Status verify_dot(const Operation& op) {
  const Type& lhs = op.operand(0)->type();
  const Type& rhs = op.operand(1)->type();
  KILN_CHECK_OK(expect_tensor(op, lhs, "lhs"));
  KILN_CHECK_OK(expect_tensor(op, rhs, "rhs"));
  if ((lhs.rank() != 1 && lhs.rank() != 2) || (rhs.rank() != 1 && rhs.rank() != 2)) {
    return verify_error(op, "operands must have rank 1 or 2, but have types " + to_string(lhs) +
                                " and " + to_string(rhs));
  }
  DotDimsAttr d;
  d.lhs_contracting = {lhs.rank() - 1};
  d.rhs_contracting = {0};
  return verify_dot_dims(op, d);
}

void print_dot_dims(AsmPrinter& p, const Operation& op, const std::vector<std::string>& args) {
  const auto* d = op.attr_as<DotDimsAttr>(args.at(0));
  if (!d) return;
  if (!d->lhs_batching.empty() || !d->rhs_batching.empty()) {
    p.word("batching_dims");
    p.token("=");
    p.word(dims_string(d->lhs_batching) + " x " + dims_string(d->rhs_batching));
    p.token(",");
  }
  p.word("contracting_dims");
  p.token("=");
  p.word(dims_string(d->lhs_contracting) + " x " + dims_string(d->rhs_contracting));
}

// `, precision = [DEFAULT, HIGH]` and `, algorithm = <...>`, each only when set.
void print_precision_algorithm(AsmPrinter& p, const Operation& op,
                               const std::vector<std::string>& args) {
  if (const Attribute* a = op.attr(args.at(0))) {
    p.token(",");
    p.word("precision");
    p.token("=");
    p.pretty_attr(*a, AttrSpec{"precision_config", AttrKind::kPrecisionConfig});
  }
  if (args.size() < 2) return;
  if (const Attribute* a = op.attr(args[1])) {
    std::string text = to_string(*a);
    constexpr std::string_view kPrefix = "#stablehlo.dot_algorithm";
    if (text.starts_with(kPrefix)) text = text.substr(kPrefix.size());
    p.token(",");
    p.word("algorithm");
    p.token("=");
    p.word(text);
  }
}

KILN_REGISTER_PRINT_DIRECTIVE("DotDimensionNumbers", print_dot_dims);
KILN_REGISTER_PRINT_DIRECTIVE("PrecisionConfigAndAlgorithm", print_precision_algorithm);

std::vector<OpInfo> dot_general_ops() {
  return {
      {.name = "stablehlo.dot_general",
       .operands = {{"lhs"}, {"rhs"}},
       .results = {{"result"}},
       .attrs = {{"dot_dimension_numbers", AttrKind::kDotDims},
                 {"precision_config", AttrKind::kPrecisionConfig, true},
                 {"algorithm", AttrKind::kDotAlgorithm, true}},
       .format = "$lhs , $rhs , custom<DotDimensionNumbers>($dot_dimension_numbers) "
                 "custom<PrecisionConfigAndAlgorithm>($precision_config,$algorithm) attr-dict "
                 ": functional-type",
       .verify = verify_dot_general},
      {.name = "stablehlo.dot",
       .operands = {{"lhs"}, {"rhs"}},
       .results = {{"result"}},
       .attrs = {{"precision_config", AttrKind::kPrecisionConfig, true}},
       .format = "$lhs , $rhs custom<PrecisionConfigAndAlgorithm>($precision_config) attr-dict "
                 ": functional-type",
       .verify = verify_dot},
  };
}

KILN_REGISTER_OPS(dot_general_ops);

}  // namespace

}  // namespace kiln::ir
