// stablehlo.custom_call: `@target(%a, %b) {backend_config = ..., api_version = 2 : i32, ...}`.
// Any further attribute (mhlo.*, sdy.*) is kept; the verifier checks backend_config by
// api_version, the operand and result layouts, and output_operand_aliases (what the reference
// verifier checks; the spec states no constraints), and the types of JAX's linear-algebra
// targets (ir/ops/jax_linalg.h).
#include <cctype>
#include <optional>

#include "ir/op_info.h"
#include "ir/ops/jax_linalg.h"
#include "ir/operation.h"
#include "ir/ops/type_constraints.h"
#include "ir/printer.h"

namespace kiln::ir {

namespace {

// MLIR prints a symbol bare when it is a bare identifier, else quoted.
bool is_bare_identifier(std::string_view s) {
  if (s.empty() || !(std::isalpha(static_cast<unsigned char>(s[0])) || s[0] == '_')) return false;
  for (char c : s) {
    if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '$' || c == '.')) {
      return false;
    }
  }
  return true;
}

void print_target(AsmPrinter& p, const Operation& op, const std::vector<std::string>& args) {
  const auto* name = op.attr_as<StringAttr>(args.at(0));
  if (!name) return;
  p.word(is_bare_identifier(name->value) ? "@" + name->value : "@\"" + name->value + "\"");
}

// api_version 4 (typed FFI) takes a dictionary backend_config, the others a string.
Status verify_backend_config(const Operation& op) {
  int64_t version = 1;
  if (const auto* v = op.attr_as<IntegerAttr>("api_version")) version = v->value;
  if (version < 0 || version > 4) {
    return verify_error(op, "api_version must be 0 to 4, but is " + std::to_string(version));
  }
  const Attribute* b = op.attr("backend_config");
  if (!b) return ok_status();
  if (version == 4 && !b->is<DictionaryAttr>()) {
    return verify_error(op, "backend_config must be a dictionary for api_version 4, but is " +
                                to_string(*b));
  }
  if (version != 4 && !b->is<StringAttr>()) {
    return verify_error(op, "backend_config must be a string for api_version " +
                                std::to_string(version) + ", but is " + to_string(*b));
  }
  return ok_status();
}

// A layout is a 1-D index tensor holding a permutation of [0, rank) of `type` (a token's is
// empty).
Status verify_layout(const Operation& op, const Attribute& layout, const Type& type,
                     const std::string& what) {
  const auto* l = layout.get_if<DenseElementsAttr>();
  if (!l || l->type.rank() != 1 || !l->type.element().is_index()) {
    return verify_error(op, what + " must be a 1-D tensor of index, but is " + to_string(layout));
  }
  int64_t rank = type.is_tensor() ? type.rank() : 0;
  std::vector<int64_t> dims;
  for (int64_t i = 0; i < l->num_elements(); ++i) {
    dims.push_back(static_cast<int64_t>(l->element_bits(l->splat ? 0 : i)));
  }
  if (static_cast<int64_t>(dims.size()) != rank) {
    return verify_error(op, what + " " + dims_string(dims) + " must be a permutation of [0, " +
                                std::to_string(rank) + ") for " + to_string(type));
  }
  return expect_dims_in_range(op, dims, rank, what);
}

Status verify_layouts(const Operation& op) {
  const auto* operand_layouts = op.attr_as<ArrayAttr>("operand_layouts");
  const auto* result_layouts = op.attr_as<ArrayAttr>("result_layouts");
  if (!operand_layouts && !result_layouts) return ok_status();
  if (!operand_layouts || !result_layouts) {
    return verify_error(op, "operand_layouts and result_layouts must be given together");
  }
  std::vector<Type> operands = value_types(op.operands()), results;
  for (const auto& r : op.results()) results.push_back(r->type());
  // A single tuple result has a layout per element.
  if (results.size() == 1 && results[0].is_tuple()) results = results[0].tuple_elements();
  const std::pair<const ArrayAttr*, const std::vector<Type>*> groups[] = {
      {operand_layouts, &operands}, {result_layouts, &results}};
  for (const auto& [layouts, types] : groups) {
    std::string what = layouts == operand_layouts ? "operand" : "result";
    if (layouts->elements.size() != types->size()) {
      return verify_error(op, "has " + std::to_string(types->size()) + " " + what + "s but " +
                                  std::to_string(layouts->elements.size()) + " " + what +
                                  "_layouts");
    }
    for (size_t i = 0; i < types->size(); ++i) {
      KILN_CHECK_OK(verify_layout(op, layouts->elements[i], (*types)[i],
                                  what + " layout #" + std::to_string(i)));
    }
  }
  return ok_status();
}

