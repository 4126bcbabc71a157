// The parser's state and primitives, shared by the generic parser and op syntax directives.
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "frontend/lexer.h"
#include "ir/op_info.h"
#include "ir/operation.h"

namespace kiln::frontend {

// What the parser knows of an op while reading its pretty form.
struct OpState {
  ir::Operation* op = nullptr;  // created before its syntax is read; attrs, regions go here
  std::vector<std::vector<ir::Value*>> operand_groups;  // one per OperandSpec
  size_t num_results = 0;                               // from the `%a, %b =` list
  std::vector<ir::Type> result_types;
  bool have_result_types = false;

  void set_result_types(std::vector<ir::Type> types) {
    result_types = std::move(types);
    have_result_types = true;
  }
  std::vector<ir::Value*> all_operands() const;
};

// Recursive-descent parser with a sticky first error: every parse_* returns false after the
// first failure, and error() holds the located message.
class AsmParser {
 public:
  AsmParser(std::shared_ptr<const SourceBuffer> buffer, size_t begin, size_t end);

  // Errors.
  bool fail(size_t offset, std::string_view message);
  bool fail_here(std::string_view message) { return fail(lexer_.peek().offset, message); }
  bool failed() const { return failed_; }
  const std::string& error() const { return error_; }
  Location location(size_t offset) const { return Location{buffer_, offset}; }

  // Tokens.
  Token peek() { return lexer_.peek(); }
  Token next() { return lexer_.next(); }
  bool consume_if(Tok kind);
  bool consume_keyword_if(std::string_view word);
  bool expect(Tok kind, std::string_view what);
  bool expect_keyword(std::string_view word);
  // A literal of a format: punctuation (`,` `->` `(` ...) or a keyword.
  bool expect_literal(std::string_view literal);
  bool next_is_literal(std::string_view literal);
  Lexer& lexer() { return lexer_; }

  // Numbers and lists.
  bool parse_int(int64_t& out);  // optional minus sign, decimal or hex
  bool parse_int_list(std::vector<int64_t>& out);  // `[1, 2]`, possibly `[]`
  bool parse_float(double& out);  // float or integer, optional sign
  bool parse_string(std::string& out);  // a quoted string, escapes decoded
  bool parse_symbol(std::string& out);  // `@name` without the @

  // Values.
  bool parse_value_use(ir::Value*& out);
  bool parse_value_list(std::vector<ir::Value*>& out);  // zero or more, comma-separated
  bool define_value(std::string_view name, ir::Value* v, size_t offset);
  // Checks a type written for an operand against the operand's own type.
  bool check_operand_type(ir::Value* v, const ir::Type& written, size_t offset);

  // Types.
  bool parse_type(ir::Type& out);
  bool parse_element_type(ir::ElementType& out);
  bool parse_type_list(std::vector<ir::Type>& out, size_t count);  // exactly `count`
  bool parse_type_list_any(std::vector<ir::Type>& out);           // one or more
  // `(a, b) -> c` or `(a) -> (b, c)`.
  bool parse_function_type(std::vector<ir::Type>& inputs, std::vector<ir::Type>& results);

  // Attributes.
  bool parse_attribute(ir::Attribute& out);
  bool parse_attr_dict(std::vector<ir::NamedAttribute>& out);  // `{...}`
  bool parse_attr_dict_into(ir::Operation& op);
  bool parse_pretty_attr(const ir::AttrSpec& spec, ir::Attribute& out);
  // `dense<...>` after the keyword, given the tensor type that follows it.
  bool parse_dense_body(std::string& raw_body, size_t& body_offset);
  bool build_dense(std::string_view raw_body, size_t body_offset, const ir::Type& type,
                   ir::Attribute& out);
  // `loc(...)`, returned verbatim.
  bool parse_location(std::string& out);
  // Skips a balanced `<...>` and returns its text including the brackets.
  bool parse_balanced(std::string& out);

  // Structure.
  bool parse_operation(ir::Block& block);
  // `{ ^bb0(...): ops }`. With `implicit_args`, the block's arguments are given (named) by
  // the op's own syntax and the region must not declare them.
  bool parse_region(ir::Region& region,
                    std::span<const std::pair<std::string, ir::Type>> implicit_args = {},
                    bool allow_implicit_args_missing = false);
  bool parse_module_body(ir::Operation& module_op);
  void push_scope(bool isolated);
  void pop_scope();

  // Top-level aliases `#name = ...` and `!name = ...`.
  std::unordered_map<std::string, ir::Attribute> attr_aliases;
  std::unordered_map<std::string, ir::Type> type_aliases;
  std::vector<std::pair<std::string, std::string>> loc_aliases;

  int depth = 0;  // nesting guard against stack exhaustion
  static constexpr int kMaxDepth = 200;

 private:
  bool parse_generic_op(ir::Operation& op, OpState& state, size_t name_offset);
  bool parse_pretty_op(ir::Operation& op, OpState& state, size_t name_offset);
  bool parse_attribute_inner(ir::Attribute& out);
  bool parse_hash_attribute(const Token& t, ir::Attribute& out);

  std::shared_ptr<const SourceBuffer> buffer_;
  Lexer lexer_;
  bool failed_ = false;
  std::string error_;
  struct Scope {
    std::unordered_map<std::string, std::vector<ir::Value*>> values;
    bool isolated;
  };
  std::vector<Scope> scopes_;
};

// A C++ part of an op's pretty syntax, named in formats as custom<Name>(...).
using ParseDirective = bool (*)(AsmParser& p, OpState& state,
                                const std::vector<std::string>& args);
struct ParseDirectiveRegistration {
  ParseDirectiveRegistration(std::string_view name, ParseDirective fn);
};
ParseDirective lookup_parse_directive(std::string_view name);

// Reads an op's pretty form by interpreting its format (parse_format.cpp).
bool parse_with_format(AsmParser& p, OpState& state);

}  // namespace kiln::frontend

#define KILN_REGISTER_PARSE_DIRECTIVE(name, fn)                                            \
  static const ::kiln::frontend::ParseDirectiveRegistration KILN_CONCAT(kiln_parse_dir_, \
                                                                        __COUNTER__)(name, fn)
