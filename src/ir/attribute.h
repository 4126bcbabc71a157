// Typed attributes of operations: scalars, arrays, dense tensors, enums and StableHLO's
// structured attributes (dot, gather, scatter and convolution dimension numbers, ...).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "ir/element_type.h"
#include "ir/type.h"

namespace kiln::ir {

class Attribute;
struct NamedAttribute;

struct UnitAttr {
  bool operator==(const UnitAttr&) const = default;
};
struct BoolAttr {
  bool value = false;
  bool operator==(const BoolAttr&) const = default;
};
// An integer of an integer or index type; unsigned 64-bit values keep their bits.
struct IntegerAttr {
  int64_t value = 0;
  ElementType type = ElementKind::kSI64;
  bool operator==(const IntegerAttr&) const = default;
};
// A float of a float type, held exactly (every StableHLO float fits in a double).
struct FloatAttr {
  double value = 0;
  ElementType type = ElementKind::kF32;
  bool operator==(const FloatAttr& o) const;
};
struct StringAttr {
  std::string value;
  bool operator==(const StringAttr&) const = default;
};
struct TypeAttr {
  Type type;
  bool operator==(const TypeAttr&) const = default;
};
// `@name`, or a nested reference `@outer::@inner`, stored with the `::@` separators.
struct SymbolRefAttr {
  std::string name;
  bool operator==(const SymbolRefAttr&) const = default;
};
struct ArrayAttr {
  std::vector<Attribute> elements;
  bool operator==(const ArrayAttr&) const;
};
// `array<i64: 1, 2>`: integers (and booleans) in `ints`, floats in `floats`.
struct DenseArrayAttr {
  ElementType type = ElementKind::kSI64;
  std::vector<int64_t> ints;
  std::vector<double> floats;
  size_t size() const { return type.is_float() ? floats.size() : ints.size(); }
  bool operator==(const DenseArrayAttr&) const = default;
};
// `dense<...> : tensor<...>`. Elements are stored row-major, each in storage_bytes() of its
// type (little-endian; complex as real then imaginary; sub-byte types in the low bits of a
// byte). A splat stores one element.
struct DenseElementsAttr {
  Type type;
  std::shared_ptr<const std::vector<uint8_t>> data;
  bool splat = false;

