// The scalar types of generated code, one entry per element kind.
#include "backend/cuda/codegen/scalar_type.h"

#include <fmt/format.h>

#include <bit>
#include <cstring>

#include "ir/float_format.h"

namespace kiln::backend::cuda {

namespace {

using K = ir::ElementKind;

ScalarType make(K kind, std::string storage, std::string compute, int bits) {
  ScalarType t;
  t.kind = kind;
  t.storage = std::move(storage);
  t.compute = std::move(compute);
  t.bits = bits;
  return t;
}

ScalarType integer(K kind, std::string type, int bits, bool is_signed) {
  ScalarType t = make(kind, type, type, bits);
  t.is_int = true;
  t.is_signed = is_signed;
  return t;
}

ScalarType floating(K kind, std::string storage, std::string compute, int bits) {
  ScalarType t = make(kind, storage, compute, bits);
  t.is_float = true;
  t.narrow = bits < 32;
  return t;
}

// A float format of 8 bits or fewer: one per byte, held in float, rounded by ops/float8.cuh.
ScalarType byte_float(K kind, const char* format, int bits) {
  ScalarType t = floating(kind, "u8", "float", bits);
  t.format = std::string("kg::") + format;
  return t;
}

}  // namespace

namespace {

Expected<ScalarType> scalar_type_by_kind(const ir::ElementType& element) {
  switch (element.kind()) {
    case K::kI1: {
      ScalarType t = make(K::kI1, "bool", "bool", 1);
      t.is_bool = true;
      return t;
    }
    case K::kSI2: return integer(K::kSI2, "s8", 2, true);
    case K::kSI4: return integer(K::kSI4, "s8", 4, true);
    case K::kSI8: return integer(K::kSI8, "s8", 8, true);
    case K::kSI16: return integer(K::kSI16, "s16", 16, true);
    case K::kSI32: return integer(K::kSI32, "s32", 32, true);
    case K::kSI64: return integer(K::kSI64, "i64", 64, true);
    case K::kUI2: return integer(K::kUI2, "u8", 2, false);
    case K::kUI4: return integer(K::kUI4, "u8", 4, false);
    case K::kUI8: return integer(K::kUI8, "u8", 8, false);
    case K::kUI16: return integer(K::kUI16, "u16", 16, false);
    case K::kUI32: return integer(K::kUI32, "u32", 32, false);
    case K::kUI64: return integer(K::kUI64, "u64", 64, false);
    case K::kBF16: return floating(K::kBF16, "bf16_t", "float", 16);
    case K::kF16: return floating(K::kF16, "half_t", "float", 16);
    case K::kF32: return floating(K::kF32, "float", "float", 32);
    case K::kF4E2M1FN: return byte_float(K::kF4E2M1FN, "f4e2m1fn", 4);
    case K::kF6E2M3FN: return byte_float(K::kF6E2M3FN, "f6e2m3fn", 6);
    case K::kF6E3M2FN: return byte_float(K::kF6E3M2FN, "f6e3m2fn", 6);
    case K::kF8E3M4: return byte_float(K::kF8E3M4, "f8e3m4", 8);
    case K::kF8E4M3: return byte_float(K::kF8E4M3, "f8e4m3", 8);
    case K::kF8E4M3FN: return byte_float(K::kF8E4M3FN, "f8e4m3fn", 8);
    case K::kF8E4M3FNUZ: return byte_float(K::kF8E4M3FNUZ, "f8e4m3fnuz", 8);
    case K::kF8E4M3B11FNUZ: return byte_float(K::kF8E4M3B11FNUZ, "f8e4m3b11fnuz", 8);
    case K::kF8E5M2: return byte_float(K::kF8E5M2, "f8e5m2", 8);
    case K::kF8E5M2FNUZ: return byte_float(K::kF8E5M2FNUZ, "f8e5m2fnuz", 8);
    case K::kF8E8M0FNU: return byte_float(K::kF8E8M0FNU, "f8e8m0fnu", 8);
    case K::kF64: return floating(K::kF64, "double", "double", 64);
    case K::kComplexF32:
    case K::kComplexF64: {
      const bool wide = element.kind() == K::kComplexF64;
      ScalarType t = make(element.kind(), wide ? "kg::c128" : "kg::c64",
                          wide ? "kg::c128" : "kg::c64", wide ? 128 : 64);
      t.is_complex = true;
      t.part = wide ? "double" : "float";
      return t;
    }
    // Quantized values are held as their storage integers (ops on their meaning go through
    // emit_dequantize_op_quantize).
    case K::kQuantized: return scalar_type_by_kind(element.storage_type());
    default:
      return Error::unimplemented("the cuda backend's generated code does not hold " +
                                  ir::to_string(element) + " elements yet");
  }
}

}  // namespace

Expected<ScalarType> scalar_type_of(const ir::ElementType& element) {
  KILN_TRY(ScalarType t, scalar_type_by_kind(element));
  // Kiln's dense storage: sub-byte types a byte each (bool, s8, u8), the rest their width.
  t.bytes = element.storage_type().storage_bytes();
  return t;
}

std::string ScalarType::load(const std::string& ptr, const std::string& i) const {
  if (!format.empty()) return fmt::format("kg::f8_to_float<{}>({}[{}])", format, ptr, i);
  if (storage == compute) return fmt::format("{}[{}]", ptr, i);
  return fmt::format("to_float({}[{}])", ptr, i);
}

std::string ScalarType::store(const std::string& ptr, const std::string& i,
                              const std::string& value) const {
  if (!format.empty()) return fmt::format("{}[{}] = kg::float_to_f8<{}>({});", ptr, i, format, value);
  if (storage == compute) return fmt::format("{}[{}] = {};", ptr, i, value);
  return fmt::format("{}[{}] = from_float<{}>({});", ptr, i, storage, value);
}

std::string ScalarType::round(const std::string& expr) const {
  if (kind == K::kBF16) return fmt::format("kg::round_bf16({})", expr);
  if (kind == K::kF16) return fmt::format("kg::round_f16({})", expr);
  if (!format.empty()) return fmt::format("kg::round_f8<{}>({})", format, expr);
  if (is_int && bits < 8) {
    return fmt::format("kg::wrap_{}({}, {})", is_signed ? "s" : "u", expr, bits);
  }
  return expr;
}

std::string ScalarType::literal_bits(uint64_t b) const {
  if (is_bool) return b & 1 ? "true" : "false";
  if (is_int) {
    if (is_signed) {
      int64_t v = static_cast<int64_t>(b << (64 - bits)) >> (64 - bits);
      if (v == INT64_MIN) return "static_cast<i64>(0x8000000000000000ULL)";
      return fmt::format("static_cast<{}>({}LL)", compute, v);
    }
    return fmt::format("static_cast<{}>({}ULL)", compute, b & (bits == 64 ? ~0ULL : ((1ULL << bits) - 1)));
  }
  if (kind == K::kF64) return fmt::format("__longlong_as_double({}LL)", static_cast<int64_t>(b));
  // Narrow floats and f32 are exact in float.
  double v = ir::bits_to_double(kind, b);
  float f = static_cast<float>(v);
  return fmt::format("__int_as_float({})", std::bit_cast<int32_t>(f));
}

std::string ScalarType::literal_complex(uint64_t re, uint64_t im) const {
  if (kind == K::kComplexF64) {
    return fmt::format("{}{{__longlong_as_double({}LL), __longlong_as_double({}LL)}}", compute,
                       static_cast<int64_t>(re), static_cast<int64_t>(im));
  }
  return fmt::format("{}{{__int_as_float({}), __int_as_float({})}}", compute,
                     static_cast<int32_t>(re), static_cast<int32_t>(im));
}

std::string ScalarType::literal_double(double v) const {
  if (is_complex) {
    const std::string p = kind == K::kComplexF64
                              ? fmt::format("__longlong_as_double({}LL)", std::bit_cast<int64_t>(v))
                              : fmt::format("__int_as_float({})", std::bit_cast<int32_t>(static_cast<float>(v)));
    return fmt::format("{}{{{}, 0}}", compute, p);
  }
  if (is_bool) return v != 0 ? "true" : "false";
  if (is_int) return fmt::format("static_cast<{}>({}LL)", compute, static_cast<int64_t>(v));
  if (kind == K::kF64) return fmt::format("__longlong_as_double({}LL)", std::bit_cast<int64_t>(v));
  // The byte formats round `v` as the interpreter does (E8M0 has no zero: 0 is its NaN).
  if (!format.empty()) return literal_bits(ir::double_to_bits(kind, v));
  return fmt::format("__int_as_float({})", std::bit_cast<int32_t>(static_cast<float>(v)));
}

}  // namespace kiln::backend::cuda
