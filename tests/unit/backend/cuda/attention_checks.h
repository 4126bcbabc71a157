// What the attention tests share (attention_test.cpp, attention_grad_test.cpp): a program
// parsed and verified, optimized at O2 and lowered (inputs as host buffers and a run's outputs
// as tensors: op_checks.h).
#pragma once

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "backend/cuda/cuda_backend.h"
#include "frontend/parser.h"
#include "ir/verifier.h"
#include "passes/pipeline.h"
#include "tests/unit/backend/cuda/op_checks.h"

namespace kiln::backend::cuda::attention_checks {

// `text` parsed (as file `name`) and verified; null, with a test failure, otherwise.
inline std::unique_ptr<ir::Module> parse(const std::string& text, const std::string& name) {
  auto module = frontend::parse_module_text(text, name);
  EXPECT_TRUE(module.ok()) << module.error().message() << "\n" << text;
  if (!module.ok()) return nullptr;
  Status v = ir::verify(**module);
  EXPECT_TRUE(v.ok()) << v.error().message();
  return v.ok() ? std::move(*module) : nullptr;
}

// The same, optimized at O2 (where the attention patterns are matched).
inline std::unique_ptr<ir::Module> optimized(const std::string& text, const std::string& name) {
  auto module = parse(text, name);
  if (!module) return nullptr;
  auto report = passes::optimize(*module, 2);
  EXPECT_TRUE(report.ok()) << report.error().message();
  return report.ok() ? std::move(module) : nullptr;
}

// An optimized module and its lowered program (a test failure where lowering fails).
struct Lowered {
  std::unique_ptr<ir::Module> module;
  Expected<LoweredProgram> program = Error::internal("not lowered");
};

inline Lowered lowered(const std::string& text, const std::string& name) {
  Lowered l;
  l.module = optimized(text, name);
  if (l.module) l.program = testing::lower_main(*l.module);
  EXPECT_TRUE(l.program.ok()) << l.program.error().message();
  return l;
}

}  // namespace kiln::backend::cuda::attention_checks
