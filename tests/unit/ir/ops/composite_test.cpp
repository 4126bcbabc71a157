// stablehlo.composite: `"name" %a {...}` round-trips; the decomposition must exist and have
// the op's type.
#include "verify_test_helpers.h"

namespace kiln {
namespace {

using testing::expect_error;
using testing::expect_round_trip;

std::string composite(const std::string& callee, const std::string& f_type) {
  return "func.func @main(%a: tensor<2xf32>) {\n  %0 = stablehlo.composite \"kiln.gelu\" %a "
         "{composite_attributes = {approximate = true}, decomposition = @" + callee +
         ", version = 1 : i32} : (tensor<2xf32>) -> tensor<2xf32>\n  return\n}\n"
         "func.func private @gelu(%x: " + f_type + ") -> " + f_type + " {\n  return %x : " +
         f_type + "\n}\n";
}

TEST(Composite, RoundTrips) {
  expect_round_trip(composite("gelu", "tensor<2xf32>"),
                    {"stablehlo.composite \"kiln.gelu\" %arg0 {composite_attributes = "
                     "{approximate = true}, decomposition = @gelu, version = 1 : i32} : "
                     "(tensor<2xf32>) -> tensor<2xf32>"});
}

TEST(Composite, RejectsMissingDecomposition) {
  expect_error(composite("nope", "tensor<2xf32>"), "decomposition @nope is not defined");
}

TEST(Composite, RejectsDecompositionOfOtherType) {
  expect_error(composite("gelu", "tensor<3xf32>"), "but its decomposition @gelu has type");
}

}  // namespace
}  // namespace kiln
