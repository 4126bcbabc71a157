// Attribute equality and their generic MLIR spelling.
#include "ir/attribute.h"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstring>

#include "ir/float_format.h"

namespace kiln::ir {

bool FloatAttr::operator==(const FloatAttr& o) const {
  if (type != o.type) return false;
  uint64_t a, b;  // bitwise, so NaN == NaN and -0 != +0
  std::memcpy(&a, &value, sizeof a);
  std::memcpy(&b, &o.value, sizeof b);
  return a == b;
}
bool ArrayAttr::operator==(const ArrayAttr& o) const { return elements == o.elements; }
bool DictionaryAttr::operator==(const DictionaryAttr& o) const { return entries == o.entries; }

const Attribute* DictionaryAttr::find(std::string_view name) const {
  for (const NamedAttribute& e : entries) {
    if (e.name == name) return &e.value;
  }
  return nullptr;
}

bool DenseElementsAttr::operator==(const DenseElementsAttr& o) const {
  if (type != o.type) return false;
  int64_t n = num_elements();
  if (splat == o.splat) return *data == *o.data;
  int parts = type.element().is_complex() ? 2 : 1;
  for (int64_t i = 0; i < n; ++i) {
    for (int p = 0; p < parts; ++p) {
      if (element_part_bits(i, p) != o.element_part_bits(i, p)) return false;
    }
  }
  return true;
}

uint64_t DenseElementsAttr::element_part_bits(int64_t i, int part) const {
  const ElementType& et = type.element();
  size_t part_bytes = et.is_complex() ? et.complex_part().storage_bytes() : et.storage_bytes();
  size_t elem_bytes = et.storage_bytes();
  size_t index = splat ? 0 : static_cast<size_t>(i);
  size_t offset = index * elem_bytes + static_cast<size_t>(part) * part_bytes;
  uint64_t bits = 0;
  std::memcpy(&bits, data->data() + offset, part_bytes);  // little-endian host
  return bits;
}

uint64_t DenseElementsAttr::element_bits(int64_t i) const { return element_part_bits(i, 0); }

Attribute dense_i64_array(std::vector<int64_t> values) {
  DenseArrayAttr a;
  a.type = ElementKind::kSI64;
  a.ints = std::move(values);
  return a;
}

namespace {

struct EnumInfo {
  EnumKind kind;
  std::string_view name;
  std::vector<std::string_view> values;
};

const std::vector<EnumInfo>& enum_table() {
  static const std::vector<EnumInfo> table = {
      {EnumKind::kComparisonDirection, "comparison_direction", {"EQ", "NE", "GE", "GT", "LE", "LT"}},
      {EnumKind::kComparisonType, "comparison_type",
       {"NOTYPE", "FLOAT", "TOTALORDER", "SIGNED", "UNSIGNED"}},
      {EnumKind::kPrecision, "precision", {"DEFAULT", "HIGH", "HIGHEST"}},
      {EnumKind::kFftType, "fft_type", {"FFT", "IFFT", "RFFT", "IRFFT"}},
      {EnumKind::kRngDistribution, "rng_distribution", {"UNIFORM", "NORMAL"}},
      {EnumKind::kRngAlgorithm, "rng_algorithm", {"DEFAULT", "THREE_FRY", "PHILOX"}},
      {EnumKind::kTranspose, "transpose",
       {"TRANSPOSE_INVALID", "NO_TRANSPOSE", "TRANSPOSE", "ADJOINT"}},
      {EnumKind::kResultAccuracyMode, "result_accuracy_mode", {"DEFAULT", "HIGHEST", "TOLERANCE"}},
  };
  return table;
}

std::string join_ints(const std::vector<int64_t>& v) {
  std::string out = "[";
  for (size_t i = 0; i < v.size(); ++i) {
    if (i) out += ", ";
    out += std::to_string(v[i]);
  }
  return out + "]";
}

// Appends `name = [..]` to a field list, skipping empty lists.
void field(std::string& out, std::string_view name, const std::vector<int64_t>& v) {
  if (v.empty()) return;
  if (out.back() != '<') out += ", ";
  out.append(name).append(" = ").append(join_ints(v));
}
void field(std::string& out, std::string_view name, const std::string& v) {
  if (out.back() != '<') out += ", ";
  out.append(name).append(" = ").append(v);
}

std::string hex_bits(uint64_t bits, int bytes) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "0x%0*llX", bytes * 2, static_cast<unsigned long long>(bits));
  return buf;
}

