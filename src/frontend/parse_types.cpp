// Parsing types: tensors (static, dynamic, bounded), tokens, tuples, function types,
// element types including complex and quantized ones, and type aliases.
#include <cctype>
#include <charconv>
#include <cmath>

#include "frontend/asm_parser.h"

namespace kiln::frontend {

namespace {

// Quantized storage types are spelled `i8` or `u8` (MLIR's quant dialect) or `ui8`.
std::optional<ir::ElementKind> quant_storage_kind(std::string_view word) {
  if (word.size() > 1 && word[0] == 'u' && word[1] != 'i') {
    return ir::element_kind_from_keyword("ui" + std::string(word.substr(1)));
  }
  return ir::element_kind_from_keyword(word);
}

}  // namespace

bool AsmParser::parse_element_type(ir::ElementType& out) {
  Token t = peek();
  if (t.kind == Tok::kBareId) {
    if (t.text == "complex") {
      next();
      if (!expect(Tok::kLess, "'<' after complex")) return false;
      Token part = peek();
      ir::ElementType inner;
      if (!parse_element_type(inner)) return false;
      if (inner.kind() == ir::ElementKind::kF32) {
        out = ir::ElementKind::kComplexF32;
      } else if (inner.kind() == ir::ElementKind::kF64) {
        out = ir::ElementKind::kComplexF64;
      } else {
        return fail(part.offset, "complex element type must be complex<f32> or complex<f64>");
      }
      return expect(Tok::kGreater, "'>'");
    }
    auto kind = ir::element_kind_from_keyword(t.text);
    if (!kind) return fail(t.offset, "unknown element type " + describe_token(t));
    next();
    out = *kind;
    return true;
  }
  if (t.kind == Tok::kBangId && t.text == "!quant.uniform") {
    next();
    ir::QuantParams q;
    if (!expect(Tok::kLess, "'<' after !quant.uniform")) return false;
    Token st = peek();
    if (st.kind != Tok::kBareId) return fail(st.offset, "expected quantized storage type");
    next();
    auto storage = quant_storage_kind(st.text);
    if (!storage || !ir::ElementType(*storage).is_int()) {
      return fail(st.offset, "quantized storage type must be an integer type, found " + describe_token(st));
    }
    q.storage = *storage;
    ir::ElementType storage_type(*storage);
    int bits = storage_type.bit_width();
    if (bits >= 64) {
      // The spec's storage types are narrower than their expressed float (at most 32 bits
      // here); 64 would overflow the default range below.
      return fail(st.offset, "quantized storage type " + describe_token(st) + " is wider than 32 bits");
    }
    q.storage_min = storage_type.is_signed_int() ? -(int64_t{1} << (bits - 1)) : 0;
    q.storage_max = storage_type.is_signed_int()
                        ? (int64_t{1} << (bits - 1)) - 1
                        : static_cast<int64_t>((uint64_t{1} << bits) - 1);
    if (consume_if(Tok::kLess)) {
      if (!parse_int(q.storage_min) || !expect(Tok::kColon, "") || !parse_int(q.storage_max) ||
          !expect(Tok::kGreater, "'>'")) {
        return false;
      }
    }
    if (!expect(Tok::kColon, "':' before the expressed type")) return false;
    Token ex = peek();
    ir::ElementType expressed;
    if (!parse_element_type(expressed)) return false;
    if (!expressed.is_float()) return fail(ex.offset, "quantized expressed type must be a float");
    q.expressed = expressed.kind();
    if (consume_if(Tok::kColon)) {
      int64_t dim;
      if (!parse_int(dim)) return false;
      if (dim < 0 || dim > 1 << 20) return fail(ex.offset, "bad quantized dimension");
      q.quantized_dimension = static_cast<int32_t>(dim);
    }
    if (!expect(Tok::kComma, "','")) return false;
    auto scale_zp = [&]() {
      double scale;
      if (!parse_float(scale)) return false;
      int64_t zp = 0;
      if (consume_if(Tok::kColon) && !parse_int(zp)) return false;
      q.scales.push_back(scale);
      q.zero_points.push_back(zp);
      return true;
    };
    if (consume_if(Tok::kLBrace)) {
      do {
        if (!scale_zp()) return false;
      } while (consume_if(Tok::kComma));
      if (!expect(Tok::kRBrace, "'}'")) return false;
    } else if (!scale_zp()) {
      return false;
    }
    if (!expect(Tok::kGreater, "'>' to end the quantized type")) return false;
    out = ir::ElementType::quantized(std::move(q));
    return true;
  }
  if (t.kind == Tok::kBangId && type_aliases.count(std::string(t.text))) {
    return fail(t.offset, "expected an element type, found type alias " + describe_token(t));
  }
  return fail(t.offset, "expected element type, found " + describe_token(t));
}

bool AsmParser::parse_type(ir::Type& out) {
  if (++depth > kMaxDepth) return fail(peek().offset, "types nested too deeply");
  struct DepthGuard {
    int& d;
    ~DepthGuard() { --d; }
  } guard{depth};
  Token t = peek();
  if (t.kind == Tok::kBangId) {
    if (t.text == "!stablehlo.token") {
      next();
      out = ir::Type::token();
      return true;
    }
    if (t.text == "!stablehlo.future") {
      return fail(t.offset, "unsupported: !stablehlo.future (kiln does not run the asynchronous "
                            "ops stablehlo.async_start / stablehlo.async_done)");
    }
    if (t.text == "!quant.uniform") {
      return fail(t.offset, "a quantized type must be the element type of a tensor");
    }
    auto it = type_aliases.find(std::string(t.text));
    if (it != type_aliases.end()) {
      next();
      out = it->second;
      return true;
    }
    return fail(t.offset, "unknown type " + describe_token(t));
  }
  if (t.kind == Tok::kLParen) {  // function type
    std::vector<ir::Type> inputs, results;
    if (!parse_function_type(inputs, results)) return false;
    out = ir::Type::function(std::move(inputs), std::move(results));
    return true;
  }
  if (t.is_keyword("tuple")) {
    next();
    if (!expect(Tok::kLess, "'<' after tuple")) return false;
    std::vector<ir::Type> elems;
    if (!consume_if(Tok::kGreater)) {
      do {
        ir::Type e;
        if (!parse_type(e)) return false;
        elems.push_back(std::move(e));
      } while (consume_if(Tok::kComma));
      if (!expect(Tok::kGreater, "'>' to end the tuple type")) return false;
    }
    out = ir::Type::tuple(std::move(elems));
    return true;
  }
  if (!t.is_keyword("tensor")) {
    if (t.kind == Tok::kBareId && ir::element_kind_from_keyword(t.text)) {
      return fail(t.offset, "expected a tensor type; StableHLO has no scalar values, write "
                            "tensor<" + std::string(t.text) + ">");
    }
    return fail(t.offset, "expected type, found " + describe_token(t));
  }
  next();
  if (!expect(Tok::kLess, "'<' after tensor")) return false;
  std::vector<int64_t> shape;
  Lexer& lx = lexer_;
  while (true) {
    size_t at = lx.skip_space();
    char c = lx.raw_char();
    if (c == '*') return fail(at, "unranked tensors are not supported by StableHLO");
    if (c == '?') {
      lx.advance_raw();
      shape.push_back(ir::kDynamic);
    } else if (std::isdigit(static_cast<unsigned char>(c))) {
      size_t begin = lx.position();
      while (std::isdigit(static_cast<unsigned char>(lx.raw_char()))) lx.advance_raw();
      std::string_view digits = lx.text().substr(begin, lx.position() - begin);
      int64_t d = 0;
      auto r = std::from_chars(digits.data(), digits.data() + digits.size(), d);
      if (r.ec != std::errc()) return fail(begin, "dimension size too large");
      shape.push_back(d);
    } else {
      break;
    }
    if (lx.raw_char() != 'x') return fail(lx.position(), "expected 'x' after a dimension size");
    lx.advance_raw();
    if (shape.size() > 64) return fail(at, "tensor rank above 64 is not supported");
  }
  ir::ElementType element;
  if (!parse_element_type(element)) return false;
  std::vector<int64_t> bounds;
  if (consume_if(Tok::kComma)) {
    Token enc = peek();
    if (enc.kind != Tok::kHashId ||
        (enc.text != "#stablehlo.bounds" && enc.text != "#stablehlo.type_extensions")) {
      return fail(enc.offset, "unsupported tensor encoding " + describe_token(enc) +
                                  "; expected #stablehlo.bounds<...>");
    }
    next();
    bool extensions = enc.text == "#stablehlo.type_extensions";
    if (!expect(Tok::kLess, "'<'")) return false;
    if (extensions && (!expect_keyword("bounds") || !expect(Tok::kEqual, "") ||
                       !expect(Tok::kLSquare, ""))) {
      return false;
    }
    Token close = peek();
    if (close.kind != Tok::kGreater && close.kind != Tok::kRSquare) {
      do {
        if (consume_if(Tok::kQuestion)) {
          bounds.push_back(ir::kDynamic);
        } else {
          int64_t b;
          if (!parse_int(b)) return false;
          bounds.push_back(b);
        }
      } while (consume_if(Tok::kComma));
    }
    if (extensions && !expect(Tok::kRSquare, "']'")) return false;
    if (!expect(Tok::kGreater, "'>'")) return false;
    if (bounds.size() != shape.size()) {
      return fail(enc.offset, "bounds must have one entry per dimension");
    }
  }
  if (!expect(Tok::kGreater, "'>' to end the tensor type")) return false;
  out = ir::Type::tensor(std::move(shape), std::move(element), std::move(bounds));
  return true;
}

bool AsmParser::parse_type_list(std::vector<ir::Type>& out, size_t count) {
  for (size_t i = 0; i < count; ++i) {
    if (i && !expect(Tok::kComma, "',' between types")) return false;
    ir::Type t;
    if (!parse_type(t)) return false;
    out.push_back(std::move(t));
  }
  return true;
}

bool AsmParser::parse_type_list_any(std::vector<ir::Type>& out) {
  do {
    ir::Type t;
    if (!parse_type(t)) return false;
    out.push_back(std::move(t));
  } while (consume_if(Tok::kComma));
  return true;
}

bool AsmParser::parse_function_type(std::vector<ir::Type>& inputs,
                                    std::vector<ir::Type>& results) {
  if (!expect(Tok::kLParen, "'(' to begin a function type")) return false;
  if (!consume_if(Tok::kRParen)) {
    if (!parse_type_list_any(inputs) || !expect(Tok::kRParen, "')'")) return false;
  }
  if (!expect(Tok::kArrow, "'->' in a function type")) return false;
  if (peek().kind == Tok::kLParen) {
    // `-> (a, b)`, `-> ()`, or a single result that is itself a function type.
    size_t save = lexer_.position();
    next();
    if (consume_if(Tok::kRParen)) {
      if (peek().kind != Tok::kArrow) return true;
      lexer_.reset(save);
    } else {
      std::vector<ir::Type> list;
      bool ok = parse_type_list_any(list) && expect(Tok::kRParen, "')'");
      if (!ok) return false;
      if (peek().kind != Tok::kArrow) {
        results = std::move(list);
        return true;
      }
      lexer_.reset(save);
    }
  }
  ir::Type t;
  if (!parse_type(t)) return false;
  results.push_back(std::move(t));
  return true;
}

}  // namespace kiln::frontend
