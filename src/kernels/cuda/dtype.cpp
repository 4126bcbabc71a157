// Names and sizes of the kernel library's element types.
#include "kernels/cuda/dtype.h"

#include <array>

namespace kiln::kernels {

namespace {

struct DTypeInfo {
  DType type;
  std::string_view name, mlir, cuda;
  size_t bytes;
};

constexpr std::array<DTypeInfo, 7> kDTypes = {{
    {DType::kF32, "f32", "f32", "float", 4},
    {DType::kF16, "f16", "f16", "half_t", 2},
    {DType::kBF16, "bf16", "bf16", "bf16_t", 2},
    {DType::kI32, "i32", "i32", "int", 4},
    {DType::kU32, "u32", "ui32", "unsigned", 4},
    {DType::kI64, "i64", "i64", "long long", 8},
    {DType::kPred, "pred", "i1", "bool", 1},
}};

const DTypeInfo& info(DType t) { return kDTypes[static_cast<size_t>(t)]; }

}  // namespace

std::string_view dtype_name(DType t) { return info(t).name; }
std::string_view dtype_mlir(DType t) { return info(t).mlir; }
std::string_view dtype_cuda(DType t) { return info(t).cuda; }
size_t dtype_bytes(DType t) { return info(t).bytes; }
bool dtype_is_float(DType t) { return t == DType::kF32 || t == DType::kF16 || t == DType::kBF16; }

std::optional<DType> parse_dtype(std::string_view name) {
  for (const auto& d : kDTypes) {
    if (d.name == name) return d.type;
  }
  return std::nullopt;
}

}  // namespace kiln::kernels
