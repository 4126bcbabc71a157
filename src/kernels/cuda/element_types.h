// The element types of the kernel library (ir::ElementType): their names on the command line
// and in result files, and their names in kernel sources.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

#include "ir/element_type.h"

namespace kiln::kernels {

using ir::ElementKind;
using ir::ElementType;

// "f32", "f16", "bf16", "i32", "u32", "i64", "pred", "f8e4m3fn", "f8e5m2" for the types kernels are written for
// (`kiln bench --dtype`, result files); any other type by its StableHLO spelling.
std::string dtype_name(const ElementType& t);
// The type dtype_name spells `name` for the library's types; nullopt for anything else.
std::optional<ElementType> parse_dtype(std::string_view name);
// The type's name in kernel sources (common.cuh): float, half_t, bf16_t, int, unsigned,
// long long, bool, unsigned char (the f8 formats' bytes); empty for a type the library has no kernels for.
std::string_view cuda_type_name(const ElementType& t);
// Bytes of one element in device memory (a pred is one byte).
inline size_t element_bytes(const ElementType& t) { return static_cast<size_t>(t.storage_bytes()); }

}  // namespace kiln::kernels
