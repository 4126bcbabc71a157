// Parsing StableHLO's attributes in their generic form: `#stablehlo<enum VALUE>`, and the
// structured `#stablehlo.dot<...>`, `.gather`, `.scatter`, `.conv`, `.channel_handle`,
// `.output_operand_alias`, `.dot_algorithm`, `.result_accuracy`; other dialects' `#...`
// attributes are kept as text.
#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <initializer_list>
#include <optional>
#include <string_view>
#include <variant>

#include "frontend/asm_parser.h"
#include "ir/float_format.h"

namespace kiln::frontend {

namespace {

// A field value of a structured attribute: `[1, 2]`, `3`, `f32`, `true`, or an enum attr.
struct FieldValue {
  std::vector<int64_t> ints;
  bool is_list = false;
  ir::ElementType type;
  bool is_type = false;
  bool boolean = false;
  bool is_bool = false;
  double real = 0;
  bool is_float = false;
  ir::Attribute attr;
  bool is_attr = false;
  size_t offset = 0;
};

// A member of a structured attribute `S` that a field value can be stored in.
template <class S>
using Member = std::variant<std::vector<int64_t> S::*, int64_t S::*, ir::ElementType S::*,
                            bool S::*>;

template <class... F>
struct Overloaded : F... {
  using F::operator()...;
};
// Spelled out for compilers without aggregate class template argument deduction (clang 14).
template <class... F>
Overloaded(F...) -> Overloaded<F...>;

}  // namespace

bool AsmParser::parse_hash_attribute(const Token& t, ir::Attribute& out) {
  std::string name(t.text);
  auto alias = attr_aliases.find(name);
  if (alias != attr_aliases.end()) {
    out = alias->second;
    return true;
  }
  std::vector<std::pair<std::string, FieldValue>> fields;
  auto parse_fields = [&] {
    if (!expect(Tok::kLess, "'<'")) return false;
    if (consume_if(Tok::kGreater)) return true;
    do {
      // Newer StableHLO prints a comma after the last field (`<offset_dims = [0],>`).
      if (peek().kind == Tok::kGreater) break;
      Token key = peek();
      if (!expect(Tok::kBareId, "field name")) return false;
      if (!expect(Tok::kEqual, "'=' after the field name")) return false;
      FieldValue v;
      Token vt = peek();
      v.offset = vt.offset;
      if (vt.kind == Tok::kLSquare) {
        v.is_list = true;
        if (!parse_int_list(v.ints)) return false;
      } else if (vt.kind == Tok::kInteger || vt.kind == Tok::kMinus) {
        size_t save = lexer_.position();
        consume_if(Tok::kMinus);
        bool is_float = peek().kind == Tok::kFloat;
        lexer_.reset(save);
        if (is_float) {
          v.is_float = true;
          if (!parse_float(v.real)) return false;
        } else {
          int64_t i;
          if (!parse_int(i)) return false;
          v.ints.push_back(i);
          v.real = static_cast<double>(i);
        }
      } else if (vt.kind == Tok::kFloat) {
        v.is_float = true;
        if (!parse_float(v.real)) return false;
      } else if (vt.is_keyword("true") || vt.is_keyword("false")) {
        next();
        v.is_bool = true;
        v.boolean = vt.text == "true";
      } else if (vt.kind == Tok::kHashId) {
        v.is_attr = true;
        if (!parse_attribute(v.attr)) return false;
      } else {
        v.is_type = true;
        if (!parse_element_type(v.type)) return false;
      }
      fields.emplace_back(std::string(key.text), std::move(v));
    } while (consume_if(Tok::kComma));
    return expect(Tok::kGreater, "'>' to end the attribute");
  };
  auto bad_field = [&](const std::string& field, const FieldValue& v) {
    return fail(v.offset, "unexpected field '" + field + "' in " + name);
  };
  auto list = [&](const FieldValue& v, std::vector<int64_t>& dst, const std::string& field) {
    if (!v.is_list) return fail(v.offset, "field '" + field + "' must be a list [..]");
    dst = v.ints;
    return true;
  };
  auto scalar = [&](const FieldValue& v, int64_t& dst, const std::string& field) {
    if (v.is_list || v.ints.size() != 1) {
      return fail(v.offset, "field '" + field + "' must be an integer");
    }
    dst = v.ints[0];
    return true;
  };
  // Stores each parsed field in the member of `s` that `members` names for it (the member's
  // type says what the value must be: a list, an integer, an element type or a bool), then
  // `s` in `out`.
  // GCC 12 at -O2 warns (-Warray-bounds) inside the ElementType alternative's inlined
  // shared_ptr assignment for structs that have no ElementType member: that alternative is
  // never visited for them. The warning is a false positive, silenced here only.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Warray-bounds"
#endif
  auto store_fields = [&]<class S>(S s,
                                  std::initializer_list<std::pair<std::string_view, Member<S>>>
                                      members) {
    for (const auto& field : fields) {
      const std::string& k = field.first;
      const FieldValue& v = field.second;
      auto m = std::find_if(members.begin(), members.end(),
                            [&](const auto& member) { return member.first == k; });
      if (m == members.end()) return bad_field(k, v);
      bool ok = std::visit(
          Overloaded{
              [&](std::vector<int64_t> S::*dst) { return list(v, s.*dst, k); },
              [&](int64_t S::*dst) { return scalar(v, s.*dst, k); },
              [&](ir::ElementType S::*dst) {
                if (!v.is_type) return fail(v.offset, "field '" + k + "' must be a type");
                s.*dst = v.type;
                return true;
              },
              [&](bool S::*dst) {
                if (!v.is_bool) return fail(v.offset, "expected true or false");
                s.*dst = v.boolean;
                return true;
              }},
          m->second);
      if (!ok) return false;
    }
    out = std::move(s);
    return true;
  };
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif

  if (name == "#stablehlo") {  // #stablehlo<kind VALUE>
    if (!expect(Tok::kLess, "'<'")) return false;
    Token kind_tok = peek();
    if (!expect(Tok::kBareId, "enum kind")) return false;
    auto kind = ir::enum_kind_from_name(kind_tok.text);
    if (!kind) return fail(kind_tok.offset, "unknown StableHLO enum " + describe_token(kind_tok));
    Token value_tok = peek();
    if (!expect(Tok::kBareId, "enum value")) return false;
    if (auto value = ir::enum_value_from_name(*kind, value_tok.text)) {
      out = ir::EnumAttr{*kind, *value};
      return expect(Tok::kGreater, "'>'");
    }
    return fail(value_tok.offset, "unknown " + std::string(kind_tok.text) + " value " +
                                      describe_token(value_tok));
  }
  if (name == "#stablehlo.result_accuracy_mode") {
    if (!expect(Tok::kLess, "'<'")) return false;
    Token v = peek();
    if (!expect(Tok::kBareId, "result accuracy mode")) return false;
    if (auto value = ir::enum_value_from_name(ir::EnumKind::kResultAccuracyMode, v.text)) {
      out = ir::EnumAttr{ir::EnumKind::kResultAccuracyMode, *value};
      return expect(Tok::kGreater, "'>'");
    }
    return fail(v.offset, "unknown result accuracy mode " + describe_token(v));
  }
  if (name == "#stablehlo.conv") {
    if (!expect(Tok::kLess, "'<'")) return false;
    ir::Attribute dims;
    ir::AttrSpec spec{"dimension_numbers", ir::AttrKind::kConvDims};
    if (peek().is_keyword("raw")) {
      next();
      // Re-use the field parser on the remaining `k = v, ... >`.
      lexer_.reset(lexer_.position());
      ir::ConvDimsAttr c;
      do {
        if (peek().kind == Tok::kGreater) break;  // a trailing comma
        Token key = peek();
        if (!expect(Tok::kBareId, "field name") || !expect(Tok::kEqual, "'='")) return false;
        std::string k(key.text);
        auto want_list = [&](std::vector<int64_t>& dst) { return parse_int_list(dst); };
        bool ok;
        if (k == "input_batch_dimension") ok = parse_int(c.input_batch);
        else if (k == "input_feature_dimension") ok = parse_int(c.input_feature);
        else if (k == "input_spatial_dimensions") ok = want_list(c.input_spatial);
        else if (k == "kernel_input_feature_dimension") ok = parse_int(c.kernel_input_feature);
        else if (k == "kernel_output_feature_dimension") ok = parse_int(c.kernel_output_feature);
        else if (k == "kernel_spatial_dimensions") ok = want_list(c.kernel_spatial);
        else if (k == "output_batch_dimension") ok = parse_int(c.output_batch);
        else if (k == "output_feature_dimension") ok = parse_int(c.output_feature);
        else if (k == "output_spatial_dimensions") ok = want_list(c.output_spatial);
        else return fail(key.offset, "unexpected field '" + k + "' in #stablehlo.conv");
        if (!ok) return false;
      } while (consume_if(Tok::kComma));
      out = std::move(c);
      return expect(Tok::kGreater, "'>'");
    }
    if (!parse_pretty_attr(spec, dims)) return false;
    out = dims;
    return expect(Tok::kGreater, "'>'");
  }
  if (name == "#stablehlo.dot" || name == "#stablehlo.gather" || name == "#stablehlo.scatter" ||
      name == "#stablehlo.channel_handle" || name == "#stablehlo.output_operand_alias" ||
      name == "#stablehlo.dot_algorithm" || name == "#stablehlo.result_accuracy") {
    if (!parse_fields()) return false;
  }
  if (name == "#stablehlo.dot") {
    using D = ir::DotDimsAttr;
    return store_fields(D{}, {{"lhs_batching_dimensions", &D::lhs_batching},
                              {"rhs_batching_dimensions", &D::rhs_batching},
                              {"lhs_contracting_dimensions", &D::lhs_contracting},
                              {"rhs_contracting_dimensions", &D::rhs_contracting}});
  }
  if (name == "#stablehlo.gather") {
    using G = ir::GatherDimsAttr;
    return store_fields(G{}, {{"offset_dims", &G::offset_dims},
                              {"collapsed_slice_dims", &G::collapsed_slice_dims},
                              {"operand_batching_dims", &G::operand_batching_dims},
                              {"start_indices_batching_dims", &G::start_indices_batching_dims},
                              {"start_index_map", &G::start_index_map},
                              {"index_vector_dim", &G::index_vector_dim}});
  }
  if (name == "#stablehlo.scatter") {
    using S = ir::ScatterDimsAttr;
    return store_fields(S{}, {{"update_window_dims", &S::update_window_dims},
                              {"inserted_window_dims", &S::inserted_window_dims},
                              {"input_batching_dims", &S::input_batching_dims},
                              {"scatter_indices_batching_dims", &S::scatter_indices_batching_dims},
                              {"scatter_dims_to_operand_dims", &S::scatter_dims_to_operand_dims},
                              {"index_vector_dim", &S::index_vector_dim}});
  }
  if (name == "#stablehlo.channel_handle") {
    using A = ir::ChannelHandleAttr;
    return store_fields(A{}, {{"handle", &A::handle}, {"type", &A::type}});
  }
  if (name == "#stablehlo.output_operand_alias") {
    using A = ir::OutputOperandAliasAttr;
    return store_fields(A{}, {{"output_tuple_indices", &A::output_tuple_indices},
                              {"operand_index", &A::operand_index},
                              {"operand_tuple_indices", &A::operand_tuple_indices}});
  }
  if (name == "#stablehlo.dot_algorithm") {
    using A = ir::DotAlgorithmAttr;
    return store_fields(A{}, {{"lhs_precision_type", &A::lhs_precision_type},
                              {"rhs_precision_type", &A::rhs_precision_type},
                              {"accumulation_type", &A::accumulation_type},
                              {"lhs_component_count", &A::lhs_component_count},
                              {"rhs_component_count", &A::rhs_component_count},
                              {"num_primitive_operations", &A::num_primitive_operations},
                              {"allow_imprecise_accumulation", &A::allow_imprecise_accumulation}});
  }
  if (name == "#stablehlo.result_accuracy") {
    ir::ResultAccuracyAttr a;
    for (auto& field : fields) {
      const std::string& k = field.first;
      FieldValue& v = field.second;
      bool ok = true;
      if (k == "atol") a.atol = v.real;
      else if (k == "rtol") a.rtol = v.real;
      else if (k == "ulps") ok = scalar(v, a.ulps, k);
      else if (k == "mode" && v.is_attr && v.attr.is<ir::EnumAttr>()) a.mode = v.attr.get<ir::EnumAttr>().value;
      else ok = bad_field(k, v);
      if (!ok) return false;
    }
    out = a;
    return true;
  }
  // Any other dialect attribute (#sdy.sharding<...>, #mhlo.xxx<...>): kept as text.
  if (name.starts_with("#stablehlo.")) {
    return fail(t.offset, "unknown StableHLO attribute " + name);
  }
  if (peek().kind == Tok::kLess) {
    std::string rest;
    if (!parse_balanced(rest)) return false;
    name += rest;
  } else if (name.find('.') == std::string::npos) {
    return fail(t.offset, "undefined attribute alias " + name);
  }
  out = ir::OpaqueAttr{std::move(name)};
  return true;
}


}  // namespace kiln::frontend
