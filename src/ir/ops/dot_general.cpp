// stablehlo.dot_general and the older stablehlo.dot: table entries, the shape rules of the
// spec (dims disjoint and in range, batch and contracting sizes equal, result shape), and
// the printing of `batching_dims = [0] x [0], contracting_dims = [2] x [1]` and of
// `, precision = [...]`, `, algorithm = <...>`.
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

// The checks shared by dot and dot_general once dot's implicit dimensions are spelled out.
Status verify_dot_dims(const Operation& op, const DotDimsAttr& d) {
  const Type& lhs = op.operand(0)->type();
  const Type& rhs = op.operand(1)->type();
  KILN_CHECK_OK(expect_tensor(op, lhs, "lhs"));
  KILN_CHECK_OK(expect_tensor(op, rhs, "rhs"));
  KILN_CHECK_OK(expect_tensor(op, op.result(0)->type(), "result"));
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
  std::vector<int64_t> shape;
  for (int64_t b : d.lhs_batching) shape.push_back(lhs.dim(b));
  for (int64_t s : free_dims(lhs, d.lhs_batching, d.lhs_contracting)) shape.push_back(s);
  for (int64_t s : free_dims(rhs, d.rhs_batching, d.rhs_contracting)) shape.push_back(s);
  Type expected = Type::tensor(shape, op.result(0)->type().element());
  if (!shapes_compatible(expected, op.result(0)->type())) {
    return verify_error(op, "result type " + to_string(op.result(0)->type()) +
                                " does not match the inferred shape " + to_string(expected));
  }
  if (const auto* p = op.attr_as<ArrayAttr>("precision_config")) {
    if (!p->elements.empty() && p->elements.size() != 2) {
      return verify_error(op, "precision_config must have 0 or 2 entries, but has " +
                                  std::to_string(p->elements.size()));
    }
  }
  return ok_status();
}

Status verify_dot_general(const Operation& op) {
  const auto* p = op.attr_as<ArrayAttr>("precision_config");
  if (op.attr("algorithm") && p) {
    for (const Attribute& e : p->elements) {
      if (e.get<EnumAttr>().value != 0) {
        return verify_error(op, "precision_config must be DEFAULT when an algorithm is set");
      }
    }
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
