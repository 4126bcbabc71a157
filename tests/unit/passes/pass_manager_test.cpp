// The pass manager's contract: passes run in order and are timed; a pass that leaves invalid IR
// is caught by verification after it, named; printing after the passes asked for only; the
// registry and the pipelines refuse what does not exist.
#include <gtest/gtest.h>

#include "frontend/parser.h"
#include "passes/pass_manager.h"
#include "passes/pipeline.h"

namespace kiln::passes {
namespace {

constexpr const char* kProgram = R"(func.func @main(%arg0: tensor<4xf32>) -> tensor<4xf32> {
  %0 = stablehlo.add %arg0, %arg0 : tensor<4xf32>
  %1 = stablehlo.add %arg0, %arg0 : tensor<4xf32>
  %2 = stablehlo.multiply %0, %1 : tensor<4xf32>
  return %2 : tensor<4xf32>
}
)";

std::unique_ptr<ir::Module> parse() {
  auto module = frontend::parse_module_text(kProgram, "p.mlir");
  EXPECT_TRUE(module.ok()) << module.error().message();
  return std::move(*module);
}

// Drops the first operand of the function's first op: IR that no longer verifies.
class BreakIr : public Pass {
 public:
  std::string_view name() const override { return "break-ir"; }
  Expected<bool> run(ir::Module& module, PassContext& context) const override {
    ir::Operation& first = *module.functions().front()->region(0).front().operations().front();
    first.set_operand(0, nullptr);
    context.count("broken", 1);
    return true;
  }
};

TEST(PassManager, RunsPassesInOrderAndReportsEach) {
  auto module = parse();
  PassManager manager;
  ASSERT_TRUE(manager.add("cse").ok());
  ASSERT_TRUE(manager.add("dce").ok());
  auto report = manager.run(*module);
  ASSERT_TRUE(report.ok()) << report.error().message();
  ASSERT_EQ(report->passes.size(), 2u);
  EXPECT_EQ(report->passes[0].pass, "cse");
  EXPECT_TRUE(report->passes[0].changed);
  EXPECT_EQ(report->passes[0].statistics.at("ops merged"), 1);
  EXPECT_EQ(report->passes[1].pass, "dce");
  EXPECT_GE(report->total_milliseconds(), 0.0);
}

TEST(PassManager, VerificationAfterEachPassNamesTheBrokenPass) {
  auto module = parse();
  PassManagerOptions options;
  options.verify_each = true;
  PassManager manager(options);
  manager.add(std::make_unique<BreakIr>());
  auto report = manager.run(*module);
  ASSERT_FALSE(report.ok());
  EXPECT_EQ(report.error().kind(), ErrorKind::kInternal);
  EXPECT_NE(report.error().message().find("invalid after 'break-ir'"), std::string::npos)
      << report.error().message();
}

TEST(PassManager, PrintsAfterTheNamedPassesOnly) {
  auto module = parse();
  PassManagerOptions options;
  std::vector<std::string> printed;
  options.print_after = {"dce"};
  options.printer = [&](const std::string& pass, const ir::Module&) { printed.push_back(pass); };
  PassManager manager(options);
  ASSERT_TRUE(manager.add("cse").ok());
  ASSERT_TRUE(manager.add("dce").ok());
  ASSERT_TRUE(manager.run(*module).ok());
  EXPECT_EQ(printed, std::vector<std::string>{"dce"});
}

TEST(PassManager, UnknownPassIsNotFoundAndListsTheKnownOnes) {
  PassManager manager;
  Status added = manager.add("no-such-pass");
  ASSERT_FALSE(added.ok());
  EXPECT_EQ(added.error().kind(), ErrorKind::kNotFound);
  EXPECT_NE(added.error().message().find("fuse-loops"), std::string::npos);
}

TEST(Pipeline, LevelsOutsideZeroToThreeAreRefused) {
  EXPECT_FALSE(pipeline(-1).ok());
  EXPECT_FALSE(pipeline(4).ok());
  for (int level = 0; level <= 3; ++level) EXPECT_TRUE(pipeline(level).ok()) << level;
  EXPECT_TRUE(pipeline_passes(0).empty());
}

TEST(Pipeline, CloneLeavesTheOriginalUnchanged) {
  auto module = parse();
  std::unique_ptr<ir::Module> copy = clone_module(*module);
  ASSERT_TRUE(optimize(*copy, 2).ok());
  EXPECT_EQ(module->functions().front()->region(0).front().operations().size(), 4u);
  EXPECT_LT(copy->functions().front()->region(0).front().operations().size(), 4u);
}

}  // namespace
}  // namespace kiln::passes
