// The cpu backend: compile, run on buffers, the process grid, and the errors of each step.
#include "backend/cpu/cpu_backend.h"

#include <gtest/gtest.h>

#include <cstring>

#include "frontend/parser.h"
#include "ir/verifier.h"

namespace kiln::backend::cpu {
namespace {

std::unique_ptr<ir::Module> parse(const std::string& text) {
  auto module = frontend::parse_module_text(text, "test.mlir");
  EXPECT_TRUE(module.ok()) << module.error().message();
  EXPECT_TRUE(ir::verify(**module).ok());
  return std::move(*module);
}

Buffer f32_buffer(std::vector<float> values) {
  std::span<const std::byte> bytes(reinterpret_cast<const std::byte*>(values.data()),
                                   values.size() * sizeof(float));
  auto b = Buffer::host_copy(
      ir::Type::tensor({static_cast<int64_t>(values.size())}, ir::ElementKind::kF32), bytes);
  EXPECT_TRUE(b.ok());
  return *b;
}

std::vector<float> floats(const Buffer& b) {
  std::vector<float> out(b.host_bytes().size() / sizeof(float));
  std::memcpy(out.data(), b.host_bytes().data(), b.host_bytes().size());
  return out;
}

constexpr const char* kAdd = R"(
func.func @main(%a: tensor<2xf32>, %b: tensor<2xf32>) -> tensor<2xf32> {
  %0 = stablehlo.add %a, %b : tensor<2xf32>
  return %0 : tensor<2xf32>
}
)";

TEST(CpuBackend, CompilesAndRunsMain) {
  auto module = parse(kAdd);
  auto exe = CpuBackend().compile(*module, {});
  ASSERT_TRUE(exe.ok()) << exe.error().message();
  EXPECT_EQ((*exe)->entry(), "main");
  EXPECT_EQ((*exe)->input_types().size(), 2u);
  EXPECT_EQ((*exe)->num_processes(), 1);
  auto results = (*exe)->run({f32_buffer({1, 2}), f32_buffer({10, 20})});
  ASSERT_TRUE(results.ok()) << results.error().message();
  ASSERT_EQ(results->outputs().size(), 1u);
  EXPECT_EQ(floats(results->outputs()[0]), (std::vector<float>{11, 22}));
}

TEST(CpuBackend, RunsOnAProcessGrid) {
  auto module = parse(R"(
func.func @main(%x: tensor<2xf32>) -> (tensor<2xf32>, tensor<ui32>) {
  %sum = "stablehlo.all_reduce"(%x) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2xf32>) -> tensor<2xf32>
  %replica = stablehlo.replica_id : tensor<ui32>
  func.return %sum, %replica : tensor<2xf32>, tensor<ui32>
}
)");
  CompileOptions options;
  options.num_replicas = 2;
  auto exe = CpuBackend().compile(*module, options);
  ASSERT_TRUE(exe.ok()) << exe.error().message();
  EXPECT_EQ((*exe)->num_processes(), 2);
  auto results = (*exe)->run_each({{f32_buffer({1, 2})}, {f32_buffer({3, 4})}});
  ASSERT_TRUE(results.ok()) << results.error().message();
  ASSERT_EQ(results->processes.size(), 2u);
  for (uint32_t k = 0; k < 2; ++k) {
    EXPECT_EQ(floats(results->processes[k][0]), (std::vector<float>{4, 6}));
    uint32_t replica;
    std::memcpy(&replica, results->processes[k][1].host_bytes().data(), 4);
    EXPECT_EQ(replica, k);
  }
}

TEST(CpuBackend, GridSizeComesFromTheModuleAttribute) {
  auto module = parse(R"(
module attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 4 : i32} {
  func.func @main() -> tensor<ui32> {
    %r = stablehlo.replica_id : tensor<ui32>
    return %r : tensor<ui32>
  }
}
)");
  auto exe = CpuBackend().compile(*module, {});
  ASSERT_TRUE(exe.ok()) << exe.error().message();
  EXPECT_EQ((*exe)->num_replicas(), 4);
  EXPECT_EQ((*exe)->num_partitions(), 1);
}

