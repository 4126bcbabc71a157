// The public C++ API end to end: load, verify, compile for a backend, run on host values, read
// outputs; and the errors of each step.
#include <gtest/gtest.h>

#include <cstring>

#include "kiln/kiln.h"

namespace kiln {
namespace {

constexpr const char* kProgram = R"(
func.func @main(%a: tensor<2xf32>, %b: tensor<2xf32>) -> (tensor<2xf32>, !stablehlo.token) {
  %0 = stablehlo.multiply %a, %b : tensor<2xf32>
  %t = stablehlo.create_token : !stablehlo.token
  return %0, %t : tensor<2xf32>, !stablehlo.token
}
)";

Value f32(std::vector<float> values) {
  std::span<const std::byte> bytes(reinterpret_cast<const std::byte*>(values.data()),
                                   values.size() * sizeof(float));
  auto v = Value::tensor({"f32", {static_cast<int64_t>(values.size())}}, bytes);
  EXPECT_TRUE(v.ok()) << v.error().message();
  return *v;
}

TEST(Api, LoadsCompilesAndRunsAProgram) {
  auto module = load_text(kProgram, "mul.mlir");
  ASSERT_TRUE(module.ok()) << module.error().message();
  auto exe = compile(*module, {.backend = "cpu"});
  ASSERT_TRUE(exe.ok()) << exe.error().message();
  EXPECT_EQ(exe->entry(), "main");
  EXPECT_EQ(exe->entry_location(), "mul.mlir:2");
  EXPECT_EQ(exe->input_types(), (std::vector<std::string>{"tensor<2xf32>", "tensor<2xf32>"}));
  auto result = exe->run({f32({2, 3}), f32({4, 5})});
  ASSERT_TRUE(result.ok()) << result.error().message();
  const std::vector<Value>& out = result->outputs();
  ASSERT_EQ(out.size(), 2u);
  EXPECT_EQ(out[0].tensor_type(), (TensorType{"f32", {2}}));
  float got[2];
  std::memcpy(got, out[0].bytes().data(), 8);
  EXPECT_EQ(got[0], 8);
  EXPECT_EQ(got[1], 15);
  EXPECT_EQ(out[0].to_string(), "dense<[8.000000e+00, 1.500000e+01]> : tensor<2xf32>");
  EXPECT_EQ(out[1].kind(), Value::Kind::kToken);
  EXPECT_EQ(out[1].to_string(), "!stablehlo.token");
}

std::vector<float> floats_of(const Value& v) {
  std::vector<float> out(v.bytes().size() / sizeof(float));
  std::memcpy(out.data(), v.bytes().data(), v.bytes().size());
  return out;
}

constexpr const char* kMultiply = R"(
func.func @main(%a: tensor<2xf32>, %b: tensor<2xf32>) -> tensor<2xf32> {
  %0 = stablehlo.multiply %a, %b : tensor<2xf32>
  return %0 : tensor<2xf32>
}
)";

TEST(Api, DeviceCallsOnTheCpuBackendAreTheHostOnes) {
  auto module = load_text(kMultiply, "mul.mlir");
  ASSERT_TRUE(module.ok()) << module.error().message();
  auto exe = compile(*module, {.backend = "cpu"});
  ASSERT_TRUE(exe.ok()) << exe.error().message();
  auto a = exe->to_device(f32({2, 3}));
  ASSERT_TRUE(a.ok()) << a.error().message();
  EXPECT_FALSE(a->on_device());
  auto result = exe->run_on_device({*a, f32({4, 5})});
  ASSERT_TRUE(result.ok()) << result.error().message();
  EXPECT_FALSE(result->outputs()[0].on_device());
  EXPECT_EQ(floats_of(result->outputs()[0]), (std::vector<float>{8, 15}));
}