bool reads_back(const char* text, ElementKind kind, uint64_t bits) {
  double parsed = std::strtod(text, nullptr);
  return double_to_bits(kind, parsed) == bits;
}

std::string conv_labels(int64_t rank, int64_t a, char a_label, int64_t b, char b_label,
                        const std::vector<int64_t>& spatial) {
  std::vector<std::string> labels(static_cast<size_t>(std::max<int64_t>(rank, 0)), "?");
  auto put = [&](int64_t pos, std::string s) {
    if (pos >= 0 && pos < rank) labels[static_cast<size_t>(pos)] = std::move(s);
  };
  put(a, std::string(1, a_label));
  put(b, std::string(1, b_label));
  for (size_t i = 0; i < spatial.size(); ++i) put(spatial[i], std::to_string(i));
  std::string out = "[";
  for (size_t i = 0; i < labels.size(); ++i) out += (i ? ", " : "") + labels[i];
  return out + "]";
}

std::string element_to_string(const DenseElementsAttr& a, int64_t i) {
  const ElementType& et = a.type.element();
  auto scalar = [&](ElementType t, uint64_t bits) -> std::string {
    if (t.is_bool()) return bits & 1 ? "true" : "false";
    if (t.is_float()) return format_float(bits_to_double(t.kind(), bits), t.kind(), bits);
    int width = t.bit_width();
    if (t.is_unsigned_int()) {
      uint64_t v = width >= 64 ? bits : bits & ((1ull << width) - 1);
      return std::to_string(v);
    }
    int64_t v = static_cast<int64_t>(bits << (64 - width)) >> (64 - width);
    return std::to_string(v);
  };
  ElementType storage = et.storage_type();
  if (et.is_complex()) {
    return "(" + scalar(et.complex_part(), a.element_part_bits(i, 0)) + ", " +
           scalar(et.complex_part(), a.element_part_bits(i, 1)) + ")";
  }
  return scalar(storage, a.element_bits(i));
}

}  // namespace

std::string_view enum_kind_name(EnumKind kind) {
  return enum_table()[static_cast<size_t>(kind)].name;
}
const std::vector<std::string_view>& enum_value_names(EnumKind kind) {
  return enum_table()[static_cast<size_t>(kind)].values;
}
std::optional<EnumKind> enum_kind_from_name(std::string_view name) {
  for (const EnumInfo& e : enum_table()) {
    if (e.name == name) return e.kind;
  }
  return std::nullopt;
}

std::optional<int> enum_value_from_name(EnumKind kind, std::string_view name) {
  const auto& names = enum_value_names(kind);
  for (size_t i = 0; i < names.size(); ++i) {
    if (names[i] == name) return static_cast<int>(i);
  }
  return std::nullopt;
}

std::string format_float(double value, ElementKind kind, uint64_t bits) {
  if (!std::isfinite(value)) {
    ElementType et(kind);
    return hex_bits(bits, et.storage_bytes());
  }
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.6e", value);
  if (reads_back(buf, kind, bits)) return buf;
  char shortest[64];
  std::to_chars_result r;
  if (kind == ElementKind::kF32) {
    r = std::to_chars(shortest, shortest + sizeof shortest - 4, static_cast<float>(value),
                      std::chars_format::scientific);
  } else {
    r = std::to_chars(shortest, shortest + sizeof shortest - 4, value,
                      std::chars_format::scientific);
  }
  std::string s(shortest, r.ptr);
  // MLIR float literals need a '.' before the exponent.
  size_t e = s.find('e');
  if (s.find('.') == std::string::npos && e != std::string::npos) s.insert(e, ".0");
  return s;
}

