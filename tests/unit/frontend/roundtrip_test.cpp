// Every test program parses, verifies, and prints to text that parses back to the same IR
// (print -> parse -> print is a fixed point), in the pretty and in the generic form.
#include <gtest/gtest.h>

#include "frontend/parser.h"
#include "ir/printer.h"
#include "ir/verifier.h"
#include "tests/unit/test_files.h"

namespace kiln {
namespace {

class RoundTrip : public ::testing::TestWithParam<std::string> {};

// Parses and verifies `text`, returning its printed form or the error.
std::string parse_verify_print(const std::string& text, const std::string& name,
                               const ir::PrintOptions& options, bool& ok) {
  auto module = frontend::parse_module_text(text, name);
  if (!module.ok()) {
    ok = false;
    return module.error().message();
  }
  Status verified = ir::verify(**module);
  if (!verified.ok()) {
    ok = false;
    return verified.error().message();
  }
  ok = true;
  return ir::print_module(**module, options);
}

TEST_P(RoundTrip, PrintParsePrintIsFixedPoint) {
  const std::string path = GetParam();
  const std::string text = testing::read_file(path);
  auto buffer = std::make_shared<const SourceBuffer>(path, text);
  for (auto [begin, end] : frontend::split_input_file(text)) {
    std::string chunk = text.substr(begin, end - begin);
    if (chunk.find_first_not_of(" \t\r\n") == std::string::npos) continue;
    bool ok;
    auto module = frontend::parse_module(buffer, begin, end);
    ASSERT_TRUE(module.ok()) << module.error().message();
    Status verified = ir::verify(**module);
    ASSERT_TRUE(verified.ok()) << verified.error().message();
    const std::string pretty = ir::print_module(**module);
    const std::string again = parse_verify_print(pretty, path + " (printed)", {}, ok);
    ASSERT_TRUE(ok) << again << "\nprinted text:\n" << pretty;
    EXPECT_EQ(pretty, again);

    ir::PrintOptions generic;
    generic.generic = true;
    const std::string generic_text = ir::print_module(**module, generic);
    const std::string from_generic = parse_verify_print(generic_text, path + " (generic)", {}, ok);
    ASSERT_TRUE(ok) << from_generic << "\ngeneric text:\n" << generic_text;
    EXPECT_EQ(pretty, from_generic);
  }
}

// A while whose region arguments have `?` dims where its operands are static prints in the
// generic form (the pretty form gives the regions the operands' types), which parses back to
// the same IR; a while whose types all agree keeps the pretty form.
TEST(RoundTripWhile, DynamicRegionArgumentsPrintGenerically) {
  const std::string text = R"(func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "stablehlo.while"(%x) ({
  ^bb0(%a: tensor<?xf32>):
    %c = stablehlo.constant dense<false> : tensor<i1>
    stablehlo.return %c : tensor<i1>
  }, {
  ^bb0(%a: tensor<?xf32>):
    %n = stablehlo.negate %a : tensor<?xf32>
    stablehlo.return %n : tensor<?xf32>
  }) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
)";
  bool ok;
  const std::string printed = parse_verify_print(text, "while.mlir", {}, ok);
  ASSERT_TRUE(ok) << printed;
  EXPECT_NE(printed.find("\"stablehlo.while\"(%arg0)"), std::string::npos) << printed;
  EXPECT_NE(printed.find("^bb0(%arg1: tensor<?xf32>)"), std::string::npos) << printed;
  const std::string again = parse_verify_print(printed, "while (printed)", {}, ok);
  ASSERT_TRUE(ok) << again << "\nprinted text:\n" << printed;
  EXPECT_EQ(printed, again);
}

TEST(RoundTripWhile, AgreeingTypesKeepThePrettyForm) {
  const std::string text = R"(func.func @main(%x: tensor<?xf32>) -> tensor<?xf32> {
  %0 = stablehlo.while(%i = %x) : tensor<?xf32>
    cond {
      %c = stablehlo.constant dense<false> : tensor<i1>
      stablehlo.return %c : tensor<i1>
    } do {
      stablehlo.return %i : tensor<?xf32>
    }
  return %0 : tensor<?xf32>
}
)";
  bool ok;
  const std::string printed = parse_verify_print(text, "while.mlir", {}, ok);
  ASSERT_TRUE(ok) << printed;
  EXPECT_NE(printed.find("stablehlo.while(%arg1 = %arg0) : tensor<?xf32>"), std::string::npos)
      << printed;
}

std::vector<std::string> programs() {
  return testing::mlir_files({"examples", "tests/ops", "tests/jax/programs", "tests/e2e", "bench/interp"});
}

INSTANTIATE_TEST_SUITE_P(Programs, RoundTrip, ::testing::ValuesIn(programs()),
                         [](const auto& info) { return testing::test_name(info.param); });

}  // namespace
}  // namespace kiln
