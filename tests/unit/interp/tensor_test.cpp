// Tensor storage: allocations are zero-filled even when large storage is recycled, and shared
// storage lives as long as any tensor holding it.
#include "interp/tensor.h"

#include <gtest/gtest.h>

#include <cstring>

namespace kiln::interp {
namespace {

bool all_zero(const Tensor& t) {
  for (size_t i = 0; i < t.size_bytes(); ++i) {
    if (t.raw()[i] != std::byte{0}) return false;
  }
  return true;
}

TEST(Tensor, LargeAllocationIsZeroAfterAFreedOneOfTheSameSize) {
  const ir::Type type = ir::Type::tensor({1 << 20}, ir::ElementKind::kF32);
  for (int round = 0; round < 3; ++round) {
    Tensor t = *Tensor::allocate(type);
    EXPECT_TRUE(all_zero(t)) << "round " << round;
    std::memset(t.raw(), 0xAB, t.size_bytes());
  }
}

TEST(Tensor, SharedStorageOutlivesTheAllocatingTensor) {
  const ir::Type type = ir::Type::tensor({1 << 19}, ir::ElementKind::kF64);
  Tensor copy;
  {
    Tensor t = *Tensor::allocate(type);
    t.data<double>()[7] = 3.5;
    copy = t;
  }
  Tensor other = *Tensor::allocate(type);  // must not be handed the storage still in use
  EXPECT_NE(other.raw(), copy.raw());
  EXPECT_EQ(copy.data<double>()[7], 3.5);
  EXPECT_TRUE(all_zero(other));
}

TEST(Tensor, SmallAndEmptyAllocationsAreZero) {
  EXPECT_TRUE(all_zero(*Tensor::allocate(ir::Type::tensor({3, 5}, ir::ElementKind::kSI32))));
  Tensor empty = *Tensor::allocate(ir::Type::tensor({0, 4}, ir::ElementKind::kF32));
  EXPECT_EQ(empty.size_bytes(), 0u);
}

}  // namespace
}  // namespace kiln::interp
