// The MLIR token stream: identifiers, SSA and symbol names, literals and punctuation.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace kiln::frontend {

enum class Tok {
  kEof,
  kError,    // an unlexable character or unterminated string; text holds it
  kBareId,   // stablehlo.add, f32, tensor, dense, true, x, ...
  kValueId,  // %name or %0 (without any #N suffix)
  kBlockId,  // ^bb0
  kSymbol,   // @name or @"quoted name" (text includes the @ and any quotes)
  kHashId,   // #alias, #stablehlo.gather, #stablehlo, #loc3
  kBangId,   // !stablehlo.token, !quant.uniform, !alias
  kString,   // "..." (text includes the quotes; escapes undecoded)
  kInteger,  // 42, 0x2A
  kFloat,    // 1.5, 1.0e-3
  kLParen, kRParen, kLSquare, kRSquare, kLBrace, kRBrace, kLess, kGreater,
  kComma, kColon, kColonColon, kEqual, kArrow, kQuestion, kStar, kPlus, kMinus, kHash,
};

struct Token {
  Tok kind = Tok::kEof;
  std::string_view text;
  size_t offset = 0;

  bool is(Tok k) const { return kind == k; }
  bool is_keyword(std::string_view word) const { return kind == Tok::kBareId && text == word; }
};

// How a token is named in messages: `'text'` (cut at 40 characters), "end of input",
// "invalid character".
std::string describe_token(const Token& t);

// Lexes a range of a buffer on demand; the parser may save and restore positions.
class Lexer {
 public:
  Lexer(std::string_view text, size_t begin, size_t end) : text_(text), pos_(begin), end_(end) {}

  Token next();
  Token peek();
  size_t position() const { return pos_; }
  void reset(size_t pos) { pos_ = pos; }
  // Skips whitespace and comments, and returns the offset of the next character.
  size_t skip_space();
  // The character at the current position after skipping nothing; '\0' at the end.
  char raw_char() const { return pos_ < end_ ? text_[pos_] : '\0'; }
  void advance_raw(size_t n = 1) { pos_ += n; }
  std::string_view text() const { return text_; }
  size_t end() const { return end_; }

 private:
  Token make(Tok kind, size_t start) {
    return Token{kind, text_.substr(start, pos_ - start), start};
  }
  Token lex_number(size_t start);

  std::string_view text_;
  size_t pos_;
  size_t end_;
};

}  // namespace kiln::frontend
