// stablehlo.gather against a direct transcription of the spec's formula, on random indices
// (many out of bounds) with batching dimensions and index_vector_dim = 0.
#include <algorithm>

#include "oracle/random.h"
#include "tests/unit/interp/interp_test_helpers.h"

namespace kiln::interp {
namespace {

using testing::flat;
using testing::run_one;

// Operand 3x6x5x4 (dim 0 batching), indices 2x3x7 (index vector dim 0, dim 1 batching),
// start_index_map [3, 1], collapsed [1], slice sizes 1x1x4x2, offset_dims [1, 3]:
// result 3x4x7x2.
constexpr const char* kGatherProgram = R"(
func.func @main(%x: tensor<3x6x5x4xi32>, %i: tensor<2x3x7xi64>) -> tensor<3x4x7x2xi32> {
  %r = "stablehlo.gather"(%x, %i) <{dimension_numbers = #stablehlo.gather<offset_dims = [1, 3], collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [1], start_index_map = [3, 1], index_vector_dim = 0>, slice_sizes = array<i64: 1, 1, 4, 2>}> : (tensor<3x6x5x4xi32>, tensor<2x3x7xi64>) -> tensor<3x4x7x2xi32>
  func.return %r : tensor<3x4x7x2xi32>
})";

// The spec's gather for kGatherProgram's dimension numbers, one result element at a time.
int32_t spec_element(const Tensor& x, const Tensor& idx, const std::vector<int64_t>& r) {
  const std::vector<int64_t> xs = x.shape(), is = idx.shape(), sizes = {1, 1, 4, 2};
  const std::vector<int64_t> batch = {r[0], r[2]}, offset = {r[1], r[3]};
  std::vector<int64_t> start(2);
  for (int64_t k = 0; k < 2; ++k) start[k] = idx.data<int64_t>()[flat({k, batch[0], batch[1]}, is)];
  std::vector<int64_t> operand(4, 0);
  const int64_t map[] = {3, 1};
  for (int k = 0; k < 2; ++k) {
    int64_t d = map[k];
    operand[d] += std::clamp<int64_t>(start[k], 0, xs[d] - sizes[d]);
  }
  operand[0] += batch[0];  // start_indices_batching_dims[0] = 1 > index_vector_dim: batch[0]
  operand[2] += offset[0];
  operand[3] += offset[1];
  return x.data<int32_t>()[flat(operand, xs)];
}

TEST(Gather, BatchingDimsAndClampedStartsMatchSpecFormula) {
  // Any i32 value; start indices from -3 to 9, so that some are clamped at either end.
  Tensor x = *oracle::random_tensor(ir::Type::tensor({3, 6, 5, 4}, ir::ElementKind::kSI32), 7,
                                    oracle::Range{-2147483648.0, 2147483648.0});
  Tensor idx = *oracle::random_tensor(ir::Type::tensor({2, 3, 7}, ir::ElementKind::kSI64), 8,
                                      oracle::Range{-3, 10});
  Tensor r = run_one(kGatherProgram, {x, idx});
  std::vector<int64_t> index(4, 0);
  int64_t mismatches = 0, i = 0;
  do {
    mismatches += r.data<int32_t>()[i++] != spec_element(x, idx, index);
  } while (next_index(index, r.shape()));
  EXPECT_EQ(mismatches, 0);
}

// An embedding lookup big enough to split across threads: rows of a 1000x64 table.
TEST(Gather, LargeRowLookupMatchesPlainLoop) {
  Tensor table = *Tensor::allocate(ir::Type::tensor({1000, 64}, ir::ElementKind::kF32));
  Tensor rows = *Tensor::allocate(ir::Type::tensor({4096, 1}, ir::ElementKind::kSI32));
  for (int64_t i = 0; i < table.num_elements(); ++i) table.data<float>()[i] = static_cast<float>(i);
  for (int64_t i = 0; i < 4096; ++i)
    rows.data<int32_t>()[i] = static_cast<int32_t>((i * 37) % 1000);
  Tensor r = run_one(R"(
func.func @main(%t: tensor<1000x64xf32>, %i: tensor<4096x1xi32>) -> tensor<4096x64xf32> {
  %r = "stablehlo.gather"(%t, %i) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 64>}> : (tensor<1000x64xf32>, tensor<4096x1xi32>) -> tensor<4096x64xf32>
  func.return %r : tensor<4096x64xf32>
})",
                     {table, rows});
  int64_t mismatches = 0;
  for (int64_t i = 0; i < 4096; ++i)
    for (int64_t j = 0; j < 64; ++j) {
      mismatches +=
          r.data<float>()[i * 64 + j] != table.data<float>()[rows.data<int32_t>()[i] * 64 + j];
    }
  EXPECT_EQ(mismatches, 0);
}

}  // namespace
}  // namespace kiln::interp
