// stablehlo.scatter and select_and_scatter with recognised regions against the per-element
// region path: duplicate and out-of-bounds indices, window dimensions in any position,
// unique_indices, every combiner; select regions of each direction with padding.
#include <cstring>
#include <string>

#include "tests/unit/interp/fast_path_helpers.h"

namespace kiln::interp {
namespace {

using testing::expect_fast_matches_reference;
using testing::salted_tensor;

// Indices from -3 to 40 into a dimension of 32: many repeated, some out of bounds.
Tensor indices(std::vector<int64_t> shape, uint64_t seed) {
  return *oracle::random_tensor(ir::Type::tensor(std::move(shape), ir::ElementKind::kSI32), seed,
                                oracle::Range{-3, 40});
}

// x.at[i].<op>(u) of rows: 32x8 input, 300 rows of updates; `window_first` puts the window
// dimension of the updates first (update_window_dims = [0]).
std::string rows_text(const std::string& t, const std::string& op, bool window_first, bool unique) {
  std::string u = window_first ? "8x300x" : "300x8x";
  return "func.func @main(%x: tensor<32x8x" + t + ">, %i: tensor<300x1xi32>, %u: tensor<" + u + t +
         ">) -> tensor<32x8x" + t + "> {\n" +
         "  %r = \"stablehlo.scatter\"(%x, %i, %u) <{indices_are_sorted = false, "
         "scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [" +
         (window_first ? "0" : "1") +
         "], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = "
         "1>, "
         "unique_indices = " +
         (unique ? "true" : "false") + "}> ({\n" + "  ^bb0(%a: tensor<" + t + ">, %b: tensor<" + t +
         ">):\n" + "    %s = stablehlo." + op + " %a, %b : tensor<" + t + ">\n" +
         "    stablehlo.return %s : tensor<" + t + ">\n" + "  }) : (tensor<32x8x" + t +
         ">, tensor<300x1xi32>, tensor<" + u + t + ">) -> tensor<32x8x" + t +
         ">\n  func.return %r : tensor<32x8x" + t + ">\n}";
}

TEST(ScatterNative, RowsWithDuplicateAndOutOfBoundsIndices) {
  using K = ir::ElementKind;
  for (auto [t, k] : {std::pair{"f32", K::kF32},
                      {"bf16", K::kBF16},
                      {"i32", K::kSI32},
                      {"ui8", K::kUI8},
                      {"f64", K::kF64}}) {
    for (std::string op : {"add", "multiply", "maximum", "minimum"}) {
      for (bool window_first : {false, true}) {
        SCOPED_TRACE(std::string(t) + " " + op + (window_first ? " window first" : ""));
        Tensor x = salted_tensor(ir::Type::tensor({32, 8}, k), 31);
        std::vector<int64_t> us =
            window_first ? std::vector<int64_t>{8, 300} : std::vector<int64_t>{300, 8};
        Tensor u = salted_tensor(ir::Type::tensor(us, k), 32);
        expect_fast_matches_reference(rows_text(t, op, window_first, false),
                                      {x, indices({300, 1}, 33), u});
      }
    }
  }
}

// A window that starts at a scattered column and runs past the end (partial windows are
// skipped whole by the spec only per element: each element out of bounds is skipped).
TEST(ScatterNative, WindowsStartingAtScatteredColumns) {
  const std::string text = R"(
func.func @main(%x: tensor<32x40xf32>, %i: tensor<50x2xi32>, %u: tensor<50x3x8xf32>) -> tensor<32x40xf32> {
  %r = "stablehlo.scatter"(%x, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1, 2], scatter_dims_to_operand_dims = [0, 1], index_vector_dim = 1>, unique_indices = false}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %b, %a : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<32x40xf32>, tensor<50x2xi32>, tensor<50x3x8xf32>) -> tensor<32x40xf32>
  func.return %r : tensor<32x40xf32>
})";
  Tensor x = salted_tensor(ir::Type::tensor({32, 40}, ir::ElementKind::kF32), 41);
  Tensor u = salted_tensor(ir::Type::tensor({50, 3, 8}, ir::ElementKind::kF32), 42);
  expect_fast_matches_reference(text, {x, indices({50, 2}, 43), u});
}

// x.at[i].add(u) of long rows into a 64x`cols` input: `rows` updates of `width` columns that
// start at column i[1] (some partly or wholly outside), many rows to one input row. Large
// enough that the fast path hands the input's columns out to threads.
std::string long_rows_text(int64_t rows, int64_t cols, int64_t width, bool swapped) {
  const std::string in = "tensor<64x" + std::to_string(cols) + "xf32>";
  const std::string idx = "tensor<" + std::to_string(rows) + "x2xi32>";
  const std::string upd =
      "tensor<" + std::to_string(rows) + "x" + std::to_string(width) + "xf32>";
  return "func.func @main(%x: " + in + ", %i: " + idx + ", %u: " + upd + ") -> " + in + " {\n" +
         "  %r = \"stablehlo.scatter\"(%x, %i, %u) <{scatter_dimension_numbers = "
         "#stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], "
         "scatter_dims_to_operand_dims = [0, 1], index_vector_dim = 1>, unique_indices = "
         "false}> ({\n  ^bb0(%a: tensor<f32>, %b: tensor<f32>):\n    %s = stablehlo.add " +
         (swapped ? "%b, %a" : "%a, %b") +
         " : tensor<f32>\n    stablehlo.return %s : tensor<f32>\n  }) : (" + in + ", " + idx +
         ", " + upd + ") -> " + in + "\n  func.return %r : " + in + "\n}";
}

