// Every registered kernel compiles with NVRTC for sm_90a, in every dtype, without a GPU.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include "kernels/cuda/plan.h"
#include "kernels/cuda/registry.h"

namespace kiln::kernels {
namespace {

// One kernel in one dtype at its first non-empty check shape, with the default knobs but for
// `knobs`.
Status compile_one(const KernelSpec& s, ElementType t, const Config& knobs = {}) {
  Shape shape = s.check_shapes.front();
  for (const Shape& c : s.check_shapes) {
    if (num_elements(c) > 1) {
      shape = c;
      break;
    }
  }
  KILN_TRY(Problem p, s.make_problem(shape, t));
  KILN_TRY(Plan plan, plan_kernel(s, p, knobs));
  KILN_TRY(auto cubins, cuda::compile_plan(plan, "sm_90a"));
  (void)cubins;
  return ok_status();
}

bool have_nvrtc(std::string& why) {
  auto v = cuda::nvrtc_version();
  if (!v.ok()) why = v.error().message();
  return v.ok();
}

struct CompileCase {
  const KernelSpec* spec;
  ElementType dtype;
  Config knobs;  // beside the defaults
};

// Every kernel in every dtype with its default knobs.
std::vector<CompileCase> default_cases() {
  std::vector<CompileCase> cases;
  for (const KernelSpec* s : all_kernels()) {
    for (ElementType t : s->dtypes) cases.push_back({s, t, {}});
  }
  return cases;
}

// Every other value of every knob (the rest at their defaults), in a 16-bit dtype, where
// knobs such as fast_math change the code compiled.
std::vector<CompileCase> knob_cases() {
  std::vector<CompileCase> cases;
  for (const KernelSpec* s : all_kernels()) {
    ElementType t = s->dtypes.back();
    for (ElementType d : s->dtypes) {
      if (d == ElementKind::kF16) t = d;
    }
    for (const Knob& k : s->knobs) {
      for (int64_t v : k.values) {
        if (v != k.default_value) cases.push_back({s, t, {{k.name, v}}});
      }
    }
  }
  return cases;
}

std::string compile_case_name(const ::testing::TestParamInfo<CompileCase>& info) {
  std::string name = info.param.spec->group + "_" + info.param.spec->name;
  for (const auto& [knob, value] : info.param.knobs) name += "_" + knob + std::to_string(value);
  return name + "_" + std::string(dtype_name(info.param.dtype));
}

class KernelCompile : public ::testing::TestWithParam<CompileCase> {};

TEST_P(KernelCompile, CompilesForSm90a) {
  std::string why;
  if (!have_nvrtc(why)) GTEST_SKIP() << "NVRTC not available: " << why;
  const CompileCase& c = GetParam();
  Status s = compile_one(*c.spec, c.dtype, c.knobs);
  EXPECT_TRUE(s.ok()) << compile_case_name({c, 0}) << ": " << (s.ok() ? "" : s.error().message());
}

INSTANTIATE_TEST_SUITE_P(Registry, KernelCompile, ::testing::ValuesIn(default_cases()),
                         compile_case_name);
INSTANTIATE_TEST_SUITE_P(Variants, KernelCompile, ::testing::ValuesIn(knob_cases()),
                         compile_case_name);

}  // namespace
}  // namespace kiln::kernels
