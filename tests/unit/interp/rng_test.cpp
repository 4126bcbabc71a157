// stablehlo.rng_bit_generator on float results (the bits of the integer result of the same
// width, as XLA bitcasts them), on a large tensor split across threads, and on states other
// than XLA's (read as bits, within the algorithm's size).
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

// A state that is not XLA's is read as its bits, up to 128 of them for THREE_FRY and 192 for
// PHILOX, in elements of whole bytes; larger states and sub-byte elements are refused, naming
// the limit.
Status run_state(const std::string& algorithm, const std::string& state_type) {
  std::string text = "func.func @main(%s: " + state_type +
                     ") -> tensor<4xui32> {\n"
                     "  %ns, %b = stablehlo.rng_bit_generator %s, algorithm = " +
                     algorithm + " : (" + state_type + ") -> (" + state_type +
                     ", tensor<4xui32>)\n"
                     "  func.return %b : tensor<4xui32>\n}";
  std::unique_ptr<ir::Module> module = testing::parse_verified(text);
  if (!module) return Error::internal("does not parse");
  ir::Type type = module->lookup_function("main")->region(0).front().argument(0)->type();
  KILN_TRY(Tensor state, Tensor::allocate(type));
  Interpreter in(*module);
  KILN_TRY(auto results, in.run("main", {state}));
  return ok_status();
}

TEST(RngBitGenerator, StatesUpToTheAlgorithmsBitsRun) {
  EXPECT_TRUE(run_state("THREE_FRY", "tensor<4xui32>").ok());
  EXPECT_TRUE(run_state("THREE_FRY", "tensor<1xui8>").ok());
  EXPECT_TRUE(run_state("PHILOX", "tensor<6xf32>").ok());
  EXPECT_TRUE(run_state("DEFAULT", "tensor<3xui64>").ok());
}

TEST(RngBitGenerator, LargerOrSubByteStatesAreRefused) {
  Status big = run_state("THREE_FRY", "tensor<3xui64>");
  ASSERT_FALSE(big.ok());
  EXPECT_NE(big.error().message().find("at most 128 bits for THREE_FRY"), std::string::npos)
      << big.error().message();
  Status bigger = run_state("PHILOX", "tensor<25xui8>");
  ASSERT_FALSE(bigger.ok());
  EXPECT_NE(bigger.error().message().find("192 bits"), std::string::npos);
  EXPECT_FALSE(run_state("PHILOX", "tensor<4xi4>").ok());
}

}  // namespace
}  // namespace kiln::interp
