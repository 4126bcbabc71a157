// Helpers for op tests: parse, verify and print a program; check round trips and located
// verifier errors. Header-only; every tests/unit/ir/ops/*_test.cpp uses it.
#pragma once

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "frontend/parser.h"
#include "ir/printer.h"
#include "ir/verifier.h"

namespace kiln::testing {

// Whether `error` begins `test.mlir:LINE:COL: error: `.
inline bool is_located_error(const std::string& error) {
  size_t i = std::string("test.mlir:").size();
  if (error.compare(0, i, "test.mlir:") != 0) return false;
  for (int field = 0; field < 2; ++field) {
    size_t digits = i;
    while (i < error.size() && error[i] >= '0' && error[i] <= '9') ++i;
    if (i == digits || i >= error.size() || error[i] != ':') return false;
    ++i;
  }
  return error.compare(i, 8, " error: ") == 0;
}

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
  EXPECT_TRUE(is_located_error(error)) << error;
}

// The parse or verify error of `text` (named test.mlir), or "" when it is valid.
inline std::string error_of(const std::string& text) {
  bool ok;
  std::string result = parse_verify_print(text, ok);
  return ok ? "" : result;
}

// `text` is rejected with a located error (test.mlir:line:col) that contains `message`.
inline void expect_rejected(const std::string& text, const std::string& message) {
  std::string error = error_of(text);
  EXPECT_NE(error.find(message), std::string::npos)
      << "expected: " << message << "\nactual: " << error;
  EXPECT_EQ(error.rfind("test.mlir:", 0), 0u) << "not located: " << error;
}

// `text` is valid and prints as `printed`.
inline void expect_prints_as(const std::string& text, const std::string& printed) {
  bool ok;
  std::string result = parse_verify_print(text, ok);
  ASSERT_TRUE(ok) << result;
  EXPECT_EQ(result, printed);
}

// `text` is valid and prints back unchanged (it is written in kiln's printed form).
inline void expect_round_trip(const std::string& text) { expect_prints_as(text, text); }

// A `func.func @main(args)` whose body is `op` and a bare return.
inline std::string one_op(const std::string& args, const std::string& op) {
  return "func.func @main(" + args + ") {\n  " + op + "\n  return\n}\n";
}

}  // namespace kiln::testing
