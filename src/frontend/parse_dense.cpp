// Parsing dense literals `dense<...>`: nested lists, splats, complex pairs, booleans, hex
// blobs, checked against and converted to the literal's tensor type.
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
      return fail(tok.offset, "expected a number in dense literal, found " + describe_token(tok));
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
    return fail(lx.peek().offset, "unexpected " + describe_token(lx.peek()) + " in dense literal");
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
