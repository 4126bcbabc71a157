// The element types of the kernel library, with their sizes and StableHLO spellings.
#pragma once

#include <cstddef>
#include <optional>
#include <string_view>

namespace kiln::kernels {

// Floating types are what kernels are written for; the integer and boolean types appear as
// indices (argmax, sort values), predicates (select) and sort keys.
enum class DType { kF32, kF16, kBF16, kI32, kU32, kI64, kPred };

// "f32", "f16", "bf16", "i32", "u32", "i64", "pred": the name on the command line and in
// result files.
std::string_view dtype_name(DType t);
// The StableHLO element type: "f32", "f16", "bf16", "i32", "ui32", "i64", "i1".
std::string_view dtype_mlir(DType t);
// The type's name in kernel sources (common.cuh): float, half_t, bf16_t, int, unsigned,
// long long, bool.
std::string_view dtype_cuda(DType t);
size_t dtype_bytes(DType t);
bool dtype_is_float(DType t);
// Parses dtype_name's spelling; nullopt for anything else.
std::optional<DType> parse_dtype(std::string_view name);

}  // namespace kiln::kernels
