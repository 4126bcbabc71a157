// iota_into fills runs of equal values per thread's range: every element, at every boundary of
// a range, a run and a cycle, against the spec's definition computed per element.
#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "interp/ops/op_helpers.h"
#include "interp/tensor.h"

namespace kiln::interp {
namespace {

// Shapes large enough that parallel_for splits them mid-run and mid-cycle.
TEST(Iota, EveryDimensionOfLargeShapes) {
  for (const std::vector<int64_t>& shape :
       {std::vector<int64_t>{3, 70001}, {5, 7, 9001}, {70001}, {1, 1}, {4, 0, 3}}) {
    for (size_t dim = 0; dim < shape.size(); ++dim) {
      Tensor t = *Tensor::allocate(ir::Type::tensor(shape, ir::ElementKind::kSI32));
      iota_into(t, static_cast<int64_t>(dim));
      std::vector<int64_t> idx(shape.size(), 0);
      int64_t i = 0, wrong = 0;
      if (t.num_elements() > 0) {
        do wrong += t.data<int32_t>()[i++] != idx[dim];
        while (next_index(idx, shape));
      }
      EXPECT_EQ(wrong, 0) << "dim " << dim << " of rank " << shape.size();
    }
  }
}

// Values convert to the element type: unsigned 8-bit wraps, floats are exact, booleans are
// index != 0.
TEST(Iota, ConvertsToTheElementType) {
  Tensor u8 = *Tensor::allocate(ir::Type::tensor({2, 300}, ir::ElementKind::kUI8));
  iota_into(u8, 1);
  EXPECT_EQ(u8.data<uint8_t>()[299], 299 % 256);
  EXPECT_EQ(u8.data<uint8_t>()[300 + 257], 1);
  Tensor f = *Tensor::allocate(ir::Type::tensor({300, 2}, ir::ElementKind::kF32));
  iota_into(f, 0);
  EXPECT_EQ(f.data<float>()[2 * 299 + 1], 299.0f);
  Tensor b = *Tensor::allocate(ir::Type::tensor({3}, ir::ElementKind::kI1));
  iota_into(b, 0);
  EXPECT_EQ(b.data<bool>()[0], false);
  EXPECT_EQ(b.data<bool>()[2], true);
}

}  // namespace
}  // namespace kiln::interp