  int64_t num_elements() const { return type.num_elements().value_or(0); }
  // The raw bits of element i (for complex, index 2*i is the real part's, 2*i+1 the
  // imaginary part's, through element_bits_part).
  uint64_t element_bits(int64_t i) const;
  uint64_t element_part_bits(int64_t i, int part) const;
  bool operator==(const DenseElementsAttr& o) const;
};
struct DictionaryAttr {
  std::vector<NamedAttribute> entries;
  const Attribute* find(std::string_view name) const;
  bool operator==(const DictionaryAttr&) const;
};

// The enumerations of StableHLO; each prints as `#stablehlo<kind_name VALUE>` generically
// and as the bare VALUE in the pretty form of ops.
enum class EnumKind : uint8_t {
  kComparisonDirection,  // EQ NE GE GT LE LT
  kComparisonType,       // NOTYPE FLOAT TOTALORDER SIGNED UNSIGNED
  kPrecision,            // DEFAULT HIGH HIGHEST
  kFftType,              // FFT IFFT RFFT IRFFT
  kRngDistribution,      // UNIFORM NORMAL
  kRngAlgorithm,         // DEFAULT THREE_FRY PHILOX
  kTranspose,            // TRANSPOSE_INVALID NO_TRANSPOSE TRANSPOSE ADJOINT
  kResultAccuracyMode,   // DEFAULT HIGHEST TOLERANCE
};
struct EnumAttr {
  EnumKind kind;
  int value = 0;
  bool operator==(const EnumAttr&) const = default;
};
// The keyword of an enum kind ("comparison_direction") and of its values.
std::string_view enum_kind_name(EnumKind kind);
const std::vector<std::string_view>& enum_value_names(EnumKind kind);
std::optional<EnumKind> enum_kind_from_name(std::string_view name);
// The value of `kind` whose keyword is `name` ("EQ"), if any.
std::optional<int> enum_value_from_name(EnumKind kind, std::string_view name);

struct DotDimsAttr {
  std::vector<int64_t> lhs_batching, rhs_batching, lhs_contracting, rhs_contracting;
  bool operator==(const DotDimsAttr&) const = default;
};
struct DotAlgorithmAttr {
  ElementType lhs_precision_type, rhs_precision_type, accumulation_type;
  int64_t lhs_component_count = 1, rhs_component_count = 1, num_primitive_operations = 1;
  bool allow_imprecise_accumulation = false;
  bool operator==(const DotAlgorithmAttr&) const = default;
};
struct GatherDimsAttr {
  std::vector<int64_t> offset_dims, collapsed_slice_dims, operand_batching_dims,
      start_indices_batching_dims, start_index_map;
  int64_t index_vector_dim = 0;
  bool operator==(const GatherDimsAttr&) const = default;
};
struct ScatterDimsAttr {
  std::vector<int64_t> update_window_dims, inserted_window_dims, input_batching_dims,
      scatter_indices_batching_dims, scatter_dims_to_operand_dims;
  int64_t index_vector_dim = 0;
  bool operator==(const ScatterDimsAttr&) const = default;
};
struct ConvDimsAttr {
  int64_t input_batch = 0, input_feature = 0;
  std::vector<int64_t> input_spatial;
  int64_t kernel_input_feature = 0, kernel_output_feature = 0;
  std::vector<int64_t> kernel_spatial;
  int64_t output_batch = 0, output_feature = 0;
  std::vector<int64_t> output_spatial;
  bool operator==(const ConvDimsAttr&) const = default;
};
struct ChannelHandleAttr {
  int64_t handle = 0, type = 0;
  bool operator==(const ChannelHandleAttr&) const = default;
};
struct OutputOperandAliasAttr {
  std::vector<int64_t> output_tuple_indices;
  int64_t operand_index = 0;
  std::vector<int64_t> operand_tuple_indices;
  bool operator==(const OutputOperandAliasAttr&) const = default;
};
struct ResultAccuracyAttr {
  double atol = 0, rtol = 0;
  int64_t ulps = 0;
  int mode = 0;  // EnumKind::kResultAccuracyMode value
  bool operator==(const ResultAccuracyAttr&) const = default;
};
// An attribute of a dialect kiln does not model (`#sdy.sharding<...>`, `#mhlo.xxx<...>`,
// `affine_map<...>`): kept as its text so that it prints back unchanged.
struct OpaqueAttr {
  std::string text;
  bool operator==(const OpaqueAttr&) const = default;
};

// An immutable attribute value; copies share storage.
class Attribute {
 public:
  using Storage =
      std::variant<UnitAttr, BoolAttr, IntegerAttr, FloatAttr, StringAttr, TypeAttr,
                   SymbolRefAttr, ArrayAttr, DenseArrayAttr, DenseElementsAttr, DictionaryAttr,
                   EnumAttr, DotDimsAttr, DotAlgorithmAttr, GatherDimsAttr, ScatterDimsAttr,
                   ConvDimsAttr, ChannelHandleAttr, OutputOperandAliasAttr, ResultAccuracyAttr,
                   OpaqueAttr>;

  Attribute() : storage_(std::make_shared<const Storage>(UnitAttr{})) {}
  template <class T, class = std::enable_if_t<!std::is_same_v<std::decay_t<T>, Attribute>>>
  Attribute(T value)  // NOLINT: implicit by design
      : storage_(std::make_shared<const Storage>(std::move(value))) {}

  template <class T>
  bool is() const { return std::holds_alternative<T>(*storage_); }
  template <class T>
  const T& get() const { return std::get<T>(*storage_); }
  template <class T>
  const T* get_if() const { return std::get_if<T>(storage_.get()); }
  const Storage& storage() const { return *storage_; }

  bool operator==(const Attribute& other) const {
    return storage_ == other.storage_ || *storage_ == *other.storage_;
  }
  bool operator!=(const Attribute& other) const { return !(*this == other); }

 private:
  std::shared_ptr<const Storage> storage_;
};

struct NamedAttribute {
  std::string name;
  Attribute value;
  bool operator==(const NamedAttribute&) const = default;
};

// Convenience constructors.
inline Attribute i64_attr(int64_t v) { return IntegerAttr{v, ElementKind::kSI64}; }
Attribute dense_i64_array(std::vector<int64_t> values);

// The generic MLIR spelling of an attribute: `5 : i64`, `array<i64: 1, 2>`,
// `dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>`, `#stablehlo<precision DEFAULT>`,
// `#stablehlo.gather<offset_dims = [1], ...>`. Parsing it back gives an equal attribute.
std::string to_string(const Attribute& attr);
// The body of a dense elements attribute without `dense<`, `>` or its type.
std::string dense_elements_body(const DenseElementsAttr& attr);
// A float in the shortest decimal form that reads back to the same value of `kind`, or in
// hex bits (`0x7FC00000`) for NaN and infinities, as MLIR does.
std::string format_float(double value, ElementKind kind, uint64_t bits);

}  // namespace kiln::ir

namespace kiln::ir {
// `[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]`: the compact form of convolution dimensions.
std::string conv_dims_body(const ConvDimsAttr& attr);
}  // namespace kiln::ir
