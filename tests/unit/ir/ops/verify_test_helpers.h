// Helpers for op tests: parse, verify and print a program; check round trips and located
// verifier errors. Header-only so that each op's test file stays self-contained.
#pragma once

#include <gtest/gtest.h>

#include <regex>
#include <string>
#include <vector>

#include "frontend/parser.h"
#include "ir/printer.h"
#include "ir/verifier.h"

namespace kiln::testing {

// The printed module, or the (located) parse or verify error; `ok` says which.
inline std::string parse_verify_print(const std::string& text, bool& ok) {
  auto module = frontend::parse_module_text(text, "test.mlir");
  ok = false;
  if (!module.ok()) return module.error().message();
  Status verified = ir::verify(**module);
  if (!verified.ok()) return verified.error().message();
  ok = true;
  return ir::print_module(**module);
}

// `text` verifies, prints with every one of `lines`, and print -> parse -> print is stable.
inline void expect_round_trip(const std::string& text, const std::vector<std::string>& lines) {
  bool ok;
  std::string printed = parse_verify_print(text, ok);
  ASSERT_TRUE(ok) << printed;
  for (const std::string& line : lines) {
    EXPECT_NE(printed.find(line), std::string::npos) << line << "\nnot in:\n" << printed;
  }
  std::string again = parse_verify_print(printed, ok);
  ASSERT_TRUE(ok) << again;
  EXPECT_EQ(printed, again);
}

// `text` is rejected with `message`, located as `test.mlir:line:col: error:`.
inline void expect_error(const std::string& text, const std::string& message) {
  bool ok;
  std::string error = parse_verify_print(text, ok);
  ASSERT_FALSE(ok) << "accepted:\n" << text;
  EXPECT_NE(error.find(message), std::string::npos) << error;
  EXPECT_TRUE(std::regex_search(error, std::regex("^test\\.mlir:[0-9]+:[0-9]+: error: ")))
      << error;
}

}  // namespace kiln::testing
