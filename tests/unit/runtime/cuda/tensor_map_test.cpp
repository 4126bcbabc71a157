// TMA descriptors (tensor_map.h): the arguments of cuTensorMapEncodeTiled a TensorMap implies,
// its checks of the driver's rules, and the error where the driver lacks the function.
#include "runtime/cuda/tensor_map.h"

#include <gtest/gtest.h>

namespace kiln::cuda {
namespace {

// A batch of 3 bf16 matrices [100, 40] with rows 48 elements apart, in boxes of 64 x 128.
TensorMap batched_rows() {
  TensorMap m;
  m.source = TensorMap::Source::kScratch;
  m.index = 1;
  m.element = TensorMap::Element::kBF16;
  m.dims = {40, 100, 3};
  m.strides = {96, 9600};
  m.box = {64, 128, 1};
  m.swizzle = TensorMap::Swizzle::k128B;
  return m;
}

void expect_error(const TensorMap& m, CUdeviceptr address, const std::string& words) {
  auto e = tensor_map_encoding(m, address);
  ASSERT_FALSE(e.ok());
  EXPECT_EQ(e.error().kind(), ErrorKind::kInvalidArgument);
  EXPECT_NE(e.error().message().find(words), std::string::npos) << e.error().message();
  EXPECT_NE(e.error().message().find("cuda: tensor map: "), std::string::npos);
}

TEST(TensorMap, EncodingCarriesDimsStridesBoxAndModes) {
  auto e = tensor_map_encoding(batched_rows(), 0x7f0000001000);
  ASSERT_TRUE(e.ok()) << e.error().message();
  EXPECT_EQ(e->type, CU_TENSOR_MAP_DATA_TYPE_BFLOAT16);
  EXPECT_EQ(e->rank, 3u);
  EXPECT_EQ(e->address, CUdeviceptr{0x7f0000001000});
  EXPECT_EQ(e->dims[0], 40u);
  EXPECT_EQ(e->dims[1], 100u);
  EXPECT_EQ(e->dims[2], 3u);
  EXPECT_EQ(e->strides[0], 96u);
  EXPECT_EQ(e->strides[1], 9600u);
  EXPECT_EQ(e->box[0], 64u);
  EXPECT_EQ(e->box[1], 128u);
  EXPECT_EQ(e->box[2], 1u);
  for (int d = 0; d < 3; ++d) EXPECT_EQ(e->element_strides[d], 1u);
  EXPECT_EQ(e->interleave, CU_TENSOR_MAP_INTERLEAVE_NONE);
  EXPECT_EQ(e->swizzle, CU_TENSOR_MAP_SWIZZLE_128B);
  EXPECT_EQ(e->l2_promotion, CU_TENSOR_MAP_L2_PROMOTION_L2_256B);
  // Out-of-range elements read as zeros (not NaN).
  EXPECT_EQ(e->oob_fill, CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE);
}

TEST(TensorMap, ElementTypesAndSwizzles) {
  TensorMap m = batched_rows();
  m.element = TensorMap::Element::kF16;
  m.swizzle = TensorMap::Swizzle::kNone;
  auto e = tensor_map_encoding(m, 0x1000);
  ASSERT_TRUE(e.ok()) << e.error().message();
  EXPECT_EQ(e->type, CU_TENSOR_MAP_DATA_TYPE_FLOAT16);
  EXPECT_EQ(e->swizzle, CU_TENSOR_MAP_SWIZZLE_NONE);
  m.element = TensorMap::Element::kF32;
  m.strides = {160, 16000};  // rows of 40 floats
  m.box = {16, 8, 1};        // 64 bytes
  m.swizzle = TensorMap::Swizzle::k64B;
  e = tensor_map_encoding(m, 0x1000);
  ASSERT_TRUE(e.ok()) << e.error().message();
  EXPECT_EQ(e->type, CU_TENSOR_MAP_DATA_TYPE_FLOAT32);
  EXPECT_EQ(e->swizzle, CU_TENSOR_MAP_SWIZZLE_64B);
  EXPECT_EQ(tensor_map_element_bytes(TensorMap::Element::kF32), 4u);
  EXPECT_EQ(tensor_map_element_bytes(TensorMap::Element::kBF16), 2u);
}

// One-byte elements (the f8 formats): a 128-byte swizzled row is 128 of them, and the
// innermost box of 128 fits the swizzle's span while 256 does not.
TEST(TensorMap, ByteElementsSpanTheirCount) {
  TensorMap m = batched_rows();
  m.element = TensorMap::Element::kU8;
  m.dims = {48, 100, 3};
  m.strides = {48, 4800};
  m.box = {128, 128, 1};
  auto e = tensor_map_encoding(m, 0x1000);
  ASSERT_TRUE(e.ok()) << e.error().message();
  EXPECT_EQ(e->type, CU_TENSOR_MAP_DATA_TYPE_UINT8);
  EXPECT_EQ(e->strides[0], 48u);
  EXPECT_EQ(tensor_map_element_bytes(TensorMap::Element::kU8), 1u);
  m.box = {256, 128, 1};
  expect_error(m, 0x1000, "swizzle");
}

TEST(TensorMap, UnalignedAddressIsAnError) {
  expect_error(batched_rows(), 0x1008, "not 16-byte aligned");
}

TEST(TensorMap, StrideNotAMultipleOf16IsAnError) {
  TensorMap m = batched_rows();
  m.strides = {80 + 2, 8200};  // rows of 41 elements
  expect_error(m, 0x1000, "stride of dimension 1 (82 bytes) is not a multiple of 16");
}

TEST(TensorMap, StrideBelowTheRowIsAnError) {
  TensorMap m = batched_rows();
  m.strides = {64, 6400};  // 40 elements are 80 bytes
  expect_error(m, 0x1000, "below the 80 bytes");
}

TEST(TensorMap, InnerBoxPastTheSwizzleIsAnError) {
  TensorMap m = batched_rows();
  m.swizzle = TensorMap::Swizzle::k64B;  // 64 bf16 are 128 bytes
  expect_error(m, 0x1000, "exceeds the 64-byte swizzle");
}

TEST(TensorMap, BoxOutsideOneTo256IsAnError) {
  TensorMap m = batched_rows();
  m.box = {64, 512, 1};
  expect_error(m, 0x1000, "box size 512 of dimension 1");
  m.box = {64, 0, 1};
  expect_error(m, 0x1000, "box size 0 of dimension 1");
}

TEST(TensorMap, EmptyDimensionIsAnError) {
  TensorMap m = batched_rows();
  m.dims[1] = 0;
  expect_error(m, 0x1000, "dimension 1 has 0 elements");
}

TEST(TensorMap, RankAndListSizesAreChecked) {
  TensorMap m;
  expect_error(m, 0x1000, "rank 0 is not 1 to 5");
  m = batched_rows();
  m.strides.pop_back();
  expect_error(m, 0x1000, "needs 2 strides and 3 box sizes");
}

TEST(TensorMap, DriverWithoutTheFunctionIsUnavailable) {
  Driver without{};  // every entry point null, as an old driver leaves the optional ones
  auto e = tensor_map_encoding(batched_rows(), 0x1000);
  ASSERT_TRUE(e.ok());
  auto map = encode_tensor_map(without, *e);
  ASSERT_FALSE(map.ok());
  EXPECT_EQ(map.error().kind(), ErrorKind::kUnavailable);
  EXPECT_NE(map.error().message().find("cuTensorMapEncodeTiled"), std::string::npos);
}

}  // namespace
}  // namespace kiln::cuda