// On a GPU: values uploaded once, outputs left on the device and read back, device outputs
// fed to the next run (no upload) and to the cpu backend (read back first).
TEST(Api, DeviceValuesOnTheCudaBackend) {
  if (default_backend() != "cuda") GTEST_SKIP() << "no GPU: the cuda backend cannot run here";
  auto module = load_text(kMultiply, "mul.mlir");
  ASSERT_TRUE(module.ok()) << module.error().message();
  auto exe = compile(*module, {.backend = "cuda"});
  ASSERT_TRUE(exe.ok()) << exe.error().message();
  auto a = exe->to_device(f32({2, 3}));
  ASSERT_TRUE(a.ok()) << a.error().message();
  EXPECT_TRUE(a->on_device());
  EXPECT_TRUE(a->bytes().empty());
  auto a_host = a->to_host();
  ASSERT_TRUE(a_host.ok()) << a_host.error().message();
  EXPECT_EQ(floats_of(*a_host), (std::vector<float>{2, 3}));
  for (int round = 0; round < 3; ++round) {  // the pool's blocks come back and are reused
    auto result = exe->run_on_device({*a, f32({4, 5})});
    ASSERT_TRUE(result.ok()) << result.error().message();
    const Value& y = result->outputs()[0];
    EXPECT_TRUE(y.on_device());
    auto again = exe->run_on_device({y, *a});  // y * a on the device
    ASSERT_TRUE(again.ok()) << again.error().message();
    auto host = again->outputs()[0].to_host();
    ASSERT_TRUE(host.ok()) << host.error().message();
    EXPECT_EQ(floats_of(*host), (std::vector<float>{16, 45}));
    auto plain = exe->run({y, f32({1, 2})});  // host outputs from device inputs
    ASSERT_TRUE(plain.ok()) << plain.error().message();
    EXPECT_EQ(floats_of(plain->outputs()[0]), (std::vector<float>{8, 30}));
  }
  auto cpu = compile(*module, {.backend = "cpu"});
  ASSERT_TRUE(cpu.ok()) << cpu.error().message();
  auto on_cpu = cpu->run({*a, *a});
  ASSERT_TRUE(on_cpu.ok()) << on_cpu.error().message();
  EXPECT_EQ(floats_of(on_cpu->outputs()[0]), (std::vector<float>{4, 9}));
  EXPECT_EQ(a->to_string(), "dense<[2.000000e+00, 3.000000e+00]> : tensor<2xf32>");
}

TEST(Api, BadTextIsALocatedError) {
  auto module = load_text("func.func @main() -> () {\n  return %x : tensor<f32>\n}\n", "bad.mlir");
  ASSERT_FALSE(module.ok());
  EXPECT_EQ(module.error().kind(), ErrorKind::kInvalidArgument);
  EXPECT_EQ(module.error().message().rfind("bad.mlir:2:10: error: ", 0), 0u)
      << module.error().message();
}

TEST(Api, MissingFileIsNotFound) {
  auto module = load_file("/nonexistent.mlir");
  ASSERT_FALSE(module.ok());
  EXPECT_EQ(module.error().kind(), ErrorKind::kNotFound);
}

TEST(Api, WrongInputCountIsInvalid) {
  auto exe = compile(*load_text(kProgram, "mul.mlir"));
  ASSERT_TRUE(exe.ok());
  auto result = exe->run({f32({2, 3})});
  ASSERT_FALSE(result.ok());
  EXPECT_EQ(result.error().message(), "kiln: @main takes 2 inputs but 1 were given");
}

TEST(Api, WrongInputTypeNamesTheInput) {
  auto exe = compile(*load_text(kProgram, "mul.mlir"));
  ASSERT_TRUE(exe.ok());
  auto result = exe->run({f32({2, 3}), f32({1})});
  ASSERT_FALSE(result.ok());
  EXPECT_EQ(result.error().message(),
            "kiln: input 1 of @main is tensor<1xf32> but @main takes tensor<2xf32>");
}

TEST(Api, UnknownEntryIsNotFound) {
  auto exe = compile(*load_text(kProgram, "mul.mlir"), {.entry = "nowhere"});
  ASSERT_FALSE(exe.ok());
  EXPECT_EQ(exe.error().kind(), ErrorKind::kNotFound);
  EXPECT_EQ(exe.error().message(), "kiln: no function @nowhere in mul.mlir");
}

TEST(Api, UnknownBackendListsTheKnownOnes) {
  auto exe = compile(*load_text(kProgram, "mul.mlir"), {.backend = "metal"});
  ASSERT_FALSE(exe.ok());
  EXPECT_EQ(exe.error().kind(), ErrorKind::kNotFound);
  EXPECT_EQ(exe.error().message().rfind("kiln: no backend 'metal'; known backends: ", 0), 0u);
  EXPECT_NE(exe.error().message().find("cpu"), std::string::npos);
}

TEST(Api, UnknownElementTypeIsInvalid) {
  std::byte bytes[4] = {};
  auto v = Value::tensor({"f33", {1}}, bytes);
  ASSERT_FALSE(v.ok());
  EXPECT_EQ(v.error().message(), "kiln: unknown element type 'f33'");
}

