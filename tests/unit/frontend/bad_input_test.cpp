// Every file in tests/bad/ is rejected with a located error. Each file's first line is
// `// expect: TEXT`: the error message (file:line:col: error: ... with source line and caret)
// must contain TEXT.
#include <gtest/gtest.h>

#include "frontend/parser.h"
#include "ir/verifier.h"
#include "tests/unit/test_files.h"

namespace kiln {
namespace {

class BadInput : public ::testing::TestWithParam<std::string> {};

TEST_P(BadInput, RejectedWithLocatedError) {
  const std::string path = GetParam();
  const std::string text = testing::read_file(path);
  const std::string prefix = "// expect: ";
  ASSERT_EQ(text.rfind(prefix, 0), 0u) << path << " must start with '" << prefix << "'";
  const std::string expected = text.substr(prefix.size(), text.find('\n') - prefix.size());
  std::string message;
  auto module = frontend::parse_module_text(text, path);
  if (!module.ok()) {
    message = module.error().message();
  } else {
    Status verified = ir::verify(**module);
    ASSERT_FALSE(verified.ok()) << path << " was accepted";
    message = verified.error().message();
  }
  EXPECT_NE(message.find(expected), std::string::npos)
      << "expected the error to contain: " << expected << "\nactual: " << message;
  EXPECT_EQ(message.rfind(path + ":", 0), 0u) << "error is not located: " << message;
  EXPECT_NE(message.find("error: "), std::string::npos) << message;
  EXPECT_NE(message.find('^'), std::string::npos) << "no caret: " << message;
}

INSTANTIATE_TEST_SUITE_P(Corpus, BadInput,
                         ::testing::ValuesIn(testing::mlir_files({"tests/bad"})),
                         [](const auto& info) { return testing::test_name(info.param); });

}  // namespace
}  // namespace kiln
