// NumPy .npy reading and writing.
#include "interp/npy.h"

#include "support/file.h"

#include <charconv>
#include <cstring>
#include <fstream>
#include <optional>
#include <string_view>

namespace kiln::interp {

namespace {

// Element types numpy has natively; the rest are void-typed (ml_dtypes' convention).
std::string native_descr(const ir::ElementType& t) {
  using K = ir::ElementKind;
  switch (t.storage_type().kind()) {
    case K::kI1: return "|b1";
    case K::kSI8: return "|i1";
    case K::kSI16: return "<i2";
    case K::kSI32: return "<i4";
    case K::kSI64: return "<i8";
    case K::kIndex: return "<i8";
    case K::kUI8: return "|u1";
    case K::kUI16: return "<u2";
    case K::kUI32: return "<u4";
    case K::kUI64: return "<u8";
    case K::kF16: return "<f2";
    case K::kF32: return "<f4";
    case K::kF64: return "<f8";
    case K::kComplexF32: return "<c8";
    case K::kComplexF64: return "<c16";
    default: return "";
  }
}

std::string shape_text(const std::vector<int64_t>& shape) {
  std::string s = "(";
  for (size_t i = 0; i < shape.size(); ++i) {
    s += std::to_string(shape[i]);
    if (shape.size() == 1 || i + 1 < shape.size()) s += ",";
    if (i + 1 < shape.size()) s += " ";
  }
  return s + ")";
}

// The value of `key` in the header dict, as raw text.
std::string header_field(const std::string& header, const std::string& key) {
  size_t k = header.find("'" + key + "'");
  if (k == std::string::npos) return "";
  size_t colon = header.find(':', k);
  if (colon == std::string::npos) return "";
  size_t start = header.find_first_not_of(' ', colon + 1);
  if (start == std::string::npos) return "";
  if (header[start] == '\'') {
    size_t end = header.find('\'', start + 1);
    return header.substr(start + 1, end - start - 1);
  }
  if (header[start] == '(') {
    size_t end = header.find(')', start);
    return header.substr(start, end - start + 1);
  }
  size_t end = header.find_first_of(",}", start);
  return header.substr(start, end - start);
}

// The header's shape tuple, "(2, 3)", "(4,)" or "()": non-negative decimal dimensions separated
// by commas, a trailing comma allowed. Anything else (a missing parenthesis, an empty or signed
// dimension, one past 64 bits) is an error made by `bad`.
template <class Bad>
Expected<std::vector<int64_t>> parse_npy_shape(std::string_view text, const Bad& bad) {
  auto malformed = [&] { return bad("malformed shape " + std::string(text)); };
  if (text.size() < 2 || text.front() != '(' || text.back() != ')') return malformed();
  std::string_view rest = text.substr(1, text.size() - 2);
  std::vector<int64_t> shape;
  while (true) {
    size_t begin = rest.find_first_not_of(' ');
    if (begin == std::string_view::npos) break;
    rest.remove_prefix(begin);
    int64_t dim = -1;
    auto [end, ec] = std::from_chars(rest.data(), rest.data() + rest.size(), dim);
    if (ec != std::errc() || dim < 0 || end == rest.data()) return malformed();
    shape.push_back(dim);
    rest.remove_prefix(static_cast<size_t>(end - rest.data()));
    size_t comma = rest.find_first_not_of(' ');
    if (comma == std::string_view::npos) break;
    if (rest[comma] != ',') return malformed();
    rest.remove_prefix(comma + 1);
  }
  return shape;
}

// Sub-byte integers (i2, i4, ui2, ui4) take one byte per element in a file as in a tensor,
// but ml_dtypes writes the value's bits with the rest of the byte clear and reads only those
// bits, while tensors hold signed ones sign-extended and unsigned ones masked. Returns the
// width of a sub-byte integer type (of a quantized type's storage too), else 0.
int sub_byte_int_bits(const ir::ElementType& type) {
  const ir::ElementType storage = type.storage_type();
  return storage.is_int() && storage.bit_width() < 8 ? storage.bit_width() : 0;
}

// A file's sub-byte integers as a tensor holds them: the low `bits` of each byte, sign-extended
// for signed types.
void widen_sub_byte(Tensor& t, int bits) {
  const bool is_signed = t.element().storage_type().is_signed_int();
  const auto mask = static_cast<uint8_t>((1u << bits) - 1);
  auto* p = reinterpret_cast<uint8_t*>(t.raw());
  for (int64_t i = 0; i < t.num_elements(); ++i) {
    uint8_t v = p[i] & mask;
    if (is_signed && (v & (1u << (bits - 1)))) v = static_cast<uint8_t>(v | ~mask);
    p[i] = v;
  }
}

// The bytes of a tensor of `type`'s data, 0 where its size is unknown or past 2^62 (no file is
// then of that type: the header check fails, or allocation does).
uint64_t expected_byte_size(const ir::Type& type) {
  std::optional<int64_t> count = type.is_tensor() ? type.num_elements() : std::nullopt;
  const auto elem = static_cast<uint64_t>(type.element().storage_bytes());
  if (!count || *count < 0 || elem == 0 || static_cast<uint64_t>(*count) > (uint64_t{1} << 62) / elem) {
    return 0;
  }
  return static_cast<uint64_t>(*count) * elem;
}

}  // namespace

std::string npy_descr(const ir::ElementType& type) {
  std::string d = native_descr(type);
  if (!d.empty()) return d;
  int bytes = type.storage_bytes();
  return (bytes == 1 ? "|V" : "<V") + std::to_string(bytes);
}

Expected<Tensor> parse_npy(const std::string& bytes, const ir::Type& expected,
                           const std::string& name) {
  auto bad = [&](const std::string& why) { return Error::invalid_argument("kiln: " + name + ": " + why); };
  if (bytes.size() < 10 || bytes.compare(0, 6, "\x93NUMPY") != 0) {
    return bad("not a .npy file");
  }
  int major = static_cast<unsigned char>(bytes[6]);
  size_t header_len, offset;
  if (major == 1) {
    header_len = static_cast<unsigned char>(bytes[8]) | (static_cast<unsigned char>(bytes[9]) << 8);
    offset = 10;
  } else if (major == 2 || major == 3) {
    if (bytes.size() < 12) return bad("truncated header");
    header_len = 0;
    for (int i = 0; i < 4; ++i) header_len |= size_t{static_cast<unsigned char>(bytes[8 + i])} << (8 * i);
    offset = 12;
  } else {
    return bad("unsupported .npy version " + std::to_string(major));
  }
  if (offset + header_len > bytes.size()) return bad("truncated header");
  std::string header = bytes.substr(offset, header_len);
  std::string descr = header_field(header, "descr");
  std::string fortran = header_field(header, "fortran_order");
  std::string shape_str = header_field(header, "shape");
  if (descr.empty() || shape_str.empty()) return bad("malformed header: " + header);
  if (fortran.find("True") != std::string::npos) {
    return bad("Fortran-ordered arrays are not supported; save np.ascontiguousarray(x)");
  }
  KILN_TRY(std::vector<int64_t> shape, parse_npy_shape(shape_str, bad));
  std::string want = npy_descr(expected.element());
  // Byte order marks differ for one-byte types ('|' vs '<'); compare the rest.
  auto strip = [](std::string d) { return (d[0] == '<' || d[0] == '|' || d[0] == '=') ? d.substr(1) : d; };
  // Raw bytes ('|V2') of the element's size stand for the types numpy lacks (bf16, f8).
  int void_bytes = -1;
  if (descr.size() > 2 && descr[1] == 'V') {
    auto [end, ec] = std::from_chars(descr.data() + 2, descr.data() + descr.size(), void_bytes);
    if (ec != std::errc() || end != descr.data() + descr.size()) void_bytes = -1;
  }
  bool descr_ok = strip(descr) == strip(want) || void_bytes == expected.element().storage_bytes();
  // A dynamic dimension of the expected type takes the file's size (up to its bound).
  bool shape_ok = shape.size() == expected.shape().size();
  for (size_t d = 0; shape_ok && d < shape.size(); ++d) {
    int64_t want_dim = expected.shape()[d];
    int64_t bound = d < expected.bounds().size() ? expected.bounds()[d] : ir::kDynamic;
    shape_ok = want_dim == ir::kDynamic ? bound == ir::kDynamic || shape[d] <= bound
                                        : shape[d] == want_dim;
  }
  if (!descr_ok || !shape_ok) {
    return bad("holds a " + descr + " array of shape " + shape_text(shape) + ", but " +
               ir::to_string(expected) + " (numpy " + want + ", shape " +
               shape_text(expected.shape()) + ") was expected");
  }
  KILN_TRY(Tensor t, Tensor::allocate(ir::Type::tensor(shape, expected.element())));
  size_t data_offset = offset + header_len;
  if (bytes.size() - data_offset < t.size_bytes()) return bad("truncated data");
  // An empty tensor has no storage: memcpy's null destination would be undefined even for 0 bytes.
  if (t.size_bytes() > 0) std::memcpy(t.raw(), bytes.data() + data_offset, t.size_bytes());
  if (int bits = sub_byte_int_bits(t.element())) widen_sub_byte(t, bits);
  // numpy reads any non-zero byte of a bool array as True; a C++ bool must hold 0 or 1.
  if (t.element().storage_type().kind() == ir::ElementKind::kI1) {
    auto* p = reinterpret_cast<uint8_t*>(t.raw());
    for (size_t i = 0; i < t.size_bytes(); ++i) p[i] = p[i] != 0;
  }
  return t;
}

Expected<Tensor> read_npy(const std::string& path, const ir::Type& expected) {
  // A file of the expected type holds its data and a header; more than that is not one.
  KILN_TRY(std::string bytes,
           read_file_bounded(path, expected_byte_size(expected) + kMaxNpyHeaderBytes));
  return parse_npy(bytes, expected, path);
}

std::string npy_bytes(const Tensor& tensor) {
  std::string header = "{'descr': '" + npy_descr(tensor.element()) +
                       "', 'fortran_order': False, 'shape': " + shape_text(tensor.shape()) + ", }";
  // Pad so that the data starts on a 64-byte boundary, as numpy does.
  size_t total = 10 + header.size() + 1;
  header.append((64 - total % 64) % 64, ' ');
  header += '\n';
  std::string out = "\x93NUMPY";
  out += '\x01';
  out += '\x00';
  out += static_cast<char>(header.size() & 0xFF);
  out += static_cast<char>((header.size() >> 8) & 0xFF);
  out += header;
  size_t data_offset = out.size();
  out.append(reinterpret_cast<const char*>(tensor.raw()), tensor.size_bytes());
  if (int bits = sub_byte_int_bits(tensor.element())) {
    for (size_t i = data_offset; i < out.size(); ++i) {
      out[i] = static_cast<char>(static_cast<uint8_t>(out[i]) & ((1u << bits) - 1));
    }
  }
  return out;
}

Status write_npy(const std::string& path, const Tensor& tensor) {
  std::ofstream out(path, std::ios::binary);
  if (!out) return Error::invalid_argument("kiln: cannot write " + path);
  std::string bytes = npy_bytes(tensor);
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  if (!out) return Error::invalid_argument("kiln: cannot write " + path);
  return ok_status();
}

}  // namespace kiln::interp
