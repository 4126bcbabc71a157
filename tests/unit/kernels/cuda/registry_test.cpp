// Every registered kernel has a complete spec: its problems build at every check shape and
// dtype, its StableHLO definition parses, verifies and runs on the interpreter, its knobs'
// defaults are allowed values, and its plan is well formed. Needs no GPU.
#include "kernels/cuda/registry.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <set>

#include "bench/reference.h"
#include "kernels/cuda/plan.h"

namespace kiln::kernels {
namespace {

TEST(KernelRegistry, NamesAreUniqueAndSpecsComplete) {
  std::set<std::string> names;
  ASSERT_FALSE(all_kernels().empty());
  for (const KernelSpec* s : all_kernels()) {
    EXPECT_TRUE(names.insert(s->name).second) << "duplicate kernel " << s->name;
    EXPECT_FALSE(s->group.empty()) << s->name;
    EXPECT_FALSE(s->summary.empty()) << s->name;
    EXPECT_FALSE(s->impl.empty()) << s->name;
    EXPECT_FALSE(s->dtypes.empty()) << s->name;
    EXPECT_FALSE(s->bench_shapes.empty()) << s->name;
    EXPECT_FALSE(s->check_shapes.empty()) << s->name;
    EXPECT_FALSE(s->stablehlo.empty()) << s->name;
    EXPECT_FALSE(s->baselines.empty()) << s->name;
    EXPECT_TRUE(s->make_problem && s->plan) << s->name;
  }
}

TEST(KernelRegistry, KnobDefaultsAreAllowedValues) {
  for (const KernelSpec* s : all_kernels()) {
    for (const Knob& k : s->knobs) {
      EXPECT_NE(std::find(k.values.begin(), k.values.end(), k.default_value), k.values.end())
          << s->name << "." << k.name;
    }
    for (const ElementType& t : s->dtypes) EXPECT_TRUE(complete_config(*s, {}, t).ok()) << s->name;
  }
}

TEST(KernelRegistry, NeutralKnobsPlanAtEveryCheckAndBenchShape) {
  // Every library knob's neutral value (Knob::neutral) is allowed and plans: `kiln tune
  // --start neutral` can start any kernel there.
  for (const KernelSpec* s : all_kernels()) {
    Config neutral;
    for (const Knob& k : s->knobs) {
      EXPECT_TRUE(k.allows(k.neutral())) << s->name << "." << k.name;
      neutral.set(k.name, k.neutral());
    }
    for (ElementType t : s->dtypes) {
      std::vector<Shape> shapes = s->check_shapes;
      shapes.insert(shapes.end(), s->bench_shapes.begin(), s->bench_shapes.end());
      for (const Shape& shape : shapes) {
        auto p = s->make_problem(shape, t);
        ASSERT_TRUE(p.ok()) << s->name;
        auto plan = plan_kernel(*s, *p, neutral);
        EXPECT_TRUE(plan.ok()) << s->name << " " << shape_string(shape) << ": "
                               << plan.error().message();
      }
    }
  }
}

TEST(KernelRegistry, RunTimeRegistrationIsFoundAndNeverTakesAName) {
  auto exp = find_kernel("exp");
  ASSERT_TRUE(exp.ok());
  KernelSpec copy = **exp;
  auto clash = register_kernel(copy);
  ASSERT_FALSE(clash.ok());
  EXPECT_NE(clash.error().message().find("a kernel named 'exp' exists already"), std::string::npos)
      << clash.error().message();
  KernelSpec incomplete;
  incomplete.name = "no_plan";
  EXPECT_FALSE(register_kernel(incomplete).ok());
  // Registered in a child process, so that this process's registry (which other tests pin,
  // such as PlanOnH100.EveryPlanIsAsPinned) stays the library's.
  copy.name = "exp_registered_at_run_time";
  EXPECT_EXIT(
      {
        auto added = register_kernel(copy);
        auto found = find_kernel("exp_registered_at_run_time");
        bool listed = std::find(all_kernels().begin(), all_kernels().end(),
                                added.ok() ? *added : nullptr) != all_kernels().end();
        std::exit(added.ok() && found.ok() && *found == *added && listed ? 0 : 1);
      },
      ::testing::ExitedWithCode(0), "");
  EXPECT_FALSE(find_kernel("exp_registered_at_run_time").ok());
}

TEST(KernelRegistry, UnknownKnobIsAnError) {
  const KernelSpec* s = all_kernels().front();
  auto c = complete_config(*s, {{"no_such_knob", 1}}, s->dtypes.front());
  ASSERT_FALSE(c.ok());
  EXPECT_NE(c.error().message().find("no_such_knob"), std::string::npos);
}

TEST(KernelRegistry, UnknownNameSuggests) {
  auto k = find_kernel("softmaxx");
  ASSERT_FALSE(k.ok());
  EXPECT_NE(k.error().message().find("no kernel named 'softmaxx'"), std::string::npos);
}

TEST(KernelRegistry, EveryProblemAndPlanBuildsAtEveryCheckAndBenchShape) {
  for (const KernelSpec* s : all_kernels()) {
    for (ElementType t : s->dtypes) {
      std::vector<Shape> shapes = s->check_shapes;
      shapes.insert(shapes.end(), s->bench_shapes.begin(), s->bench_shapes.end());
      for (const Shape& shape : shapes) {
        auto p = s->make_problem(shape, t);
        ASSERT_TRUE(p.ok()) << s->name << " " << shape_string(shape) << ": " << p.error().message();
        auto plan = plan_kernel(*s, *p, {});
        ASSERT_TRUE(plan.ok()) << s->name << ": " << plan.error().message();
        for (const Launch& l : plan->launches) {
          EXPECT_FALSE(l.source.empty()) << s->name << ": " << l.name;
          EXPECT_TRUE(l.name.ends_with("." + l.function)) << s->name << ": " << l.name;
          for (const Arg& a : l.args) {
            if (a.kind == Arg::Kind::kInput) {
              EXPECT_LT(a.i, std::ssize(p->inputs)) << s->name;
            }
            if (a.kind == Arg::Kind::kOutput) {
              EXPECT_LT(a.i, std::ssize(p->outputs)) << s->name;
            }
            if (a.kind == Arg::Kind::kScratch) {
              EXPECT_LT(a.i, std::ssize(plan->scratch_bytes)) << s->name;
            }
            if (a.kind == Arg::Kind::kState) {
              EXPECT_LT(a.i, std::ssize(plan->state_bytes)) << s->name;
            }
          }
        }
      }
    }
  }
}

struct DefinitionCase {
  const KernelSpec* spec;
  ElementType dtype;
};

std::vector<DefinitionCase> definition_cases() {
  std::vector<DefinitionCase> cases;
  for (const KernelSpec* s : all_kernels()) {
    for (ElementType t : s->dtypes) cases.push_back({s, t});
  }
  return cases;
}

std::string definition_case_name(const ::testing::TestParamInfo<DefinitionCase>& info) {
  return info.param.spec->group + "_" + info.param.spec->name + "_" +
         std::string(dtype_name(info.param.dtype));
}

class KernelDefinition : public ::testing::TestWithParam<DefinitionCase> {};

// The kernel's StableHLO definition runs on the interpreter at every check shape (up to 70,000
// elements) and gives outputs of the problem's shapes.
TEST_P(KernelDefinition, RunsOnTheInterpreterAtEveryCheckShape) {
  const KernelSpec* s = GetParam().spec;
  ElementType t = GetParam().dtype;
  for (const Shape& shape : s->check_shapes) {
    if (num_elements(shape) > 70000) continue;
    auto p = s->make_problem(shape, t);
    ASSERT_TRUE(p.ok());
    auto inputs = bench::random_inputs(*p, 7);
    ASSERT_TRUE(inputs.ok()) << inputs.error().message();
    auto out = bench::reference_outputs(*s, *p, *inputs);
    ASSERT_TRUE(out.ok()) << s->name << " " << dtype_name(t) << " " << shape_string(shape) << ": "
                          << out.error().message();
    ASSERT_EQ(out->size(), p->outputs.size());
    for (size_t i = 0; i < out->size(); ++i) {
      EXPECT_EQ((*out)[i].shape(), p->outputs[i].shape) << s->name;
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Registry, KernelDefinition, ::testing::ValuesIn(definition_cases()),
                         definition_case_name);

}  // namespace
}  // namespace kiln::kernels
