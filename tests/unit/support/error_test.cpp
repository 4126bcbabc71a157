// Errors carry a kind beside their message, through KILN_TRY and prefixes, and the layers
// below give the kinds their failures promise.
#include <gtest/gtest.h>

#include "frontend/parser.h"
#include "interp/interpreter.h"
#include "interp/tensor.h"
#include "ir/verifier.h"
#include "support/error.h"

namespace kiln {
namespace {

Expected<int> fails_with(ErrorKind kind) { return Error(kind, "component: it failed"); }

Expected<int> forwards(ErrorKind kind) {
  KILN_TRY(int v, fails_with(kind));
  return v + 1;
}

TEST(Error, KindTravelsThroughTry) {
  for (ErrorKind k : {ErrorKind::kInvalidArgument, ErrorKind::kUnimplemented,
                      ErrorKind::kOutOfMemory, ErrorKind::kNotFound, ErrorKind::kUnavailable,
                      ErrorKind::kInternal}) {
    auto r = forwards(k);
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().kind(), k) << error_kind_name(k);
    EXPECT_EQ(r.error().message(), "component: it failed");
  }
}

TEST(Error, PrefixKeepsTheKind) {
  Error e = Error::out_of_memory("cannot allocate 4 GiB").with_prefix("kernel 'x': ");
  EXPECT_EQ(e.kind(), ErrorKind::kOutOfMemory);
  EXPECT_EQ(e.message(), "kernel 'x': cannot allocate 4 GiB");
}

TEST(Error, KindsHaveNames) {
  EXPECT_STREQ(error_kind_name(ErrorKind::kInvalidArgument), "invalid argument");
  EXPECT_STREQ(error_kind_name(ErrorKind::kUnavailable), "unavailable");
}

TEST(Error, MalformedProgramIsAnInvalidArgument) {
  auto m = frontend::parse_module_text("func.func @main( {", "bad.mlir");
  ASSERT_FALSE(m.ok());
  EXPECT_EQ(m.error().kind(), ErrorKind::kInvalidArgument);
}

TEST(Error, VerifierRejectionIsAnInvalidArgument) {
  auto m = frontend::parse_module_text(
      "func.func @main(%a: tensor<2xf32>) -> tensor<3xf32> {\n"
      "  %0 = stablehlo.add %a, %a : tensor<2xf32>\n  return %0 : tensor<2xf32>\n}\n",
      "bad.mlir");
  Status s = m.ok() ? ir::verify(**m) : Status(m.error());
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.error().kind(), ErrorKind::kInvalidArgument);
}

TEST(Error, HugeTensorIsOutOfMemory) {
  auto t = interp::Tensor::allocate(
      ir::Type::tensor({int64_t{1} << 40, int64_t{1} << 20}, ir::ElementKind::kF32));
  ASSERT_FALSE(t.ok());
  EXPECT_EQ(t.error().kind(), ErrorKind::kOutOfMemory);
}

TEST(Error, MissingFunctionIsNotFound) {
  auto m = frontend::parse_module_text("func.func @main() {\n  return\n}\n", "m.mlir");
  ASSERT_TRUE(m.ok());
  interp::Interpreter interpreter(**m);
  auto r = interpreter.run("nope", {});
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().kind(), ErrorKind::kNotFound);
}

TEST(Error, OpWithoutSemanticsIsUnimplemented) {
  auto m = frontend::parse_module_text(
      "func.func @main(%t: !stablehlo.token) -> !stablehlo.token {\n"
      "  %0 = \"stablehlo.outfeed\"(%t) {outfeed_config = \"\"} : (!stablehlo.token) -> "
      "!stablehlo.token\n  return %0 : !stablehlo.token\n}\n",
      "m.mlir");
  ASSERT_TRUE(m.ok()) << m.error().message();
  interp::Interpreter interpreter(**m);
  auto r = interpreter.run("main", {interp::RuntimeValue(interp::Token{})});
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().kind(), ErrorKind::kUnimplemented) << r.error().message();
}

}  // namespace
}  // namespace kiln
