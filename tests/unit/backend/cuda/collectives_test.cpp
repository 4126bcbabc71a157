// The cuda backend's collectives on its one process (replica_id and partition_id 0, every
// group that process alone): each program's generated code compiles through NVRTC (no GPU
// needed) and, on a GPU, matches the cpu backend on random inputs; a program compiled for one
// process whose replica_groups name another, and a run_parallel with an infeed, are
// unimplemented errors that say so (grids: grid_test.cpp).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "tests/unit/backend/cuda/op_checks.h"

namespace kiln::backend::cuda {
namespace {

using testing::OpProgram;

std::vector<OpProgram> collective_programs() {
  std::vector<OpProgram> p;
  p.push_back({"ReductionsAndGathers", R"(
func.func @main(%x: tensor<2x4xi32>, %y: tensor<4xf32>) -> (tensor<2x4xi32>, tensor<2x4xi32>, tensor<2x4xi32>, tensor<2x4xi32>, tensor<2x4xi32>, tensor<4xf32>) {
  %0:2 = "stablehlo.all_reduce"(%x, %x) ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %s = stablehlo.add %a, %b : tensor<i32>
    stablehlo.return %s : tensor<i32>
  }) {replica_groups = dense<[[0]]> : tensor<1x1xi64>} : (tensor<2x4xi32>, tensor<2x4xi32>) -> (tensor<2x4xi32>, tensor<2x4xi32>)
  %1 = "stablehlo.all_gather"(%x) {all_gather_dim = 1 : i64, replica_groups = dense<[[0]]> : tensor<1x1xi64>} : (tensor<2x4xi32>) -> tensor<2x4xi32>
  %2 = "stablehlo.all_to_all"(%x) {split_dimension = 1 : i64, concat_dimension = 0 : i64, split_count = 1 : i64, replica_groups = dense<[[0]]> : tensor<1x1xi64>} : (tensor<2x4xi32>) -> tensor<2x4xi32>
  %3 = "stablehlo.reduce_scatter"(%x) ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %s = stablehlo.add %a, %b : tensor<i32>
    stablehlo.return %s : tensor<i32>
  }) {scatter_dimension = 1 : i64, replica_groups = dense<[[0]]> : tensor<1x1xi64>} : (tensor<2x4xi32>) -> tensor<2x4xi32>
  %4 = "stablehlo.cross-replica-sum"(%y) {replica_groups = dense<[[0]]> : tensor<1x1xi64>} : (tensor<4xf32>) -> tensor<4xf32>
  return %0#0, %0#1, %1, %2, %3, %4 : tensor<2x4xi32>, tensor<2x4xi32>, tensor<2x4xi32>, tensor<2x4xi32>, tensor<2x4xi32>, tensor<4xf32>
}
)"});
  p.push_back({"PermuteBroadcastAndIds", R"(
func.func @main(%x: tensor<3xf32>) -> (tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<ui32>, tensor<ui32>) {
  %0 = "stablehlo.collective_permute"(%x) {source_target_pairs = dense<[[0, 0]]> : tensor<1x2xi64>} : (tensor<3xf32>) -> tensor<3xf32>
  %1 = "stablehlo.collective_broadcast"(%x) {replica_groups = dense<[[0]]> : tensor<1x1xi64>} : (tensor<3xf32>) -> tensor<3xf32>
  %2 = "stablehlo.collective_permute"(%x) {source_target_pairs = dense<> : tensor<0x2xi64>} : (tensor<3xf32>) -> tensor<3xf32>
  %r = stablehlo.replica_id : tensor<ui32>
  %p = stablehlo.partition_id : tensor<ui32>
  return %0, %1, %2, %r, %p : tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<ui32>, tensor<ui32>
}
)"});
  return p;
}

class CudaCollectives : public ::testing::TestWithParam<OpProgram> {};

TEST_P(CudaCollectives, GeneratedCodeCompiles) { testing::expect_generated_code_compiles(GetParam().text); }

TEST_P(CudaCollectives, MatchesTheCpuBackendOnAGpu) {
  testing::expect_matches_the_cpu_backend(GetParam().text);
}

INSTANTIATE_TEST_SUITE_P(Ops, CudaCollectives, ::testing::ValuesIn(collective_programs()),
                         [](const auto& info) { return info.param.name; });

// The message of compiling `text` for the cuda backend, which must fail as unimplemented.
std::string unimplemented_message(const std::string& text) {
  auto module = frontend::parse_module_text(text, "test.mlir");
  EXPECT_TRUE(module.ok()) << module.error().message();
  if (!module.ok()) return "";
  auto exe = compile_cuda(**module, {});
  EXPECT_FALSE(exe.ok());
  if (exe.ok()) return "";
  EXPECT_EQ(exe.error().kind(), ErrorKind::kUnimplemented) << exe.error().message();
  return exe.error().message();
}

TEST(CudaCollectives, AnotherProcessIsAClearError) {
  const std::string m = unimplemented_message(R"(
func.func @main(%x: tensor<4xi64>) -> tensor<4xi64> {
  %r = "stablehlo.all_reduce"(%x) ({
  ^bb0(%a: tensor<i64>, %b: tensor<i64>):
    %s = stablehlo.add %a, %b : tensor<i64>
    stablehlo.return %s : tensor<i64>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xi64>) -> tensor<4xi64>
  return %r : tensor<4xi64>
}
)");
  EXPECT_NE(m.find("test.mlir:3:"), std::string::npos) << m;
  EXPECT_NE(m.find("'stablehlo.all_reduce'"), std::string::npos) << m;
  EXPECT_NE(m.find("several processes"), std::string::npos) << m;
}

TEST(CudaCollectives, RunParallelWithAnInfeedIsAClearError) {
  const std::string m = unimplemented_message(R"(
func.func @feed() -> tensor<2xf32> {
  %a = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf32>
  func.return %a : tensor<2xf32>
}
func.func @reader() -> tensor<2xf32> {
  %t = stablehlo.create_token : !stablehlo.token
  %0:2 = "stablehlo.infeed"(%t) : (!stablehlo.token) -> (tensor<2xf32>, !stablehlo.token)
  func.return %0#0 : tensor<2xf32>
}
func.func @main() -> (tensor<2xf32>, tensor<2xf32>) {
  %r:2 = "interpreter.run_parallel"() {programs = [[@reader], [@reader]], infeed = [@feed, @feed]} : () -> (tensor<2xf32>, tensor<2xf32>)
  return %r#0, %r#1 : tensor<2xf32>, tensor<2xf32>
}
)");
  EXPECT_NE(m.find("'interpreter.run_parallel'"), std::string::npos) << m;
  EXPECT_NE(m.find("an infeed"), std::string::npos) << m;
}

}  // namespace
}  // namespace kiln::backend::cuda
