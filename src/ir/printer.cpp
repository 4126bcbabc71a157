// The MLIR text printer: generic form, pretty forms driven by asm_format, value naming.
#include "ir/printer.h"

#include <algorithm>
#include <mutex>
#include <unordered_map>

#include "ir/asm_format.h"
#include "ir/verifier.h"

namespace kiln::ir {

namespace {

struct DirectiveEntry {
  PrintDirective print = nullptr;
  PrintDirectiveFits fits = nullptr;
};

std::unordered_map<std::string_view, DirectiveEntry>& print_directives() {
  static std::unordered_map<std::string_view, DirectiveEntry> map;
  return map;
}

// Formats parsed once per op.
const std::vector<FormatElement>& format_of(const OpInfo& info) {
  static std::mutex mu;
  static std::unordered_map<const OpInfo*, std::vector<FormatElement>> cache;
  std::lock_guard<std::mutex> lock(mu);
  auto it = cache.find(&info);
  if (it == cache.end()) it = cache.emplace(&info, parse_format(info.format)).first;
  return it->second;
}

void collect_elided(const OpInfo& info, const std::vector<FormatElement>& elems,
                    std::vector<std::string>& out) {
  for (const FormatElement& e : elems) {
    if (e.kind == FormatElement::Kind::kRef && info.find_attr(e.text)) out.push_back(e.text);
    if (e.kind == FormatElement::Kind::kCustom) {
      for (const std::string& a : e.args) out.push_back(a);
    }
    if (e.kind == FormatElement::Kind::kOptional) collect_elided(info, e.group, out);
  }
}

// Whether every non-optional attribute the format names is present with a printable kind.
bool format_fits(const Operation& op, const std::vector<FormatElement>& elems) {
  const OpInfo& info = *op.info();
  for (const FormatElement& e : elems) {
    if (e.kind != FormatElement::Kind::kRef) continue;
    if (const AttrSpec* spec = info.find_attr(e.text)) {
      const Attribute* a = op.attr(e.text);
      if (!a || !attr_has_kind(*a, *spec)) return false;
    } else if (info.operand_group_index(e.text) < 0) {
      bool is_region = false;
      for (size_t i = 0; i < info.regions.size(); ++i) {
        if (info.regions[i] == e.text) is_region = i < op.num_regions();
      }
      if (!is_region) return false;
    }
  }
  for (const FormatElement& e : elems) {
    if (e.kind == FormatElement::Kind::kCustom) {
      auto it = print_directives().find(e.text);
      if (it != print_directives().end() && it->second.fits && !it->second.fits(op)) return false;
    }
    if (e.kind == FormatElement::Kind::kOptional) {
      // An optional group prints only when its anchor is there; its other names must be too.
      const FormatElement* anchor = nullptr;
      for (const FormatElement& g : e.group) {
        if (g.kind == FormatElement::Kind::kRef) { anchor = &g; break; }
      }
      if (anchor && op.attr(anchor->text) && !format_fits(op, e.group)) return false;
    }
  }
  return op.num_regions() == info.regions.size();
}

bool group_present(const Operation& op, const FormatElement& group) {
  const OpInfo& info = *op.info();
  for (const FormatElement& g : group.group) {
    std::string_view name;
    if (g.kind == FormatElement::Kind::kRef) name = g.text;
    else if (g.kind == FormatElement::Kind::kCustom && !g.args.empty()) name = g.args[0];
    else continue;
    if (info.find_attr(name)) return op.attr(name) != nullptr;
    int group_index = info.operand_group_index(name);
    if (group_index >= 0) return !operand_group(op, static_cast<size_t>(group_index)).empty();
    return true;
  }
  return true;
}

}  // namespace

PrintDirectiveRegistration::PrintDirectiveRegistration(std::string_view name, PrintDirective fn,
                                                       PrintDirectiveFits fits) {
  print_directives().emplace(name, DirectiveEntry{fn, fits});
}

PrintDirective lookup_print_directive(std::string_view name) {
  auto it = print_directives().find(name);
  return it == print_directives().end() ? nullptr : it->second.print;
}

void AsmPrinter::token(std::string_view text, bool glued) {
  if (text.empty()) return;
  char first = text.front();
  bool closing = first == ',' || first == ')' || first == ']' || first == '>';
  if (!out_.empty() && !glued && !closing) {
    char last = out_.back();
    if (last != ' ' && last != '\n' && last != '(' && last != '[' && last != '<' && last != '{') out_ += ' ';
  }
  out_.append(text);
}

void AsmPrinter::word(std::string_view text) { token(text, false); }

void AsmPrinter::newline() {
  out_ += '\n';
  out_.append(static_cast<size_t>(indent) * 2, ' ');
}

std::string AsmPrinter::new_arg_name() { return "%arg" + std::to_string(next_arg_++); }

std::string AsmPrinter::name_of(const Value* v) {
  auto it = names_.find(v);
  if (it != names_.end()) return it->second;
  // A value defined outside what is printed (print_op of a nested op) or not yet bound.
  std::string name = v->defining_op() ? "%" + std::to_string(next_value_++) : new_arg_name();
  names_.emplace(v, name);
  return name;
}

void AsmPrinter::value(const Value* v) { word(name_of(v)); }

void AsmPrinter::values(std::span<Value* const> vs) {
  for (size_t i = 0; i < vs.size(); ++i) {
    if (i) token(",");
    value(vs[i]);
  }
}

void AsmPrinter::type(const Type& t) { word(to_string(t)); }

void AsmPrinter::types(std::span<Value* const> vs) {
  for (size_t i = 0; i < vs.size(); ++i) {
    if (i) token(",");
    type(vs[i]->type());
  }
}

void AsmPrinter::result_types(const Operation& op) {
  for (size_t i = 0; i < op.num_results(); ++i) {
    if (i) token(",");
    type(op.result(i)->type());
  }
}

void AsmPrinter::functional_type(const Operation& op) {
  token("(");
  types(op.operands());
  token(")", true);
  token("->");
  if (op.num_results() == 1 && !op.result(0)->type().is_tuple()) {
    type(op.result(0)->type());
    return;
  }
  token("(");
  result_types(op);
  token(")", true);
}

void AsmPrinter::attr(const Attribute& a) { word(to_string(a)); }

void AsmPrinter::pretty_attr(const Attribute& a, const AttrSpec& spec) {
  switch (spec.kind) {
    case AttrKind::kI64:
    case AttrKind::kI32:
      word(std::to_string(a.get<IntegerAttr>().value));
      return;
    case AttrKind::kDenseI64Array:
    case AttrKind::kDenseBoolArray: {
      const auto& arr = a.get<DenseArrayAttr>();
      token("[");
      for (size_t i = 0; i < arr.ints.size(); ++i) {
        if (i) token(",");
        word(arr.type.is_bool() ? (arr.ints[i] ? "true" : "false") : std::to_string(arr.ints[i]));
      }
      token("]", true);
      return;
    }
    case AttrKind::kEnum: {
      const auto& e = a.get<EnumAttr>();
      word(enum_value_names(e.kind)[static_cast<size_t>(e.value)]);
      return;
    }
    case AttrKind::kPrecisionConfig: {
      token("[");
      const auto& arr = a.get<ArrayAttr>();
      for (size_t i = 0; i < arr.elements.size(); ++i) {
        if (i) token(",");
        const auto& e = arr.elements[i].get<EnumAttr>();
        word(enum_value_names(e.kind)[static_cast<size_t>(e.value)]);
      }
      token("]", true);
      return;
    }
    case AttrKind::kConvDims:
      word(conv_dims_body(a.get<ConvDimsAttr>()));
      return;
    default:
      attr(a);
  }
}

void AsmPrinter::attr_dict(const Operation& op, const std::vector<std::string>& elided,
                           bool with_keyword) {
  std::vector<const NamedAttribute*> shown;
  for (const NamedAttribute& a : op.attributes()) {
    bool skip = false;
    for (const std::string& e : elided) skip = skip || e == a.name;
    if (!skip) shown.push_back(&a);
  }
  if (shown.empty()) return;
  // Sorted by name, as MLIR keeps attribute dictionaries, so the order does not depend on
  // whether the text put an attribute among the properties or the discardable attributes.
  std::stable_sort(shown.begin(), shown.end(),
                   [](const NamedAttribute* a, const NamedAttribute* b) { return a->name < b->name; });
  if (with_keyword) word("attributes");
  token("{");
  for (size_t i = 0; i < shown.size(); ++i) {
    if (i) token(",");
    word(shown[i]->name);
    if (!shown[i]->value.is<UnitAttr>()) {
      token("=");
      attr(shown[i]->value);
    }
  }
  token("}", true);
}

void AsmPrinter::bind_block_args(const Block& block, std::span<const std::string> names) {
  for (size_t i = 0; i < block.num_arguments(); ++i) {
    names_[block.argument(i)] = i < names.size() ? names[i] : new_arg_name();
  }
}

void AsmPrinter::region(const Region& r, bool entry_args) {
  token("{");
  ++indent;
  for (size_t b = 0; b < r.blocks().size(); ++b) {
    const Block& block = *r.blocks()[b];
    if ((entry_args && block.num_arguments() > 0) || b > 0) {
      --indent;
      newline();
      ++indent;
      out_ += "^bb" + std::to_string(b);
      if (block.num_arguments() > 0) {
        bind_block_args(block);
        out_ += "(";
        for (size_t i = 0; i < block.num_arguments(); ++i) {
          if (i) out_ += ", ";
          out_ += name_of(block.argument(i)) + ": " + to_string(block.argument(i)->type());
        }
        out_ += ")";
      }
      out_ += ":";
    }
    for (const auto& op : block.operations()) {
      newline();
      operation(*op);
    }
  }
  --indent;
  newline();
  out_ += "}";
}

void AsmPrinter::operation(const Operation& op) {
  if (op.num_results() > 0) {
    std::string base = "%" + std::to_string(next_value_++);
    if (op.num_results() == 1) {
      names_[op.result(0)] = base;
      out_ += base;
    } else {
      for (size_t i = 0; i < op.num_results(); ++i) {
        names_[op.result(i)] = base + "#" + std::to_string(i);
      }
      out_ += base + ":" + std::to_string(op.num_results());
    }
    out_ += " = ";
  }
  bool pretty = !options_.generic && op.info() && !op.info()->format.empty() &&
                format_fits(op, format_of(*op.info()));
  if (pretty) {
    pretty_op(op);
  } else {
    generic_op(op);
  }
  if (options_.locations && !op.source_loc().empty()) word(op.source_loc());
}

void AsmPrinter::pretty_op(const Operation& op) {
  const OpInfo& info = *op.info();
  // `func.func`, `builtin.module` and friends print their own names through a directive.
  const auto& elems = format_of(info);
  std::vector<std::string> elided;
  collect_elided(info, elems, elided);
  if (!(elems.size() == 1 && elems[0].kind == FormatElement::Kind::kCustom &&
        elems[0].text.ends_with("Op"))) {
    out_ += op.name();
  }
  auto print_elements = [&](auto& self, const std::vector<FormatElement>& list) -> void {
    for (const FormatElement& e : list) {
      switch (e.kind) {
        case FormatElement::Kind::kLiteral: token(e.text, e.glued); break;
        case FormatElement::Kind::kRef: {
          int g = info.operand_group_index(e.text);
          if (g >= 0) {
            values(operand_group(op, static_cast<size_t>(g)));
          } else if (const AttrSpec* spec = info.find_attr(e.text)) {
            pretty_attr(*op.attr(e.text), *spec);
          } else {
            for (size_t i = 0; i < info.regions.size(); ++i) {
              if (info.regions[i] == e.text) region(op.region(i));
            }
          }
          break;
        }
        case FormatElement::Kind::kAttrDict: attr_dict(op, elided); break;
        case FormatElement::Kind::kAttrDictWithKeyword: attr_dict(op, elided, true); break;
        case FormatElement::Kind::kType: {
          if (e.text == "operands") {
            types(op.operands());
          } else if (e.text == "results") {
            result_types(op);
          } else if (int g = info.operand_group_index(e.text); g >= 0) {
            types(operand_group(op, static_cast<size_t>(g)));
          } else if (int r = info.result_group_index(e.text); r >= 0) {
            auto rs = result_group(op, static_cast<size_t>(r));
            for (size_t i = 0; i < rs.size(); ++i) {
              if (i) token(",");
              type(rs[i]->type());
            }
          }
          break;
        }
        case FormatElement::Kind::kFunctionalType: functional_type(op); break;
        case FormatElement::Kind::kCustom: {
          PrintDirective fn = lookup_print_directive(e.text);
          if (fn) fn(*this, op, e.args);
          else word("<<missing print directive " + e.text + ">>");
          break;
        }
        case FormatElement::Kind::kOptional:
          if (group_present(op, e)) self(self, e.group);
          break;
      }
    }
  };
  print_elements(print_elements, elems);
}

void AsmPrinter::generic_op(const Operation& op) {
  out_ += "\"" + op.name() + "\"(";
  for (size_t i = 0; i < op.num_operands(); ++i) {
    if (i) out_ += ", ";
    out_ += name_of(op.operand(i));
  }
  out_ += ")";
  // Declared attributes are MLIR "properties" (`<{...}>`); the rest go in `{...}`.
  std::vector<std::string> declared, others;
  for (const NamedAttribute& a : op.attributes()) {
    bool is_declared = op.info() && op.info()->find_attr(a.name);
    (is_declared ? declared : others).push_back(a.name);
  }
  if (!declared.empty()) {
    out_ += " <";
    attr_dict(op, others);
    out_ += ">";
  }
  if (op.num_regions() > 0) {
    out_ += " (";
    for (size_t i = 0; i < op.num_regions(); ++i) {
      if (i) out_ += ", ";
      region(op.region(i));
    }
    out_ += ")";
  }
  attr_dict(op, declared);
  out_ += " : ";
  functional_type(op);
}

std::string print_module(const Module& module, const PrintOptions& options) {
  AsmPrinter p(options);
  p.operation(module.op());
  std::string out = std::move(p.out());
  out += "\n";
  for (const auto& [name, text] : const_cast<Module&>(module).trailing_aliases()) {
    if (options.locations) out += name + " = " + text + "\n";
  }
  return out;
}

std::string print_op(const Operation& op, const PrintOptions& options) {
  AsmPrinter p(options);
  p.operation(op);
  return std::move(p.out());
}

}  // namespace kiln::ir
