// The verifier's invalid programs: every chunk of tests/verify/<op>.mlir (chunks split at
// `// -----`) is rejected, and its one `// expected-error@+1 {{TEXT}}` line says what the error
// holds (TEXT) and where it is (the next line, the op's line), as MLIR's -verify-diagnostics
// reads it. Their valid edge cases live in tests/ops/<op>.mlir, which the round-trip test and
// the official parser check read.
#include <gtest/gtest.h>

#include <algorithm>
#include <optional>

#include "frontend/parser.h"
#include "ir/verifier.h"
#include "tests/unit/test_files.h"

namespace kiln {
namespace {

class VerifyCases : public ::testing::TestWithParam<std::string> {};

struct Expectation {
  std::string text;
  size_t line = 0;  // 1-based line of the op the error must point at
};

// Whether every line of `chunk` is blank or a comment (a file's header chunk).
bool only_comments(std::string_view chunk) {
  size_t at = 0;
  while (at < chunk.size()) {
    size_t eol = std::min(chunk.find('\n', at), chunk.size());
    std::string_view line = chunk.substr(at, eol - at);
    size_t first = line.find_first_not_of(" \t\r");
    if (first != std::string_view::npos && line.substr(first, 2) != "//") return false;
    at = eol + 1;
  }
  return true;
}

// The expectation of the chunk [begin, end) of `text`, or nullopt when it has none.
std::optional<Expectation> expectation(const std::string& text, size_t begin, size_t end) {
  const std::string marker = "// expected-error@+1 {{";
  size_t at = text.find(marker, begin);
  if (at == std::string::npos || at >= end) return std::nullopt;
  size_t from = at + marker.size();
  size_t to = text.find("}}", from);
  if (to == std::string::npos || to >= end) return std::nullopt;
  Expectation e{text.substr(from, to - from)};
  e.line = static_cast<size_t>(std::count(text.begin(), text.begin() + at, '\n')) + 2;
  return e;
}

TEST_P(VerifyCases, EachChunkIsRejectedAtItsOp) {
  const std::string path = GetParam();
  const std::string text = testing::read_file(path);
  auto buffer = std::make_shared<const SourceBuffer>(path, text);
  int chunks = 0;
  for (auto [begin, end] : frontend::split_input_file(text)) {
    if (only_comments(std::string_view(text).substr(begin, end - begin))) continue;
    ++chunks;
    std::optional<Expectation> want = expectation(text, begin, end);
    size_t first_line = static_cast<size_t>(std::count(text.begin(), text.begin() + begin, '\n'));
    ASSERT_TRUE(want) << path << ": the chunk after line " << first_line
                      << " has no `// expected-error@+1 {{...}}`";
    std::string message;
    auto module = frontend::parse_module(buffer, begin, end);
    if (!module.ok()) {
      message = module.error().message();
    } else {
      Status verified = ir::verify(**module);
      ASSERT_FALSE(verified.ok()) << path << ": the chunk before line " << want->line
                                  << " was accepted";
      message = verified.error().message();
    }
    EXPECT_NE(message.find(want->text), std::string::npos)
        << "expected the error to contain: " << want->text << "\nactual: " << message;
    std::string location = path + ":" + std::to_string(want->line) + ":";
    EXPECT_EQ(message.rfind(location, 0), 0u) << "not at the op (" << location << "): " << message;
    EXPECT_NE(message.find('^'), std::string::npos) << "no caret: " << message;
  }
  EXPECT_GT(chunks, 0) << path;
}

INSTANTIATE_TEST_SUITE_P(Corpus, VerifyCases,
                         ::testing::ValuesIn(testing::mlir_files({"tests/verify"})),
                         [](const auto& info) { return testing::test_name(info.param); });

}  // namespace
}  // namespace kiln
