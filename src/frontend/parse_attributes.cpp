// Parsing attributes: scalars, strings, symbols, arrays, dictionaries, `array<...>`,
// `dense<...>`, types, StableHLO enums and structured attributes, other dialects' opaque ones.
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

std::string found(const Token& t) {
  if (t.kind == Tok::kEof) return "end of input";
  return "'" + std::string(t.text.substr(0, 40)) + "'";
}

bool is_type_start(const Token& t) {
  if (t.kind == Tok::kBangId || t.kind == Tok::kLParen) return true;
  if (t.kind != Tok::kBareId) return false;
  return t.text == "tensor" || t.text == "tuple" || t.text == "complex" ||
         ir::element_kind_from_keyword(t.text).has_value();
}

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

// The value of `kind` whose keyword is `name`, if any.
std::optional<int> enum_value(ir::EnumKind kind, std::string_view name) {
  const auto& names = ir::enum_value_names(kind);
  auto it = std::find(names.begin(), names.end(), name);
  if (it == names.end()) return std::nullopt;
  return static_cast<int>(it - names.begin());
}

template <class... F>
struct Overloaded : F... {
  using F::operator()...;
};

}  // namespace

bool AsmParser::parse_attr_dict(std::vector<ir::NamedAttribute>& out) {
  if (!expect(Tok::kLBrace, "'{'")) return false;
  if (consume_if(Tok::kRBrace)) return true;
  do {
    Token key = peek();
    std::string name;
    if (key.kind == Tok::kBareId) {
      next();
      name = std::string(key.text);
    } else if (key.kind == Tok::kString) {
      if (!parse_string(name)) return false;
    } else {
      return fail(key.offset, "expected attribute name, found " + found(key));
    }
    for (const ir::NamedAttribute& a : out) {
      if (a.name == name) return fail(key.offset, "duplicate attribute '" + name + "'");
    }
    ir::Attribute value;  // unit when there is no `= value`
    if (consume_if(Tok::kEqual) && !parse_attribute(value)) return false;
    out.push_back({std::move(name), std::move(value)});
  } while (consume_if(Tok::kComma));
  return expect(Tok::kRBrace, "'}' to end the attribute dictionary");
}

bool AsmParser::parse_attr_dict_into(ir::Operation& op) {
  size_t at = peek().offset;
  std::vector<ir::NamedAttribute> attrs;
  if (!parse_attr_dict(attrs)) return false;
  for (auto& a : attrs) {
    if (op.attr(a.name)) return fail(at, "attribute '" + a.name + "' given twice");
    op.set_attr(std::move(a.name), std::move(a.value));
  }
  return true;
}

bool AsmParser::parse_attribute(ir::Attribute& out) {
  if (++depth > kMaxDepth) return fail(peek().offset, "attributes nested too deeply");
  bool ok = parse_attribute_inner(out);
  --depth;
  return ok;
}

