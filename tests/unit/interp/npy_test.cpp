// .npy reading and writing: sub-byte integers (i4, ui4, i2, ui2) in files as ml_dtypes writes
// them (npy_fixtures/), round trips, bytes whose high bits are set; malformed headers.
#include <gtest/gtest.h>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "interp/npy.h"
#include "oracle/random.h"
#include "tests/unit/test_files.h"

namespace kiln::interp {
namespace {

using ir::ElementKind;

std::string fixture(const std::string& name) {
  return (std::filesystem::path(kiln::testing::source_dir()) / "tests/unit/interp/npy_fixtures" / name)
      .string();
}

std::string file_bytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// The elements of a sub-byte integer tensor as the tensor holds them (one byte each).
std::vector<int> elements(const Tensor& t) {
  std::vector<int> out;
  bool is_signed = t.element().is_signed_int();
  for (int64_t i = 0; i < t.num_elements(); ++i) {
    out.push_back(is_signed ? int{t.data<int8_t>()[i]} : int{t.data<uint8_t>()[i]});
  }
  return out;
}

// The file's data: the bytes after the header.
std::string data_of(const std::string& npy, size_t n) { return npy.substr(npy.size() - n); }

TEST(Npy, ReadsMlDtypesInt4SignExtended) {
  auto t = read_npy(fixture("int4.npy"), ir::Type::tensor({2, 3}, ElementKind::kSI4));
  ASSERT_TRUE(t.ok()) << t.error().message();
  EXPECT_EQ(elements(*t), (std::vector<int>{-8, 7, -1, 3, -5, 1}));
}

TEST(Npy, ReadsMlDtypesUInt4) {
  auto t = read_npy(fixture("uint4.npy"), ir::Type::tensor({4}, ElementKind::kUI4));
  ASSERT_TRUE(t.ok()) << t.error().message();
  EXPECT_EQ(elements(*t), (std::vector<int>{0, 15, 9, 1}));
}

TEST(Npy, ReadsMlDtypesInt2SignExtended) {
  auto t = read_npy(fixture("int2.npy"), ir::Type::tensor({4}, ElementKind::kSI2));
  ASSERT_TRUE(t.ok()) << t.error().message();
  EXPECT_EQ(elements(*t), (std::vector<int>{-2, 1, -1, 0}));
}

TEST(Npy, ReadsMlDtypesUInt2) {
  auto t = read_npy(fixture("uint2.npy"), ir::Type::tensor({4}, ElementKind::kUI2));
  ASSERT_TRUE(t.ok()) << t.error().message();
  EXPECT_EQ(elements(*t), (std::vector<int>{3, 0, 2, 1}));
}

// What kiln writes for int4 holds the bytes ml_dtypes writes (-8 as 0x08, not 0xF8).
TEST(Npy, WritesInt4AsMlDtypesDoes) {
  std::string theirs = file_bytes(fixture("int4.npy"));
  auto t = parse_npy(theirs, ir::Type::tensor({2, 3}, ElementKind::kSI4), "int4.npy");
  ASSERT_TRUE(t.ok()) << t.error().message();
  std::string ours = npy_bytes(*t);
  EXPECT_EQ(data_of(ours, 6), data_of(theirs, 6));
  EXPECT_NE(ours.find("'descr': '|V1'"), std::string::npos);
}

// ml_dtypes reads only a byte's low bits (0xF8 as int4 is -8, as uint4 is 8); so does kiln.
TEST(Npy, ReadsOnlyTheLowBitsOfEachByte) {
  const struct {
    ElementKind kind;
    uint8_t byte;
    int value;
  } cases[] = {{ElementKind::kSI4, 0xF8, -8}, {ElementKind::kSI4, 0x37, 7},
               {ElementKind::kUI4, 0xF8, 8},  {ElementKind::kSI2, 0xFE, -2},
               {ElementKind::kSI2, 0x05, 1},  {ElementKind::kUI2, 0xFF, 3}};
  for (const auto& c : cases) {
    ir::Type type = ir::Type::tensor({1}, c.kind);
    Tensor one = *Tensor::allocate(type);
    std::string bytes = npy_bytes(one);
    bytes.back() = static_cast<char>(c.byte);
    auto t = parse_npy(bytes, type, "test.npy");
    ASSERT_TRUE(t.ok()) << t.error().message();
    EXPECT_EQ(elements(*t), std::vector<int>{c.value}) << ir::to_string(type) << " " << int{c.byte};
  }
}

// Random non-zero tensors of every sub-byte integer type read back as written, and the file
// holds each value's bits with the rest of the byte clear.
TEST(Npy, RoundTripsSubByteInts) {
  uint64_t seed = 1;
  for (ElementKind kind : {ElementKind::kSI4, ElementKind::kUI4, ElementKind::kSI2,
                           ElementKind::kUI2}) {
    ir::Type type = ir::Type::tensor({5, 7}, kind);
    SCOPED_TRACE(ir::to_string(type));
    Tensor t = *oracle::random_tensor(type, ++seed);
    std::string bytes = npy_bytes(t);
    int bits = ir::ElementType(kind).bit_width();
    for (char b : data_of(bytes, 35)) EXPECT_EQ(static_cast<uint8_t>(b) >> bits, 0);
    auto back = parse_npy(bytes, type, "round_trip.npy");
    ASSERT_TRUE(back.ok()) << back.error().message();
    EXPECT_EQ(elements(*back), elements(t));
    EXPECT_EQ(std::memcmp(back->raw(), t.raw(), t.size_bytes()), 0);
  }
}

// A version-1 .npy file with this header dict and `data` after it.
std::string npy_with_header(const std::string& dict, const std::string& data) {
  std::string header = dict;
  while ((10 + header.size() + 1) % 64 != 0) header += ' ';
  header += '\n';
  std::string out = "\x93NUMPY\x01";
  out += '\0';
  out += static_cast<char>(header.size() & 0xff);
  out += static_cast<char>(header.size() >> 8);
  return out + header + data;
}

// Malformed shapes in a header are located errors, never exceptions: a dimension past 64 bits
// (std::stoll threw here), empty dimensions, signs, a missing parenthesis.
TEST(Npy, MalformedShapesAreErrors) {
  const auto type = ir::Type::tensor({4}, ElementKind::kF32);
  for (const char* shape : {"(99999999999999999999999,)", "(4,,,)", "(-4,)", "(+4,)", "(4x,)",
                            "(,)", "(4"}) {
    std::string dict = std::string("{'descr': '<f4', 'fortran_order': False, 'shape': ") + shape +
                       ", }";
    auto t = parse_npy(npy_with_header(dict, std::string(16, '\0')), type, "bad.npy");
    ASSERT_FALSE(t.ok()) << shape;
    EXPECT_EQ(t.error().kind(), ErrorKind::kInvalidArgument) << shape;
    EXPECT_NE(t.error().message().find("bad.npy"), std::string::npos) << t.error().message();
  }
}

TEST(Npy, ReadsWellFormedShapes) {
  const std::string data(16, '\0');
  for (const char* shape : {"(4,)", "( 4 , )", "(4)"}) {
    std::string dict = std::string("{'descr': '<f4', 'fortran_order': False, 'shape': ") + shape +
                       ", }";
    auto t = parse_npy(npy_with_header(dict, data), ir::Type::tensor({4}, ElementKind::kF32), "ok.npy");
    EXPECT_TRUE(t.ok()) << shape << ": " << t.error().message();
  }
  auto scalar = parse_npy(
      npy_with_header("{'descr': '<f4', 'fortran_order': False, 'shape': (), }", data.substr(0, 4)),
      ir::Type::tensor({}, ElementKind::kF32), "scalar.npy");
  EXPECT_TRUE(scalar.ok()) << scalar.error().message();
}

// Raw-bytes descriptors ('|V2' for bf16) must name a size; '|V' or '|Vx' is a mismatch, not a throw.
TEST(Npy, MalformedVoidDescriptorIsAnError) {
  const auto type = ir::Type::tensor({2}, ElementKind::kBF16);
  for (const char* descr : {"|V", "|Vx", "|V99999999999"}) {
    std::string dict = std::string("{'descr': '") + descr +
                       "', 'fortran_order': False, 'shape': (2,), }";
    auto t = parse_npy(npy_with_header(dict, std::string(4, '\0')), type, "v.npy");
    EXPECT_FALSE(t.ok()) << descr;
  }
  auto ok = parse_npy(
      npy_with_header("{'descr': '|V2', 'fortran_order': False, 'shape': (2,), }", std::string(4, '\0')),
      type, "v2.npy");
  EXPECT_TRUE(ok.ok()) << ok.error().message();
}


// A bool array's bytes other than 0 and 1 (numpy reads them as True) become 1: a C++ bool
// holding 2 is undefined behaviour (seen while writing the .npy fuzzer's round trip).
TEST(Npy, BoolBytesAreNormalised) {
  const auto type = ir::Type::tensor({3}, ElementKind::kI1);
  auto t = parse_npy(npy_with_header("{'descr': '|b1', 'fortran_order': False, 'shape': (3,), }",
                                     std::string("\x00\x02\xff", 3)),
                     type, "b.npy");
  ASSERT_TRUE(t.ok()) << t.error().message();
  const auto* bytes = reinterpret_cast<const uint8_t*>(t->raw());
  EXPECT_EQ(bytes[0], 0);
  EXPECT_EQ(bytes[1], 1);
  EXPECT_EQ(bytes[2], 1);
}

// Reading is bounded: a directory, and a file longer than a header and the expected data
// (here /dev/zero, which never ends), are errors that say so.
TEST(Npy, ReadingADirectoryIsAnError) {
  auto t = read_npy("/tmp", ir::Type::tensor({4}, ElementKind::kF32));
  ASSERT_FALSE(t.ok());
  EXPECT_NE(t.error().message().find("/tmp is a directory"), std::string::npos) << t.error().message();
}

TEST(Npy, ReadingAnEndlessFileStopsAtTheLimit) {
  auto t = read_npy("/dev/zero", ir::Type::tensor({4}, ElementKind::kF32));
  ASSERT_FALSE(t.ok());
  EXPECT_NE(t.error().message().find("/dev/zero: input too large (more than 1048592 bytes)"),
            std::string::npos)
      << t.error().message();
}


// An empty array has no data to copy: reading it copied 0 bytes to a null pointer, undefined
// behaviour that UBSan reports (found by the .npy fuzzer on a seed).
TEST(Npy, ReadsAnEmptyArray) {
  auto t = parse_npy(npy_with_header("{'descr': '<V1', 'fortran_order': False, 'shape': (0,), }", ""),
                     ir::Type::tensor({0}, ElementKind::kF8E4M3FN), "empty.npy");
  ASSERT_TRUE(t.ok()) << t.error().message();
  EXPECT_EQ(t->num_elements(), 0);
}

}  // namespace
}  // namespace kiln::interp
