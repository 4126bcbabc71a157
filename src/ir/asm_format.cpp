// Splitting pretty-syntax formats into elements.
#include "ir/asm_format.h"

namespace kiln::ir {

namespace {

std::vector<std::string_view> split_words(std::string_view s) {
  std::vector<std::string_view> words;
  size_t i = 0;
  while (i < s.size()) {
    while (i < s.size() && (s[i] == ' ' || s[i] == '\n' || s[i] == '\t')) ++i;
    size_t start = i;
    while (i < s.size() && !(s[i] == ' ' || s[i] == '\n' || s[i] == '\t')) ++i;
    if (i > start) words.push_back(s.substr(start, i - start));
  }
  return words;
}

std::string strip_dollar(std::string_view s) {
  if (!s.empty() && s[0] == '$') s.remove_prefix(1);
  return std::string(s);
}

bool parse_words(const std::vector<std::string_view>& words, size_t& i,
                 std::vector<FormatElement>& out, bool in_group, std::string* error) {
  auto fail = [&](std::string msg) {
    if (error) *error = std::move(msg);
    return false;
  };
  while (i < words.size()) {
    std::string_view w = words[i++];
    FormatElement e{};
    if (w == "}?") {
      if (!in_group) return fail("'}?' without '{?'");
      return true;
    } else if (w == "{?") {
      e.kind = FormatElement::Kind::kOptional;
      if (!parse_words(words, i, e.group, true, error)) return false;
      if (e.group.empty()) return fail("empty optional group");
    } else if (w == "attr-dict") {
      e.kind = FormatElement::Kind::kAttrDict;
    } else if (w == "attr-dict-with-keyword") {
      e.kind = FormatElement::Kind::kAttrDictWithKeyword;
    } else if (w == "functional-type") {
      e.kind = FormatElement::Kind::kFunctionalType;
    } else if (w.starts_with("type(") && w.ends_with(")")) {
      e.kind = FormatElement::Kind::kType;
      e.text = strip_dollar(w.substr(5, w.size() - 6));
    } else if (w.starts_with("custom<")) {
      size_t close = w.find('>');
      if (close == std::string_view::npos) return fail("bad custom directive " + std::string(w));
      e.kind = FormatElement::Kind::kCustom;
      e.text = std::string(w.substr(7, close - 7));
      std::string_view rest = w.substr(close + 1);
      if (rest.starts_with("(") && rest.ends_with(")")) {
        rest = rest.substr(1, rest.size() - 2);
        while (!rest.empty()) {
          size_t comma = rest.find(',');
          e.args.push_back(strip_dollar(rest.substr(0, comma)));
          if (comma == std::string_view::npos) break;
          rest.remove_prefix(comma + 1);
        }
      } else if (!rest.empty()) {
        return fail("bad custom directive " + std::string(w));
      }
    } else if (w.size() > 1 && w[0] == '$') {
      e.kind = FormatElement::Kind::kRef;
      e.text = strip_dollar(w);
    } else {
      e.kind = FormatElement::Kind::kLiteral;
      if (w.size() > 1 && w[0] == '^') {
        e.glued = true;
        w.remove_prefix(1);
      }
      e.text = std::string(w);
    }
    out.push_back(std::move(e));
  }
  if (in_group) return fail("'{?' without '}?'");
  return true;
}

}  // namespace

std::vector<FormatElement> parse_format(std::string_view format, std::string* error) {
  std::vector<FormatElement> out;
  size_t i = 0;
  if (!parse_words(split_words(format), i, out, false, error)) return {};
  return out;
}

}  // namespace kiln::ir
