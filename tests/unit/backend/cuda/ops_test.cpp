// The cuda backend's gather, dynamic_update_slice, reduce_window, map, select_and_scatter,
// scatter and sort: each program's generated code compiles through NVRTC (no GPU needed), and
// on a GPU its outputs on random inputs match the cpu backend's (integers exactly, floats
// within tolerance). Without a GPU the second half skips with the reason.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "tests/unit/backend/cuda/op_checks.h"

namespace kiln::backend::cuda {
namespace {

using testing::OpProgram;

// Scatter's region header and tail for a one-operand f32 or i32 update computation.
std::string region(const std::string& type, const std::string& body_op) {
  std::string r = "({\n  ^bb0(%x: tensor<" + type + ">, %y: tensor<" + type + ">):\n";
  if (body_op == "overwrite") return r + "    stablehlo.return %y : tensor<" + type + ">\n  })";
  return r + "    %s = stablehlo." + body_op + " %x, %y : tensor<" + type + ">\n" +
         "    stablehlo.return %s : tensor<" + type + ">\n  })";
}

std::vector<OpProgram> programs() {
  std::vector<OpProgram> p;
  // ---- gather ----
  p.push_back({"GatherRowsConstantIndices", R"(
func.func @main(%x: tensor<5x3xf32>) -> tensor<4x3xf32> {
  %i = stablehlo.constant dense<[[1], [3], [4], [0]]> : tensor<4x1xi32>
  %r = "stablehlo.gather"(%x, %i) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 3>, indices_are_sorted = false}> : (tensor<5x3xf32>, tensor<4x1xi32>) -> tensor<4x3xf32>
  return %r : tensor<4x3xf32>
}
)"});
  p.push_back({"GatherWindowsClampedStarts", R"(
func.func @main(%x: tensor<6x7xi32>, %i: tensor<5x2xi32>) -> tensor<5x2x3xi32> {
  %r = "stablehlo.gather"(%x, %i) <{dimension_numbers = #stablehlo.gather<offset_dims = [1, 2], start_index_map = [0, 1], index_vector_dim = 1>, slice_sizes = array<i64: 2, 3>, indices_are_sorted = false}> : (tensor<6x7xi32>, tensor<5x2xi32>) -> tensor<5x2x3xi32>
  return %r : tensor<5x2x3xi32>
}
)"});
  p.push_back({"GatherSmallStartsIndexVectorFirst", R"(
func.func @main(%x: tensor<6x7xf32>, %j: tensor<2x5xi64>) -> tensor<5x2x3xf32> {
  %c = stablehlo.constant dense<7> : tensor<2x5xi64>
  %i = stablehlo.remainder %j, %c : tensor<2x5xi64>
  %r = "stablehlo.gather"(%x, %i) <{dimension_numbers = #stablehlo.gather<offset_dims = [1, 2], start_index_map = [1, 0], index_vector_dim = 0>, slice_sizes = array<i64: 2, 3>, indices_are_sorted = false}> : (tensor<6x7xf32>, tensor<2x5xi64>) -> tensor<5x2x3xf32>
  return %r : tensor<5x2x3xf32>
}
)"});
  p.push_back({"GatherBatchingDims", R"(
func.func @main(%x: tensor<2x5x3xf32>, %j: tensor<4x2x1xi32>) -> tensor<4x2x3xf32> {
  %c = stablehlo.constant dense<6> : tensor<4x2x1xi32>
  %i = stablehlo.remainder %j, %c : tensor<4x2x1xi32>
  %r = "stablehlo.gather"(%x, %i) <{dimension_numbers = #stablehlo.gather<offset_dims = [2], collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [1], start_index_map = [1], index_vector_dim = 2>, slice_sizes = array<i64: 1, 1, 3>, indices_are_sorted = false}> : (tensor<2x5x3xf32>, tensor<4x2x1xi32>) -> tensor<4x2x3xf32>
  return %r : tensor<4x2x3xf32>
}
)"});
  p.push_back({"GatherUnsignedIndices", R"(
func.func @main(%x: tensor<5x3xf32>, %i: tensor<4x1xui64>) -> tensor<4x3xf32> {
  %r = "stablehlo.gather"(%x, %i) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 3>, indices_are_sorted = false}> : (tensor<5x3xf32>, tensor<4x1xui64>) -> tensor<4x3xf32>
  return %r : tensor<4x3xf32>
}
)"});
  p.push_back({"DynamicGatherStaticResult", R"(
func.func @main(%x: tensor<5x3xf32>, %j: tensor<4x1xi32>) -> tensor<4x2xf32> {
  %s = stablehlo.constant dense<[1, 2]> : tensor<2xi32>
  %r = "stablehlo.dynamic_gather"(%x, %j, %s) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false}> : (tensor<5x3xf32>, tensor<4x1xi32>, tensor<2xi32>) -> tensor<4x2xf32>
  return %r : tensor<4x2xf32>
}
)"});
  // ---- dynamic_update_slice ----
  p.push_back({"DynamicUpdateSliceClamped", R"(
func.func @main(%x: tensor<6x7xf32>, %u: tensor<2x3xf32>, %a: tensor<i32>, %b: tensor<i32>) -> tensor<6x7xf32> {
  %r = stablehlo.dynamic_update_slice %x, %u, %a, %b : (tensor<6x7xf32>, tensor<2x3xf32>, tensor<i32>, tensor<i32>) -> tensor<6x7xf32>
  return %r : tensor<6x7xf32>
}
)"});
  p.push_back({"DynamicUpdateSliceInside", R"(
func.func @main(%x: tensor<6x7xi32>, %u: tensor<2x3xi32>) -> tensor<6x7xi32> {
  %a = stablehlo.constant dense<3> : tensor<i64>
  %b = stablehlo.constant dense<2> : tensor<i64>
  %r = stablehlo.dynamic_update_slice %x, %u, %a, %b : (tensor<6x7xi32>, tensor<2x3xi32>, tensor<i64>, tensor<i64>) -> tensor<6x7xi32>
  return %r : tensor<6x7xi32>
}
)"});
  // ---- reduce_window ----
  p.push_back({"ReduceWindowMaxPoolPadded", R"(
func.func @main(%x: tensor<2x7x9xf32>) -> tensor<2x4x5xf32> {
  %init = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %r = "stablehlo.reduce_window"(%x, %init) <{window_dimensions = array<i64: 1, 3, 3>, window_strides = array<i64: 1, 2, 2>, padding = dense<[[0, 0], [1, 1], [1, 1]]> : tensor<3x2xi64>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %m = stablehlo.maximum %a, %b : tensor<f32>
    stablehlo.return %m : tensor<f32>
  }) : (tensor<2x7x9xf32>, tensor<f32>) -> tensor<2x4x5xf32>
  return %r : tensor<2x4x5xf32>
}
)"});
  p.push_back({"ReduceWindowSumDilated", R"(
func.func @main(%x: tensor<5x6xi32>) -> tensor<9x2xi32> {
  %init = stablehlo.constant dense<3> : tensor<i32>
  %r = "stablehlo.reduce_window"(%x, %init) <{window_dimensions = array<i64: 2, 3>, window_strides = array<i64: 1, 3>, base_dilations = array<i64: 2, 1>, window_dilations = array<i64: 1, 2>, padding = dense<[[1, 0], [2, 2]]> : tensor<2x2xi64>}> ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %s = stablehlo.add %a, %b : tensor<i32>
    stablehlo.return %s : tensor<i32>
  }) : (tensor<5x6xi32>, tensor<i32>) -> tensor<9x2xi32>
  return %r : tensor<9x2xi32>
}
)"});
  p.push_back({"ReduceWindowVariadicArgmax", R"(
func.func @main(%x: tensor<4x8xf32>) -> (tensor<4x3xf32>, tensor<4x3xi32>) {
  %i = stablehlo.iota dim = 1 : tensor<4x8xi32>
  %lo = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %zero = stablehlo.constant dense<0> : tensor<i32>
  %r:2 = "stablehlo.reduce_window"(%x, %i, %lo, %zero) <{window_dimensions = array<i64: 1, 4>, window_strides = array<i64: 1, 2>}> ({
  ^bb0(%a: tensor<f32>, %ai: tensor<i32>, %b: tensor<f32>, %bi: tensor<i32>):
    %gt = stablehlo.compare GT, %b, %a : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %v = stablehlo.select %gt, %b, %a : tensor<i1>, tensor<f32>
    %w = stablehlo.select %gt, %bi, %ai : tensor<i1>, tensor<i32>
    stablehlo.return %v, %w : tensor<f32>, tensor<i32>
  }) : (tensor<4x8xf32>, tensor<4x8xi32>, tensor<f32>, tensor<i32>) -> (tensor<4x3xf32>, tensor<4x3xi32>)
  return %r#0, %r#1 : tensor<4x3xf32>, tensor<4x3xi32>
}
)"});
  // ---- map ----
  p.push_back({"MapRegion", R"(
func.func @main(%x: tensor<3x4xf32>, %y: tensor<3x4xf32>) -> tensor<3x4xf32> {
  %r = "stablehlo.map"(%x, %y) <{dimensions = array<i64: 0, 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %m = stablehlo.multiply %a, %b : tensor<f32>
    %c = stablehlo.constant dense<2.0> : tensor<f32>
    %s = stablehlo.add %m, %c : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<3x4xf32>, tensor<3x4xf32>) -> tensor<3x4xf32>
  return %r : tensor<3x4xf32>
}
)"});
  // ---- select_and_scatter ----
  p.push_back({"SelectAndScatterMaxPoolGrad", R"(
func.func @main(%x: tensor<4x6xf32>, %s: tensor<2x3xf32>) -> tensor<4x6xf32> {
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %r = "stablehlo.select_and_scatter"(%x, %s, %z) <{window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %ge = stablehlo.compare GE, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %ge : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %sum = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %sum : tensor<f32>
  }) : (tensor<4x6xf32>, tensor<2x3xf32>, tensor<f32>) -> tensor<4x6xf32>
  return %r : tensor<4x6xf32>
}
)"});
  p.push_back({"SelectAndScatterOverlappingPadded", R"(
func.func @main(%x0: tensor<7x5xi32>, %s: tensor<4x5xi32>) -> tensor<7x5xi32> {
  %c = stablehlo.constant dense<3> : tensor<7x5xi32>
  %x = stablehlo.remainder %x0, %c : tensor<7x5xi32>
  %z = stablehlo.constant dense<5> : tensor<i32>
  %r = "stablehlo.select_and_scatter"(%x, %s, %z) <{window_dimensions = array<i64: 3, 3>, window_strides = array<i64: 2, 1>, padding = dense<[[1, 1], [1, 1]]> : tensor<2x2xi64>}> ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %ge = stablehlo.compare GE, %a, %b : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %ge : tensor<i1>
  }, {
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %sum = stablehlo.add %a, %b : tensor<i32>
    stablehlo.return %sum : tensor<i32>
  }) : (tensor<7x5xi32>, tensor<4x5xi32>, tensor<i32>) -> tensor<7x5xi32>
  return %r : tensor<7x5xi32>
}
)"});
  // ---- scatter ----
  const std::string rows_f32 = R"(
func.func @main(%x: tensor<5x3xf32>, %u: tensor<4x3xf32>) -> tensor<5x3xf32> {
  %i = stablehlo.constant dense<[[1], [3], [1], [7]]> : tensor<4x1xi32>
  %r = "stablehlo.scatter"(%x, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, indices_are_sorted = false, unique_indices = false}> )";
  p.push_back({"ScatterAddRepeatedRows",
               rows_f32 + region("f32", "add") +
                   " : (tensor<5x3xf32>, tensor<4x1xi32>, tensor<4x3xf32>) -> tensor<5x3xf32>\n"
                   "  return %r : tensor<5x3xf32>\n}\n"});
  p.push_back({"ScatterOverwriteRepeatedRows",
               rows_f32 + region("f32", "overwrite") +
                   " : (tensor<5x3xf32>, tensor<4x1xi32>, tensor<4x3xf32>) -> tensor<5x3xf32>\n"
                   "  return %r : tensor<5x3xf32>\n}\n"});
  p.push_back({"ScatterSubtractWindowsLeading", R"(
func.func @main(%x: tensor<6x4xi32>, %u: tensor<3x5xi32>) -> tensor<6x4xi32> {
  %i = stablehlo.constant dense<[[1, 0], [2, 1], [4, 3], [1, 1], [-1, 0]]> : tensor<5x2xi64>
  %r = "stablehlo.scatter"(%x, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [0], inserted_window_dims = [1], scatter_dims_to_operand_dims = [0, 1], index_vector_dim = 1>, indices_are_sorted = false, unique_indices = false}> )" +
                   region("i32", "subtract") +
                   R"( : (tensor<6x4xi32>, tensor<5x2xi64>, tensor<3x5xi32>) -> tensor<6x4xi32>
  return %r : tensor<6x4xi32>
}
)"});
  p.push_back({"ScatterOverwriteWindowsLeading", R"(
func.func @main(%x: tensor<6x4xi32>, %u: tensor<3x5xi32>) -> tensor<6x4xi32> {
  %i = stablehlo.constant dense<[[1, 0], [2, 0], [0, 0], [1, 0], [3, 3]]> : tensor<5x2xi64>
  %r = "stablehlo.scatter"(%x, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [0], inserted_window_dims = [1], scatter_dims_to_operand_dims = [0, 1], index_vector_dim = 1>, indices_are_sorted = false, unique_indices = false}> )" +
                   region("i32", "overwrite") +
                   R"( : (tensor<6x4xi32>, tensor<5x2xi64>, tensor<3x5xi32>) -> tensor<6x4xi32>
  return %r : tensor<6x4xi32>
}
)"});
  p.push_back({"ScatterUniqueIndices", R"(
func.func @main(%x: tensor<64x8xf32>, %u: tensor<16x8xf32>) -> tensor<64x8xf32> {
  %i = stablehlo.iota dim = 0 : tensor<16x1xi32>
  %c = stablehlo.constant dense<4> : tensor<16x1xi32>
  %k = stablehlo.multiply %i, %c : tensor<16x1xi32>
  %r = "stablehlo.scatter"(%x, %k, %u) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, indices_are_sorted = true, unique_indices = true}> )" +
                   region("f32", "multiply") +
                   R"( : (tensor<64x8xf32>, tensor<16x1xi32>, tensor<16x8xf32>) -> tensor<64x8xf32>
  return %r : tensor<64x8xf32>
}
)"});
  p.push_back({"ScatterBatchingDimsRandomIndices", R"(
func.func @main(%x: tensor<2x5x3xi32>, %j: tensor<4x2x1xi32>, %u: tensor<4x2x3xi32>) -> tensor<2x5x3xi32> {
  %c = stablehlo.constant dense<6> : tensor<4x2x1xi32>
  %i = stablehlo.remainder %j, %c : tensor<4x2x1xi32>
  %r = "stablehlo.scatter"(%x, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [2], inserted_window_dims = [1], input_batching_dims = [0], scatter_indices_batching_dims = [1], scatter_dims_to_operand_dims = [1], index_vector_dim = 2>, indices_are_sorted = false, unique_indices = false}> )" +
                   region("i32", "add") +
                   R"( : (tensor<2x5x3xi32>, tensor<4x2x1xi32>, tensor<4x2x3xi32>) -> tensor<2x5x3xi32>
  return %r : tensor<2x5x3xi32>
}
)"});
  p.push_back({"ScatterVariadic", R"(
func.func @main(%x: tensor<5xf32>, %y: tensor<5xi32>, %u: tensor<4xf32>, %v: tensor<4xi32>) -> (tensor<5xf32>, tensor<5xi32>) {
  %i = stablehlo.constant dense<[[2], [0], [2], [4]]> : tensor<4x1xi32>
  %r:2 = "stablehlo.scatter"(%x, %y, %i, %u, %v) <{scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, indices_are_sorted = false, unique_indices = false}> ({
  ^bb0(%a: tensor<f32>, %ai: tensor<i32>, %b: tensor<f32>, %bi: tensor<i32>):
    %gt = stablehlo.compare GT, %b, %a : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %m = stablehlo.select %gt, %b, %a : tensor<i1>, tensor<f32>
    %n = stablehlo.add %ai, %bi : tensor<i32>
    stablehlo.return %m, %n : tensor<f32>, tensor<i32>
  }) : (tensor<5xf32>, tensor<5xi32>, tensor<4x1xi32>, tensor<4xf32>, tensor<4xi32>) -> (tensor<5xf32>, tensor<5xi32>)
  return %r#0, %r#1 : tensor<5xf32>, tensor<5xi32>
}
)"});
  p.push_back({"ScatterIntegerAddAtomics", R"(
func.func @main(%x: tensor<7x3xi32>, %j: tensor<40x1xi32>, %u: tensor<40x3xi32>) -> tensor<7x3xi32> {
  %c = stablehlo.constant dense<9> : tensor<40x1xi32>
  %i = stablehlo.remainder %j, %c : tensor<40x1xi32>
  %r = "stablehlo.scatter"(%x, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, indices_are_sorted = false, unique_indices = false}> )" +
                   region("i32", "add") +
                   R"( : (tensor<7x3xi32>, tensor<40x1xi32>, tensor<40x3xi32>) -> tensor<7x3xi32>
  return %r : tensor<7x3xi32>
}
)"});
  p.push_back({"ScatterInt64MaxAtomics", R"(
func.func @main(%x: tensor<9xi64>, %j: tensor<50x1xi64>, %u: tensor<50xi64>) -> tensor<9xi64> {
  %c = stablehlo.constant dense<11> : tensor<50x1xi64>
  %i = stablehlo.remainder %j, %c : tensor<50x1xi64>
  %r = "stablehlo.scatter"(%x, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, indices_are_sorted = false, unique_indices = false}> )" +
                   region("i64", "maximum") +
                   R"( : (tensor<9xi64>, tensor<50x1xi64>, tensor<50xi64>) -> tensor<9xi64>
  return %r : tensor<9xi64>
}
)"});
  // ---- sort ----
  p.push_back({"SortFloatsDimension1", R"(
func.func @main(%x: tensor<3x37xf32>) -> tensor<3x37xf32> {
  %r = "stablehlo.sort"(%x) <{dimension = 1 : i64, is_stable = false}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %lt = stablehlo.compare LT, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %lt : tensor<i1>
  }) : (tensor<3x37xf32>) -> tensor<3x37xf32>
  return %r : tensor<3x37xf32>
}
)"});
  p.push_back({"SortDescendingDimension0", R"(
func.func @main(%x: tensor<29x4xi32>) -> tensor<29x4xi32> {
  %r = "stablehlo.sort"(%x) <{dimension = 0 : i64, is_stable = true}> ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %gt = stablehlo.compare GT, %a, %b : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %gt : tensor<i1>
  }) : (tensor<29x4xi32>) -> tensor<29x4xi32>
  return %r : tensor<29x4xi32>
}
)"});
  p.push_back({"SortStableKeysWithValues", R"(
func.func @main(%k0: tensor<2x3x50xi32>, %v: tensor<2x3x50xf32>) -> (tensor<2x3x50xi32>, tensor<2x3x50xf32>, tensor<2x3x50xi32>) {
  %c = stablehlo.constant dense<4> : tensor<2x3x50xi32>
  %k = stablehlo.remainder %k0, %c : tensor<2x3x50xi32>
  %i = stablehlo.iota dim = 2 : tensor<2x3x50xi32>
  %r:3 = "stablehlo.sort"(%k, %v, %i) <{dimension = 2 : i64, is_stable = true}> ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>, %c1: tensor<f32>, %d: tensor<f32>, %e: tensor<i32>, %f: tensor<i32>):
    %lt = stablehlo.compare LT, %a, %b : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %lt : tensor<i1>
  }) : (tensor<2x3x50xi32>, tensor<2x3x50xf32>, tensor<2x3x50xi32>) -> (tensor<2x3x50xi32>, tensor<2x3x50xf32>, tensor<2x3x50xi32>)
  return %r#0, %r#1, %r#2 : tensor<2x3x50xi32>, tensor<2x3x50xf32>, tensor<2x3x50xi32>
}
)"});
  return p;
}

class CudaOp : public ::testing::TestWithParam<OpProgram> {};

TEST_P(CudaOp, GeneratedCodeCompiles) { testing::expect_generated_code_compiles(GetParam().text); }

TEST_P(CudaOp, MatchesTheCpuBackendOnAGpu) { testing::expect_matches_the_cpu_backend(GetParam().text); }

INSTANTIATE_TEST_SUITE_P(Ops, CudaOp, ::testing::ValuesIn(programs()),
                         [](const auto& info) { return info.param.name; });

}  // namespace
}  // namespace kiln::backend::cuda
