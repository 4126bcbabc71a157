// The cuda backend's tuples and tokens: the arena layout of a tuple (no GPU needed), tuple /
// get_tuple_element / create_token / after_all inside a program (generated code compiled
// through NVRTC; on a GPU, outputs against the cpu backend's), and tuples and tokens as the
// entry's arguments and results (lowered without a GPU; on a GPU, each tensor comes back
// where it belongs).
#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <vector>

#include "backend/cuda/tuple_layout.h"
#include "tests/unit/backend/cuda/op_checks.h"

namespace kiln::backend::cuda {
namespace {

using testing::OpProgram;

TEST(CudaTupleLayout, ElementsFollowEachOtherAligned) {
  const ir::Type f3 = ir::Type::tensor({3}, ir::ElementKind::kF32);
  const ir::Type i2 = ir::Type::tensor({2}, ir::ElementKind::kSI8);
  const ir::Type z = ir::Type::tensor({}, ir::ElementKind::kComplexF64);
  const ir::Type inner = ir::Type::tuple({i2, z});
  const ir::Type t = ir::Type::tuple({f3, ir::Type::token(), inner});
  EXPECT_EQ(value_bytes(ir::Type::token()), 0);
  EXPECT_EQ(value_bytes(ir::Type::tuple({})), 0);
  EXPECT_EQ(value_bytes(inner), 16 + 16);
  EXPECT_EQ(tuple_element_offset(t, 0), 0);
  EXPECT_EQ(tuple_element_offset(t, 1), 16);  // 12 bytes, aligned
  EXPECT_EQ(tuple_element_offset(t, 2), 16);  // a token takes none
  EXPECT_EQ(value_bytes(t), 16 + 32);
  const std::vector<TensorLeaf> leaves = tensor_leaves(t);
  ASSERT_EQ(leaves.size(), 3u);
  EXPECT_EQ(leaves[0].offset, 0);
  EXPECT_EQ(leaves[1].offset, 16);
  EXPECT_EQ(leaves[1].type, i2);
  EXPECT_EQ(leaves[2].offset, 32);
  EXPECT_EQ(leaves[2].type, z);
}

std::vector<OpProgram> tuple_programs() {
  std::vector<OpProgram> p;
  p.push_back({"NestedWithTokens", R"(
func.func @main(%a: tensor<2x3xf32>, %b: tensor<5xi8>, %c: tensor<complex<f64>>) -> (tensor<5xi8>, tensor<complex<f64>>, tensor<2x3xf32>) {
  %t0 = stablehlo.create_token : !stablehlo.token
  %t1 = stablehlo.after_all %t0, %t0 : !stablehlo.token
  %inner = stablehlo.tuple %t1, %c, %b : tuple<!stablehlo.token, tensor<complex<f64>>, tensor<5xi8>>
  %e = stablehlo.tuple : tuple<>
  %outer = stablehlo.tuple %a, %inner, %e : tuple<tensor<2x3xf32>, tuple<!stablehlo.token, tensor<complex<f64>>, tensor<5xi8>>, tuple<>>
  %i = stablehlo.get_tuple_element %outer[1] : (tuple<tensor<2x3xf32>, tuple<!stablehlo.token, tensor<complex<f64>>, tensor<5xi8>>, tuple<>>) -> tuple<!stablehlo.token, tensor<complex<f64>>, tensor<5xi8>>
  %x = stablehlo.get_tuple_element %i[2] : (tuple<!stablehlo.token, tensor<complex<f64>>, tensor<5xi8>>) -> tensor<5xi8>
  %z = stablehlo.get_tuple_element %i[1] : (tuple<!stablehlo.token, tensor<complex<f64>>, tensor<5xi8>>) -> tensor<complex<f64>>
  %y = stablehlo.get_tuple_element %outer[0] : (tuple<tensor<2x3xf32>, tuple<!stablehlo.token, tensor<complex<f64>>, tensor<5xi8>>, tuple<>>) -> tensor<2x3xf32>
  %n = stablehlo.negate %y : tensor<2x3xf32>
  return %x, %z, %n : tensor<5xi8>, tensor<complex<f64>>, tensor<2x3xf32>
}
)"});
  p.push_back({"LoopAndBranchesCarryThem", R"(
func.func @main(%x: tensor<4xf32>, %b: tensor<i1>) -> (tensor<4xf32>, tensor<i32>) {
  %n = stablehlo.constant dense<0> : tensor<i32>
  %k = stablehlo.create_token : !stablehlo.token
  %t0 = stablehlo.tuple %x, %n : tuple<tensor<4xf32>, tensor<i32>>
  %r:2 = stablehlo.while(%t = %t0, %tok = %k) : tuple<tensor<4xf32>, tensor<i32>>, !stablehlo.token
   cond {
    %i = stablehlo.get_tuple_element %t[1] : (tuple<tensor<4xf32>, tensor<i32>>) -> tensor<i32>
    %lim = stablehlo.constant dense<3> : tensor<i32>
    %p = stablehlo.compare LT, %i, %lim : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  } do {
    %v = stablehlo.get_tuple_element %t[0] : (tuple<tensor<4xf32>, tensor<i32>>) -> tensor<4xf32>
    %i = stablehlo.get_tuple_element %t[1] : (tuple<tensor<4xf32>, tensor<i32>>) -> tensor<i32>
    %one = stablehlo.constant dense<1> : tensor<i32>
    %i2 = stablehlo.add %i, %one : tensor<i32>
    %w = stablehlo.multiply %v, %v : tensor<4xf32>
    %t2 = stablehlo.tuple %w, %i2 : tuple<tensor<4xf32>, tensor<i32>>
    %tok2 = stablehlo.after_all %tok : !stablehlo.token
    stablehlo.return %t2, %tok2 : tuple<tensor<4xf32>, tensor<i32>>, !stablehlo.token
  }
  %c = "stablehlo.if"(%b) ({
    stablehlo.return %r#0 : tuple<tensor<4xf32>, tensor<i32>>
  }, {
    stablehlo.return %t0 : tuple<tensor<4xf32>, tensor<i32>>
  }) : (tensor<i1>) -> tuple<tensor<4xf32>, tensor<i32>>
  %y = stablehlo.get_tuple_element %c[0] : (tuple<tensor<4xf32>, tensor<i32>>) -> tensor<4xf32>
  %j = stablehlo.get_tuple_element %c[1] : (tuple<tensor<4xf32>, tensor<i32>>) -> tensor<i32>
  return %y, %j : tensor<4xf32>, tensor<i32>
}
)"});
  return p;
}

class CudaTuple : public ::testing::TestWithParam<OpProgram> {};

TEST_P(CudaTuple, GeneratedCodeCompiles) { testing::expect_generated_code_compiles(GetParam().text); }

TEST_P(CudaTuple, MatchesTheCpuBackendOnAGpu) { testing::expect_matches_the_cpu_backend(GetParam().text); }

INSTANTIATE_TEST_SUITE_P(Ops, CudaTuple, ::testing::ValuesIn(tuple_programs()),
                         [](const auto& info) { return info.param.name; });

// Tuples and tokens at the entry: a tuple argument taken apart, a token passed through, a
// nested tuple result built from them.
const char* const kEntryTuples = R"(
func.func @main(%t: tuple<tensor<3xf32>, tuple<tensor<i1>, tensor<2xi16>>>, %k: !stablehlo.token) -> (tuple<tensor<2xi16>, tuple<tensor<3xf32>>>, !stablehlo.token, tensor<i1>) {
  %a = stablehlo.get_tuple_element %t[0] : (tuple<tensor<3xf32>, tuple<tensor<i1>, tensor<2xi16>>>) -> tensor<3xf32>
  %i = stablehlo.get_tuple_element %t[1] : (tuple<tensor<3xf32>, tuple<tensor<i1>, tensor<2xi16>>>) -> tuple<tensor<i1>, tensor<2xi16>>
  %p = stablehlo.get_tuple_element %i[0] : (tuple<tensor<i1>, tensor<2xi16>>) -> tensor<i1>
  %b = stablehlo.get_tuple_element %i[1] : (tuple<tensor<i1>, tensor<2xi16>>) -> tensor<2xi16>
  %a2 = stablehlo.add %a, %a : tensor<3xf32>
  %w = stablehlo.tuple %a2 : tuple<tensor<3xf32>>
  %r = stablehlo.tuple %b, %w : tuple<tensor<2xi16>, tuple<tensor<3xf32>>>
  %k2 = stablehlo.after_all %k : !stablehlo.token
  return %r, %k2, %p : tuple<tensor<2xi16>, tuple<tensor<3xf32>>>, !stablehlo.token, tensor<i1>
}
)";

template <class T>
Buffer host(const ir::Type& type, std::vector<T> values) {
  auto b = Buffer::host_copy(type, std::as_bytes(std::span<const T>(values)));
  EXPECT_TRUE(b.ok()) << b.error().message();
  return *b;
}

template <class T>
std::vector<T> values_of(const Buffer& b) {
  std::vector<T> out(b.host_bytes().size() / sizeof(T));
  std::memcpy(out.data(), b.host_bytes().data(), b.host_bytes().size());
  return out;
}

TEST(CudaTuple, EntryTuplesAndTokens) {
  auto module = frontend::parse_module_text(kEntryTuples, "test.mlir");
  ASSERT_TRUE(module.ok()) << module.error().message();
  ASSERT_TRUE(ir::verify(**module).ok());
  auto exe = compile_cuda(**module, {});
  ASSERT_TRUE(exe.ok()) << exe.error().message();
  auto device = ::kiln::cuda::Device::open(0);
  if (!device.ok()) GTEST_SKIP() << "no GPU: " << device.error().message();
  const ir::Type f3 = ir::Type::tensor({3}, ir::ElementKind::kF32);
  const ir::Type p = ir::Type::tensor({}, ir::ElementKind::kI1);
  const ir::Type s2 = ir::Type::tensor({2}, ir::ElementKind::kSI16);
  Buffer t = Buffer::tuple({host<float>(f3, {1.5f, -2.0f, 0.25f}),
                            Buffer::tuple({host<uint8_t>(p, {1}), host<int16_t>(s2, {-7, 300})})});
  auto out = (*exe)->run({t, Buffer::token()});
  ASSERT_TRUE(out.ok()) << out.error().message();
  const std::vector<Buffer>& r = out->outputs();
  ASSERT_EQ(r.size(), 3u);
  ASSERT_EQ(r[0].kind(), Buffer::Kind::kTuple);
  ASSERT_EQ(r[0].elements().size(), 2u);
  EXPECT_EQ(values_of<int16_t>(r[0].elements()[0]), (std::vector<int16_t>{-7, 300}));
  ASSERT_EQ(r[0].elements()[1].elements().size(), 1u);
  EXPECT_EQ(values_of<float>(r[0].elements()[1].elements()[0]), (std::vector<float>{3.0f, -4.0f, 0.5f}));
  EXPECT_EQ(r[1].kind(), Buffer::Kind::kToken);
  EXPECT_EQ(values_of<uint8_t>(r[2]), (std::vector<uint8_t>{1}));
}

}  // namespace
}  // namespace kiln::backend::cuda