std::string dense_elements_body(const DenseElementsAttr& a) {
  const ElementType& et = a.type.element();
  if (a.splat) return element_to_string(a, 0);
  int64_t n = a.num_elements();
  // Large tensors print as a hex blob, as MLIR does; i1 never does (MLIR packs its bits).
  if (n > 64 && !et.is_bool()) {
    static const char* kHex = "0123456789ABCDEF";
    std::string out = "\"0x";
    out.reserve(a.data->size() * 2 + 4);
    for (uint8_t byte : *a.data) {
      out.push_back(kHex[byte >> 4]);
      out.push_back(kHex[byte & 15]);
    }
    return out + "\"";
  }
  const std::vector<int64_t>& shape = a.type.shape();
  if (shape.empty()) return element_to_string(a, 0);
  std::string out;
  // Walk the elements row-major, opening and closing brackets at dimension boundaries.
  std::vector<int64_t> index(shape.size(), 0);
  int64_t flat = 0;
  if (n == 0) {
    // Brackets spell only the shapes [1, ..., 1, 0]; any other empty shape prints as MLIR's
    // `dense<>`, which the parser reads as "no elements" of the declared type.
    for (size_t d = 0; d + 1 < shape.size(); ++d) {
      if (shape[d] != 1) return "";
    }
  }
  for (size_t d = 0; d < shape.size(); ++d) out += "[";
  if (n == 0) {
    for (size_t d = 0; d < shape.size(); ++d) out += "]";
    return out;
  }
  while (true) {
    out += element_to_string(a, flat++);
    size_t d = shape.size();
    while (d > 0) {
      --d;
      if (++index[d] < shape[d]) break;
      index[d] = 0;
      out += "]";
      if (d == 0) return out;
    }
    out += ", ";
    for (size_t k = d + 1; k < shape.size(); ++k) out += "[";
  }
}

