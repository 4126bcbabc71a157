// Element types of StableHLO tensors: booleans, integers, every float format, complex, quantized.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace kiln::ir {

// Every element kind of the StableHLO spec. Signed integers print as `iN` (MLIR's
// signless spelling, which StableHLO treats as signed); `siN` is accepted on input.
enum class ElementKind : uint8_t {
  kI1,
  kSI2, kSI4, kSI8, kSI16, kSI32, kSI64,
  kUI2, kUI4, kUI8, kUI16, kUI32, kUI64,
  kF4E2M1FN, kF6E2M3FN, kF6E3M2FN,
  kF8E3M4, kF8E4M3, kF8E4M3FN, kF8E4M3FNUZ, kF8E4M3B11FNUZ, kF8E5M2, kF8E5M2FNUZ, kF8E8M0FNU,
  kBF16, kF16, kTF32, kF32, kF64,
  kComplexF32, kComplexF64,
  kIndex,      // MLIR `index`: only in shape operands of dynamic ops
  kQuantized,  // `!quant.uniform<...>`: see QuantParams
};

// Parameters of a uniform quantized type `!quant.uniform<storage<min:max>:expressed:dim, ...>`.
// Per-tensor quantization has one scale and zero point and no quantized dimension.
struct QuantParams {
  ElementKind storage = ElementKind::kSI8;
  int64_t storage_min = 0;
  int64_t storage_max = 0;
  ElementKind expressed = ElementKind::kF32;
  std::optional<int32_t> quantized_dimension;
  std::vector<double> scales;
  std::vector<int64_t> zero_points;

  bool operator==(const QuantParams&) const = default;
};

// An element type: a kind, plus quantization parameters for kQuantized. Cheap to copy.
class ElementType {
 public:
  ElementType() = default;
  ElementType(ElementKind kind) : kind_(kind) {}  // NOLINT: implicit by design
  static ElementType quantized(QuantParams params);

  ElementKind kind() const { return kind_; }
  const QuantParams& quant() const { return *quant_; }

  bool is_bool() const { return kind_ == ElementKind::kI1; }
  bool is_signed_int() const { return kind_ >= ElementKind::kSI2 && kind_ <= ElementKind::kSI64; }
  bool is_unsigned_int() const { return kind_ >= ElementKind::kUI2 && kind_ <= ElementKind::kUI64; }
  bool is_int() const { return is_signed_int() || is_unsigned_int(); }
  bool is_float() const { return kind_ >= ElementKind::kF4E2M1FN && kind_ <= ElementKind::kF64; }
  bool is_complex() const {
    return kind_ == ElementKind::kComplexF32 || kind_ == ElementKind::kComplexF64;
  }
  bool is_quantized() const { return kind_ == ElementKind::kQuantized; }
  bool is_index() const { return kind_ == ElementKind::kIndex; }

  // Bits of one element's value (complex: both parts; quantized: the storage type).
  int bit_width() const;
  // Bytes one element occupies in kiln's dense storage (sub-byte types take a whole byte).
  int storage_bytes() const;
  // The real part's type of a complex type; the type itself otherwise.
  ElementType complex_part() const;
  // The storage type of a quantized type; the type itself otherwise.
  ElementType storage_type() const;

  bool operator==(const ElementType& other) const;
  bool operator!=(const ElementType& other) const { return !(*this == other); }

 private:
  ElementKind kind_ = ElementKind::kF32;
  std::shared_ptr<const QuantParams> quant_;
};

// The MLIR spelling: "i32", "ui8", "bf16", "f8E4M3FN", "complex<f32>", "!quant.uniform<...>".
std::string to_string(const ElementType& type);
// The element kind named by a keyword ("i32", "si32", "f16", "f8E5M2", "index"); nullopt
// for anything else, including complex and quantized types, which have their own syntax.
std::optional<ElementKind> element_kind_from_keyword(std::string_view keyword);

}  // namespace kiln::ir
