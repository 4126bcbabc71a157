// The optimizer against the interpreter: every test program and JAX export in the repository,
// optimized at O1, O2 and O3, gives the unoptimized program's results on fresh random inputs
// (never zeros) within the per-dtype tolerances, and each pipeline is idempotent (running it
// again on its own output changes nothing). KILN_DIFFERENTIAL_SEED=N repeats a run's inputs.
#include <gtest/gtest.h>

#include <cstdlib>
#include <random>

#include "backend/backend.h"
#include "frontend/parser.h"
#include "ir/printer.h"
#include "ir/verifier.h"
#include "oracle/compare.h"
#include "oracle/random.h"
#include "oracle/reference.h"
#include "passes/pass_manager.h"
#include "passes/pipeline.h"
#include "tests/unit/test_files.h"

namespace kiln::passes {
namespace {

uint64_t run_seed() {
  static const uint64_t seed = []() -> uint64_t {
    if (const char* s = std::getenv("KILN_DIFFERENTIAL_SEED")) return std::strtoull(s, nullptr, 10);
    return static_cast<uint64_t>(std::random_device{}());
  }();
  return seed;
}

class Differential : public ::testing::TestWithParam<std::string> {};

TEST_P(Differential, EveryLevelMatchesTheProgramAsWritten) {
  const std::string path = GetParam();
  const std::string text = testing::read_file(path);
  auto module = frontend::parse_module_text(text, path);
  ASSERT_TRUE(module.ok()) << module.error().message();
  ASSERT_TRUE(ir::verify(**module).ok());
  auto entry = backend::find_entry(**module, "");
  if (!entry.ok()) GTEST_SKIP() << entry.error().message();
  const auto* type = (*entry)->attr_as<ir::TypeAttr>("function_type");
  ASSERT_NE(type, nullptr);
  const uint64_t seed = run_seed();
  auto inputs = oracle::random_inputs(type->type.function_inputs(), seed);
  if (!inputs.ok()) GTEST_SKIP() << "no random inputs: " << inputs.error().message();
  auto want = oracle::reference_run(**module, *inputs);
  if (!want.ok()) GTEST_SKIP() << "does not run as written: " << want.error().message();
  for (int level = 1; level <= 3; ++level) {
    SCOPED_TRACE("O" + std::to_string(level) + ", KILN_DIFFERENTIAL_SEED=" + std::to_string(seed));
    std::unique_ptr<ir::Module> optimized = clone_module(**module);
    PassManagerOptions options;
    options.verify_each = true;
    auto report = optimize(*optimized, level, options);
    ASSERT_TRUE(report.ok()) << report.error().message();
    auto got = oracle::reference_run(*optimized, *inputs);
    ASSERT_TRUE(got.ok()) << got.error().message();
    oracle::CompareReport compared = oracle::compare_outputs(*got, *want);
    EXPECT_TRUE(compared.passed) << compared.message();
    // Idempotence: a second run of the pipeline leaves the text as the first left it.
    std::string once = ir::print_module(*optimized);
    auto again = optimize(*optimized, level, options);
    ASSERT_TRUE(again.ok()) << again.error().message();
    EXPECT_EQ(ir::print_module(*optimized), once) << "O" << level << " is not idempotent";
  }
}

INSTANTIATE_TEST_SUITE_P(Programs, Differential,
                         ::testing::ValuesIn(testing::mlir_files(
                             {"examples", "bench/interp", "tests/jax/programs",
                              "tests/jax/patterns"})),
                         [](const auto& info) { return testing::test_name(info.param); });

}  // namespace
}  // namespace kiln::passes