std::string to_string(const Attribute& attr) {
  return std::visit(
      [&](const auto& a) -> std::string {
        using T = std::decay_t<decltype(a)>;
        if constexpr (std::is_same_v<T, UnitAttr>) {
          return "unit";
        } else if constexpr (std::is_same_v<T, BoolAttr>) {
          return a.value ? "true" : "false";
        } else if constexpr (std::is_same_v<T, IntegerAttr>) {
          if (a.type.is_bool()) return a.value ? "true" : "false";
          std::string v = a.type.is_unsigned_int() ? std::to_string(static_cast<uint64_t>(a.value))
                                                   : std::to_string(a.value);
          return v + " : " + to_string(a.type);
        } else if constexpr (std::is_same_v<T, FloatAttr>) {
          uint64_t bits = double_to_bits(a.type.kind(), a.value);
          return format_float(a.value, a.type.kind(), bits) + " : " + to_string(a.type);
        } else if constexpr (std::is_same_v<T, StringAttr>) {
          std::string out = "\"";
          for (unsigned char c : a.value) {
            if (c == '"' || c == '\\') {
              out.push_back('\\');
              out.push_back(static_cast<char>(c));
            } else if (c < 0x20 || c >= 0x7F) {
              char buf[4];
              std::snprintf(buf, sizeof buf, "\\%02X", c);
              out += buf;
            } else {
              out.push_back(static_cast<char>(c));
            }
          }
          return out + "\"";
        } else if constexpr (std::is_same_v<T, TypeAttr>) {
          return to_string(a.type);
        } else if constexpr (std::is_same_v<T, SymbolRefAttr>) {
          return "@" + a.name;
        } else if constexpr (std::is_same_v<T, ArrayAttr>) {
          std::string out = "[";
          for (size_t i = 0; i < a.elements.size(); ++i) {
            if (i) out += ", ";
            out += to_string(a.elements[i]);
          }
          return out + "]";
        } else if constexpr (std::is_same_v<T, DenseArrayAttr>) {
          std::string out = "array<" + to_string(a.type);
          if (a.size() == 0) return out + ">";
          out += ": ";
          for (size_t i = 0; i < a.size(); ++i) {
            if (i) out += ", ";
            if (a.type.is_float()) {
              double v = a.floats[i];
              out += format_float(v, a.type.kind(), double_to_bits(a.type.kind(), v));
            } else if (a.type.is_bool()) {
              out += a.ints[i] ? "true" : "false";
            } else {
              out += std::to_string(a.ints[i]);
            }
          }
          return out + ">";
        } else if constexpr (std::is_same_v<T, DenseElementsAttr>) {
          return "dense<" + dense_elements_body(a) + "> : " + to_string(a.type);
        } else if constexpr (std::is_same_v<T, DictionaryAttr>) {
          std::string out = "{";
          for (size_t i = 0; i < a.entries.size(); ++i) {
            if (i) out += ", ";
            out += a.entries[i].name;
            if (!a.entries[i].value.template is<UnitAttr>()) out += " = " + to_string(a.entries[i].value);
          }
          return out + "}";
        } else if constexpr (std::is_same_v<T, EnumAttr>) {
          std::string_view value = enum_value_names(a.kind)[static_cast<size_t>(a.value)];
          if (a.kind == EnumKind::kResultAccuracyMode) {
            return "#stablehlo.result_accuracy_mode<" + std::string(value) + ">";
          }
          return "#stablehlo<" + std::string(enum_kind_name(a.kind)) + " " + std::string(value) +
                 ">";
        } else if constexpr (std::is_same_v<T, DotDimsAttr>) {
          std::string out = "#stablehlo.dot<";
          field(out, "lhs_batching_dimensions", a.lhs_batching);
          field(out, "rhs_batching_dimensions", a.rhs_batching);
          field(out, "lhs_contracting_dimensions", a.lhs_contracting);
          field(out, "rhs_contracting_dimensions", a.rhs_contracting);
          return out + ">";
        } else if constexpr (std::is_same_v<T, DotAlgorithmAttr>) {
          std::string out = "#stablehlo.dot_algorithm<";
          field(out, "lhs_precision_type", to_string(a.lhs_precision_type));
          field(out, "rhs_precision_type", to_string(a.rhs_precision_type));
          field(out, "accumulation_type", to_string(a.accumulation_type));
          field(out, "lhs_component_count", std::to_string(a.lhs_component_count));
          field(out, "rhs_component_count", std::to_string(a.rhs_component_count));
          field(out, "num_primitive_operations", std::to_string(a.num_primitive_operations));
          field(out, "allow_imprecise_accumulation",
                a.allow_imprecise_accumulation ? "true" : "false");
          return out + ">";
        } else if constexpr (std::is_same_v<T, GatherDimsAttr>) {
          std::string out = "#stablehlo.gather<";
          field(out, "offset_dims", a.offset_dims);
          field(out, "collapsed_slice_dims", a.collapsed_slice_dims);
          field(out, "operand_batching_dims", a.operand_batching_dims);
          field(out, "start_indices_batching_dims", a.start_indices_batching_dims);
          field(out, "start_index_map", a.start_index_map);
          field(out, "index_vector_dim", std::to_string(a.index_vector_dim));
          return out + ">";
        } else if constexpr (std::is_same_v<T, ScatterDimsAttr>) {
          std::string out = "#stablehlo.scatter<";
          field(out, "update_window_dims", a.update_window_dims);
          field(out, "inserted_window_dims", a.inserted_window_dims);
          field(out, "input_batching_dims", a.input_batching_dims);
          field(out, "scatter_indices_batching_dims", a.scatter_indices_batching_dims);
          field(out, "scatter_dims_to_operand_dims", a.scatter_dims_to_operand_dims);
          field(out, "index_vector_dim", std::to_string(a.index_vector_dim));
          return out + ">";
        } else if constexpr (std::is_same_v<T, ConvDimsAttr>) {
          return "#stablehlo.conv<" + conv_dims_body(a) + ">";
        } else if constexpr (std::is_same_v<T, ChannelHandleAttr>) {
          return "#stablehlo.channel_handle<handle = " + std::to_string(a.handle) +
                 ", type = " + std::to_string(a.type) + ">";
        } else if constexpr (std::is_same_v<T, OutputOperandAliasAttr>) {
          return "#stablehlo.output_operand_alias<output_tuple_indices = " +
                 join_ints(a.output_tuple_indices) +
                 ", operand_index = " + std::to_string(a.operand_index) +
                 ", operand_tuple_indices = " + join_ints(a.operand_tuple_indices) + ">";
        } else if constexpr (std::is_same_v<T, ResultAccuracyAttr>) {
          auto f64 = [](double v) {
            return format_float(v, ElementKind::kF64, double_to_bits(ElementKind::kF64, v));
          };
          return "#stablehlo.result_accuracy<atol = " + f64(a.atol) + ", rtol = " + f64(a.rtol) +
                 ", ulps = " + std::to_string(a.ulps) + ", mode = " +
                 to_string(Attribute(EnumAttr{EnumKind::kResultAccuracyMode, a.mode})) + ">";
        } else if constexpr (std::is_same_v<T, OpaqueAttr>) {
          return a.text;
        }
      },
      attr.storage());
}

std::string conv_dims_body(const ConvDimsAttr& a) {
  int64_t rank = static_cast<int64_t>(a.input_spatial.size()) + 2;
  return conv_labels(rank, a.input_batch, 'b', a.input_feature, 'f', a.input_spatial) + "x" +
         conv_labels(rank, a.kernel_input_feature, 'i', a.kernel_output_feature, 'o',
                     a.kernel_spatial) +
         "->" + conv_labels(rank, a.output_batch, 'b', a.output_feature, 'f', a.output_spatial);
}

}  // namespace kiln::ir
