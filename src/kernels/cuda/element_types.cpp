// Names of the kernel library's element types.
#include "kernels/cuda/element_types.h"

#include <array>

namespace kiln::kernels {

namespace {

struct TypeNames {
  ElementKind kind;
  std::string_view name, cuda;
};

constexpr std::array<TypeNames, 9> kTypes = {{
    {ElementKind::kF32, "f32", "float"},
    {ElementKind::kF16, "f16", "half_t"},
    {ElementKind::kBF16, "bf16", "bf16_t"},
    {ElementKind::kSI32, "i32", "int"},
    {ElementKind::kUI32, "u32", "unsigned"},
    {ElementKind::kSI64, "i64", "long long"},
    {ElementKind::kI1, "pred", "bool"},
    // One byte each; kernels decode them (ops/float8.cuh) or hand them to the tensor cores.
    {ElementKind::kF8E4M3FN, "f8e4m3fn", "unsigned char"},
    {ElementKind::kF8E5M2, "f8e5m2", "unsigned char"},
}};

const TypeNames* names_of(const ElementType& t) {
  for (const auto& n : kTypes) {
    if (n.kind == t.kind()) return &n;
  }
  return nullptr;
}

}  // namespace

std::string dtype_name(const ElementType& t) {
  const TypeNames* n = names_of(t);
  return n ? std::string(n->name) : ir::to_string(t);
}

std::optional<ElementType> parse_dtype(std::string_view name) {
  for (const auto& n : kTypes) {
    if (n.name == name) return ElementType(n.kind);
  }
  return std::nullopt;
}

std::string_view cuda_type_name(const ElementType& t) {
  const TypeNames* n = names_of(t);
  return n ? n->cuda : std::string_view();
}

}  // namespace kiln::kernels
