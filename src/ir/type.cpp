// Value types and their MLIR spelling.
#include "ir/type.h"

namespace kiln::ir {

Type Type::tensor(std::vector<int64_t> shape, ElementType element, std::vector<int64_t> bounds) {
  Type t;
  t.kind_ = Kind::kTensor;
  t.shape_ = std::move(shape);
  t.element_ = std::move(element);
  t.bounds_ = std::move(bounds);
  return t;
}

Type Type::token() {
  Type t;
  t.kind_ = Kind::kToken;
  return t;
}

Type Type::tuple(std::vector<Type> elements) {
  Type t;
  t.kind_ = Kind::kTuple;
  t.tuple_ = std::move(elements);
  return t;
}

Type Type::function(std::vector<Type> inputs, std::vector<Type> results) {
  Type t;
  t.kind_ = Kind::kFunction;
  t.tuple_ = std::move(inputs);
  t.results_ = std::move(results);
  return t;
}

bool Type::is_static() const {
  if (kind_ == Kind::kTuple) {
    for (const Type& t : tuple_) {
      if (!t.is_static()) return false;
    }
    return true;
  }
  for (int64_t d : shape_) {
    if (d == kDynamic) return false;
  }
  return true;
}

std::optional<int64_t> Type::num_elements() const {
  int64_t n = 1;
  for (int64_t d : shape_) {
    if (d < 0) return std::nullopt;
    if (d != 0 && n > std::numeric_limits<int64_t>::max() / d) return std::nullopt;
    n *= d;
  }
  return n;
}

Type Type::with_element(ElementType element) const {
  Type t = *this;
  t.element_ = std::move(element);
  return t;
}

bool Type::operator==(const Type& other) const {
  return kind_ == other.kind_ && shape_ == other.shape_ && element_ == other.element_ &&
         bounds_ == other.bounds_ && tuple_ == other.tuple_ && results_ == other.results_;
}

std::string to_string(const Type& type) {
  switch (type.kind()) {
    case Type::Kind::kToken: return "!stablehlo.token";
    case Type::Kind::kTuple: {
      std::string out = "tuple<";
      for (size_t i = 0; i < type.tuple_elements().size(); ++i) {
        if (i) out += ", ";
        out += to_string(type.tuple_elements()[i]);
      }
      return out + ">";
    }
    case Type::Kind::kFunction: {
      auto list = [](const std::vector<Type>& ts) {
        std::string s;
        for (size_t i = 0; i < ts.size(); ++i) s += (i ? ", " : "") + to_string(ts[i]);
        return s;
      };
      std::string out = "(" + list(type.function_inputs()) + ") -> ";
      const auto& rs = type.function_results();
      if (rs.size() == 1 && !rs[0].is_function()) return out + to_string(rs[0]);
      return out + "(" + list(rs) + ")";
    }
    case Type::Kind::kTensor: break;
  }
  std::string out = "tensor<";
  for (int64_t d : type.shape()) {
    out += d == kDynamic ? std::string("?") : std::to_string(d);
    out += "x";
  }
  out += to_string(type.element());
  if (!type.bounds().empty()) {
    out += ", #stablehlo.bounds<";
    for (size_t i = 0; i < type.bounds().size(); ++i) {
      if (i) out += ", ";
      out += type.bounds()[i] == kDynamic ? std::string("?") : std::to_string(type.bounds()[i]);
    }
    out += ">";
  }
  return out + ">";
}

}  // namespace kiln::ir
