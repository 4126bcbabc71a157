// The oracle's reference run on the cpu backend.
#include "oracle/reference.h"

#include <gtest/gtest.h>

#include "frontend/parser.h"
#include "oracle/random.h"

namespace kiln::oracle {
namespace {

TEST(OracleReference, RunsTheEntryOnTheInterpreter) {
  auto module = frontend::parse_module_text(R"(
func.func @main(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = stablehlo.multiply %a, %a : tensor<4xf32>
  return %0 : tensor<4xf32>
}
)");
  ASSERT_TRUE(module.ok());
  auto x = random_tensor(ir::Type::tensor({4}, ir::ElementKind::kF32), 1);
  auto out = reference_run(**module, {*x});
  ASSERT_TRUE(out.ok()) << out.error().message();
  ASSERT_EQ(out->size(), 1u);
  for (int i = 0; i < 4; ++i) {
    float v = x->data<float>()[i];
    EXPECT_EQ((*out)[0].data<float>()[i], v * v);
  }
}

TEST(OracleReference, TokenResultsAreAnInternalError) {
  auto module = frontend::parse_module_text(R"(
func.func @main() -> !stablehlo.token {
  %0 = stablehlo.create_token : !stablehlo.token
  return %0 : !stablehlo.token
}
)");
  ASSERT_TRUE(module.ok()) << module.error().message();
  auto out = reference_run(**module, {});
  ASSERT_FALSE(out.ok());
  EXPECT_EQ(out.error().kind(), ErrorKind::kInternal);
}

TEST(OracleReference, WrongInputsNameTheInput) {
  auto module = frontend::parse_module_text(R"(
func.func @main(%a: tensor<4xf32>) -> tensor<4xf32> {
  return %a : tensor<4xf32>
}
)");
  ASSERT_TRUE(module.ok());
  auto x = random_tensor(ir::Type::tensor({3}, ir::ElementKind::kF32), 1);
  auto out = reference_run(**module, {*x});
  ASSERT_FALSE(out.ok());
  EXPECT_EQ(out.error().message(),
            "kiln: input 0 of @main is tensor<3xf32> but @main takes tensor<4xf32>");
}

}  // namespace
}  // namespace kiln::oracle
