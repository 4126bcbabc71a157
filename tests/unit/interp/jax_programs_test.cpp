// Every JAX-exported program under tests/jax/programs runs in the interpreter on the inputs
// JAX ran it on and gives JAX's outputs within a tolerance by element type.
#include <gtest/gtest.h>

#include <filesystem>

#include "frontend/parser.h"
#include "interp/interpreter.h"
#include "interp/npy.h"
#include "ir/verifier.h"
#include "oracle/compare.h"
#include "tests/unit/test_files.h"

namespace kiln::interp {
namespace {

class JaxProgram : public ::testing::TestWithParam<std::string> {};

TEST_P(JaxProgram, MatchesJaxOutputs) {
  const std::string path = GetParam();
  const std::string text = testing::read_file(path);
  auto module = frontend::parse_module_text(text, path);
  ASSERT_TRUE(module.ok()) << module.error().message();
  ASSERT_TRUE(ir::verify(**module).ok());
  Interpreter interpreter(**module);
  const ir::Operation* main = interpreter.entry_function("");
  ASSERT_NE(main, nullptr);
  std::filesystem::path dir = std::filesystem::path(path).replace_extension("");
  const ir::Block& body = main->region(0).front();
  std::vector<RuntimeValue> inputs;
  for (size_t i = 0; i < body.num_arguments(); ++i) {
    auto t = read_npy((dir / ("in" + std::to_string(i) + ".npy")).string(),
                      body.argument(i)->type());
    ASSERT_TRUE(t.ok()) << t.error().message();
    inputs.emplace_back(std::move(*t));
  }
  auto outputs = interpreter.run("", inputs);
  ASSERT_TRUE(outputs.ok()) << outputs.error().message();
  for (size_t i = 0; i < outputs->size(); ++i) {
    const Tensor& actual = (*outputs)[i].tensor();
    auto expected = read_npy((dir / ("out" + std::to_string(i) + ".npy")).string(), actual.type());
    ASSERT_TRUE(expected.ok()) << expected.error().message();
    oracle::Tolerance tol = oracle::default_tolerance(actual.element());
    // Transcendental functions differ between libms by a few ulps; accumulate over layers.
    tol.rtol *= 8;
    tol.atol *= 8;
    oracle::CompareReport report = oracle::compare(actual, *expected, tol);
    EXPECT_TRUE(report.passed) << "output " << i << ": " << report.message();
  }
}

INSTANTIATE_TEST_SUITE_P(Exports, JaxProgram,
                         ::testing::ValuesIn(testing::mlir_files({"tests/jax/programs"})),
                         [](const auto& info) { return testing::test_name(info.param); });

}  // namespace
}  // namespace kiln::interp
