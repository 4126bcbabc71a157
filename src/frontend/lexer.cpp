// The MLIR lexer.
#include "frontend/lexer.h"

#include <cctype>

namespace kiln::frontend {

namespace {

bool is_id_start(char c) { return std::isalpha(static_cast<unsigned char>(c)) || c == '_'; }
bool is_id_char(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '$' || c == '.';
}
bool is_suffix_char(char c) { return is_id_char(c) || c == '-'; }

}  // namespace

std::string describe_token(const Token& t) {
  switch (t.kind) {
    case Tok::kEof: return "end of input";
    case Tok::kError: return "invalid character";
    default: return "'" + std::string(t.text.substr(0, 40)) + "'";
  }
}

size_t Lexer::skip_space() {
  while (pos_ < end_) {
    char c = text_[pos_];
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
      ++pos_;
    } else if (c == '/' && pos_ + 1 < end_ && text_[pos_ + 1] == '/') {
      while (pos_ < end_ && text_[pos_] != '\n') ++pos_;
    } else {
      break;
    }
  }
  return pos_;
}

Token Lexer::peek() {
  size_t saved = pos_;
  Token t = next();
  pos_ = saved;
  return t;
}

Token Lexer::lex_number(size_t start) {
  if (text_[pos_] == '0' && pos_ + 1 < end_ && (text_[pos_ + 1] == 'x') && pos_ + 2 < end_ &&
      std::isxdigit(static_cast<unsigned char>(text_[pos_ + 2]))) {
    pos_ += 2;
    while (pos_ < end_ && std::isxdigit(static_cast<unsigned char>(text_[pos_]))) ++pos_;
    return make(Tok::kInteger, start);
  }
  while (pos_ < end_ && std::isdigit(static_cast<unsigned char>(text_[pos_]))) ++pos_;
  if (pos_ >= end_ || text_[pos_] != '.') return make(Tok::kInteger, start);
  ++pos_;
  while (pos_ < end_ && std::isdigit(static_cast<unsigned char>(text_[pos_]))) ++pos_;
  if (pos_ < end_ && (text_[pos_] == 'e' || text_[pos_] == 'E')) {
    size_t save = pos_;
    ++pos_;
    if (pos_ < end_ && (text_[pos_] == '+' || text_[pos_] == '-')) ++pos_;
    if (pos_ < end_ && std::isdigit(static_cast<unsigned char>(text_[pos_]))) {
      while (pos_ < end_ && std::isdigit(static_cast<unsigned char>(text_[pos_]))) ++pos_;
    } else {
      pos_ = save;
    }
  }
  return make(Tok::kFloat, start);
}

Token Lexer::next() {
  skip_space();
  size_t start = pos_;
  if (pos_ >= end_) return Token{Tok::kEof, {}, pos_};
  char c = text_[pos_++];
  auto peekc = [&]() { return pos_ < end_ ? text_[pos_] : '\0'; };
  switch (c) {
    case '(': return make(Tok::kLParen, start);
    case ')': return make(Tok::kRParen, start);
    case '[': return make(Tok::kLSquare, start);
    case ']': return make(Tok::kRSquare, start);
    case '{': return make(Tok::kLBrace, start);
    case '}': return make(Tok::kRBrace, start);
    case '<': return make(Tok::kLess, start);
    case '>': return make(Tok::kGreater, start);
    case ',': return make(Tok::kComma, start);
    case '=': return make(Tok::kEqual, start);
    case '?': return make(Tok::kQuestion, start);
    case '*': return make(Tok::kStar, start);
    case '+': return make(Tok::kPlus, start);
    case ':':
      if (peekc() == ':') {
        ++pos_;
        return make(Tok::kColonColon, start);
      }
      return make(Tok::kColon, start);
    case '-':
      if (peekc() == '>') {
        ++pos_;
        return make(Tok::kArrow, start);
      }
      return make(Tok::kMinus, start);
    case '"': {
      while (pos_ < end_ && text_[pos_] != '"') {
        if (text_[pos_] == '\\' && pos_ + 1 < end_) ++pos_;
        if (text_[pos_] == '\n') return make(Tok::kError, start);
        ++pos_;
      }
      if (pos_ >= end_) return make(Tok::kError, start);
      ++pos_;
      return make(Tok::kString, start);
    }
    case '%':
    case '^':
    case '#':
    case '!': {
      Tok kind = c == '%' ? Tok::kValueId : c == '^' ? Tok::kBlockId : c == '#' ? Tok::kHashId
                                                                                : Tok::kBangId;
      if (c == '%' || c == '^') {
        if (!is_suffix_char(peekc())) return make(Tok::kError, start);
        while (pos_ < end_ && is_suffix_char(text_[pos_])) ++pos_;
        return make(kind, start);
      }
      if (!is_id_start(peekc())) return make(c == '#' ? Tok::kHash : Tok::kError, start);
      while (pos_ < end_ && is_id_char(text_[pos_])) ++pos_;
      return make(kind, start);
    }
    case '@': {
      if (peekc() == '"') {
        ++pos_;
        while (pos_ < end_ && text_[pos_] != '"' && text_[pos_] != '\n') {
          if (text_[pos_] == '\\' && pos_ + 1 < end_) ++pos_;
          ++pos_;
        }
        if (pos_ >= end_ || text_[pos_] != '"') return make(Tok::kError, start);
        ++pos_;
        return make(Tok::kSymbol, start);
      }
      if (!is_suffix_char(peekc())) return make(Tok::kError, start);
      while (pos_ < end_ && is_suffix_char(text_[pos_])) ++pos_;
      return make(Tok::kSymbol, start);
    }
    default: break;
  }
  if (std::isdigit(static_cast<unsigned char>(c))) {
    --pos_;
    return lex_number(start);
  }
  if (is_id_start(c)) {
    while (pos_ < end_ && is_id_char(text_[pos_])) ++pos_;
    return make(Tok::kBareId, start);
  }
  return make(Tok::kError, start);
}

}  // namespace kiln::frontend
