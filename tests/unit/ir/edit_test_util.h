// Helpers shared by the tests of IR editing: parse a program, find an op, run @main, make
// constants.
#pragma once

#include <gtest/gtest.h>

#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "frontend/parser.h"
#include "interp/interpreter.h"
#include "ir/operation.h"
#include "ir/verifier.h"

namespace kiln::ir::testing {

// (c1 + c2) * c1, negated: [-11, -44, -99].
inline constexpr const char* kChain = R"(
  func.func @main() -> tensor<3xf32> {
    %c1 = stablehlo.constant dense<[1.0, 2.0, 3.0]> : tensor<3xf32>
    %c2 = stablehlo.constant dense<[10.0, 20.0, 30.0]> : tensor<3xf32>
    %a = stablehlo.add %c1, %c2 : tensor<3xf32>
    %m = stablehlo.multiply %a, %c1 : tensor<3xf32>
    %n = stablehlo.negate %m : tensor<3xf32>
    func.return %n : tensor<3xf32>
  })";

// A reduction whose body reads %bias from the function around it, and a use of %bias after.
inline constexpr const char* kReduce = R"(
  func.func @main() -> tensor<f32> {
    %x = stablehlo.constant dense<[1.0, 2.0, 3.0]> : tensor<3xf32>
    %init = stablehlo.constant dense<0.0> : tensor<f32>
    %bias = stablehlo.constant dense<1.0> : tensor<f32>
    %r = stablehlo.reduce(%x init: %init) across dimensions = [0]
        : (tensor<3xf32>, tensor<f32>) -> tensor<f32>
     reducer(%a: tensor<f32>, %b: tensor<f32>) {
      %s = stablehlo.add %a, %b : tensor<f32>
      %t = stablehlo.add %s, %bias : tensor<f32>
      stablehlo.return %t : tensor<f32>
    }
    %d = stablehlo.add %r, %bias : tensor<f32>
    func.return %d : tensor<f32>
  })";

// Parses and verifies `text`; nullptr (with a test failure) when either fails.
inline std::unique_ptr<Module> parse(const std::string& text) {
  auto module = frontend::parse_module_text(text, "edit_test.mlir");
  EXPECT_TRUE(module.ok()) << module.error().message();
  if (!module.ok()) return nullptr;
  Status verified = verify(**module);
  EXPECT_TRUE(verified.ok()) << verified.error().message();
  return std::move(*module);
}

// The n-th op named `name` anywhere in the module (pre-order), or nullptr.
inline Operation* find_op(const Module& module, std::string_view name, int n = 0) {
  Operation* found = nullptr;
  module.op().walk([&](Operation& op) {
    if (!found && op.name() == name && n-- == 0) found = &op;
  });
  return found;
}

// The entry block of @main.
inline Block& main_body(const Module& m) { return m.lookup_function("main")->region(0).front(); }

// The ops of a block, by name.
inline std::vector<std::string> op_names(const Block& block) {
  std::vector<std::string> out;
  for (const auto& op : block.operations()) out.push_back(op->name());
  return out;
}

// Runs @main without arguments and returns its results as f32 vectors.
inline std::vector<std::vector<float>> run_main(const Module& module) {
  interp::Interpreter in(module);
  auto results = in.run("main", {});
  EXPECT_TRUE(results.ok()) << results.error().message();
  std::vector<std::vector<float>> out;
  if (!results.ok()) return out;
  for (const interp::RuntimeValue& v : *results) {
    const auto& t = std::get<interp::Tensor>(v.v);
    out.emplace_back(t.data<float>(), t.data<float>() + t.num_elements());
  }
  return out;
}

// dense<values> : tensor<Nxf32>.
inline DenseElementsAttr f32_elements(const std::vector<float>& values) {
  auto bytes = std::make_shared<std::vector<uint8_t>>(values.size() * sizeof(float));
  std::memcpy(bytes->data(), values.data(), bytes->size());
  return DenseElementsAttr{Type::tensor({static_cast<int64_t>(values.size())}, ElementKind::kF32),
                           std::move(bytes), false};
}

// dense<value> : tensor<i32>.
inline DenseElementsAttr i32_scalar(int32_t value) {
  auto bytes = std::make_shared<std::vector<uint8_t>>(sizeof value);
  std::memcpy(bytes->data(), &value, sizeof value);
  return DenseElementsAttr{Type::tensor({}, ElementKind::kSI32), std::move(bytes), false};
}

inline Type f32_vector(int64_t n) { return Type::tensor({n}, ElementKind::kF32); }

}  // namespace kiln::ir::testing
