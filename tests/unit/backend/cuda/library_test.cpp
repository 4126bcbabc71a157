// The cuda backend's named composites on library kernels (lower_library.cpp): which composites
// of the JAX pattern corpus (tests/jax/patterns) become a launch of a library kernel and which
// keep their fused region; that the programs compile with NVRTC (no GPU needed); and, on a GPU,
// results that match the unoptimised program on the cpu backend.
#include <fmt/format.h>
#include <fmt/ranges.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>

#include "backend/cuda/cuda_backend.h"
#include "backend/cuda/lower.h"
#include "frontend/parser.h"
#include "interp/interpreter.h"
#include "ir/verifier.h"
#include "kernels/cuda/registry.h"
#include "oracle/compare.h"
#include "oracle/random.h"
#include "oracle/reference.h"
#include "passes/pipeline.h"
#include "runtime/cuda/device.h"
#include "tests/unit/backend/cuda/op_checks.h"
#include "tests/unit/test_files.h"

namespace kiln::backend::cuda::library_test {
namespace {

using testing::have_gpu;
using testing::library_launches;
using testing::run_on_cuda;

// A pattern program (tests/jax/patterns/NAME.mlir) and the library kernel its composite
// should run on ("" where the composite must keep its region).
struct Case {
  const char* file;
  const char* kernel;
  const char* why;  // what the case shows
};

const Case kCases[] = {
    {"softmax_jax_nn", "softmax", "f32 over the last axis"},
    {"softmax_bf16", "softmax", "bf16 (the kernel rounds once; the region after every op)"},
    {"softmax_bf16_f32_compute", "softmax", "bf16 data, f32 compute"},
    {"softmax_hand_no_max", "softmax", "no max subtracted (the kernel's is the stable form)"},
    {"layer_norm_mean_var", "layer_norm", "eps 1e-5, scale and bias"},
    {"layer_norm_flax_linen", "layer_norm", "eps 1e-6 (the config's), E[x^2] - E[x]^2"},
    {"rms_norm_flax_linen", "rms_norm", "eps 1e-6, scale"},
    {"rms_norm_rsqrt", "rms_norm", "x * rsqrt(mean(x^2) + eps) * w"},
    {"silu_jax_nn", "silu", "x * sigmoid(x)"},
    {"silu_bf16", "silu", "bf16"},
    {"softmax_jax_nn_axis1", "", "over the middle axis: no row kernel"},
    {"layer_norm_no_affine", "", "no scale or bias: the kernel takes both"},
    {"rms_norm_residual", "", "the residual sum as a second result"},
    {"layer_norm_bf16_f32_compute", "", "f32 x and weights, a bf16 result: the kernels take one type"},
    {"rms_norm_bf16_f32_compute", "", "f32 x, a bf16 weight: the kernels take one type"},
    {"rope_half", "", "cos and sin tables: the kernel computes its own from positions"},
    {"swiglu_two_weights", "", "the GEMMs inside: the kernel is the element-wise tail"},
    {"quant_matmul_w4", "gemv_w4", "4-bit codes, group 32, M = 4 (tensor cores)"},
    {"quant_matmul_w8_gemv", "gemv_w8", "8-bit codes, group 64, M = 1 in f16"},
    {"quant_matmul_w4_batch32", "", "M = 32: past the small-batch kernel's 16"},
};

std::unique_ptr<ir::Module> parse_file(const std::string& name) {
  const std::string path = kiln::testing::source_dir() + "/tests/jax/patterns/" + name + ".mlir";
  auto module = frontend::parse_module_text(kiln::testing::read_file(path), path);
  EXPECT_TRUE(module.ok()) << module.error().message();
  if (!module.ok()) return nullptr;
  Status v = ir::verify(**module);
  EXPECT_TRUE(v.ok()) << v.error().message();
  return std::move(*module);
}

// The program optimised at O2 (where the composites are formed).
std::unique_ptr<ir::Module> optimized(const std::string& name) {
  auto module = parse_file(name);
  if (!module) return nullptr;
  auto report = passes::optimize(*module, 2);
  EXPECT_TRUE(report.ok()) << report.error().message();
  return report.ok() ? std::move(module) : nullptr;
}

// A composite with a matching kernel is one launch of it (its module a library module, not
// generated code); the others keep their region and launch no library kernel.
TEST(Library, CompositesRunOnTheirKernelWhereOneMatches) {
  for (const Case& c : kCases) {
    SCOPED_TRACE(std::string(c.file) + ": " + c.why);
    auto module = optimized(c.file);
    ASSERT_TRUE(module);
    auto p = testing::lower_main(*module);
    ASSERT_TRUE(p.ok()) << p.error().message();
    std::vector<std::string> launches = library_launches(*p);
    EXPECT_EQ(p->library_kernel_count, static_cast<int64_t>(launches.size()));
    if (*c.kernel) {
      ASSERT_EQ(launches.size(), 1u);
      EXPECT_TRUE(launches[0].starts_with(std::string(c.kernel) + "."));
    } else {
      EXPECT_TRUE(launches.empty());
    }
  }
}

// A library module carries its defines (part of NVRTC's options and so of the cache's key) and
// is not generated code; a library launch passes its scalars (rows, columns) by value.
TEST(Library, LibraryModulesCarryTheirDefinesAndScalars) {
  auto module = optimized("softmax_jax_nn");
  ASSERT_TRUE(module);
  auto p = testing::lower_main(*module);
  ASSERT_TRUE(p.ok()) << p.error().message();
  const KernelStep* step = nullptr;
  for (const Step& s : p->main.steps) {
    const auto* k = std::get_if<KernelStep>(&s);
    if (k && p->modules.at(static_cast<size_t>(k->module)).library) step = k;
  }
  ASSERT_NE(step, nullptr);
  const KernelModule& m = p->modules.at(static_cast<size_t>(step->module));
  EXPECT_FALSE(m.generated);
  EXPECT_NE(std::find(m.options.begin(), m.options.end(), "-DELEM=float"), m.options.end())
      << fmt::format("{}", fmt::join(m.options, " "));
  ASSERT_EQ(step->args.size(), 4u);  // x, y, rows, columns
  EXPECT_EQ(step->args[0].kind, KernelArg::Kind::kBuffer);
  EXPECT_EQ(step->args[2].kind, KernelArg::Kind::kI64);
  EXPECT_EQ(step->args[3].kind, KernelArg::Kind::kI32);
  EXPECT_EQ(step->args[3].i, module->lookup_function("main")->region(0).front().argument(0)
                                 ->type().shape().back());
}

// Equal launches (the same kernel, defines and source) share one module: compiled once.
TEST(Library, EqualLaunchesShareAModule) {
  auto module = optimized("softmax_two_axes");
  ASSERT_TRUE(module);
  auto p = testing::lower_main(*module);
  ASSERT_TRUE(p.ok()) << p.error().message();
  EXPECT_EQ(library_launches(*p).size(), 1u);  // the other softmax is over axis 0
  int library_modules = 0;
  for (const KernelModule& m : p->modules) library_modules += m.library ? 1 : 0;
  EXPECT_EQ(library_modules, 1);
}

// In a whole model (attention's softmax nested in kiln.attention's region) the norms without a
// residual result and the softmax run on the library; the residual norm keeps its region.
TEST(Library, TransformerBlockRunsItsNormAndSoftmaxOnTheLibrary) {
  const std::string path = kiln::testing::source_dir() + "/tests/jax/programs/transformer_block.mlir";
  auto module = frontend::parse_module_text(kiln::testing::read_file(path), path);
  ASSERT_TRUE(module.ok()) << module.error().message();
  ASSERT_TRUE(passes::optimize(**module, 2).ok());
  auto p = testing::lower_main(**module);
  ASSERT_TRUE(p.ok()) << p.error().message();
  std::vector<std::string> launches = library_launches(*p);
  std::sort(launches.begin(), launches.end());
  EXPECT_EQ(launches, (std::vector<std::string>{"layer_norm.layer_norm_rows", "softmax.softmax_rows"}));
}

// What a kernel is checked against (kiln_cuda_tests, on a GPU) is its spec's StableHLO
// definition; on the interpreter, each matched composite's region and that definition, reading
// the same bytes as the problem's [rows, columns] (and the composite's epsilon), agree on
// random inputs.
TEST(Library, MatchedKernelDefinitionsAgreeWithTheRegions) {
  for (const Case& c : kCases) {
    if (!*c.kernel) continue;
    SCOPED_TRACE(c.file);
    auto module = optimized(c.file);
    ASSERT_TRUE(module);
    const ir::Operation* op = nullptr;
    for (const auto& o : module->lookup_function("main")->region(0).front().operations()) {
      if (!op && o->name().starts_with("kiln.") && !kernels::find_kernels(*o).empty()) op = o.get();
    }
    ASSERT_NE(op, nullptr);
    const kernels::KernelMatch m = kernels::find_kernels(*op).front();
    std::vector<ir::Type> types;
    for (const ir::Value* v : op->operands()) types.push_back(v->type());
    auto inputs = oracle::random_inputs(types, 3);
    ASSERT_TRUE(inputs.ok()) << inputs.error().message();
    // The region, as the interpreter runs the composite.
    interp::Interpreter interpreter(*module);
    std::vector<interp::RuntimeValue> operands(inputs->begin(), inputs->end());
    auto region = interp::lookup_interp(op->name())(interpreter, *op, operands);
    ASSERT_TRUE(region.ok()) << region.error().message();
    std::vector<interp::Tensor> want;
    for (const interp::RuntimeValue& v : *region) want.push_back(v.tensor());
    // The definition, on the same bytes in the problem's shapes.
    auto text = kernels::render_stablehlo(*m.spec, m.problem);
    ASSERT_TRUE(text.ok()) << text.error().message();
    auto definition = frontend::parse_module_text(*text, "definition.mlir");
    ASSERT_TRUE(definition.ok()) << definition.error().message();
    auto reshape = [](const interp::Tensor& from, const ir::Type& to) {
      Expected<interp::Tensor> t = interp::Tensor::allocate(to);
      EXPECT_TRUE(t.ok() && t->size_bytes() == from.size_bytes());
      std::memcpy(t->raw(), from.raw(), from.size_bytes());
      return std::move(*t);
    };
    std::vector<interp::Tensor> reshaped;
    for (size_t k = 0; k < inputs->size(); ++k) {
      const kernels::TensorSpec& t = m.problem.inputs[k];
      reshaped.push_back(reshape((*inputs)[k], ir::Type::tensor(t.shape, t.dtype)));
    }
    auto out = oracle::reference_run(**definition, reshaped);
    ASSERT_TRUE(out.ok()) << out.error().message();
    std::vector<interp::Tensor> got;
    for (size_t k = 0; k < out->size(); ++k) got.push_back(reshape((*out)[k], op->result(k)->type()));
    oracle::CompareReport report = oracle::compare_outputs(got, want);
    EXPECT_TRUE(report.passed) << report.message();
  }
}

// NVRTC compiles every case, library modules with their own options, without a GPU.
TEST(Library, EveryCaseCompiles) {
  for (const Case& c : kCases) {
    SCOPED_TRACE(c.file);
    auto module = optimized(c.file);
    ASSERT_TRUE(module);
    auto exe = compile_cuda(*module, {});
    ASSERT_TRUE(exe.ok()) << exe.error().message();
  }
}

// Each case optimised on the cuda backend against the unoptimised program on the cpu backend,
// with the same random inputs, within the oracle's tolerance (the kernels compute in f32 and
// round once; for bf16 the reference rounds after every op).
TEST(Library, EveryCaseMatchesTheCpuBackend) {
  std::string why;
  if (!have_gpu(why)) GTEST_SKIP() << "no GPU: " << why;
  for (const Case& c : kCases) {
    SCOPED_TRACE(c.file);
    auto reference = parse_file(c.file);
    auto module = optimized(c.file);
    ASSERT_TRUE(reference && module);
    auto exe = compile_cuda(*module, {});
    ASSERT_TRUE(exe.ok()) << exe.error().message();
    auto inputs = oracle::random_inputs((*exe)->input_types(), 5);
    ASSERT_TRUE(inputs.ok()) << inputs.error().message();
    auto want = oracle::reference_run(*reference, *inputs);
    ASSERT_TRUE(want.ok()) << want.error().message();
    auto got = run_on_cuda(**exe, *inputs);
    ASSERT_TRUE(got.ok()) << got.error().message();
    oracle::CompareReport report = oracle::compare_outputs(*got, *want, oracle::program_tolerance);
    EXPECT_TRUE(report.passed) << report.message();
  }
}

}  // namespace
}  // namespace kiln::backend::cuda::library_test
