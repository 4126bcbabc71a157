// Parsing attributes: scalars, strings, symbols, arrays, dictionaries, `array<...>`, types,
// and the pretty spellings of op attributes. StableHLO's `#stablehlo...` attributes are in
// parse_stablehlo_attributes.cpp, dense literals in parse_dense.cpp.
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

bool is_type_start(const Token& t) {
  if (t.kind == Tok::kBangId || t.kind == Tok::kLParen) return true;
  if (t.kind != Tok::kBareId) return false;
  return t.text == "tensor" || t.text == "tuple" || t.text == "complex" ||
         ir::element_kind_from_keyword(t.text).has_value();
}

// Whether the integer literal V (written with a minus sign when NEGATIVE) is a value of TYPE,
// as MLIR checks it: unsigned types take no minus sign and values below 2^bits; signed and
// signless ones take -2^(bits-1) up to 2^bits - 1 (the unsigned spelling of a bit pattern).
// A hexadecimal spelling of 64 bits parses to a negative V without a sign; it fits.
bool integer_literal_fits(int64_t v, bool negative, const ir::ElementType& type) {
  if (!type.is_int() && !type.is_bool()) return true;  // a float's value or bit pattern
  int bits = type.is_bool() ? 1 : type.bit_width();
  if (type.is_unsigned_int() && negative) return false;
  if (bits >= 64) return true;
  if (negative) return v >= -(int64_t{1} << (bits - 1));
  return v >= 0 && v <= (int64_t{1} << bits) - 1;
}

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
      return fail(key.offset, "expected attribute name, found " + describe_token(key));
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
      if (num.kind != Tok::kInteger) return fail(num.offset, "expected number, found " + describe_token(num));
      // Integers may be typed as floats (`0x7FC00000 : f32` is a bit pattern).
      int64_t v;
      if (!parse_int(v)) return false;
      ir::ElementType type = ir::ElementKind::kSI64;
      if (consume_if(Tok::kColon)) {
        if (!parse_element_type(type)) return false;
      }
      if (!integer_literal_fits(v, negative, type)) {
        return fail(num.offset, "integer literal " + std::string(negative ? "-" : "") +
                                    std::string(num.text) + " does not fit " + ir::to_string(type));
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
      return fail(t.offset, "expected attribute value, found " + describe_token(t));
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
  return fail(t.offset, "unknown attribute " + describe_token(t));
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
        return fail(t.offset, "expected true or false, found " + describe_token(t));
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
              return fail(b.offset, "expected true or false, found " + describe_token(b));
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
                                  " value, found " + describe_token(t));
      }
      if (auto value = ir::enum_value_from_name(spec.enum_kind, t.text)) {
        next();
        out = ir::EnumAttr{spec.enum_kind, *value};
        return true;
      }
      return fail(t.offset, "unknown " + std::string(ir::enum_kind_name(spec.enum_kind)) +
                                " value " + describe_token(t));
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
                                        "' or a spatial dimension number, found " + describe_token(l));
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


}  // namespace kiln::frontend