bool AsmParser::parse_attribute_inner(ir::Attribute& out) {
  Token t = peek();
  switch (t.kind) {
    case Tok::kString: {
      std::string s;
      if (!parse_string(s)) return false;
      if (consume_if(Tok::kColon)) {  // typed string: keep the type out of the IR
        ir::Type ignored;
        if (!parse_type(ignored)) return false;
      }
      out = ir::StringAttr{std::move(s)};
      return true;
    }
    case Tok::kSymbol: {
      std::string name;
      if (!parse_symbol(name)) return false;
      while (consume_if(Tok::kColonColon)) {
        std::string inner;
        if (!parse_symbol(inner)) return false;
        name += "::@" + inner;
      }
      out = ir::SymbolRefAttr{std::move(name)};
      return true;
    }
    case Tok::kLSquare: {
      next();
      ir::ArrayAttr arr;
      if (!consume_if(Tok::kRSquare)) {
        do {
          ir::Attribute e;
          if (!parse_attribute(e)) return false;
          arr.elements.push_back(std::move(e));
        } while (consume_if(Tok::kComma));
        if (!expect(Tok::kRSquare, "']' to end the array")) return false;
      }
      out = std::move(arr);
      return true;
    }
    case Tok::kLBrace: {
      ir::DictionaryAttr dict;
      if (!parse_attr_dict(dict.entries)) return false;
      out = std::move(dict);
      return true;
    }
    case Tok::kMinus:
    case Tok::kInteger:
    case Tok::kFloat: {
      size_t save = lexer_.position();
      bool negative = consume_if(Tok::kMinus);
      Token num = peek();
      lexer_.reset(save);
      if (num.kind == Tok::kFloat || (negative && num.kind == Tok::kFloat)) {
        double v;
        if (!parse_float(v)) return false;
        ir::ElementType type = ir::ElementKind::kF64;
        if (consume_if(Tok::kColon)) {
          Token tt = peek();
          if (!parse_element_type(type)) return false;
          if (!type.is_float()) return fail(tt.offset, "float literal needs a float type");
        }
        // Round to the attribute's type so that equal spellings give equal attributes.
        v = ir::bits_to_double(type.kind(), ir::double_to_bits(type.kind(), v));
        out = ir::FloatAttr{v, type};
        return true;
      }
      if (num.kind != Tok::kInteger) return fail(num.offset, "expected number, found " + found(num));
      // Integers may be typed as floats (`0x7FC00000 : f32` is a bit pattern).
      int64_t v;
      if (!parse_int(v)) return false;
      ir::ElementType type = ir::ElementKind::kSI64;
      if (consume_if(Tok::kColon)) {
        if (!parse_element_type(type)) return false;
      }
      if (type.is_float()) {
        double d = num.text.starts_with("0x")
                       ? ir::bits_to_double(type.kind(), static_cast<uint64_t>(v))
                       : static_cast<double>(v);
        out = ir::FloatAttr{d, type};
      } else {
        out = ir::IntegerAttr{v, type};
      }
      return true;
    }
    case Tok::kHashId:
      next();
      return parse_hash_attribute(t, out);
    case Tok::kBareId:
      break;
    default:
      if (is_type_start(t)) break;
      return fail(t.offset, "expected attribute value, found " + found(t));
  }
  if (t.is_keyword("true") || t.is_keyword("false")) {
    next();
    out = ir::BoolAttr{t.text == "true"};
    return true;
  }
  if (t.is_keyword("unit")) {
    next();
    out = ir::UnitAttr{};
    return true;
  }
  if (t.is_keyword("array")) {
    next();
    if (!expect(Tok::kLess, "'<' after array")) return false;
    ir::DenseArrayAttr arr;
    Token tt = peek();
    if (!parse_element_type(arr.type)) return false;
    if (!(arr.type.is_int() || arr.type.is_bool() || arr.type.is_float())) {
      return fail(tt.offset, "array<> holds integers, booleans or floats");
    }
    if (consume_if(Tok::kColon)) {
      do {
        if (arr.type.is_float()) {
          double d;
          if (!parse_float(d)) return false;
          arr.floats.push_back(d);
        } else if (arr.type.is_bool()) {
          Token b = peek();
          if (!b.is_keyword("true") && !b.is_keyword("false")) {
            return fail(b.offset, "expected true or false");
          }
          next();
          arr.ints.push_back(b.text == "true");
        } else {
          int64_t v;
          if (!parse_int(v)) return false;
          arr.ints.push_back(v);
        }
      } while (consume_if(Tok::kComma));
    }
    if (!expect(Tok::kGreater, "'>' to end the array")) return false;
    out = std::move(arr);
    return true;
  }
  if (t.is_keyword("dense")) {
    next();
    std::string body;
    size_t body_offset;
    if (!parse_dense_body(body, body_offset)) return false;
    if (!expect(Tok::kColon, "':' and the type of the dense literal")) return false;
    Token tt = peek();
    ir::Type type;
    if (!parse_type(type)) return false;
    if (!type.is_tensor()) return fail(tt.offset, "a dense literal needs a tensor type");
    return build_dense(body, body_offset, type, out);
  }
  if (t.is_keyword("dense_resource") || t.is_keyword("sparse")) {
    return fail(t.offset, "'" + std::string(t.text) +
                              "' literals are not supported; export with dense<...> literals");
  }
  if (is_type_start(t)) {
    if (t.kind == Tok::kBareId && t.text != "tensor" && t.text != "tuple") {
      ir::ElementType et;
      if (!parse_element_type(et)) return false;
      out = ir::OpaqueAttr{ir::to_string(et)};
      return true;
    }
    ir::Type type;
    if (!parse_type(type)) return false;
    out = ir::TypeAttr{std::move(type)};
    return true;
  }
  // Another dialect's bare attribute such as affine_map<...>: kept as text.
  next();
  std::string text(t.text);
  if (peek().kind == Tok::kLess) {
    std::string rest;
    if (!parse_balanced(rest)) return false;
    text += rest;
    out = ir::OpaqueAttr{std::move(text)};
    return true;
  }
  return fail(t.offset, "unknown attribute " + found(t));
}

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
  auto store_fields = [&]<class S>(S s,
                                  std::initializer_list<std::pair<std::string_view, Member<S>>>
                                      members) {
    for (const auto& [k, v] : fields) {
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

  if (name == "#stablehlo") {  // #stablehlo<kind VALUE>
    if (!expect(Tok::kLess, "'<'")) return false;
    Token kind_tok = peek();
    if (!expect(Tok::kBareId, "enum kind")) return false;
    auto kind = ir::enum_kind_from_name(kind_tok.text);
    if (!kind) return fail(kind_tok.offset, "unknown StableHLO enum " + found(kind_tok));
    Token value_tok = peek();
    if (!expect(Tok::kBareId, "enum value")) return false;
    if (auto value = enum_value(*kind, value_tok.text)) {
      out = ir::EnumAttr{*kind, *value};
      return expect(Tok::kGreater, "'>'");
    }
    return fail(value_tok.offset, "unknown " + std::string(kind_tok.text) + " value " +
                                      found(value_tok));
  }
  if (name == "#stablehlo.result_accuracy_mode") {
    if (!expect(Tok::kLess, "'<'")) return false;
    Token v = peek();
    if (!expect(Tok::kBareId, "result accuracy mode")) return false;
    if (auto value = enum_value(ir::EnumKind::kResultAccuracyMode, v.text)) {
      out = ir::EnumAttr{ir::EnumKind::kResultAccuracyMode, *value};
      return expect(Tok::kGreater, "'>'");
    }
    return fail(v.offset, "unknown result accuracy mode " + found(v));
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

bool AsmParser::parse_pretty_attr(const ir::AttrSpec& spec, ir::Attribute& out) {
  Token t = peek();
  switch (spec.kind) {
    case ir::AttrKind::kI64:
    case ir::AttrKind::kI32: {
      int64_t v;
      if (!parse_int(v)) return false;
      out = ir::IntegerAttr{v, spec.kind == ir::AttrKind::kI64 ? ir::ElementKind::kSI64
                                                               : ir::ElementKind::kSI32};
      return true;
    }
    case ir::AttrKind::kBool:
      if (!t.is_keyword("true") && !t.is_keyword("false")) {
        return fail(t.offset, "expected true or false, found " + found(t));
      }
      next();
      out = ir::BoolAttr{t.text == "true"};
      return true;
    case ir::AttrKind::kF32: {
      double v;
      if (!parse_float(v)) return false;
      out = ir::FloatAttr{static_cast<float>(v), ir::ElementKind::kF32};
      return true;
    }
    case ir::AttrKind::kString: {
      std::string s;
      if (!parse_string(s)) return false;
      out = ir::StringAttr{std::move(s)};
      return true;
    }
    case ir::AttrKind::kSymbol: {
      std::string s;
      if (!parse_symbol(s)) return false;
      out = ir::SymbolRefAttr{std::move(s)};
      return true;
    }
    case ir::AttrKind::kDenseI64Array:
    case ir::AttrKind::kDenseBoolArray: {
      ir::DenseArrayAttr arr;
      bool is_bool = spec.kind == ir::AttrKind::kDenseBoolArray;
      arr.type = is_bool ? ir::ElementKind::kI1 : ir::ElementKind::kSI64;
      if (!expect(Tok::kLSquare, "'['")) return false;
      if (!consume_if(Tok::kRSquare)) {
        do {
          if (is_bool) {
            Token b = peek();
            if (!b.is_keyword("true") && !b.is_keyword("false")) {
              return fail(b.offset, "expected true or false, found " + found(b));
            }
            next();
            arr.ints.push_back(b.text == "true");
          } else {
            int64_t v;
            if (!parse_int(v)) return false;
            arr.ints.push_back(v);
          }
        } while (consume_if(Tok::kComma));
        if (!expect(Tok::kRSquare, "']'")) return false;
      }
      out = std::move(arr);
      return true;
    }
    case ir::AttrKind::kEnum: {
      if (t.kind != Tok::kBareId) {
        return fail(t.offset, "expected " + std::string(ir::enum_kind_name(spec.enum_kind)) +
                                  " value, found " + found(t));
      }
      if (auto value = enum_value(spec.enum_kind, t.text)) {
        next();
        out = ir::EnumAttr{spec.enum_kind, *value};
        return true;
      }
      return fail(t.offset, "unknown " + std::string(ir::enum_kind_name(spec.enum_kind)) +
                                " value " + found(t));
    }
    case ir::AttrKind::kPrecisionConfig: {
      ir::ArrayAttr arr;
      if (!expect(Tok::kLSquare, "'['")) return false;
      if (!consume_if(Tok::kRSquare)) {
        do {
          ir::Attribute e;
          ir::AttrSpec p{"precision", ir::AttrKind::kEnum, false, ir::EnumKind::kPrecision};
          if (!parse_pretty_attr(p, e)) return false;
          arr.elements.push_back(std::move(e));
        } while (consume_if(Tok::kComma));
        if (!expect(Tok::kRSquare, "']'")) return false;
      }
      out = std::move(arr);
      return true;
    }
    case ir::AttrKind::kConvDims: {
      // [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]
      ir::ConvDimsAttr c;
      auto parse_labels = [&](char a, int64_t& a_pos, char b, int64_t& b_pos,
                              std::vector<int64_t>& spatial) {
        if (!expect(Tok::kLSquare, "'['")) return false;
        std::vector<std::pair<int64_t, int64_t>> spatial_at;  // (spatial index, position)
        bool seen_a = false, seen_b = false;
        int64_t pos = 0;
        if (peek().kind != Tok::kRSquare) {
          do {
            Token l = peek();
            if (l.kind == Tok::kInteger) {
              int64_t s;
              if (!parse_int(s)) return false;
              spatial_at.emplace_back(s, pos);
            } else if (l.kind == Tok::kBareId && l.text.size() == 1 && l.text[0] == a && !seen_a) {
              next();
              a_pos = pos;
              seen_a = true;
            } else if (l.kind == Tok::kBareId && l.text.size() == 1 && l.text[0] == b && !seen_b) {
              next();
              b_pos = pos;
              seen_b = true;
            } else {
              return fail(l.offset, std::string("expected '") + a + "', '" + b +
                                        "' or a spatial dimension number, found " + found(l));
            }
            ++pos;
          } while (consume_if(Tok::kComma));
        }
        if (!expect(Tok::kRSquare, "']'")) return false;
        if (!seen_a || !seen_b) {
          return fail(t.offset, std::string("convolution dimensions need '") + a + "' and '" +
                                    b + "'");
        }
        spatial.assign(spatial_at.size(), -1);
        for (auto [s, p] : spatial_at) {
          if (s < 0 || s >= static_cast<int64_t>(spatial.size()) ||
              spatial[static_cast<size_t>(s)] != -1) {
            return fail(t.offset, "spatial dimension numbers must be 0.." +
                                      std::to_string(spatial.size() - 1) + ", each once");
          }
          spatial[static_cast<size_t>(s)] = p;
        }
        return true;
      };
      if (!parse_labels('b', c.input_batch, 'f', c.input_feature, c.input_spatial)) return false;
      if (!expect_keyword("x")) return false;
      if (!parse_labels('i', c.kernel_input_feature, 'o', c.kernel_output_feature,
                        c.kernel_spatial)) {
        return false;
      }
      if (!expect(Tok::kArrow, "'->'")) return false;
      if (!parse_labels('b', c.output_batch, 'f', c.output_feature, c.output_spatial)) {
        return false;
      }
      out = std::move(c);
      return true;
    }
    default:
      return parse_attribute(out);
  }
}

bool AsmParser::parse_dense_body(std::string& raw_body, size_t& body_offset) {
  if (!expect(Tok::kLess, "'<' after dense")) return false;
  lexer_.skip_space();
  body_offset = lexer_.position();
  int level = 0;
  while (true) {
    Token k = peek();
    if (k.kind == Tok::kEof || k.kind == Tok::kError) {
      return fail(k.offset, "unterminated dense literal");
    }
    if (k.kind == Tok::kGreater && level == 0) break;
    next();
    if (k.kind == Tok::kLSquare || k.kind == Tok::kLParen) ++level;
    if (k.kind == Tok::kRSquare || k.kind == Tok::kRParen) {
      if (--level < 0) return fail(k.offset, "unbalanced brackets in dense literal");
    }
  }
  raw_body = std::string(lexer_.text().substr(body_offset, peek().offset - body_offset));
  next();  // '>'
  return true;
}

namespace {

// A literal element of a dense body before its type is applied.
struct Scalar {
  Token tok;           // kInteger, kFloat, or kBareId (true/false)
  bool negative = false;
  Token imag;          // for complex `(re, im)`
  bool imag_negative = false;
  bool is_complex = false;
};

}  // namespace

bool AsmParser::build_dense(std::string_view raw_body, size_t body_offset, const ir::Type& type,
                            ir::Attribute& out) {
  const ir::ElementType& et = type.element();
  auto count = type.num_elements();
  if (!type.is_static()) return fail(body_offset, "a dense literal needs a static shape");
  if (!count) return fail(body_offset, "tensor type too large");
  if (et.is_index() && type.rank() > 1) return fail(body_offset, "index literals must be 1-D");
  const size_t elem_bytes = static_cast<size_t>(et.storage_bytes());
  ir::DenseElementsAttr dense;
  dense.type = type;
  auto data = std::make_shared<std::vector<uint8_t>>();

  Lexer lx(lexer_.text(), body_offset, body_offset + raw_body.size());
  Token first = lx.peek();
  // Hex blob: raw little-endian element storage, a single element meaning a splat.
  if (first.kind == Tok::kString) {
    lx.next();
    std::string_view s = first.text.substr(1, first.text.size() - 2);
    if (!s.starts_with("0x")) return fail(first.offset, "expected a hex string \"0x...\"");
    s.remove_prefix(2);
    if (s.size() % 2) return fail(first.offset, "hex literal has an odd number of digits");
    data->reserve(s.size() / 2);
    for (size_t i = 0; i < s.size(); i += 2) {
      unsigned v;
      auto r = std::from_chars(s.data() + i, s.data() + i + 2, v, 16);
      if (r.ec != std::errc() || r.ptr != s.data() + i + 2) {
        return fail(first.offset, "bad hex digit in dense literal");
      }
      data->push_back(static_cast<uint8_t>(v));
    }
    if (lx.peek().kind != Tok::kEof) return fail(lx.peek().offset, "unexpected text after hex");
    if (data->size() == elem_bytes && *count != 1) {
      dense.splat = true;
    } else if (data->size() != elem_bytes * static_cast<size_t>(*count)) {
      return fail(first.offset, "hex literal holds " + std::to_string(data->size()) +
                                    " bytes but " + ir::to_string(type) + " needs " +
                                    std::to_string(elem_bytes * static_cast<size_t>(*count)));
    }
    dense.data = std::move(data);
    out = std::move(dense);
    return true;
  }

  // Nested lists: collect scalars and the shape the brackets imply.
  std::vector<Scalar> scalars;
  std::vector<int64_t> shape;
  std::vector<int64_t> dims_seen;  // list lengths per nesting depth, -1 until seen
  int scalar_depth = -1;           // the depth at which scalars stand
  auto parse_number = [&](Token& tok, bool& negative) {
    negative = false;
    if (lx.peek().kind == Tok::kMinus) {
      lx.next();
      negative = true;
    }
    tok = lx.next();
    if (tok.kind != Tok::kInteger && tok.kind != Tok::kFloat && !tok.is_keyword("true") &&
        !tok.is_keyword("false")) {
      return fail(tok.offset, "expected a number in dense literal, found " + found(tok));
    }
    return true;
  };
  std::function<bool(int)> parse_elem = [&](int dim) -> bool {
    Token t = lx.peek();
    if (dim > 64) return fail(t.offset, "dense literal nested too deeply");
    if (t.kind == Tok::kLSquare) {
      if (scalar_depth >= 0 && dim >= scalar_depth) {
        return fail(t.offset, "dense literal is not rectangular");
      }
      lx.next();
      if (dims_seen.size() <= static_cast<size_t>(dim)) {
        dims_seen.resize(static_cast<size_t>(dim) + 1, -1);
      }
      int64_t n = 0;
      if (lx.peek().kind != Tok::kRSquare) {
        do {
          if (!parse_elem(dim + 1)) return false;
          ++n;
        } while (lx.peek().kind == Tok::kComma && (lx.next(), true));
      }
      Token close = lx.next();
      if (close.kind != Tok::kRSquare) return fail(close.offset, "expected ']' in dense literal");
      int64_t& seen = dims_seen[static_cast<size_t>(dim)];
      if (seen == -1) {
        seen = n;
      } else if (seen != n) {
        return fail(t.offset, "dense literal is not rectangular");
      }
      return true;
    }
    if (scalar_depth == -1) {
      scalar_depth = dim;
    } else if (scalar_depth != dim) {
      return fail(t.offset, "dense literal is not rectangular");
    }
    Scalar s;
    if (t.kind == Tok::kLParen) {
      lx.next();
      s.is_complex = true;
      if (!parse_number(s.tok, s.negative)) return false;
      if (lx.next().kind != Tok::kComma) return fail(t.offset, "expected ',' in complex literal");
      if (!parse_number(s.imag, s.imag_negative)) return false;
      if (lx.next().kind != Tok::kRParen) return fail(t.offset, "expected ')' in complex literal");
    } else if (!parse_number(s.tok, s.negative)) {
      return false;
    }
    if (scalars.size() > static_cast<size_t>(*count)) {
      return fail(t.offset, "dense literal has more elements than " + ir::to_string(type));
    }
    scalars.push_back(s);
    return true;
  };
  bool empty_body = lx.peek().kind == Tok::kEof;
  if (!empty_body && !parse_elem(0)) return false;
  if (lx.peek().kind != Tok::kEof) {
    return fail(lx.peek().offset, "unexpected " + found(lx.peek()) + " in dense literal");
  }
  size_t rank = scalar_depth >= 0 ? static_cast<size_t>(scalar_depth) : dims_seen.size();
  for (size_t d = 0; d < rank && d < dims_seen.size(); ++d) {
    shape.push_back(dims_seen[d] < 0 ? 0 : dims_seen[d]);
  }
  bool splat = shape.empty() && scalars.size() == 1;
  if (empty_body) {
    // `dense<>`: an empty tensor.
    if (*count != 0) return fail(body_offset, "empty dense literal for " + ir::to_string(type));
  } else if (!splat && shape != type.shape()) {
    std::string got = "[";
    for (size_t i = 0; i < shape.size(); ++i) got += (i ? ", " : "") + std::to_string(shape[i]);
    return fail(body_offset, "dense literal of shape " + got + "] does not match type " +
                                 ir::to_string(type));
  }
  dense.splat = splat && *count != 1;

  auto store = [&](const Token& tok, bool negative, const ir::ElementType& t) -> bool {
    uint64_t bits = 0;
    bool is_hex = tok.kind == Tok::kInteger && tok.text.starts_with("0x");
    if (tok.is_keyword("true") || tok.is_keyword("false")) {
      if (!t.is_bool()) return fail(tok.offset, "boolean literal for a non-i1 element type");
      bits = tok.text == "true";
    } else if (t.is_bool()) {
      if (tok.kind != Tok::kInteger || negative || (tok.text != "0" && tok.text != "1")) {
        return fail(tok.offset, "expected true or false for i1");
      }
      bits = tok.text == "1";
    } else if (t.is_float()) {
      int width = t.bit_width();
      if (is_hex) {
        uint64_t v = 0;
        auto r = std::from_chars(tok.text.data() + 2, tok.text.data() + tok.text.size(), v, 16);
        if (r.ec != std::errc() || (width < 64 && (v >> width) != 0) || negative) {
          return fail(tok.offset, "hex float literal does not fit " + ir::to_string(t));
        }
        bits = v;
      } else {
        std::string text(tok.text);
        if (t.kind() == ir::ElementKind::kF32) {
          float f = std::strtof(text.c_str(), nullptr);  // direct decimal rounding to f32
          if (negative) f = -f;
          uint32_t b;
          std::memcpy(&b, &f, 4);
          bits = b;
        } else {
          double d = std::strtod(text.c_str(), nullptr);
          bits = ir::double_to_bits(t.kind(), negative ? -d : d);
        }
      }
    } else if (t.is_int() || t.is_index() || t.is_quantized()) {
      ir::ElementType st = t.storage_type();
      if (tok.kind != Tok::kInteger) {
        return fail(tok.offset, "expected an integer literal for " + ir::to_string(t));
      }
      uint64_t v = 0;
      auto r = is_hex ? std::from_chars(tok.text.data() + 2, tok.text.data() + tok.text.size(), v, 16)
                      : std::from_chars(tok.text.data(), tok.text.data() + tok.text.size(), v);
      int width = st.bit_width();
      bool fits;
      if (r.ec != std::errc()) {
        fits = false;
      } else if (st.is_unsigned_int()) {
        fits = !negative && (width >= 64 || v < (uint64_t{1} << width));
      } else if (is_hex) {
        fits = !negative && (width >= 64 || v < (uint64_t{1} << width));
      } else {
        uint64_t limit = uint64_t{1} << (width - 1);
        fits = negative ? v <= limit : v < limit;
      }
      if (!fits) {
        return fail(tok.offset, "integer literal " + std::string(negative ? "-" : "") +
                                    std::string(tok.text) + " out of range for " +
                                    ir::to_string(t));
      }
      bits = negative ? 0 - v : v;
      if (width < 64) bits &= (uint64_t{1} << width) - 1;
    } else {
      return fail(tok.offset, "unsupported element type in dense literal");
    }
    size_t bytes = static_cast<size_t>(t.is_complex() ? t.complex_part().storage_bytes()
                                                      : t.storage_bytes());
    for (size_t i = 0; i < bytes; ++i) data->push_back(static_cast<uint8_t>(bits >> (8 * i)));
    return true;
  };
  data->reserve(scalars.size() * elem_bytes);
  for (const Scalar& s : scalars) {
    if (et.is_complex()) {
      if (!s.is_complex) return fail(s.tok.offset, "expected a complex literal (re, im)");
      if (!store(s.tok, s.negative, et.complex_part())) return false;
      if (!store(s.imag, s.imag_negative, et.complex_part())) return false;
    } else {
      if (s.is_complex) return fail(s.tok.offset, "complex literal for a non-complex type");
      if (!store(s.tok, s.negative, et)) return false;
    }
  }
  dense.data = std::move(data);
  out = std::move(dense);
  return true;
}

}  // namespace kiln::frontend
