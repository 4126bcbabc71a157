// Generated kernels into NVRTC modules: about one module per compiling thread, of about equal
// source, none past the kernel limit, other modules kept in order; every step (nested programs
// too, a shared one once) renumbered; and a real program's kernels all land in some module.
#include "backend/cuda/module_groups.h"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <map>
#include <set>
#include <string>

#include "backend/cuda/lower.h"
#include "tests/unit/backend/cuda/op_checks.h"

namespace kiln::backend::cuda {
namespace {

KernelModule generated(const std::string& function, size_t bytes) {
  return {"generated", std::string(bytes, 'x'), {function}, true};
}

KernelModule library(const std::string& function) {
  KernelModule m{"lib_" + function, "source of " + function, {function}, false};
  m.library = true;
  return m;
}

std::vector<KernelModule> eight_kernels_and_a_library_module() {
  std::vector<KernelModule> modules;
  for (int i = 0; i < 8; ++i) {
    if (i == 3) modules.push_back(library("softmax"));
    modules.push_back(generated("k" + std::to_string(i), 100));
  }
  return modules;
}

TEST(ModuleGroups, AboutOneGroupPerThread) {
  for (int threads : {1, 2, 4, 8, 64}) {
    SCOPED_TRACE(threads);
    std::vector<KernelModule> modules = eight_kernels_and_a_library_module();
    const std::vector<int> index = group_generated_modules(modules, threads, 12);
    ASSERT_EQ(index.size(), 9u);
    size_t groups = 0, kernels = 0;
    for (const KernelModule& m : modules) {
      if (!m.generated) continue;
      ++groups;
      kernels += m.functions.size();
      EXPECT_EQ(m.source.size(), 100 * m.functions.size());
    }
    EXPECT_EQ(kernels, 8u);
    EXPECT_EQ(groups, static_cast<size_t>(std::min(threads, 8)));
    // The library module keeps its place among the rest, and its index follows.
    EXPECT_EQ(modules[static_cast<size_t>(index[3])].name, "lib_softmax");
    // Each kernel's step finds its function in its new module.
    for (size_t old = 0; old < index.size(); ++old) {
      ASSERT_GE(index[old], 0);
      ASSERT_LT(static_cast<size_t>(index[old]), modules.size());
    }
    for (size_t g = 0; g < modules.size(); ++g) {
      if (modules[g].generated) {
        EXPECT_EQ(modules[g].name, "generated" + std::to_string(g));
      }
    }
  }
}

TEST(ModuleGroups, NoGroupPastTheKernelLimit) {
  std::vector<KernelModule> modules;
  for (int i = 0; i < 30; ++i) modules.push_back(generated("k" + std::to_string(i), 10));
  group_generated_modules(modules, 1, 12);
  ASSERT_EQ(modules.size(), 3u);
  EXPECT_EQ(modules[0].functions.size(), 12u);
  EXPECT_EQ(modules[1].functions.size(), 12u);
  EXPECT_EQ(modules[2].functions.size(), 6u);
  EXPECT_EQ(modules[0].functions[0], "k0");
  EXPECT_EQ(modules[2].functions[5], "k29");
}

// A few more kernels than threads (convert: 20 kernels on 16 cores) must not make a module each:
// that is two rounds of NVRTC calls where 16 modules of one or two kernels take about one.
TEST(ModuleGroups, NoMoreGroupsThanThreads) {
  for (auto [kernels, threads] : {std::pair{20, 16}, {17, 16}, {33, 16}, {5, 4}, {100, 64}}) {
    SCOPED_TRACE(fmt::format("{} kernels on {} threads", kernels, threads));
    std::vector<KernelModule> modules;
    for (int i = 0; i < kernels; ++i) modules.push_back(generated("k" + std::to_string(i), 100));
    group_generated_modules(modules, threads, 12);
    EXPECT_LE(modules.size(), static_cast<size_t>(threads));
    size_t most = 0, total = 0;
    for (const KernelModule& m : modules) {
      most = std::max(most, m.functions.size());
      total += m.functions.size();
    }
    EXPECT_EQ(total, static_cast<size_t>(kernels));
    EXPECT_LE(most, static_cast<size_t>((kernels + threads - 1) / threads + 1));
  }
}

TEST(ModuleGroups, RenumbersNestedProgramsOnce) {
  auto kernel = [](int module) {
    KernelStep s;
    s.module = module;
    return Step{s};
  };
  auto shared = std::make_shared<Program>();
  shared->steps.push_back(kernel(2));
  WhileStep w;
  w.cond = shared;
  w.body = shared;  // the same program twice: renumbered once
  w.condition_module = 1;
  CaseStep c;
  c.branches = {shared, std::make_shared<Program>(Program{{kernel(0)}})};
  c.condition_module = 0;
  Program p;
  p.steps = {kernel(0), Step{w}, Step{c}};
  renumber_modules(p, {5, 6, 7});
  EXPECT_EQ(std::get<KernelStep>(p.steps[0]).module, 5);
  const auto& w2 = std::get<WhileStep>(p.steps[1]);
  EXPECT_EQ(w2.condition_module, 6);
  EXPECT_EQ(std::get<KernelStep>(w2.cond->steps[0]).module, 7);
  const auto& c2 = std::get<CaseStep>(p.steps[2]);
  EXPECT_EQ(c2.condition_module, 5);
  EXPECT_EQ(std::get<KernelStep>(c2.branches[1]->steps[0]).module, 5);
}

// Unoptimized: a kernel per op.
const char* const kFiveKernels = R"(
func.func @main(%a: tensor<64xf32>, %b: tensor<64xf32>) -> tensor<64xf32> {
  %0 = stablehlo.add %a, %b : tensor<64xf32>
  %1 = stablehlo.sine %0 : tensor<64xf32>
  %2 = stablehlo.multiply %1, %a : tensor<64xf32>
  %3 = stablehlo.exponential %2 : tensor<64xf32>
  %4 = stablehlo.subtract %3, %b : tensor<64xf32>
  return %4 : tensor<64xf32>
}
)";

// The lowering groups a real program's kernels: each launch names a function of its module.
TEST(ModuleGroups, EveryLaunchFindsItsFunction) {
  auto module = testing::parse(kFiveKernels);
  ASSERT_TRUE(module);
  auto entry = find_entry(*module, "");
  ASSERT_TRUE(entry.ok());
  for (int threads : {1, 3, 16}) {
    SCOPED_TRACE(threads);
    LowerOptions options;
    options.compile_threads = threads;
    auto p = lower_module(*module, **entry, options);
    ASSERT_TRUE(p.ok()) << p.error().message();
    // About one module per thread (the kernels' sources differ in length).
    EXPECT_LE(p->modules.size(), static_cast<size_t>(std::min(threads, 5) + 1));
    if (threads == 1) {
      EXPECT_EQ(p->modules.size(), 1u);
    }
    for (const Step& s : p->main.steps) {
      const auto* k = std::get_if<KernelStep>(&s);
      if (!k) continue;
      const KernelModule& m = p->modules.at(static_cast<size_t>(k->module));
      EXPECT_NE(std::find(m.functions.begin(), m.functions.end(), k->function), m.functions.end());
      EXPECT_NE(m.source.find(k->function), std::string::npos);
    }
  }
}

// The same computation at two places (unoptimized: a kernel per op): one function compiled, two
// launches of it; a different computation of the same shape is a function of its own.
TEST(ModuleGroups, IdenticalKernelsCompileOnce) {
  auto module = testing::parse(R"(
func.func @main(%a: tensor<64xf32>, %b: tensor<64xf32>) -> (tensor<64xf32>, tensor<64xf32>, tensor<64xf32>) {
  %0 = stablehlo.sine %a : tensor<64xf32>
  %1 = stablehlo.sine %b : tensor<64xf32>
  %2 = stablehlo.cosine %b : tensor<64xf32>
  return %0, %1, %2 : tensor<64xf32>, tensor<64xf32>, tensor<64xf32>
}
)");
  ASSERT_TRUE(module);
  auto entry = find_entry(*module, "");
  ASSERT_TRUE(entry.ok());
  auto p = lower_module(*module, **entry, LowerOptions{});
  ASSERT_TRUE(p.ok()) << p.error().message();
  std::vector<const KernelStep*> launches;
  for (const Step& s : p->main.steps) {
    if (const auto* k = std::get_if<KernelStep>(&s)) launches.push_back(k);
  }
  ASSERT_EQ(launches.size(), 3u);
  EXPECT_EQ(launches[0]->function, launches[1]->function);
  EXPECT_EQ(launches[0]->module, launches[1]->module);
  EXPECT_NE(launches[2]->function, launches[0]->function);
  size_t functions = 0;
  for (const KernelModule& m : p->modules) functions += m.functions.size();
  EXPECT_EQ(functions, 2u);
  EXPECT_EQ(p->kernel_count, 3);  // launches
}

// What the lowering writes for scatter, sort and cholesky is deduplicated too (an unrolled
// loop's steps repeat them): each is compiled once however often it is launched. Scatter and
// sort join the generated kernels' groups; cholesky (a typedef and macros of its own) keeps a
// module of its own.
TEST(ModuleGroups, RepeatedScatterSortAndCholeskyCompileOnce) {
  const std::string scatter =
      R"("stablehlo.scatter"(%X, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, indices_are_sorted = false, unique_indices = false}> ({
  ^bb0(%p: tensor<f32>, %q: tensor<f32>):
    %s = stablehlo.add %p, %q : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<5x3xf32>, tensor<2x1xi32>, tensor<2x3xf32>) -> tensor<5x3xf32>
)";
  const std::string sort = R"("stablehlo.sort"(%X) <{dimension = 1 : i64, is_stable = true}> ({
  ^bb0(%p: tensor<f32>, %q: tensor<f32>):
    %lt = stablehlo.compare LT, %p, %q : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %lt : tensor<i1>
  }) : (tensor<5x3xf32>) -> tensor<5x3xf32>
)";
  auto use = [](std::string text, const std::string& x) {
    return text.replace(text.find("%X"), 2, x);
  };
  std::string program =
      "func.func @main(%a: tensor<5x3xf32>, %b: tensor<5x3xf32>, %u: tensor<2x3xf32>, %m: "
      "tensor<3x3xf32>, %n: tensor<3x3xf32>) -> (tensor<5x3xf32>, tensor<5x3xf32>, "
      "tensor<5x3xf32>, tensor<5x3xf32>, tensor<3x3xf32>, tensor<3x3xf32>) {\n"
      "  %i = stablehlo.constant dense<[[1], [3]]> : tensor<2x1xi32>\n";
  program += "  %0 = " + use(scatter, "%a") + "  %1 = " + use(scatter, "%b");
  program += "  %2 = " + use(sort, "%a") + "  %3 = " + use(sort, "%b");
  program +=
      "  %4 = stablehlo.cholesky %m, lower = true : tensor<3x3xf32>\n"
      "  %5 = stablehlo.cholesky %n, lower = true : tensor<3x3xf32>\n"
      "  return %0, %1, %2, %3, %4, %5 : tensor<5x3xf32>, tensor<5x3xf32>, tensor<5x3xf32>, "
      "tensor<5x3xf32>, tensor<3x3xf32>, tensor<3x3xf32>\n}\n";
  auto module = testing::parse(program);
  ASSERT_TRUE(module);
  auto entry = find_entry(*module, "");
  ASSERT_TRUE(entry.ok());
  auto p = lower_module(*module, **entry, LowerOptions{});
  ASSERT_TRUE(p.ok()) << p.error().message();
  std::map<std::string, std::set<std::pair<int, std::string>>> launched;  // by op
  for (const Step& s : p->main.steps) {
    const auto* k = std::get_if<KernelStep>(&s);
    if (!k) continue;
    for (const char* op : {"scatter", "sort", "cholesky"}) {
      if (k->what.find(op) != std::string::npos) launched[op].insert({k->module, k->function});
    }
  }
  for (const char* op : {"scatter", "sort", "cholesky"}) {
    EXPECT_EQ(launched[op].size(), 1u) << op << " compiled more than once";
  }
  const int cholesky = launched["cholesky"].begin()->first;
  EXPECT_FALSE(p->modules[cholesky].generated);
  EXPECT_EQ(p->modules[cholesky].functions.size(), 1u);
  EXPECT_EQ(p->modules[launched["scatter"].begin()->first].generated, true);
}

}  // namespace
}  // namespace kiln::backend::cuda
