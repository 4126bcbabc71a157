// The integers of a DenseElementsAttr (ir/dense_ints.h): each element as an int64, signed types
// sign-extended from their width (sub-byte ones too), unsigned and boolean ones as their bits,
// splats repeated.
#include "ir/dense_ints.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <memory>
#include <limits>
#include <vector>

namespace kiln::ir {
namespace {

// An attribute of `kind` over `shape` holding `bytes` (little-endian elements).
DenseElementsAttr dense(ElementKind kind, std::vector<int64_t> shape, std::vector<uint8_t> bytes,
                        bool splat = false) {
  DenseElementsAttr a;
  a.type = Type::tensor(std::move(shape), ElementType(kind));
  a.data = std::make_shared<const std::vector<uint8_t>>(std::move(bytes));
  a.splat = splat;
  return a;
}

TEST(DenseInts, SignedElementsAreSignExtended) {
  const DenseElementsAttr a = dense(ElementKind::kSI8, {3}, {0xFD, 0x05, 0x80});
  EXPECT_EQ(dense_int(a, 0), -3);
  EXPECT_EQ(dense_ints(a), (std::vector<int64_t>{-3, 5, -128}));
}

TEST(DenseInts, WideSignedElementsReadTheirWholeWidth) {
  const DenseElementsAttr s16 = dense(ElementKind::kSI16, {2}, {0xFE, 0xFF, 0x00, 0x01});
  EXPECT_EQ(dense_ints(s16), (std::vector<int64_t>{-2, 256}));
  std::vector<uint8_t> min_bytes(8, 0);
  min_bytes[7] = 0x80;
  const DenseElementsAttr s64 = dense(ElementKind::kSI64, {1}, min_bytes);
  EXPECT_EQ(dense_int(s64, 0), std::numeric_limits<int64_t>::min());
}

// A 4-bit element takes a byte; its sign is bit 3.
TEST(DenseInts, SubByteSignedElementsExtendFromTheirOwnWidth) {
  const DenseElementsAttr a = dense(ElementKind::kSI4, {3}, {0x0E, 0x07, 0x08});
  EXPECT_EQ(dense_ints(a), (std::vector<int64_t>{-2, 7, -8}));
}

TEST(DenseInts, UnsignedAndBooleanElementsAreTheirBits) {
  EXPECT_EQ(dense_ints(dense(ElementKind::kUI8, {2}, {0xFD, 0x80})),
            (std::vector<int64_t>{253, 128}));
  EXPECT_EQ(dense_ints(dense(ElementKind::kI1, {2}, {0x01, 0x00})),
            (std::vector<int64_t>{1, 0}));
  // A ui64 past INT64_MAX wraps, as a cast of its bits does.
  EXPECT_EQ(dense_int(dense(ElementKind::kUI64, {1}, std::vector<uint8_t>(8, 0xFF)), 0), -1);
}

TEST(DenseInts, ASplatRepeatsItsValue) {
  const DenseElementsAttr a = dense(ElementKind::kSI32, {2, 2}, {0xFF, 0xFF, 0xFF, 0xFF}, true);
  EXPECT_EQ(dense_int(a, 3), -1);
  EXPECT_EQ(dense_ints(a), (std::vector<int64_t>{-1, -1, -1, -1}));
}

TEST(DenseInts, AnEmptyAttributeHasNoElements) {
  EXPECT_TRUE(dense_ints(dense(ElementKind::kSI8, {0}, {})).empty());
}

}  // namespace
}  // namespace kiln::ir
