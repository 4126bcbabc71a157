// The parser core: errors, tokens, SSA scopes, operations, regions and modules.
#include "frontend/parser.h"

#include <charconv>
#include <cmath>
#include <cstdlib>

#include "frontend/asm_parser.h"
#include "frontend/unsupported_ops.h"
#include "ir/op_info.h"

namespace kiln::frontend {

std::vector<ir::Value*> OpState::all_operands() const {
  std::vector<ir::Value*> out;
  for (const auto& g : operand_groups) out.insert(out.end(), g.begin(), g.end());
  return out;
}

AsmParser::AsmParser(std::shared_ptr<const SourceBuffer> buffer, size_t begin, size_t end)
    : buffer_(std::move(buffer)), lexer_(buffer_->text(), begin, end) {}

bool AsmParser::fail(size_t offset, std::string_view message) {
  if (!failed_) {
    failed_ = true;
    error_ = format_diagnostic(location(offset), message);
  }
  return false;
}

bool AsmParser::consume_if(Tok kind) {
  if (peek().kind != kind) return false;
  next();
  return true;
}

bool AsmParser::consume_keyword_if(std::string_view word) {
  if (!peek().is_keyword(word)) return false;
  next();
  return true;
}

namespace {

std::string_view tok_spelling(Tok kind) {
  switch (kind) {
    case Tok::kLParen: return "'('";
    case Tok::kRParen: return "')'";
    case Tok::kLSquare: return "'['";
    case Tok::kRSquare: return "']'";
    case Tok::kLBrace: return "'{'";
    case Tok::kRBrace: return "'}'";
    case Tok::kLess: return "'<'";
    case Tok::kGreater: return "'>'";
    case Tok::kComma: return "','";
    case Tok::kColon: return "':'";
    case Tok::kEqual: return "'='";
    case Tok::kArrow: return "'->'";
    default: return "token";
  }
}

Tok literal_kind(std::string_view lit) {
  if (lit == "(") return Tok::kLParen;
  if (lit == ")") return Tok::kRParen;
  if (lit == "[") return Tok::kLSquare;
  if (lit == "]") return Tok::kRSquare;
  if (lit == "{") return Tok::kLBrace;
  if (lit == "}") return Tok::kRBrace;
  if (lit == "<") return Tok::kLess;
  if (lit == ">") return Tok::kGreater;
  if (lit == ",") return Tok::kComma;
  if (lit == ":") return Tok::kColon;
  if (lit == "::") return Tok::kColonColon;
  if (lit == "=") return Tok::kEqual;
  if (lit == "->") return Tok::kArrow;
  if (lit == "?") return Tok::kQuestion;
  if (lit == "*") return Tok::kStar;
  if (lit == "+") return Tok::kPlus;
  if (lit == "-") return Tok::kMinus;
  return Tok::kBareId;
}

}  // namespace

bool AsmParser::expect(Tok kind, std::string_view what) {
  Token t = peek();
  if (t.kind == kind) {
    next();
    return true;
  }
  std::string msg = "expected ";
  msg += what.empty() ? std::string(tok_spelling(kind)) : std::string(what);
  return fail(t.offset, msg + ", found " + describe_token(t));
}

bool AsmParser::expect_keyword(std::string_view word) {
  Token t = peek();
  if (t.is_keyword(word)) {
    next();
    return true;
  }
  return fail(t.offset, "expected '" + std::string(word) + "', found " + describe_token(t));
}

bool AsmParser::next_is_literal(std::string_view literal) {
  Tok kind = literal_kind(literal);
  Token t = peek();
  return kind == Tok::kBareId ? t.is_keyword(literal) : t.kind == kind;
}

bool AsmParser::expect_literal(std::string_view literal) {
  Tok kind = literal_kind(literal);
  if (kind == Tok::kBareId) return expect_keyword(literal);
  return expect(kind, "'" + std::string(literal) + "'");
}

bool AsmParser::parse_int(int64_t& out) {
  Token t = peek();
  bool negative = false;
  if (t.kind == Tok::kMinus) {
    next();
    negative = true;
    t = peek();
  }
  if (t.kind != Tok::kInteger) return fail(t.offset, "expected integer, found " + describe_token(t));
  next();
  uint64_t v = 0;
  std::from_chars_result r;
  if (t.text.starts_with("0x")) {
    r = std::from_chars(t.text.data() + 2, t.text.data() + t.text.size(), v, 16);
  } else {
    r = std::from_chars(t.text.data(), t.text.data() + t.text.size(), v, 10);
  }
  if (r.ec != std::errc() || (negative && v > (uint64_t{1} << 63)) ||
      (!negative && v > static_cast<uint64_t>(INT64_MAX) && !t.text.starts_with("0x"))) {
    return fail(t.offset, "integer literal out of range: " + std::string(t.text));
  }
  out = negative ? static_cast<int64_t>(0 - v) : static_cast<int64_t>(v);
  return true;
}

bool AsmParser::parse_int_list(std::vector<int64_t>& out) {
  out.clear();
  if (!expect(Tok::kLSquare, "")) return false;
  if (consume_if(Tok::kRSquare)) return true;
  do {
    int64_t v;
    if (!parse_int(v)) return false;
    out.push_back(v);
  } while (consume_if(Tok::kComma));
  return expect(Tok::kRSquare, "']'");
}

bool AsmParser::parse_float(double& out) {
  Token t = peek();
  bool negative = false;
  if (t.kind == Tok::kMinus) {
    next();
    negative = true;
    t = peek();
  }
  if (t.kind != Tok::kFloat && t.kind != Tok::kInteger) {
    return fail(t.offset, "expected number, found " + describe_token(t));
  }
  next();
  std::string text(t.text);
  out = std::strtod(text.c_str(), nullptr);
  if (negative) out = -out;
  return true;
}

bool AsmParser::parse_string(std::string& out) {
  Token t = peek();
  if (t.kind != Tok::kString) return fail(t.offset, "expected string, found " + describe_token(t));
  next();
  out.clear();
  std::string_view body = t.text.substr(1, t.text.size() - 2);
  for (size_t i = 0; i < body.size(); ++i) {
    char c = body[i];
    if (c != '\\' || i + 1 >= body.size()) {
      out.push_back(c);
      continue;
    }
    char e = body[++i];
    switch (e) {
      case 'n': out.push_back('\n'); break;
      case 't': out.push_back('\t'); break;
      case '"': out.push_back('"'); break;
      case '\\': out.push_back('\\'); break;
      default:
        if (i + 1 < body.size() && std::isxdigit(static_cast<unsigned char>(e)) &&
            std::isxdigit(static_cast<unsigned char>(body[i + 1]))) {
          out.push_back(static_cast<char>(std::stoi(std::string(body.substr(i, 2)), nullptr, 16)));
          ++i;
        } else {
          return fail(t.offset + i, "unknown escape in string");
        }
    }
  }
  return true;
}

bool AsmParser::parse_symbol(std::string& out) {
  Token t = peek();
  if (t.kind != Tok::kSymbol) return fail(t.offset, "expected symbol name, found " + describe_token(t));
  next();
  std::string_view s = t.text.substr(1);
  if (s.starts_with("\"")) {
    out = std::string(s.substr(1, s.size() - 2));
  } else {
    out = std::string(s);
  }
  return true;
}

bool AsmParser::parse_location(std::string& out) {
  Token t = peek();
  if (!t.is_keyword("loc")) return fail(t.offset, "expected 'loc'");
  next();
  if (peek().kind != Tok::kLParen) return fail(peek().offset, "expected '(' after 'loc'");
  // Capture the balanced parentheses verbatim.
  Lexer& lx = lexer_;
  lx.skip_space();
  size_t start = lx.position();
  int level = 0;
  do {
    Token k = next();
    if (k.kind == Tok::kEof || k.kind == Tok::kError) {
      return fail(k.offset, "unterminated location");
    }
    if (k.kind == Tok::kLParen) ++level;
    if (k.kind == Tok::kRParen) --level;
  } while (level > 0);
  out = "loc" + std::string(lx.text().substr(start, lx.position() - start));
  return true;
}

bool AsmParser::parse_balanced(std::string& out) {
  lexer_.skip_space();
  size_t start = lexer_.position();
  int level = 0;
  do {
    Token k = next();
    switch (k.kind) {
      case Tok::kEof:
      case Tok::kError: return fail(k.offset, "unbalanced brackets in attribute");
      case Tok::kLess:
      case Tok::kLParen:
      case Tok::kLSquare:
      case Tok::kLBrace: ++level; break;
      case Tok::kGreater:
      case Tok::kRParen:
      case Tok::kRSquare:
      case Tok::kRBrace: --level; break;
      case Tok::kArrow: break;
      default: break;
    }
  } while (level > 0);
  out = std::string(lexer_.text().substr(start, lexer_.position() - start));
  return true;
}

void AsmParser::push_scope(bool isolated) { scopes_.push_back(Scope{{}, isolated}); }
void AsmParser::pop_scope() { scopes_.pop_back(); }

bool AsmParser::define_value(std::string_view name, ir::Value* v, size_t offset) {
  auto& values = scopes_.back().values[std::string(name)];
  if (!values.empty()) return fail(offset, "redefinition of SSA value '" + std::string(name) + "'");
  values.push_back(v);
  return true;
}

bool AsmParser::parse_value_use(ir::Value*& out) {
  Token t = peek();
  if (t.kind != Tok::kValueId) return fail(t.offset, "expected SSA value, found " + describe_token(t));
  next();
  size_t index = 0;
  bool has_index = false;
  if (lexer_.raw_char() == '#') {
    lexer_.advance_raw();
    Token n = next();
    if (n.kind != Tok::kInteger) return fail(n.offset, "expected result number after '#'");
    index = std::strtoull(std::string(n.text).c_str(), nullptr, 10);
    has_index = true;
  }
  std::string name(t.text);
  for (auto it = scopes_.rbegin(); it != scopes_.rend(); ++it) {
    auto found = it->values.find(name);
    if (found != it->values.end()) {
      const auto& vals = found->second;
      if (!has_index && vals.size() != 1) {
        return fail(t.offset, "'" + name + "' names " + std::to_string(vals.size()) +
                                  " results; use " + name + "#N");
      }
      if (index >= vals.size()) {
        return fail(t.offset, "result number " + std::to_string(index) + " out of range for '" +
                                  name + "'");
      }
      out = vals[index];
      return true;
    }
    if (it->isolated) break;
  }
  return fail(t.offset, "use of undeclared SSA value '" + name + "'");
}

bool AsmParser::parse_value_list(std::vector<ir::Value*>& out) {
  if (peek().kind != Tok::kValueId) return true;
  do {
    ir::Value* v;
    if (!parse_value_use(v)) return false;
    out.push_back(v);
  } while (consume_if(Tok::kComma));
  return true;
}

bool AsmParser::check_operand_type(ir::Value* v, const ir::Type& written, size_t offset) {
  if (v->type() == written) return true;
  return fail(offset, "use of value expects type '" + ir::to_string(written) +
                          "' but it has type '" + ir::to_string(v->type()) + "'");
}

bool AsmParser::parse_region(ir::Region& region,
                             std::span<const std::pair<std::string, ir::Type>> implicit_args,
                             bool allow_implicit_args_missing) {
  (void)allow_implicit_args_missing;
  if (++depth > kMaxDepth) return fail(peek().offset, "regions nested too deeply");
  if (!expect(Tok::kLBrace, "'{' to begin a region")) return false;
  bool isolated = region.parent() && region.parent()->info() &&
                  (region.parent()->info()->traits & ir::kIsolatedFromAbove);
  push_scope(isolated);
  ir::Block* block = region.add_block();
  for (const auto& [name, type] : implicit_args) {
    ir::Value* arg = block->add_argument(type);
    arg->set_name_hint(name);
    if (!define_value(name, arg, peek().offset)) return false;
  }
  if (peek().kind == Tok::kBlockId) {
    Token label = next();
    if (!implicit_args.empty()) {
      return fail(label.offset, "this region's arguments are given by its op; expected an op");
    }
    if (consume_if(Tok::kLParen) && !consume_if(Tok::kRParen)) {
      do {
        Token name = peek();
        if (!expect(Tok::kValueId, "block argument name")) return false;
        if (!expect(Tok::kColon, "")) return false;
        ir::Type type;
        if (!parse_type(type)) return false;
        ir::Value* arg = block->add_argument(type);
        arg->set_name_hint(std::string(name.text));
        arg->set_location(location(name.offset));
        if (!define_value(name.text, arg, name.offset)) return false;
        if (peek().is_keyword("loc")) {
          std::string loc;
          if (!parse_location(loc)) return false;
        }
      } while (consume_if(Tok::kComma));
      if (!expect(Tok::kRParen, "')'")) return false;
    }
    if (!expect(Tok::kColon, "':' after block label")) return false;
  }
  while (!failed_ && peek().kind != Tok::kRBrace) {
    if (peek().kind == Tok::kEof) return fail(peek().offset, "expected '}' to end a region");
    if (peek().kind == Tok::kBlockId) {
      return fail(peek().offset, "regions with more than one block are not supported");
    }
    if (!parse_operation(*block)) return false;
  }
  if (!expect(Tok::kRBrace, "'}'")) return false;
  pop_scope();
  --depth;
  return true;
}

bool AsmParser::parse_operation(ir::Block& block) {
  if (++depth > kMaxDepth) return fail(peek().offset, "operations nested too deeply");
  size_t start = peek().offset;
  // Result names: `%a, %b:2 =`.
  struct ResultName {
    std::string name;
    size_t count;
    size_t offset;
  };
  std::vector<ResultName> names;
  size_t num_results = 0;
  if (peek().kind == Tok::kValueId) {
    do {
      Token t = peek();
      if (!expect(Tok::kValueId, "result name")) return false;
      size_t count = 1;
      if (consume_if(Tok::kColon)) {
        int64_t n;
        if (!parse_int(n)) return false;
        if (n <= 0 || n > 100000) return fail(t.offset, "bad result count");
        count = static_cast<size_t>(n);
      }
      names.push_back({std::string(t.text), count, t.offset});
      num_results += count;
    } while (consume_if(Tok::kComma));
    if (!expect(Tok::kEqual, "'=' after result names")) return false;
  }
  Token name_tok = peek();
  std::string op_name;
  bool generic = false;
  if (name_tok.kind == Tok::kString) {
    if (!parse_string(op_name)) return false;
    generic = true;
  } else if (name_tok.kind == Tok::kBareId) {
    next();
    op_name = std::string(name_tok.text);
    // Default dialects: `func` inside functions, `builtin` at the top.
    if (op_name == "return" || op_name == "call") op_name = "func." + op_name;
    if (op_name == "module") op_name = "builtin.module";
  } else {
    return fail(name_tok.offset, "expected operation name, found " + describe_token(name_tok));
  }
  auto op = std::make_unique<ir::Operation>(op_name, location(name_tok.offset));
  if (!op->info()) {
    if (auto why = unsupported_op_message(op_name)) return fail(name_tok.offset, *why);
  }
  OpState state;
  state.op = op.get();
  state.num_results = num_results;
  if (op->info()) state.operand_groups.resize(op->info()->operands.size());
  bool ok = generic ? parse_generic_op(*op, state, name_tok.offset)
                    : parse_pretty_op(*op, state, name_tok.offset);
  if (!ok) return false;
  if (peek().is_keyword("loc")) {
    std::string loc;
    if (!parse_location(loc)) return false;
    op->set_source_loc(std::move(loc));
  }
  if (op->num_results() != num_results) {
    return fail(start, "operation defines " + std::to_string(op->num_results()) +
                           " results but " + std::to_string(num_results) + " names were given");
  }
  size_t r = 0;
  for (const ResultName& n : names) {
    auto& slot = scopes_.back().values[n.name];
    if (!slot.empty()) return fail(n.offset, "redefinition of SSA value '" + n.name + "'");
    for (size_t i = 0; i < n.count; ++i) {
      ir::Value* v = op->result(r++);
      v->set_name_hint(n.count == 1 ? n.name : n.name + "#" + std::to_string(i));
      slot.push_back(v);
    }
  }
  block.append(std::move(op));
  --depth;
  return true;
}

bool AsmParser::parse_generic_op(ir::Operation& op, OpState& state, size_t name_offset) {
  (void)state;
  (void)name_offset;
  std::vector<ir::Value*> operands;
  std::vector<size_t> operand_offsets;
  if (!expect(Tok::kLParen, "'(' after the operation name")) return false;
  if (peek().kind != Tok::kRParen) {
    do {
      operand_offsets.push_back(peek().offset);
      ir::Value* v;
      if (!parse_value_use(v)) return false;
      operands.push_back(v);
    } while (consume_if(Tok::kComma));
  }
  if (!expect(Tok::kRParen, "')'")) return false;
  for (ir::Value* v : operands) op.add_operand(v);
  if (peek().kind == Tok::kLSquare) return fail(peek().offset, "successors are not supported");
  if (peek().kind == Tok::kLess) {  // properties
    next();
    if (!parse_attr_dict_into(op)) return false;
    if (!expect(Tok::kGreater, "'>' after properties")) return false;
  }
  if (peek().kind == Tok::kLParen) {
    next();
    do {
      if (!parse_region(*op.add_region())) return false;
    } while (consume_if(Tok::kComma));
    if (!expect(Tok::kRParen, "')' after regions")) return false;
  }
  if (peek().kind == Tok::kLBrace && !parse_attr_dict_into(op)) return false;
  if (!expect(Tok::kColon, "':' and the operation's type")) return false;
  size_t type_offset = peek().offset;
  ir::Type fn_type;
  if (!parse_type(fn_type)) return false;
  if (!fn_type.is_function()) return fail(type_offset, "expected a function type");
  if (fn_type.function_inputs().size() != operands.size()) {
    return fail(type_offset, "the type lists " + std::to_string(fn_type.function_inputs().size()) +
                                 " operands but the operation has " +
                                 std::to_string(operands.size()));
  }
  for (size_t i = 0; i < operands.size(); ++i) {
    if (!check_operand_type(operands[i], fn_type.function_inputs()[i], operand_offsets[i])) {
      return false;
    }
  }
  for (const ir::Type& t : fn_type.function_results()) op.add_result(t);
  return true;
}

bool AsmParser::parse_pretty_op(ir::Operation& op, OpState& state, size_t name_offset) {
  const ir::OpInfo* info = op.info();
  if (!info) return fail(name_offset, "unknown operation '" + op.name() + "'");
  if (info->format.empty()) {
    return fail(name_offset, "'" + op.name() +
                                 "' has no custom syntax; write it in the generic form \"" +
                                 op.name() + "\"(...)");
  }
  if (!parse_with_format(*this, state)) return false;
  for (ir::Value* v : state.all_operands()) op.add_operand(v);
  if (state.num_results > 0 && !state.have_result_types) {
    return fail(name_offset, "cannot infer the result types of '" + op.name() + "'");
  }
  if (state.have_result_types) {
    if (state.result_types.size() != state.num_results) {
      return fail(name_offset, "'" + op.name() + "' has " +
                                   std::to_string(state.result_types.size()) +
                                   " results but " + std::to_string(state.num_results) +
                                   " names were given");
    }
    for (const ir::Type& t : state.result_types) op.add_result(t);
  }
  return true;
}

bool AsmParser::parse_module_body(ir::Operation& module_op) {
  // Top level: aliases, then either `module ... {}` or bare operations.
  ir::Region* region = module_op.add_region();
  ir::Block* block = region->add_block();
  push_scope(true);
  bool saw_module = false;
  while (!failed_) {
    Token t = peek();
    if (t.kind == Tok::kEof) break;
    if (t.kind == Tok::kHashId || t.kind == Tok::kBangId) {
      next();
      if (!expect(Tok::kEqual, "'=' in an alias definition")) return false;
      std::string name(t.text);
      if (t.kind == Tok::kBangId) {
        ir::Type type;
        if (!parse_type(type)) return false;
        type_aliases[name] = type;
      } else if (peek().is_keyword("loc")) {
        std::string loc;
        if (!parse_location(loc)) return false;
        loc_aliases.emplace_back(name, loc);
      } else {
        ir::Attribute a;
        if (!parse_attribute(a)) return false;
        attr_aliases[name] = a;
      }
      continue;
    }
    if (t.is_keyword("module") && block->operations().empty() && !saw_module) {
      next();
      saw_module = true;
      if (peek().kind == Tok::kSymbol) {
        std::string sym;
        if (!parse_symbol(sym)) return false;
        module_op.set_attr("sym_name", ir::StringAttr{sym});
      }
      if (consume_keyword_if("attributes") && !parse_attr_dict_into(module_op)) return false;
      // The explicit module's body becomes this module's body.
      if (!expect(Tok::kLBrace, "'{' to begin the module")) return false;
      while (!failed_ && peek().kind != Tok::kRBrace) {
        if (peek().kind == Tok::kEof) return fail(peek().offset, "expected '}' to end the module");
        if (!parse_operation(*block)) return false;
      }
      if (!expect(Tok::kRBrace, "'}'")) return false;
      if (peek().is_keyword("loc")) {
        std::string loc;
        if (!parse_location(loc)) return false;
        module_op.set_source_loc(loc);
      }
      continue;
    }
    if (saw_module) return fail(t.offset, "unexpected text after the module");
    if (!parse_operation(*block)) return false;
  }
  pop_scope();
  return !failed_;
}

Expected<std::unique_ptr<ir::Module>> parse_module(std::shared_ptr<const SourceBuffer> buffer,
                                                   size_t begin, size_t end) {
  AsmParser parser(buffer, begin, end);
  auto op = std::make_unique<ir::Operation>("builtin.module", Location{buffer, begin});
  if (!parser.parse_module_body(*op)) return Error::invalid_argument(parser.error());
  // A module written in the generic form ("builtin.module"() ({...})) is the module itself.
  ir::Block& top = op->region(0).front();
  if (top.operations().size() == 1 && top.operations()[0]->id() == ir::ops::kModule &&
      op->attributes().empty()) {
    std::unique_ptr<ir::Operation> inner = top.take(top.operations()[0].get());
    op = std::move(inner);
  }
  auto module = std::make_unique<ir::Module>(std::move(op));
  module->trailing_aliases() = parser.loc_aliases;
  return module;
}

Expected<std::unique_ptr<ir::Module>> parse_module(std::shared_ptr<const SourceBuffer> buffer) {
  size_t size = buffer->text().size();
  return parse_module(std::move(buffer), 0, size);
}

Expected<std::unique_ptr<ir::Module>> parse_module_text(std::string text, std::string name) {
  return parse_module(std::make_shared<const SourceBuffer>(std::move(name), std::move(text)));
}

std::vector<std::pair<size_t, size_t>> split_input_file(std::string_view text) {
  std::vector<std::pair<size_t, size_t>> chunks;
  size_t chunk_start = 0;
  size_t pos = 0;
  while (pos < text.size()) {
    size_t eol = text.find('\n', pos);
    if (eol == std::string_view::npos) eol = text.size();
    std::string_view line = text.substr(pos, eol - pos);
    size_t a = line.find_first_not_of(" \t\r");
    std::string_view trimmed = a == std::string_view::npos ? "" : line.substr(a);
    while (!trimmed.empty() && (trimmed.back() == ' ' || trimmed.back() == '\r')) {
      trimmed.remove_suffix(1);
    }
    if (trimmed == "// -----") {
      chunks.emplace_back(chunk_start, pos);
      chunk_start = eol < text.size() ? eol + 1 : eol;
    }
    pos = eol + 1;
  }
  chunks.emplace_back(chunk_start, text.size());
  return chunks;
}

}  // namespace kiln::frontend
