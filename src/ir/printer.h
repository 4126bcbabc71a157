// Printing IR as MLIR text: the pretty form of every op that has one, the generic form
// otherwise. Parsing the output gives back an equal module.
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "ir/op_info.h"
#include "ir/operation.h"

namespace kiln::ir {

struct PrintOptions {
  bool locations = false;  // print `loc(...)` kept from the input
  bool generic = false;    // print every op in the generic form
};

std::string print_module(const Module& module, const PrintOptions& options = {});
// One operation (and its regions), naming values as if it stood alone.
std::string print_op(const Operation& op, const PrintOptions& options = {});

// The printer state that op syntax directives write through. Not thread-safe; one per print.
class AsmPrinter {
 public:
  explicit AsmPrinter(const PrintOptions& options) : options_(options) {}

  std::string& out() { return out_; }
  const PrintOptions& options() const { return options_; }

  // Writes a literal or keyword with MLIR's spacing: a space before it unless it is
  // closing punctuation or `glued`.
  void token(std::string_view text, bool glued = false);
  // Writes raw text with a separating space when needed.
  void word(std::string_view text);
  void value(const Value* v);
  void values(std::span<Value* const> vs);
  void type(const Type& t);
  void types(std::span<Value* const> vs);
  void result_types(const Operation& op);
  void functional_type(const Operation& op);
  void attr(const Attribute& a);
  // An attribute in the pretty spelling of its kind (see AttrKind).
  void pretty_attr(const Attribute& a, const AttrSpec& spec);
  // ` {a = 1, b}` with every attribute of `op` except the `elided` ones; nothing if empty.
  void attr_dict(const Operation& op, const std::vector<std::string>& elided,
                 bool with_keyword = false);
  // `{ ... }` with the entry block's arguments as `^bb0(...)` unless `entry_args` is false
  // (the op printed them itself and bound their names with bind_block_args).
  void region(const Region& r, bool entry_args = true);
  void bind_block_args(const Block& block, std::span<const std::string> names = {});
  void operation(const Operation& op);
  // The name of a value not yet named (block arguments printed by a directive).
  std::string name_of(const Value* v);
  std::string new_arg_name();

  int indent = 0;

 private:
  void generic_op(const Operation& op);
  void pretty_op(const Operation& op);
  void newline();

  const PrintOptions& options_;
  std::string out_;
  std::unordered_map<const Value*, std::string> names_;
  int next_value_ = 0;
  int next_arg_ = 0;
};

// A C++ part of an op's syntax, named in formats as custom<Name>(...). The printer marks
// every attribute named in `args` as printed.
using PrintDirective = void (*)(AsmPrinter& p, const Operation& op,
                                const std::vector<std::string>& args);
// Whether a directive's pretty syntax can say everything about `op`; where it cannot, the
// printer falls back to the generic form so that the text parses back to the same IR.
using PrintDirectiveFits = bool (*)(const Operation& op);
struct PrintDirectiveRegistration {
  PrintDirectiveRegistration(std::string_view name, PrintDirective fn,
                             PrintDirectiveFits fits = nullptr);
};
PrintDirective lookup_print_directive(std::string_view name);

}  // namespace kiln::ir

#define KILN_REGISTER_PRINT_DIRECTIVE(name, ...)                                      \
  static const ::kiln::ir::PrintDirectiveRegistration KILN_CONCAT(kiln_print_dir_, \
                                                                  __COUNTER__)(name, __VA_ARGS__)
