// Element-wise binary ops on tensors large enough to be split across threads agree with a
// plain loop over the same element function.
#include "interp/scalar_types.h"
#include "tests/unit/interp/interp_test_helpers.h"

namespace kiln::interp {
namespace {

using testing::run_one;

// Runs `@main(%a, %b)` of a one-op module on a and b.
Tensor run_binary(const std::string& op, const std::string& type, const Tensor& a,
                  const Tensor& b) {
  std::string text = "func.func @main(%a: " + type + ", %b: " + type + ") -> " + type +
                     " {\n  %r = stablehlo." + op + " %a, %b : " + type +
                     "\n  func.return %r : " + type + "\n}\n";
  return run_one(text, {a, b});
}

constexpr int64_t kLarge = (1 << 20) + 3;  // many parallel chunks and a ragged tail

TEST(InterpElementwiseBinary, LargeInt32AddWrapsLikeAPlainLoop) {
  ir::Type type = ir::Type::tensor({kLarge}, ir::ElementKind::kSI32);
  auto a = Tensor::allocate(type);
  auto b = Tensor::allocate(type);
  for (int64_t i = 0; i < kLarge; ++i) {
    a->data<int32_t>()[i] = static_cast<int32_t>(i * 2654435761u);
    b->data<int32_t>()[i] = static_cast<int32_t>(0x7FFFFFF0 - i);
  }
  Tensor r = run_binary("add", "tensor<1048579xi32>", *a, *b);
  for (int64_t i = 0; i < kLarge; ++i) {
    auto want = static_cast<int32_t>(static_cast<uint32_t>(a->data<int32_t>()[i]) +
                                     static_cast<uint32_t>(b->data<int32_t>()[i]));
    ASSERT_EQ(r.data<int32_t>()[i], want) << "at " << i;
  }
}

TEST(InterpElementwiseBinary, LargeBf16MultiplyRoundsOnceLikeAPlainLoop) {
  using Bf16 = NarrowFloat<ir::ElementKind::kBF16>;
  ir::Type type = ir::Type::tensor({kLarge}, ir::ElementKind::kBF16);
  auto a = Tensor::allocate(type);
  auto b = Tensor::allocate(type);
  for (int64_t i = 0; i < kLarge; ++i) {
    a->data<Bf16>()[i] = Bf16::from_bits(static_cast<uint16_t>(i * 7919));
    b->data<Bf16>()[i] = Bf16::from_bits(static_cast<uint16_t>(0x3F80 + (i % 977)));
  }
  Tensor r = run_binary("multiply", "tensor<1048579xbf16>", *a, *b);
  for (int64_t i = 0; i < kLarge; ++i) {
    Bf16 want(a->data<Bf16>()[i].value() * b->data<Bf16>()[i].value());
    double got = r.data<Bf16>()[i].value();
    if (std::isnan(want.value())) {
      ASSERT_TRUE(std::isnan(got)) << "at " << i;
    } else {
      ASSERT_EQ(r.data<Bf16>()[i].bits, want.bits) << "at " << i;
    }
  }
}

TEST(InterpElementwiseBinary, IntegerDivisionEdgeCases) {
  ir::Type type = ir::Type::tensor({4}, ir::ElementKind::kSI8);
  auto a = Tensor::allocate(type);
  auto b = Tensor::allocate(type);
  int8_t xs[] = {-128, 7, -7, 0};
  int8_t ys[] = {-1, 0, 2, 0};
  for (int i = 0; i < 4; ++i) a->data<int8_t>()[i] = xs[i], b->data<int8_t>()[i] = ys[i];
  Tensor q = run_binary("divide", "tensor<4xi8>", *a, *b);
  Tensor r = run_binary("remainder", "tensor<4xi8>", *a, *b);
  int8_t want_q[] = {-128, -1, -3, -1};
  int8_t want_r[] = {0, 7, -1, 0};
  for (int i = 0; i < 4; ++i) {
    EXPECT_EQ(q.data<int8_t>()[i], want_q[i]) << i;
    EXPECT_EQ(r.data<int8_t>()[i], want_r[i]) << i;
  }
}

}  // namespace
}  // namespace kiln::interp
