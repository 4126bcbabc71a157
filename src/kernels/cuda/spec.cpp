// Shapes, configs, tolerances and StableHLO rendering shared by every kernel spec.
#include "kernels/cuda/spec.h"

#include <fmt/format.h>

#include <charconv>
#include <cstdlib>

namespace kiln::kernels {

int64_t num_elements(const Shape& shape) {
  int64_t n = 1;
  for (int64_t d : shape) n *= d;
  return n;
}

std::string shape_string(const Shape& shape) {
  if (shape.empty()) return "scalar";
  return fmt::format("{}", fmt::join(shape, "x"));
}

const Tolerance& Tolerances::for_dtype(ElementType t) const {
  switch (t.kind()) {
    case ElementKind::kF16:
      return f16;
    case ElementKind::kBF16:
      return bf16;
    default:
      return f32;
  }
}

int64_t input_bytes(const Problem& p) {
  int64_t b = 0;
  for (const auto& t : p.inputs) b += static_cast<int64_t>(t.bytes());
  return b;
}

double default_bytes(const Problem& p) {
  double b = 0;
  for (const auto& t : p.inputs) b += static_cast<double>(t.bytes());
  for (const auto& t : p.outputs) b += static_cast<double>(t.bytes());
  return b;
}

double problem_bytes(const KernelSpec& spec, const Problem& p) {
  return spec.bytes ? spec.bytes(p) : default_bytes(p);
}

double problem_flops(const KernelSpec& spec, const Problem& p) {
  return spec.flops ? spec.flops(p) : 0.0;
}

Expected<Config> complete_config(const KernelSpec& spec, const Config& given,
                                 const ElementType& dtype) {
  return complete_knobs(spec.name, spec.knobs, given, dtype);
}

namespace {

std::string tensor_type(const TensorSpec& t, std::string_view element) {
  std::string s = "tensor<";
  for (int64_t d : t.shape) s += fmt::format("{}x", d);
  return s + std::string(element) + ">";
}

// The value of one placeholder name (without braces), or nullopt if unknown.
std::optional<std::string> placeholder(const Problem& p, std::string_view name) {
  if (name == "T") return ir::to_string(p.dtype);
  if (name == "R") return std::to_string(p.shape.size());
  // The f32 epsilon, exactly (9 significant digits).
  if (name == "EPS" && p.epsilon) return fmt::format("{:.8e}", static_cast<float>(*p.epsilon));
  if (name == "SCALE" && p.scale) return fmt::format("{:.8e}", static_cast<float>(*p.scale));
  if (name.starts_with("iota")) {  // {iota3}: "0, 1, 2"
    int64_t n = std::atoll(std::string(name.substr(4)).c_str());
    std::vector<int64_t> dims(static_cast<size_t>(n));
    for (int64_t i = 0; i < n; ++i) dims[static_cast<size_t>(i)] = i;
    return fmt::format("{}", fmt::join(dims, ", "));
  }
  // {rank_in0}: "2"; {dims_in0}: "0, 1" (every dimension of in0, for broadcast_in_dim).
  for (std::string_view what : {"rank_", "dims_"}) {
    if (!name.starts_with(what)) continue;
    auto rest = name.substr(5);
    bool in = rest.starts_with("in");
    const auto& list = in ? p.inputs : p.outputs;
    size_t i = static_cast<size_t>(std::atoll(std::string(rest.substr(in ? 2 : 3)).c_str()));
    if (i >= list.size()) return {};
    int64_t rank = static_cast<int64_t>(list[i].shape.size());
    if (what == "rank_") return std::to_string(rank);
    return placeholder(p, fmt::format("iota{}", rank));
  }
  // {shape_in1}: "4096x512" (an input's or output's dimensions, for types of a higher rank).
  if (name.starts_with("shape_")) {
    auto rest = name.substr(6);
    bool in = rest.starts_with("in");
    if (!in && !rest.starts_with("out")) return {};
    const auto& list = in ? p.inputs : p.outputs;
    size_t i = static_cast<size_t>(std::atoll(std::string(rest.substr(in ? 2 : 3)).c_str()));
    if (i >= list.size()) return {};
    return fmt::format("{}", fmt::join(list[i].shape, "x"));
  }
  std::string_view element;
  if (auto colon = name.find(':'); colon != std::string_view::npos) {
    element = name.substr(colon + 1);
    name = name.substr(0, colon);
  }
  auto index = [&](size_t prefix) -> std::optional<size_t> {
    size_t i = 0;
    auto rest = name.substr(prefix);
    auto [ptr, ec] = std::from_chars(rest.data(), rest.data() + rest.size(), i);
    if (ec != std::errc() || ptr != rest.data() + rest.size() || rest.empty()) return {};
    return i;
  };
  const std::vector<TensorSpec>* list = nullptr;
  size_t prefix = 0;
  if (name.starts_with("in")) list = &p.inputs, prefix = 2;
  if (name.starts_with("out")) list = &p.outputs, prefix = 3;
  if (list) {
    auto i = index(prefix);
    if (!i || *i >= list->size()) return {};
    const TensorSpec& t = (*list)[*i];
    return tensor_type(t, element.empty() ? ir::to_string(t.dtype) : std::string(element));
  }
  // {D1/D2}: the quotient of two dimensions (GQA's query heads per KV head); nothing where the
  // divisor is 0.
  if (auto slash = name.find('/'); name.starts_with("D") && slash != std::string_view::npos) {
    auto a = placeholder(p, name.substr(0, slash)), b = placeholder(p, name.substr(slash + 1));
    if (!a || !b || *b == "0") return {};
    return std::to_string(std::stoll(*a) / std::stoll(*b));
  }
  if (name.starts_with("D") && element.empty()) {
    auto i = index(1);
    if (!i || *i >= p.shape.size()) return {};
    return std::to_string(p.shape[*i]);
  }
  return {};
}

}  // namespace

Expected<std::string> render_stablehlo(const KernelSpec& spec, const Problem& p) {
  const std::string& text = spec.stablehlo;
  std::string out;
  size_t pos = 0;
  while (pos < text.size()) {
    size_t open = text.find('{', pos);
    if (open == std::string::npos) break;
    size_t close = text.find('}', open);
    if (close == std::string::npos) break;
    auto value = placeholder(p, std::string_view(text).substr(open + 1, close - open - 1));
    out.append(text, pos, open - pos);
    // Braces that are not placeholders (attribute dictionaries) stay as they are.
    if (value) {
      out += *value;
      pos = close + 1;
    } else {
      out += '{';
      pos = open + 1;
    }
  }
  out.append(text, pos);
  return out;
}

Expected<Shape> parse_shape(std::string_view text) {
  Shape shape;
  if (text.empty() || text == "scalar") return shape;
  size_t pos = 0;
  while (pos <= text.size()) {
    size_t x = text.find('x', pos);
    if (x == std::string_view::npos) x = text.size();
    auto part = text.substr(pos, x - pos);
    int64_t d = -1;
    auto [ptr, ec] = std::from_chars(part.data(), part.data() + part.size(), d);
    if (ec != std::errc() || ptr != part.data() + part.size() || d < 0) {
      return Error::invalid_argument(
          fmt::format("bad shape '{}': expected dimensions like 4096x1024", text));
    }
    shape.push_back(d);
    pos = x + 1;
  }
  return shape;
}

}  // namespace kiln::kernels
