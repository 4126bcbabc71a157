// refine-shapes as an API: specialize_function gives a shape-polymorphic function concrete
// input types and refines its body (which the interpreter then runs: x * row + x at two
// shapes; JAX's own export gives JAX's outputs) and refuses inputs that do not fit;
// refine_function refuses dynamic arguments; has_dynamic_shapes says when there is work to do.
#include "passes/refine_shapes.h"

#include <gtest/gtest.h>

#include <cstring>

#include "frontend/parser.h"
#include "interp/npy.h"
#include "ir/verifier.h"
#include "oracle/compare.h"
#include "oracle/random.h"
#include "oracle/reference.h"
#include "passes/pass_manager.h"
#include "tests/unit/passes/polymorphic_programs.h"
#include "tests/unit/test_files.h"

namespace kiln::passes {
namespace {

using ::kiln::testing::i32;
using ::kiln::testing::kPolymorphic;

std::unique_ptr<ir::Module> parse(const char* text) {
  auto module = frontend::parse_module_text(text, "test.mlir");
  EXPECT_TRUE(module.ok()) << module.error().message();
  return module.ok() ? std::move(*module) : nullptr;
}

TEST(RefineShapes, SpecializeGivesEveryValueAStaticType) {
  auto module = parse(kPolymorphic);
  ASSERT_NE(module, nullptr);
  ir::Operation* main = module->lookup_function("main");
  PassOptions options;
  PassContext context(options);
  ASSERT_TRUE(specialize_function(*module, *main, {i32({5, 3})}, context).ok());
  ASSERT_TRUE(ir::verify(*module).ok());
  EXPECT_FALSE(has_dynamic_shapes(*module));
  const ir::Type& fn = main->attr_as<ir::TypeAttr>("function_type")->type;
  EXPECT_EQ(fn.function_results(), std::vector<ir::Type>{i32({5, 3})});
  EXPECT_EQ(context.statistics().at("dynamic ops made static"), 2);  // the size, the iota
}

// The interpreter runs no op of a dynamic result type (an element-wise op of tensor<?x3xi32>);
// specialized, the function runs, and computes x * row + x at each shape.
TEST(RefineShapes, SpecializedFunctionRunsOnTheInterpreter) {
  for (int64_t rows : {1, 6}) {
    SCOPED_TRACE(rows);
    auto specialized = parse(kPolymorphic);
    ASSERT_NE(specialized, nullptr);
    PassOptions options;
    PassContext context(options);
    ASSERT_TRUE(specialize_function(*specialized, *specialized->lookup_function("main"),
                                    {i32({rows, 3})}, context)
                    .ok());
    auto input = oracle::random_tensor(i32({rows, 3}), 7);
    ASSERT_TRUE(input.ok());
    auto got = oracle::reference_run(*specialized, {*input});
    ASSERT_TRUE(got.ok()) << got.error().message();
    ASSERT_EQ(got->front().type(), i32({rows, 3}));
    const int32_t* x = input->data<int32_t>();
    const int32_t* z = got->front().data<int32_t>();
    for (int64_t k = 0; k < rows * 3; ++k) EXPECT_EQ(z[k], x[k] * (k / 3) + x[k]) << k;
  }
}

TEST(RefineShapes, SpecializeRefusesAnInputThatDoesNotFit) {
  auto module = parse(kPolymorphic);
  ASSERT_NE(module, nullptr);
  PassOptions options;
  PassContext context(options);
  Status s = specialize_function(*module, *module->lookup_function("main"), {i32({5, 4})}, context);
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.error().kind(), ErrorKind::kInvalidArgument);
  EXPECT_NE(s.error().message().find("input 0 is tensor<5x4xi32>"), std::string::npos)
      << s.error().message();
}

TEST(RefineShapes, RefineFunctionRefusesDynamicArguments) {
  auto module = parse(kPolymorphic);
  ASSERT_NE(module, nullptr);
  PassOptions options;
  PassContext context(options);
  Status s = refine_function(*module, *module->lookup_function("main"), context);
  ASSERT_FALSE(s.ok());
  EXPECT_NE(s.error().message().find("argument 0 of the function is tensor<?x3xi32>"),
            std::string::npos)
      << s.error().message();
}

TEST(RefineShapes, HasDynamicShapesSeesTypesAndDynamicOps) {
  auto dynamic = parse(kPolymorphic);
  auto plain = parse(R"(
func.func @main(%x: tensor<2xf32>) -> tensor<2xf32> {
  %y = stablehlo.negate %x : tensor<2xf32>
  return %y : tensor<2xf32>
})");
  // A static result on a dynamic-shape op still has work to do (its twin).
  auto static_result = parse(R"(
func.func @main() -> tensor<2xf32> {
  %s = stablehlo.constant dense<[2]> : tensor<1xi64>
  %y = stablehlo.dynamic_iota %s, dim = 0 : (tensor<1xi64>) -> tensor<2xf32>
  return %y : tensor<2xf32>
})");
  ASSERT_TRUE(dynamic && plain && static_result);
  EXPECT_TRUE(has_dynamic_shapes(*dynamic));
  EXPECT_FALSE(has_dynamic_shapes(*plain));
  EXPECT_TRUE(has_dynamic_shapes(*static_result));
}

TEST(RefineShapes, TheRegisteredPassLeavesDynamicArgumentsAlone) {
  auto module = parse(kPolymorphic);
  ASSERT_NE(module, nullptr);
  auto pass = create_pass("refine-shapes");
  ASSERT_TRUE(pass.ok());
  PassOptions options;
  PassContext context(options);
  auto changed = (*pass)->run(*module, context);
  ASSERT_TRUE(changed.ok()) << changed.error().message();
  EXPECT_FALSE(*changed);
  EXPECT_TRUE(has_dynamic_shapes(*module));
}

// JAX's own shape-polymorphic export (tests/jax/export_polymorphic.py): the entry checks a
// shape assertion and calls the body with the batch size; inlined and specialized to each
// exported size, the interpreter gives JAX's outputs.
TEST(RefineShapes, JaxExportSpecializedToEachSizeGivesJaxsOutputs) {
  const std::string dir = ::kiln::testing::source_dir() + "/tests/jax/polymorphic/";
  const std::string text = ::kiln::testing::read_file(dir + "batch_norm_mlp.mlir");
  for (int64_t b : {2, 5}) {
    SCOPED_TRACE(b);
    auto module = frontend::parse_module_text(text, "batch_norm_mlp.mlir");
    ASSERT_TRUE(module.ok()) << module.error().message();
    PassOptions options;
    PassContext context(options);
    auto inline_calls = create_pass("inline");
    ASSERT_TRUE(inline_calls.ok());
    ASSERT_TRUE((*inline_calls)->run(**module, context).ok());
    const ir::Type x = ir::Type::tensor({b, 4}, ir::ElementKind::kF32);
    const ir::Type w = ir::Type::tensor({4, 3}, ir::ElementKind::kF32);
    Status s = specialize_function(**module, *(*module)->lookup_function("main"), {x, w}, context);
    ASSERT_TRUE(s.ok()) << s.error().message();
    ASSERT_TRUE(ir::verify(**module).ok());
    const ir::Type& fn =
        (*module)->lookup_function("main")->attr_as<ir::TypeAttr>("function_type")->type;
    EXPECT_EQ(fn.function_results()[1], ir::Type::tensor({b}, ir::ElementKind::kF32));
    EXPECT_EQ(context.statistics().at("shape assertions checked"), 1);
    const std::string data = dir + "batch_norm_mlp/" + std::to_string(b) + "/";
    auto in0 = interp::read_npy(data + "in0.npy", x);
    auto in1 = interp::read_npy(data + "in1.npy", w);
    ASSERT_TRUE(in0.ok() && in1.ok());
    auto got = oracle::reference_run(**module, {*in0, *in1});
    ASSERT_TRUE(got.ok()) << got.error().message();
    ASSERT_EQ(got->size(), 2u);
    std::vector<interp::Tensor> want;
    for (size_t k = 0; k < 2; ++k) {
      auto out = interp::read_npy(data + "out" + std::to_string(k) + ".npy", (*got)[k].type());
      ASSERT_TRUE(out.ok()) << out.error().message();
      want.push_back(std::move(*out));
    }
    oracle::CompareReport r = oracle::compare_outputs(*got, want, oracle::program_tolerance);
    EXPECT_TRUE(r.passed) << r.message();
  }
}

}  // namespace
}  // namespace kiln::passes
