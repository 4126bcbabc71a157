// Element type names, widths and equality.
#include "ir/element_type.h"

#include <array>
#include <cstdio>

namespace kiln::ir {

namespace {

struct KindInfo {
  ElementKind kind;
  const char* name;
  int bits;
};

constexpr std::array kKinds = {
    KindInfo{ElementKind::kI1, "i1", 1},
    KindInfo{ElementKind::kSI2, "i2", 2},
    KindInfo{ElementKind::kSI4, "i4", 4},
    KindInfo{ElementKind::kSI8, "i8", 8},
    KindInfo{ElementKind::kSI16, "i16", 16},
    KindInfo{ElementKind::kSI32, "i32", 32},
    KindInfo{ElementKind::kSI64, "i64", 64},
    KindInfo{ElementKind::kUI2, "ui2", 2},
    KindInfo{ElementKind::kUI4, "ui4", 4},
    KindInfo{ElementKind::kUI8, "ui8", 8},
    KindInfo{ElementKind::kUI16, "ui16", 16},
    KindInfo{ElementKind::kUI32, "ui32", 32},
    KindInfo{ElementKind::kUI64, "ui64", 64},
    KindInfo{ElementKind::kF4E2M1FN, "f4E2M1FN", 4},
    KindInfo{ElementKind::kF6E2M3FN, "f6E2M3FN", 6},
    KindInfo{ElementKind::kF6E3M2FN, "f6E3M2FN", 6},
    KindInfo{ElementKind::kF8E3M4, "f8E3M4", 8},
    KindInfo{ElementKind::kF8E4M3, "f8E4M3", 8},
    KindInfo{ElementKind::kF8E4M3FN, "f8E4M3FN", 8},
    KindInfo{ElementKind::kF8E4M3FNUZ, "f8E4M3FNUZ", 8},
    KindInfo{ElementKind::kF8E4M3B11FNUZ, "f8E4M3B11FNUZ", 8},
    KindInfo{ElementKind::kF8E5M2, "f8E5M2", 8},
    KindInfo{ElementKind::kF8E5M2FNUZ, "f8E5M2FNUZ", 8},
    KindInfo{ElementKind::kF8E8M0FNU, "f8E8M0FNU", 8},
    KindInfo{ElementKind::kBF16, "bf16", 16},
    KindInfo{ElementKind::kF16, "f16", 16},
    KindInfo{ElementKind::kTF32, "tf32", 19},
    KindInfo{ElementKind::kF32, "f32", 32},
    KindInfo{ElementKind::kF64, "f64", 64},
    KindInfo{ElementKind::kComplexF32, "complex<f32>", 64},
    KindInfo{ElementKind::kComplexF64, "complex<f64>", 128},
    KindInfo{ElementKind::kIndex, "index", 64},
    KindInfo{ElementKind::kQuantized, "!quant.uniform", 0},
};

const KindInfo& info(ElementKind kind) { return kKinds[static_cast<size_t>(kind)]; }

std::string format_scale(double scale) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.17g", scale);
  return buf;
}

}  // namespace

ElementType ElementType::quantized(QuantParams params) {
  ElementType type(ElementKind::kQuantized);
  type.quant_ = std::make_shared<const QuantParams>(std::move(params));
  return type;
}

int ElementType::bit_width() const {
  if (is_quantized()) return ElementType(quant_->storage).bit_width();
  return info(kind_).bits;
}

int ElementType::storage_bytes() const {
  int bits = bit_width();
  if (kind_ == ElementKind::kTF32) bits = 32;
  return bits <= 8 ? 1 : bits / 8;
}

ElementType ElementType::complex_part() const {
  if (kind_ == ElementKind::kComplexF32) return ElementKind::kF32;
  if (kind_ == ElementKind::kComplexF64) return ElementKind::kF64;
  return *this;
}

ElementType ElementType::storage_type() const {
  return is_quantized() ? ElementType(quant_->storage) : *this;
}

bool ElementType::operator==(const ElementType& other) const {
  if (kind_ != other.kind_) return false;
  if (kind_ != ElementKind::kQuantized) return true;
  return *quant_ == *other.quant_;
}

std::string to_string(const ElementType& type) {
  if (!type.is_quantized()) return info(type.kind()).name;
  const QuantParams& q = type.quant();
  std::string out = "!quant.uniform<";
  out += info(q.storage).name;
  ElementType storage(q.storage);
  // The storage range is printed only when it differs from the storage type's full range.
  int bits = storage.bit_width();
  int64_t full_min = storage.is_signed_int() ? -(int64_t{1} << (bits - 1)) : 0;
  int64_t full_max = storage.is_signed_int() ? (int64_t{1} << (bits - 1)) - 1
                                             : static_cast<int64_t>((uint64_t{1} << bits) - 1);
  if (q.storage_min != full_min || q.storage_max != full_max) {
    out += "<" + std::to_string(q.storage_min) + ":" + std::to_string(q.storage_max) + ">";
  }
  out += ":";
  out += info(q.expressed).name;
  if (q.quantized_dimension) out += ":" + std::to_string(*q.quantized_dimension);
  out += ", ";
  auto scale_zp = [&](size_t i) {
    std::string s = format_scale(q.scales[i]);
    if (q.zero_points[i] != 0) s += ":" + std::to_string(q.zero_points[i]);
    return s;
  };
  if (q.quantized_dimension) {
    out += "{";
    for (size_t i = 0; i < q.scales.size(); ++i) out += (i ? "," : "") + scale_zp(i);
    out += "}";
  } else if (!q.scales.empty()) {
    out += scale_zp(0);
  }
  out += ">";
  return out;
}

std::optional<ElementKind> element_kind_from_keyword(std::string_view keyword) {
  for (const KindInfo& k : kKinds) {
    if (k.kind == ElementKind::kComplexF32 || k.kind == ElementKind::kComplexF64 ||
        k.kind == ElementKind::kQuantized) {
      continue;
    }
    if (keyword == k.name) return k.kind;
  }
  if (keyword.size() > 2 && keyword[0] == 's' && keyword[1] == 'i') {
    std::string signless(keyword.substr(1));
    for (const KindInfo& k : kKinds) {
      if (signless == k.name && k.kind != ElementKind::kI1) return k.kind;
    }
  }
  return std::nullopt;
}

}  // namespace kiln::ir