// The part of `type` at `indices` (tuple elements, one level per index), or nullopt.
std::optional<Type> tuple_part(Type type, const std::vector<int64_t>& indices) {
  for (int64_t i : indices) {
    if (!type.is_tuple() || i < 0 || i >= static_cast<int64_t>(type.tuple_elements().size())) {
      return std::nullopt;
    }
    type = type.tuple_elements()[static_cast<size_t>(i)];
  }
  return type;
}

// Each alias names an operand (and a part of it) and a part of the results of one type.
Status verify_aliases(const Operation& op) {
  const auto* aliases = op.attr_as<ArrayAttr>("output_operand_aliases");
  if (!aliases) return ok_status();
  std::vector<Type> results;
  for (const auto& r : op.results()) results.push_back(r->type());
  Type outputs = results.size() == 1 ? results[0] : Type::tuple(results);
  for (const Attribute& a : aliases->elements) {
    const auto& alias = a.get<OutputOperandAliasAttr>();
    int64_t index = alias.operand_index;
    if (index < 0 || index >= static_cast<int64_t>(op.num_operands())) {
      return verify_error(op, "output_operand_aliases names operand " + std::to_string(index) +
                                  ", out of range [0, " + std::to_string(op.num_operands()) +
                                  ")");
    }
    auto in = tuple_part(op.operand(static_cast<size_t>(index))->type(),
                         alias.operand_tuple_indices);
    if (!in) return verify_error(op, "output_operand_aliases' operand_tuple_indices " +
                                         dims_string(alias.operand_tuple_indices) +
                                         " are out of bounds");
    auto out = tuple_part(outputs, alias.output_tuple_indices);
    if (!out) return verify_error(op, "output_operand_aliases' output_tuple_indices " +
                                          dims_string(alias.output_tuple_indices) +
                                          " are out of bounds");
    if (*in != *out) {
      return verify_error(op, "output_operand_aliases pairs operand part " + to_string(*in) +
                                  " with output part " + to_string(*out) +
                                  " of another type");
    }
  }
  return ok_status();
}

Status verify_custom_call(const Operation& op) {
  KILN_CHECK_OK(verify_backend_config(op));
  KILN_CHECK_OK(verify_layouts(op));
  KILN_CHECK_OK(verify_aliases(op));
  // JAX's linear-algebra targets have types kiln knows (ir/ops/jax_linalg.h).
  KILN_TRY(std::optional<JaxLinalgCall> linalg, read_jax_linalg_call(op));
  if (linalg) return verify_jax_linalg_call(op, *linalg);
  return ok_status();
}

KILN_REGISTER_PRINT_DIRECTIVE("CustomCallTarget", print_target);

std::vector<OpInfo> custom_call_ops() {
  return {
      {.name = "stablehlo.custom_call",
       .operands = {{"inputs", Arity::kVariadic}},
       .results = {{"results", Arity::kVariadic}},
       .attrs = {{"call_target_name", AttrKind::kString},
                 {"has_side_effect", AttrKind::kBool, true},
                 {"backend_config", AttrKind::kAny, true},
                 {"api_version", AttrKind::kI32, true},
                 {"called_computations", AttrKind::kArray, true},
                 {"operand_layouts", AttrKind::kArray, true},
                 {"result_layouts", AttrKind::kArray, true},
                 {"output_operand_aliases", AttrKind::kOutputOperandAliases, true}},
       .format = "custom<CustomCallTarget>($call_target_name) ^( $inputs ) attr-dict : "
                 "functional-type",
       .verify = verify_custom_call,
       },
  };
}

KILN_REGISTER_OPS(custom_call_ops);

}  // namespace

}  // namespace kiln::ir