// Start rows from -3 to 40 of 64 and columns from -40 to 300 of 256: rows repeat, columns
// overlap, some windows hang off either side.
Tensor long_row_indices(int64_t rows, uint64_t seed) {
  Tensor t = indices({rows, 2}, seed);
  Tensor cols = *oracle::random_tensor(ir::Type::tensor({rows, 2}, ir::ElementKind::kSI32),
                                       seed + 1, oracle::Range{-40, 300});
  for (int64_t r = 0; r < rows; ++r) t.data<int32_t>()[2 * r + 1] = cols.data<int32_t>()[2 * r];
  return t;
}

TEST(ScatterNative, ThreadedRowsKeepEachElementsUpdateOrder) {
  for (bool swapped : {false, true}) {
    SCOPED_TRACE(swapped ? "swapped" : "in order");
    const int64_t rows = 1200, cols = 256, width = 96;
    Tensor x = salted_tensor(ir::Type::tensor({64, cols}, ir::ElementKind::kF32), 61);
    Tensor u = salted_tensor(ir::Type::tensor({rows, width}, ir::ElementKind::kF32), 62);
    expect_fast_matches_reference(long_rows_text(rows, cols, width, swapped),
                                  {x, long_row_indices(rows, 63), u});
  }
}

// Scalar updates (no window dimension): each element picks its own target, duplicates and
// out-of-bounds ones included, across more than one planned block.
TEST(ScatterNative, ScalarUpdatesInOrder) {
  const std::string text = R"(
func.func @main(%x: tensor<32xf32>, %i: tensor<70000x1xi32>, %u: tensor<70000xf32>) -> tensor<32xf32> {
  %r = "stablehlo.scatter"(%x, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, unique_indices = false}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<32xf32>, tensor<70000x1xi32>, tensor<70000xf32>) -> tensor<32xf32>
  func.return %r : tensor<32xf32>
})";
  Tensor x = salted_tensor(ir::Type::tensor({32}, ir::ElementKind::kF32), 71);
  Tensor u = salted_tensor(ir::Type::tensor({70000}, ir::ElementKind::kF32), 72);
  expect_fast_matches_reference(text, {x, indices({70000, 1}, 73), u});
}

TEST(ScatterNative, EmptyUpdatesLeaveTheInput) {
  const std::string text = R"(
func.func @main(%x: tensor<4x8xf32>, %i: tensor<0x1xi32>, %u: tensor<0x8xf32>) -> tensor<4x8xf32> {
  %r = "stablehlo.scatter"(%x, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<4x8xf32>, tensor<0x1xi32>, tensor<0x8xf32>) -> tensor<4x8xf32>
  func.return %r : tensor<4x8xf32>
})";
  Tensor x = salted_tensor(ir::Type::tensor({4, 8}, ir::ElementKind::kF32), 81);
  Tensor u = salted_tensor(ir::Type::tensor({0, 8}, ir::ElementKind::kF32), 82);
  std::vector<Tensor> out = expect_fast_matches_reference(text, {x, indices({0, 1}, 83), u});
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(std::memcmp(out[0].raw(), x.raw(), x.size_bytes()), 0);
}

// The gradient of a max pool: select GE (first maximum wins), padding on both sides.
std::string select_text(const std::string& direction) {
  return R"(
func.func @main(%x: tensor<10x9xf32>, %s: tensor<5x5xf32>) -> tensor<10x9xf32> {
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %r = "stablehlo.select_and_scatter"(%x, %s, %z) <{window_dimensions = array<i64: 3, 3>, window_strides = array<i64: 2, 2>, padding = dense<[[1, 1], [1, 1]]> : tensor<2x2xi64>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %c = stablehlo.compare )" +
         direction + R"(, %a, %b, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %t = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %t : tensor<f32>
  }) : (tensor<10x9xf32>, tensor<5x5xf32>, tensor<f32>) -> tensor<10x9xf32>
  func.return %r : tensor<10x9xf32>
})";
}

TEST(SelectAndScatter, EverySelectDirectionMatchesRegionPath) {
  for (const char* direction : {"GE", "GT", "LE", "LT"}) {
    SCOPED_TRACE(direction);
    Tensor x = salted_tensor(ir::Type::tensor({10, 9}, ir::ElementKind::kF32), 51);
    Tensor s = salted_tensor(ir::Type::tensor({5, 5}, ir::ElementKind::kF32), 52);
    expect_fast_matches_reference(select_text(direction), {x, s});
  }
}

}  // namespace
}  // namespace kiln::interp
