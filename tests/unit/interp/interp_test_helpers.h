// Helpers for interpreter tests: parse and verify a program, run its @main, index a tensor.
// Header-only; failures are reported as non-fatal GoogleTest failures of the calling test.
#pragma once

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "frontend/parser.h"
#include "interp/interpreter.h"
#include "ir/verifier.h"

namespace kiln::testing {

// `text` (named `name`) parsed and verified; null, with a test failure, when it does not parse.
inline std::unique_ptr<ir::Module> parse_verified(const std::string& text,
                                                  const std::string& name = "<string>") {
  auto module = frontend::parse_module_text(text, name);
  EXPECT_TRUE(module.ok()) << module.error().message();
  if (!module.ok()) return nullptr;
  EXPECT_TRUE(ir::verify(**module).ok());
  return std::move(*module);
}

// The first result of running @main of `text` on `args`; an empty tensor, with a test failure,
// when it does not parse or run.
inline interp::Tensor run_one(const std::string& text, std::vector<interp::RuntimeValue> args,
                              const std::string& name = "test.mlir") {
  std::unique_ptr<ir::Module> module = parse_verified(text, name);
  if (module == nullptr) return {};
  interp::Interpreter in(*module);
  auto result = in.run("main", std::move(args));
  EXPECT_TRUE(result.ok()) << result.error().message();
  if (!result.ok()) return {};
  return (*result)[0].tensor();
}

// The row-major offset of `index` in a tensor of `shape`.
inline int64_t flat(const std::vector<int64_t>& index, const std::vector<int64_t>& shape) {
  int64_t f = 0;
  for (size_t d = 0; d < shape.size(); ++d) f = f * shape[d] + index[d];
  return f;
}

}  // namespace kiln::testing
