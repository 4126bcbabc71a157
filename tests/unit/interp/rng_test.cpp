// stablehlo.rng_bit_generator on float results (the bits of the integer result of the same
// width, as XLA bitcasts them) and on a large tensor split across threads.
#include <cstring>

#include "tests/unit/interp/interp_test_helpers.h"

namespace kiln::interp {
namespace {

using testing::run_one;

Tensor run_bits(const std::string& algorithm, const std::string& type) {
  std::string text = "func.func @main(%s: tensor<3xui64>) -> " + type + " {\n"
      "  %ns, %b = stablehlo.rng_bit_generator %s, algorithm = " + algorithm +
      " : (tensor<3xui64>) -> (tensor<3xui64>, " + type + ")\n"
      "  func.return %b : " + type + "\n}";
  Tensor state = *Tensor::allocate(ir::Type::tensor({3}, ir::ElementKind::kUI64));
  state.data<uint64_t>()[0] = 42;
  state.data<uint64_t>()[1] = 7;
  return run_one(text, {state});
}

TEST(RngBitGenerator, FloatResultsHoldTheIntegerBits) {
  Tensor f = run_bits("PHILOX", "tensor<3x5xf32>"), u = run_bits("PHILOX", "tensor<3x5xui32>");
  EXPECT_EQ(std::memcmp(f.raw(), u.raw(), f.size_bytes()), 0);
  Tensor h = run_bits("PHILOX", "tensor<7xbf16>"), s = run_bits("PHILOX", "tensor<7xui16>");
  EXPECT_EQ(std::memcmp(h.raw(), s.raw(), h.size_bytes()), 0);
  Tensor d = run_bits("PHILOX", "tensor<4xf64>"), l = run_bits("PHILOX", "tensor<4xui64>");
  EXPECT_EQ(std::memcmp(d.raw(), l.raw(), d.size_bytes()), 0);
}

TEST(RngBitGenerator, LargeThreadedResultMatchesItsPrefix) {
  // The first words of a long output equal those of a short one: threading changes nothing.
  Tensor big = run_bits("PHILOX", "tensor<300000xui32>");
  Tensor small = run_bits("PHILOX", "tensor<9xui32>");
  EXPECT_EQ(std::memcmp(big.raw(), small.raw(), small.size_bytes()), 0);
  int64_t distinct_top_bytes = 0;
  std::vector<bool> seen(256);
  for (int64_t i = 0; i < big.num_elements(); ++i) seen[big.data<uint32_t>()[i] >> 24] = true;
  for (bool b : seen) distinct_top_bytes += b;
  EXPECT_EQ(distinct_top_bytes, 256);
}

}  // namespace
}  // namespace kiln::interp