// A grid too large to simulate is an error naming its size, also where the product of replicas
// and partitions overflows 64 bits; the largest allowed grid compiles.
TEST(CpuBackend, HugeProcessGridIsInvalid) {
  auto module = parse("func.func @main() -> tensor<ui32> {\n"
                      "  %r = stablehlo.replica_id : tensor<ui32>\n"
                      "  return %r : tensor<ui32>\n}\n");
  for (auto [replicas, partitions] : {std::pair<int64_t, int64_t>{kMaxSimulatedProcesses + 1, 1},
                                      {4000000, 4000000},
                                      {int64_t{1} << 62, int64_t{1} << 62}}) {
    CompileOptions options;
    options.num_replicas = replicas;
    options.num_partitions = partitions;
    auto exe = CpuBackend().compile(*module, options);
    ASSERT_FALSE(exe.ok()) << replicas << " x " << partitions;
    EXPECT_EQ(exe.error().kind(), ErrorKind::kInvalidArgument);
    EXPECT_NE(exe.error().message().find("too large"), std::string::npos) << exe.error().message();
  }
  CompileOptions largest;
  largest.num_replicas = kMaxSimulatedProcesses / 4;
  largest.num_partitions = 4;
  EXPECT_TRUE(CpuBackend().compile(*module, largest).ok());
}

TEST(CpuBackend, UnknownEntryIsNotFound) {
  auto module = parse(kAdd);
  CompileOptions options;
  options.entry = "nowhere";
  auto exe = CpuBackend().compile(*module, options);
  ASSERT_FALSE(exe.ok());
  EXPECT_EQ(exe.error().kind(), ErrorKind::kNotFound);
  EXPECT_EQ(exe.error().message(), "kiln: no function @nowhere in test.mlir");
}

TEST(CpuBackend, WrongInputCountIsInvalid) {
  auto module = parse(kAdd);
  auto exe = CpuBackend().compile(*module, {});
  ASSERT_TRUE(exe.ok());
  auto results = (*exe)->run({f32_buffer({1, 2})});
  ASSERT_FALSE(results.ok());
  EXPECT_EQ(results.error().kind(), ErrorKind::kInvalidArgument);
  EXPECT_EQ(results.error().message(), "kiln: @main takes 2 inputs but 1 were given");
}

TEST(CpuBackend, WrongInputTypeNamesTheInput) {
  auto module = parse(kAdd);
  auto exe = CpuBackend().compile(*module, {});
  ASSERT_TRUE(exe.ok());
  auto results = (*exe)->run({f32_buffer({1, 2}), f32_buffer({1, 2, 3})});
  ASSERT_FALSE(results.ok());
  EXPECT_EQ(results.error().message(),
            "kiln: input 1 of @main is tensor<3xf32> but @main takes tensor<2xf32>");
}

TEST(CpuBackend, FailedChecksAreReportedNotErrors) {
  auto module = parse(R"(
func.func @main() {
  %x = stablehlo.constant dense<1.0> : tensor<f32>
  check.expect_eq_const %x, dense<2.0> : tensor<f32>
  return
}
)");
  auto exe = CpuBackend().compile(*module, {});
  ASSERT_TRUE(exe.ok());
  auto results = (*exe)->run({});
  ASSERT_TRUE(results.ok()) << results.error().message();
  ASSERT_EQ(results->failed_checks.size(), 1u);
  EXPECT_EQ(results->failed_checks[0].rfind("test.mlir:4:", 0), 0u) << results->failed_checks[0];
}

TEST(CpuBackend, BuffersShareBytesWithTheInterpreter) {
  Buffer b = f32_buffer({1, 2});
  auto v = to_runtime_value(b);
  ASSERT_TRUE(v.ok());
  EXPECT_EQ(v->tensor().raw(), b.host_bytes().data());
  auto back = to_buffer(*v);
  ASSERT_TRUE(back.ok());
  EXPECT_EQ(back->host_bytes().data(), b.host_bytes().data());
}

TEST(Buffer, WrongSizeIsInvalid) {
  std::vector<std::byte> bytes(7);
  auto b = Buffer::host_copy(ir::Type::tensor({2}, ir::ElementKind::kF32), bytes);
  ASSERT_FALSE(b.ok());
  EXPECT_EQ(b.error().message(), "backend: tensor<2xf32> takes 8 bytes, not 7");
}

}  // namespace
}  // namespace kiln::backend::cpu
