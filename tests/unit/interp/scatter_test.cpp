// stablehlo.scatter against a direct transcription of the spec's formula: random indices
// (many out of bounds, many repeated) with batching dimensions, an add region that wraps,
// and an overwrite region where the last update in row-major order wins.
#include <cstring>

#include "oracle/random.h"
#include "tests/unit/interp/interp_test_helpers.h"

namespace kiln::interp {
namespace {

using testing::flat;
using testing::run_one;

// Input 3x6x5x4 (dim 0 batching), indices 2x3x7 (index vector dim 0, dim 1 batching),
// scatter_dims_to_operand_dims [3, 1], inserted [1], update_window_dims [1, 3]:
// updates 3x4x7x2 whose window dims walk input dims 2 and 3.
std::string program(const std::string& region) {
  return R"(
func.func @main(%x: tensor<3x6x5x4xi32>, %i: tensor<2x3x7xi64>, %u: tensor<3x4x7x2xi32>) -> tensor<3x6x5x4xi32> {
  %r = "stablehlo.scatter"(%x, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1, 3], inserted_window_dims = [1], input_batching_dims = [0], scatter_indices_batching_dims = [1], scatter_dims_to_operand_dims = [3, 1], index_vector_dim = 0>}> ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
)" + region +
         R"(
  }) : (tensor<3x6x5x4xi32>, tensor<2x3x7xi64>, tensor<3x4x7x2xi32>) -> tensor<3x6x5x4xi32>
  func.return %r : tensor<3x6x5x4xi32>
})";
}

// The spec's scatter for program()'s dimension numbers, updates in row-major order.
Tensor spec_scatter(const Tensor& x, const Tensor& idx, const Tensor& u, bool add) {
  Tensor r = *Tensor::allocate(x.type());
  std::memcpy(r.raw(), x.raw(), x.size_bytes());
  std::vector<int64_t> ui(4, 0);
  int64_t from = 0;
  do {
    const int64_t b0 = ui[0], b1 = ui[2];  // update_scatter_dims [0, 2]
    std::vector<int64_t> target(4, 0);
    target[3] = idx.data<int64_t>()[flat({0, b0, b1}, idx.shape())];
    target[1] = idx.data<int64_t>()[flat({1, b0, b1}, idx.shape())];
    target[0] += b0;     // batching: scatter_indices dim 1 is update scatter index 0
    target[2] += ui[1];  // window dims walk input dims 2 and 3
    target[3] += ui[3];
    bool in_bounds = true;
    for (int d = 0; d < 4; ++d) in_bounds &= target[d] >= 0 && target[d] < x.shape()[d];
    if (in_bounds) {
      int32_t& dst = r.data<int32_t>()[flat(target, x.shape())];
      int32_t v = u.data<int32_t>()[from];
      dst = add ? static_cast<int32_t>(static_cast<uint32_t>(dst) + static_cast<uint32_t>(v)) : v;
    }
    ++from;
  } while (next_index(ui, u.shape()));
  return r;
}

void check_against_spec(const std::string& region, bool add) {
  // Any i32 values; start indices from -3 to 6, so that some updates fall out of bounds.
  const oracle::Range any_i32{-2147483648.0, 2147483648.0};
  Tensor x = *oracle::random_tensor(ir::Type::tensor({3, 6, 5, 4}, ir::ElementKind::kSI32), 11,
                                    any_i32);
  Tensor idx = *oracle::random_tensor(ir::Type::tensor({2, 3, 7}, ir::ElementKind::kSI64), 12,
                                      oracle::Range{-3, 7});
  Tensor u = *oracle::random_tensor(ir::Type::tensor({3, 4, 7, 2}, ir::ElementKind::kSI32), 13,
                                    any_i32);
  Tensor r = run_one(program(region), {x, idx, u});
  Tensor expected = spec_scatter(x, idx, u, add);
  int64_t mismatches = 0;
  for (int64_t i = 0; i < r.num_elements(); ++i) {
    mismatches += r.data<int32_t>()[i] != expected.data<int32_t>()[i];
  }
  EXPECT_EQ(mismatches, 0);
}

TEST(Scatter, AddWithBatchingDimsMatchesSpecFormula) {
  check_against_spec(R"(
    %s = stablehlo.add %a, %b : tensor<i32>
    stablehlo.return %s : tensor<i32>)",
                     true);
}

TEST(Scatter, OverwriteKeepsLastUpdateInRowMajorOrder) {
  check_against_spec("    stablehlo.return %b : tensor<i32>", false);
}

}  // namespace
}  // namespace kiln::interp