TEST(Api, RandomInputsAreDeterministicAndNameNonTensorArguments) {
  auto exe = compile(*load_text(kProgram, "mul.mlir"));
  ASSERT_TRUE(exe.ok());
  auto a = exe->random_inputs(7), b = exe->random_inputs(7);
  ASSERT_TRUE(a.ok() && b.ok());
  ASSERT_EQ(a->size(), 2u);
  EXPECT_EQ(std::memcmp((*a)[1].bytes().data(), (*b)[1].bytes().data(), 8), 0);
  auto token =
      compile(*load_text("func.func @main(%t: !stablehlo.token) -> !stablehlo.token {\n  return %t "
                         ": !stablehlo.token\n}\n"));
  ASSERT_TRUE(token.ok());
  auto v = token->random_input(0, 1);
  ASSERT_FALSE(v.ok());
  EXPECT_EQ(v.error().message(),
            "kiln: argument 0 (!stablehlo.token) is not a tensor; it cannot be read");
}

TEST(Api, SplitSourcesParseChunkByChunk) {
  Source source = Source::from_text(
      "func.func @main() -> () {\n  return\n}\n// -----\nfunc.func @f() -> () {\n  return\n}\n",
      "two.mlir");
  std::vector<SourceRange> chunks = source.chunks();
  ASSERT_EQ(chunks.size(), 2u);
  auto second = source.parse(chunks[1]);
  ASSERT_TRUE(second.ok()) << second.error().message();
  EXPECT_EQ(*second->entry_function(), "f");
  EXPECT_EQ(source.where(chunks[1].begin).rfind("two.mlir:", 0), 0u);
  EXPECT_NE(second->print().find("func.func @f()"), std::string::npos);
}

TEST(Api, FailedChecksComeBackWithTheResult) {
  auto exe =
      compile(*load_text("func.func @main() {\n  %x = stablehlo.constant dense<1> : tensor<i32>\n"
                         "  check.expect_eq_const %x, dense<2> : tensor<i32>\n  return\n}\n",
                         "c.mlir"));
  ASSERT_TRUE(exe.ok());
  auto result = exe->run({});
  ASSERT_TRUE(result.ok()) << result.error().message();
  ASSERT_EQ(result->failed_checks.size(), 1u);
  EXPECT_EQ(result->failed_checks[0].rfind("c.mlir:3:", 0), 0u) << result->failed_checks[0];
}

TEST(Api, TuplesAreDescribedByTheirElements) {
  auto exe = compile(*load_text(R"(
func.func @main(%a: tensor<2xf32>) -> tuple<tensor<2xf32>, tensor<2xf32>> {
  %t = stablehlo.tuple %a, %a : tuple<tensor<2xf32>, tensor<2xf32>>
  return %t : tuple<tensor<2xf32>, tensor<2xf32>>
}
)"));
  ASSERT_TRUE(exe.ok()) << exe.error().message();
  auto result = exe->run({f32({1, 2})});
  ASSERT_TRUE(result.ok()) << result.error().message();
  const Value& t = result->outputs()[0];
  EXPECT_EQ(t.kind(), Value::Kind::kTuple);
  EXPECT_EQ(t.type_string(), "tuple<tensor<2xf32>, tensor<2xf32>>");
  ASSERT_EQ(t.elements().size(), 2u);
  EXPECT_EQ(t.elements()[1].tensor_type(), (TensorType{"f32", {2}}));
  EXPECT_TRUE(t.bytes().empty());
  EXPECT_FALSE(t.write_npy("/tmp/kiln_api_tuple.npy").ok());
}

TEST(Api, RunEachGivesEveryProcessItsOwnInputs) {
  auto exe = compile(*load_text(R"(
func.func @main(%a: tensor<2xf32>) -> tensor<2xf32> {
  %0 = stablehlo.add %a, %a : tensor<2xf32>
  return %0 : tensor<2xf32>
}
)"),
                     {.num_replicas = 2, .num_partitions = 1});
  ASSERT_TRUE(exe.ok()) << exe.error().message();
  EXPECT_EQ(exe->num_processes(), 2);
  auto result = exe->run_each({{f32({1, 2})}, {f32({3, 4})}});
  ASSERT_TRUE(result.ok()) << result.error().message();
  ASSERT_EQ(result->processes.size(), 2u);
  float second[2];
  std::memcpy(second, result->processes[1][0].bytes().data(), 8);
  EXPECT_EQ(second[1], 8);
}

}  // namespace
}  // namespace kiln
