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

std::vector<std::string> programs() {
  return testing::mlir_files({"examples", "tests/ops", "tests/jax/programs", "tests/e2e", "bench/interp"});
}

INSTANTIATE_TEST_SUITE_P(Programs, RoundTrip, ::testing::ValuesIn(programs()),
                         [](const auto& info) { return testing::test_name(info.param); });

}  // namespace
}  // namespace kiln
