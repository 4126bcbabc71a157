// The notation of an op's pretty syntax, shared by the printer (src/ir/printer.cpp) and the
// parser (src/frontend/parse_format.cpp), after MLIR's declarative assembly formats.
//
// A format is a sequence of whitespace-separated elements:
//   $name                  an operand group, attribute or region of the op, by its table name
//   attr-dict              `{...}` holding the attributes no other element prints
//   attr-dict-with-keyword the same behind the keyword `attributes`
//   type($name)            the types of an operand or result group, comma-separated
//   type(operands)         the types of all operands (type(results): of all results)
//   functional-type        `(operand types) -> result types`
//   custom<Name>($a,$b)    a directive written in C++ (see asm_directives.h)
//   {? ... }?              an optional group: printed when its first $name is present
//                          (an attribute set, a variadic group non-empty); parsed when its
//                          first literal is next in the text
//   anything else          a literal keyword or punctuation; a leading `^` glues it to the
//                          previous token (no space), e.g. `^[` in `%x^[0]`.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace kiln::ir {

struct FormatElement {
  enum class Kind { kLiteral, kRef, kAttrDict, kAttrDictWithKeyword, kType, kFunctionalType,
                    kCustom, kOptional };
  Kind kind;
  std::string text;               // literal text, referenced name, type() argument, directive
  bool glued = false;             // literal: no space before
  std::vector<std::string> args;  // custom directive arguments (names without `$`)
  std::vector<FormatElement> group;  // optional group contents
};

// Splits a format string into elements. Formats are written by kiln's developers, so a
// malformed format is a programming error reported by the op table test.
std::vector<FormatElement> parse_format(std::string_view format, std::string* error = nullptr);

}  // namespace kiln::ir
