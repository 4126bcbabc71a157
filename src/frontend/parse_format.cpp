// Reading an op's pretty form by interpreting its format (see src/ir/asm_format.h).
#include <mutex>
#include <unordered_map>

#include "frontend/asm_parser.h"
#include "ir/asm_format.h"

namespace kiln::frontend {

namespace {

std::unordered_map<std::string_view, ParseDirective>& parse_directives() {
  static std::unordered_map<std::string_view, ParseDirective> map;
  return map;
}

const std::vector<ir::FormatElement>& format_of(const ir::OpInfo& info) {
  static std::mutex mu;
  static std::unordered_map<const ir::OpInfo*, std::vector<ir::FormatElement>> cache;
  std::lock_guard<std::mutex> lock(mu);
  auto it = cache.find(&info);
  if (it == cache.end()) it = cache.emplace(&info, ir::parse_format(info.format)).first;
  return it->second;
}

// Parses `count` types and checks them against the given operands.
bool parse_operand_types(AsmParser& p, const std::vector<ir::Value*>& operands) {
  for (size_t i = 0; i < operands.size(); ++i) {
    if (i && !p.expect(Tok::kComma, "',' between types")) return false;
    size_t at = p.peek().offset;
    ir::Type t;
    if (!p.parse_type(t)) return false;
    if (!p.check_operand_type(operands[i], t, at)) return false;
  }
  return true;
}

bool parse_elements(AsmParser& p, OpState& s, const std::vector<ir::FormatElement>& elems);

bool parse_element(AsmParser& p, OpState& s, const ir::FormatElement& e) {
  const ir::OpInfo& info = *s.op->info();
  using K = ir::FormatElement::Kind;
  switch (e.kind) {
    case K::kLiteral:
      return p.expect_literal(e.text);
    case K::kRef: {
      int g = info.operand_group_index(e.text);
      if (g >= 0) {
        auto& group = s.operand_groups[static_cast<size_t>(g)];
        if (info.operands[static_cast<size_t>(g)].arity == ir::Arity::kOne) {
          ir::Value* v;
          if (!p.parse_value_use(v)) return false;
          group.push_back(v);
          return true;
        }
        return p.parse_value_list(group);
      }
      if (const ir::AttrSpec* spec = info.find_attr(e.text)) {
        ir::Attribute a;
        if (!p.parse_pretty_attr(*spec, a)) return false;
        s.op->set_attr(e.text, std::move(a));
        return true;
      }
      for (size_t i = 0; i < info.regions.size(); ++i) {
        if (info.regions[i] == e.text) {
          while (s.op->num_regions() <= i) s.op->add_region();
          return p.parse_region(s.op->region(i));
        }
      }
      return p.fail_here("kiln bug: format of '" + s.op->name() + "' names unknown '" + e.text +
                         "'");
    }
    case K::kAttrDict:
      if (p.peek().kind == Tok::kLBrace) return p.parse_attr_dict_into(*s.op);
      return true;
    case K::kAttrDictWithKeyword:
      if (p.consume_keyword_if("attributes")) return p.parse_attr_dict_into(*s.op);
      return true;
    case K::kType: {
      if (e.text == "operands") return parse_operand_types(p, s.all_operands());
      if (e.text == "results") {
        std::vector<ir::Type> types;
        if (!p.parse_type_list(types, s.num_results)) return false;
        s.set_result_types(std::move(types));
        return true;
      }
      int g = info.operand_group_index(e.text);
      if (g >= 0) return parse_operand_types(p, s.operand_groups[static_cast<size_t>(g)]);
      int r = info.result_group_index(e.text);
      if (r >= 0) {
        // Only ops whose results form one group name them this way.
        std::vector<ir::Type> types;
        if (!p.parse_type_list(types, s.num_results)) return false;
        s.set_result_types(std::move(types));
        return true;
      }
      return p.fail_here("kiln bug: type() of unknown '" + e.text + "'");
    }
    case K::kFunctionalType: {
      size_t at = p.peek().offset;
      std::vector<ir::Type> inputs, results;
      if (!p.parse_function_type(inputs, results)) return false;
      std::vector<ir::Value*> operands = s.all_operands();
      if (inputs.size() != operands.size()) {
        return p.fail(at, "the type lists " + std::to_string(inputs.size()) +
                              " operands but the operation has " +
                              std::to_string(operands.size()));
      }
      for (size_t i = 0; i < operands.size(); ++i) {
        if (!p.check_operand_type(operands[i], inputs[i], at)) return false;
      }
      s.set_result_types(std::move(results));
      return true;
    }
    case K::kCustom: {
      ParseDirective fn = lookup_parse_directive(e.text);
      if (!fn) return p.fail_here("kiln bug: no parse directive " + e.text);
      return fn(p, s, e.args);
    }
    case K::kOptional: {
      const ir::FormatElement& first = e.group.front();
      bool present = false;
      if (first.kind == K::kLiteral) {
        present = p.next_is_literal(first.text);
      } else if (first.kind == K::kRef && info.operand_group_index(first.text) >= 0) {
        // `%x` starts the group unless it names the results of the next op (`%x =`,
        // `%x:2 =`), which happens when an operand-less op is not the last of its block.
        size_t save = p.lexer().position();
        present = p.next().kind == Tok::kValueId;
        if (present) {
          Token after = p.next();
          present = after.kind != Tok::kEqual &&
                    !(after.kind == Tok::kColon && p.peek().kind == Tok::kInteger);
        }
        p.lexer().reset(save);
      }
      if (!present) return true;
      return parse_elements(p, s, e.group);
    }
  }
  return false;
}

bool parse_elements(AsmParser& p, OpState& s, const std::vector<ir::FormatElement>& elems) {
  for (const ir::FormatElement& e : elems) {
    if (!parse_element(p, s, e)) return false;
  }
  return true;
}

}  // namespace

ParseDirectiveRegistration::ParseDirectiveRegistration(std::string_view name, ParseDirective fn) {
  parse_directives().emplace(name, fn);
}

ParseDirective lookup_parse_directive(std::string_view name) {
  auto it = parse_directives().find(name);
  return it == parse_directives().end() ? nullptr : it->second;
}

bool parse_with_format(AsmParser& p, OpState& state) {
  const auto& elems = format_of(*state.op->info());
  if (!parse_elements(p, state, elems)) return false;
  // Regions the syntax did not spell are still part of the op (empty), so that the verifier
  // reports them instead of the parser crashing on a missing region.
  while (state.op->num_regions() < state.op->info()->regions.size()) state.op->add_region();
  return true;
}

}  // namespace kiln::frontend
