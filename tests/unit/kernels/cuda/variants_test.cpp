// Kernel variants per architecture (variants.h): a variant file for sm_90 is what the plan
// launches on an sm_90 device and not on an sm_80 one; a tuner's own source still wins; file
// names and folders are checked. Needs no GPU.
#include "kernels/cuda/variants.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "kernels/cuda/plan.h"
#include "kernels/cuda/registry.h"

namespace kiln::kernels {
namespace {

constexpr const char* kVariant = "// copy, the sm_90 variant\nextern \"C\" __global__ void copy_packed() {}\n";

// A folder holding copy.sm_90.cu; removes it and the run-time variant on destruction.
struct VariantFolder {
  std::filesystem::path dir = std::filesystem::temp_directory_path() /
                              ("kiln_variants_" + std::to_string(::getpid()));
  VariantFolder() {
    std::filesystem::create_directories(dir);
    std::ofstream(dir / "copy.sm_90.cu") << kVariant;
  }
  ~VariantFolder() {
    set_kernel_variant("copy", "sm_90", std::nullopt);
    std::filesystem::remove_all(dir);
  }
};

cuda::DeviceProperties sm80() {
  cuda::DeviceProperties d = cuda::DeviceProperties::h100_sxm();
  d.name = "NVIDIA A100-SXM4-80GB";
  d.compute_major = 8;
  d.compute_minor = 0;
  return d;
}

Expected<Plan> copy_plan(const cuda::DeviceProperties& device) {
  KILN_TRY(const KernelSpec* spec, find_kernel("copy"));
  KILN_TRY(Problem p, spec->make_problem({1 << 20}, ir::ElementKind::kF32));
  return plan_kernel(*spec, p, {}, device);
}

TEST(KernelVariants, PlanTakesTheVariantOnItsArchitectureOnly) {
  VariantFolder folder;
  auto loaded = load_kernel_variants(folder.dir.string());
  ASSERT_TRUE(loaded.ok()) << loaded.error().message();
  EXPECT_EQ(*loaded, 1);
  ASSERT_EQ(cuda::DeviceProperties::h100_sxm().sm_name(), "sm_90");
  auto on_sm90 = copy_plan(cuda::DeviceProperties::h100_sxm());
  ASSERT_TRUE(on_sm90.ok()) << on_sm90.error().message();
  ASSERT_FALSE(on_sm90->launches.empty());
  for (const Launch& l : on_sm90->launches) EXPECT_EQ(l.source, kVariant) << l.name;
  auto on_sm80 = copy_plan(sm80());
  ASSERT_TRUE(on_sm80.ok()) << on_sm80.error().message();
  auto library = library_launch("copy", "copy_packed");
  ASSERT_TRUE(library.ok());
  for (const Launch& l : on_sm80->launches) EXPECT_EQ(l.source, library->source) << l.name;
}

TEST(KernelVariants, OnlyThatKernelTakesIt) {
  // strided_copy plans launches from the same stem (copy.cu); the variant is copy's alone.
  VariantFolder folder;
  ASSERT_TRUE(load_kernel_variants(folder.dir.string()).ok());
  auto spec = find_kernel("strided_copy");
  ASSERT_TRUE(spec.ok());
  auto p = (*spec)->make_problem((*spec)->bench_shapes.front(), (*spec)->dtypes.front());
  ASSERT_TRUE(p.ok());
  auto plan = plan_kernel(**spec, *p, {});
  ASSERT_TRUE(plan.ok()) << plan.error().message();
  for (const Launch& l : plan->launches) EXPECT_NE(l.source, kVariant) << l.name;
}

TEST(KernelVariants, AReplacedSourceIsNotOverwritten) {
  VariantFolder folder;
  ASSERT_TRUE(load_kernel_variants(folder.dir.string()).ok());
  auto spec = find_kernel("copy");
  ASSERT_TRUE(spec.ok());
  KernelSpec candidate = **spec;  // a tuner's candidate brings its own source (spec_with_source)
  auto plan = candidate.plan;
  candidate.plan = [plan](const Problem& p, const Config& c, const PlanContext& ctx) -> Expected<Plan> {
    KILN_TRY(Plan planned, plan(p, c, ctx));
    replace_main_source(planned, "// candidate\n");
    return planned;
  };
  auto p = candidate.make_problem({4096}, ir::ElementKind::kF32);
  ASSERT_TRUE(p.ok());
  auto planned = plan_kernel(candidate, *p, {});
  ASSERT_TRUE(planned.ok()) << planned.error().message();
  for (const Launch& l : planned->launches) EXPECT_EQ(l.source, "// candidate\n");
}

TEST(KernelVariants, FileNames) {
  EXPECT_EQ(parse_variant_file_name("softmax.sm_90.cu"),
            (std::pair<std::string, std::string>{"softmax", "sm_90"}));
  EXPECT_EQ(parse_variant_file_name("rms_norm_residual.sm_100.cu"),
            (std::pair<std::string, std::string>{"rms_norm_residual", "sm_100"}));
  EXPECT_FALSE(parse_variant_file_name("softmax.cu"));
  EXPECT_FALSE(parse_variant_file_name("softmax.sm_90a.cu"));
  EXPECT_FALSE(parse_variant_file_name("softmax.sm_.cu"));
  EXPECT_FALSE(parse_variant_file_name(".sm_90.cu"));
}

TEST(KernelVariants, BadFolderAndBadNamesAreErrors) {
  auto missing = load_kernel_variants("/no/such/folder");
  ASSERT_FALSE(missing.ok());
  EXPECT_NE(missing.error().message().find("cannot read the variants folder '/no/such/folder'"),
            std::string::npos);
  VariantFolder folder;
  std::ofstream(folder.dir / "copy.cu") << kVariant;
  auto bad = load_kernel_variants(folder.dir.string());
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.error().message().find("a variant is named <kernel>.<sm_XX>.cu"), std::string::npos)
      << bad.error().message();
}

TEST(KernelVariants, RemovedVariantLeavesTheLibrarySource) {
  set_kernel_variant("copy", "sm_90", std::string(kVariant));
  EXPECT_EQ(kernel_variant("copy", "sm_90"), kVariant);
  set_kernel_variant("copy", "sm_90", std::nullopt);
  EXPECT_FALSE(kernel_variant("copy", "sm_90"));  // none embedded yet
}

}  // namespace
}  // namespace kiln::kernels
