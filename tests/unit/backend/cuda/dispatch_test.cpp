// The per-shape choice between the vendor libraries and kiln's own kernels (dispatch.h), without
// a GPU: the modes, the order of the answers (forced, measured in the cache, the tuning table's
// winners, the vendor), and the lowered program each choice gives — which step computes a
// bf16 dot_general, a kiln.gemm and a kiln.attention, and the library gemm's TMA descriptors
// (KernelArg::kTensorMap) over the operands' slots.
#include "backend/cuda/dispatch.h"

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>

#include "backend/cuda/lower.h"
#include "kernels/cuda/tuning.h"
#include "runtime/cuda/gemm_autotune.h"
#include "tests/unit/backend/cuda/dispatch_programs.h"

namespace kiln::backend::cuda::dispatch_test {
namespace {

namespace rt = ::kiln::cuda;

// Options that read neither $KILN_DISPATCH nor the user's autotune cache.
LowerOptions options(DispatchMode mode) {
  LowerOptions o;
  o.dispatch = mode;
  o.autotune_cache = "";
  return o;
}

Expected<LoweredProgram> lower(const std::string& text, const LowerOptions& o, bool optimize) {
  auto module = testing::parse(text);
  if (!module) return Error::invalid_argument("does not parse");
  if (optimize) KILN_CHECK_OK(passes::optimize(*module, 2));
  KILN_TRY(const ir::Operation* entry, find_entry(*module, ""));
  return lower_module(*module, *entry, o);
}

// The library modules the main program launches ("gemm.gemm_sm90", ...).
std::vector<std::string> library_modules(const LoweredProgram& p) {
  std::vector<std::string> out;
  for (const Step& s : p.main.steps) {
    if (const auto* k = std::get_if<KernelStep>(&s)) {
      const KernelModule& m = p.modules.at(static_cast<size_t>(k->module));
      if (m.library) out.push_back(m.name);
    }
  }
  return out;
}

template <class S>
int count_steps(const LoweredProgram& p) {
  int n = 0;
  for (const Step& s : p.main.steps) n += std::holds_alternative<S>(s) ? 1 : 0;
  return n;
}

const KernelStep* step_of_module(const LoweredProgram& p, const std::string& name) {
  for (const Step& s : p.main.steps) {
    const auto* k = std::get_if<KernelStep>(&s);
    if (k && p.modules.at(static_cast<size_t>(k->module)).name == name) return k;
  }
  return nullptr;
}

std::string notes(const LoweredProgram& p) { return fmt::format("{}", fmt::join(p.notes, "\n")); }

using dispatch_programs::dot;
using dispatch_programs::dot_nt;

TEST(Dispatch, ModesParseAndOthersAreRefused) {
  EXPECT_EQ(*parse_dispatch_mode("auto"), DispatchMode::kMeasured);
  EXPECT_EQ(*parse_dispatch_mode("vendor"), DispatchMode::kVendor);
  EXPECT_EQ(*parse_dispatch_mode("library"), DispatchMode::kLibrary);
  auto bad = parse_dispatch_mode("cublas");
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.error().message(), "cuda: dispatch 'cublas' is not one of auto, vendor, library");
}

const DispatchProblem kGemm{
    "gemm", ir::ElementKind::kBF16, {{"batch", 1}, {"m", 128}, {"n", 256}, {"k", 64}}};

TEST(Dispatch, ProblemKeysNameTheOpTypeAndSizes) {
  EXPECT_EQ(kGemm.key(), "gemm bf16 batch=1 k=64 m=128 n=256");
  EXPECT_EQ(dispatch_autotune_key(rt::DeviceProperties::h100_sxm(), kGemm),
            fmt::format("{} sm_90a | gemm bf16 batch=1 k=64 m=128 n=256",
                        rt::DeviceProperties::h100_sxm().name));
}

// No measurement covers a small GEMM: the vendor, saying so.
TEST(Dispatch, TheVendorIsTheDefault) {
  const DispatchChoice c = choose_implementation(kGemm, options(DispatchMode::kMeasured));
  EXPECT_EQ(c.implementation, Implementation::kVendor);
  EXPECT_EQ(c.reason, "vendor by default (no measurement covers the shape)");
}

TEST(Dispatch, AForcedSideWins) {
  EXPECT_EQ(choose_implementation(kGemm, options(DispatchMode::kLibrary)).implementation,
            Implementation::kLibrary);
  DispatchProblem big = kGemm;
  big.sizes = {{"batch", 1}, {"m", 4096}, {"n", 4096}, {"k", 4096}};  // the table says vendor
  EXPECT_EQ(choose_implementation(big, options(DispatchMode::kLibrary)).implementation,
            Implementation::kLibrary);
  EXPECT_EQ(choose_implementation(big, options(DispatchMode::kVendor)).implementation,
            Implementation::kVendor);
}

// At a shape bench/RESULTS.md measured, the sm_90 table's winner (the vendor) and its note.
TEST(Dispatch, TheTablesWinnerAnswersWhereItApplies) {
  DispatchProblem big = kGemm;
  big.sizes = {{"batch", 1}, {"m", 4096}, {"n", 4096}, {"k", 4096}};
  const DispatchChoice c = choose_implementation(big, options(DispatchMode::kMeasured));
  EXPECT_EQ(c.implementation, Implementation::kVendor);
  EXPECT_NE(c.reason.find("sm_90's winners: gemm v2 against cuBLASLt"), std::string::npos)
      << c.reason;
}

// A table installed for the architecture (as `kiln bench --tuning` does) whose winner is the
// library; the embedded table is put back after.
TEST(Dispatch, ATableWinnerCanPickTheLibrary) {
  const kernels::TuningTable saved = kernels::tuning_table("sm_90");
  kernels::DispatchWinner w;
  w.op = "gemm";
  w.sizes = {{"m", {100, 200}}};
  w.implementation = "library";
  w.note = "a test's";
  kernels::TuningTable with;
  with.set_arch("sm_90");
  with.add_winner(w);
  for (const auto& x : saved.winners()) with.add_winner(x);
  ASSERT_TRUE(kernels::use_tuning_table(with).ok());
  const DispatchChoice c = choose_implementation(kGemm, options(DispatchMode::kMeasured));
  auto p = lower(dot(128, 256, 64), options(DispatchMode::kMeasured), false);
  ASSERT_TRUE(kernels::use_tuning_table(saved).ok());
  EXPECT_EQ(c.implementation, Implementation::kLibrary);
  EXPECT_EQ(c.reason, "sm_90's winners: a test's");
  ASSERT_TRUE(p.ok()) << p.error().message();
  EXPECT_EQ(library_modules(*p), std::vector<std::string>{"gemm.gemm_sm90"}) << notes(*p);
}

// A measured choice in the autotune cache (for this device and problem) comes before the table.
TEST(Dispatch, AMeasuredChoiceInTheCacheComesFirst) {
  const std::string path = (std::filesystem::temp_directory_path() /
                            fmt::format("kiln_dispatch_test_{}.txt", ::getpid()))
                               .string();
  LowerOptions o = options(DispatchMode::kMeasured);
  o.autotune_cache = path;
  ASSERT_TRUE(rt::GemmChoiceCache(path)
                  .store_dispatch(dispatch_autotune_key(o.device, kGemm),
                                  rt::DispatchMeasurement{true, 0.5, 0.25})
                  .ok());
  const DispatchChoice c = choose_implementation(kGemm, o);
  DispatchProblem other = kGemm;
  other.sizes["m"] = 129;
  const DispatchChoice d = choose_implementation(other, o);
  std::filesystem::remove(path);
  EXPECT_EQ(c.implementation, Implementation::kLibrary);
  EXPECT_EQ(c.reason, "measured on this device: vendor 0.5 ms, library 0.25 ms");
  EXPECT_EQ(d.implementation, Implementation::kVendor);  // not measured
}

// By default a bf16 dot is one cuBLASLt GemmStep; the note says the library could take it.
TEST(Dispatch, ABf16DotGoesToCublasLtByDefault) {
  auto p = lower(dot(128, 256, 64), options(DispatchMode::kMeasured), false);
  ASSERT_TRUE(p.ok()) << p.error().message();
  EXPECT_EQ(count_steps<GemmStep>(*p), 1);
  EXPECT_TRUE(library_modules(*p).empty());
  EXPECT_NE(notes(*p).find("cuBLASLt (gemm bf16 batch=1 k=64 m=128 n=256; vendor by default"),
            std::string::npos)
      << notes(*p);
}

// Forced to the library: gemm's one launch, A and B as TMA descriptors over the entry's inputs
// ([1, M, K] and [1, K, N], innermost first, 128-byte swizzle), C both a descriptor (the
// epilogue's TMA stores, N a multiple of 8) and a pointer, no GemmStep.
TEST(Dispatch, AForcedDotRunsTheLibrarysGemmOnTensorMaps) {
  auto p = lower(dot(128, 256, 64), options(DispatchMode::kLibrary), false);
  ASSERT_TRUE(p.ok()) << p.error().message();
  EXPECT_EQ(count_steps<GemmStep>(*p), 0);
  EXPECT_EQ(library_modules(*p), std::vector<std::string>{"gemm.gemm_sm90"});
  EXPECT_EQ(p->library_kernel_count, 1);
  const KernelStep* k = step_of_module(*p, "gemm.gemm_sm90");
  ASSERT_NE(k, nullptr);
  ASSERT_GE(k->args.size(), 4u);
  const KernelArg &a = k->args[0], &b = k->args[1], &c_map = k->args[2], &c = k->args[3];
  ASSERT_EQ(a.kind, KernelArg::Kind::kTensorMap);
  ASSERT_EQ(b.kind, KernelArg::Kind::kTensorMap);
  ASSERT_EQ(c_map.kind, KernelArg::Kind::kTensorMap);
  EXPECT_EQ(c.kind, KernelArg::Kind::kBuffer);
  EXPECT_EQ(a.buffer, p->inputs[0]);
  EXPECT_EQ(b.buffer, p->inputs[1]);
  EXPECT_EQ(c_map.buffer, p->outputs[0]);
  EXPECT_EQ(c.buffer, p->outputs[0]);
  EXPECT_EQ(c_map.map.dims, (std::vector<uint64_t>{256, 128, 1}));
  EXPECT_EQ(a.map.dims, (std::vector<uint64_t>{64, 128, 1}));
  EXPECT_EQ(b.map.dims, (std::vector<uint64_t>{256, 64, 1}));
  EXPECT_EQ(a.map.element, rt::TensorMap::Element::kBF16);
  EXPECT_EQ(a.map.swizzle, rt::TensorMap::Swizzle::k128B);
  // Every descriptor encodes by the driver's rules at an aligned address.
  EXPECT_TRUE(rt::tensor_map_encoding(a.map, 256).ok());
  EXPECT_TRUE(rt::tensor_map_encoding(b.map, 256).ok());
  EXPECT_TRUE(rt::tensor_map_encoding(c_map.map, 256).ok());
  EXPECT_NE(notes(*p).find("library gemm (gemm bf16 batch=1 k=64 m=128 n=256; dispatch forced: "
                           "library)"),
            std::string::npos)
      << notes(*p);
}

// The rhs as [N, K]: gemm_nt.
TEST(Dispatch, ARhsContractedLastRunsGemmNt) {
  auto p = lower(dot_nt(128, 64, 256), options(DispatchMode::kLibrary), false);
  ASSERT_TRUE(p.ok()) << p.error().message();
  EXPECT_EQ(library_modules(*p), std::vector<std::string>{"gemm_nt.gemm_sm90"});
  EXPECT_EQ(count_steps<GemmStep>(*p), 0);
}

// K = 33: rows TMA cannot read (not 16-byte multiples) are copied into scratch slots of the
// arena first; the descriptors view those slots.
TEST(Dispatch, RaggedRowsGoThroughPaddedScratchCopies) {
  auto p = lower(dot(130, 70, 33), options(DispatchMode::kLibrary), false);
  ASSERT_TRUE(p.ok()) << p.error().message();
  const std::vector<std::string> modules = library_modules(*p);
  EXPECT_EQ(std::count(modules.begin(), modules.end(), "gemm.gemm_pad_rows"), 2) << notes(*p);
  const KernelStep* k = step_of_module(*p, "gemm.gemm_sm90");
  ASSERT_NE(k, nullptr);
  for (int i : {0, 1}) {
    const KernelArg& m = k->args[static_cast<size_t>(i)];
    ASSERT_EQ(m.kind, KernelArg::Kind::kTensorMap);
    EXPECT_EQ(m.buffer.space, BufferRef::Space::kArena);
    EXPECT_EQ(m.buffer.offset % 256, 0);
    EXPECT_LE(rt::tensor_map_span_bytes(m.map), static_cast<uint64_t>(m.buffer.bytes));
  }
  EXPECT_EQ(k->args[0].map.strides[0], 40u * 2);  // rows round_up(33, 8) elements apart
}

// A batch: the descriptors' outer dimension.
TEST(Dispatch, ABatchedDotRunsTheBatchedGemm) {
  auto p = lower(dot(64, 128, 32, "bf16", 3), options(DispatchMode::kLibrary), false);
  ASSERT_TRUE(p.ok()) << p.error().message();
  const KernelStep* k = step_of_module(*p, "gemm.gemm_sm90");
  ASSERT_NE(k, nullptr);
  EXPECT_EQ(k->args[0].map.dims, (std::vector<uint64_t>{32, 64, 3}));
  EXPECT_NE(notes(*p).find("gemm bf16 batch=3 k=32 m=64 n=128"), std::string::npos) << notes(*p);
}

// What the library's gemm cannot compute stays on cuBLASLt even when forced: f32, a bf16 product
// summed into f32, an operand that needs a permuted copy first.
TEST(Dispatch, WhatTheLibraryCannotComputeStaysOnCublasLt) {
  const std::string transposed_lhs = testing::one_op_program(
      "%x: tensor<64x128xbf16>, %w: tensor<64x32xbf16>", "tensor<128x32xbf16>",
      "%r = stablehlo.dot_general %x, %w, contracting_dims = [0] x [0] : "
      "(tensor<64x128xbf16>, tensor<64x32xbf16>) -> tensor<128x32xbf16>");
  for (const std::string& text : {dot(64, 64, 64, "f32"), transposed_lhs}) {
    auto p = lower(text, options(DispatchMode::kLibrary), false);
    ASSERT_TRUE(p.ok()) << p.error().message();
    EXPECT_EQ(count_steps<GemmStep>(*p), 1) << text;
    EXPECT_TRUE(library_modules(*p).empty()) << text;
  }
  const std::string into_f32 =
      testing::one_op_program("%x: tensor<64x64xbf16>, %w: tensor<64x64xbf16>", "tensor<64x64xf32>",
                              "%r = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : "
                              "(tensor<64x64xbf16>, tensor<64x64xbf16>) -> tensor<64x64xf32>");
  auto p = lower(into_f32, options(DispatchMode::kLibrary), false);
  ASSERT_TRUE(p.ok()) << p.error().message();
  EXPECT_EQ(count_steps<GemmStep>(*p), 1);
  EXPECT_TRUE(library_modules(*p).empty());
}

// A kiln.gemm without an epilogue (config and region: the bf16 product summed in f32 and
// rounded once; fuse-gemm makes none of a bare dot, a rewrite may): the library's gemm computes
// exactly that. One with a bias (fuse-gemm at O2) keeps cuBLASLt's epilogue.
TEST(Dispatch, AKilnGemmWithoutEpilogueTakesTheLibrary) {
  const char* const kPlain = R"(
func.func @main(%x: tensor<128x64xbf16>, %w: tensor<64x128xbf16>) -> tensor<128x128xbf16> {
  %g = kiln.gemm(%x, %w) {config = {bias = false, activation = "none", residual = false}} ({
    ^bb0(%p: tensor<128x64xbf16>, %q: tensor<64x128xbf16>):
      %d = stablehlo.dot_general %p, %q, contracting_dims = [1] x [0] : (tensor<128x64xbf16>, tensor<64x128xbf16>) -> tensor<128x128xf32>
      %c = stablehlo.convert %d : (tensor<128x128xf32>) -> tensor<128x128xbf16>
      stablehlo.return %c : tensor<128x128xbf16>
  }) : (tensor<128x64xbf16>, tensor<64x128xbf16>) -> tensor<128x128xbf16>
  return %g : tensor<128x128xbf16>
}
)";
  auto vendor = lower(kPlain, options(DispatchMode::kMeasured), false);
  ASSERT_TRUE(vendor.ok()) << vendor.error().message();
  EXPECT_EQ(count_steps<GemmStep>(*vendor), 1);
  EXPECT_TRUE(library_modules(*vendor).empty());
  auto plain = lower(kPlain, options(DispatchMode::kLibrary), false);
  ASSERT_TRUE(plain.ok()) << plain.error().message();
  EXPECT_EQ(library_modules(*plain), std::vector<std::string>{"gemm.gemm_sm90"}) << notes(*plain);
  EXPECT_EQ(count_steps<GemmStep>(*plain), 0);
  testing::Dense d;
  d.type = "bf16";
  d.acc = "f32";
  d.m = 128;
  d.n = 128;
  d.k = 64;
  d.bias = true;
  auto biased = lower(testing::dense_program(d), options(DispatchMode::kLibrary), true);
  ASSERT_TRUE(biased.ok()) << biased.error().message();
  EXPECT_EQ(count_steps<GemmStep>(*biased), 1);
  EXPECT_TRUE(library_modules(*biased).empty());
}

using attention_programs::bhsd_program;
using attention_programs::BhsdAttention;

// kiln.attention in flash_attention's layout: cuDNN by default; forced to the library,
// flash_attention (or _causal) and no AttentionStep, with a note.
TEST(Dispatch, AttentionGoesToCudnnByDefaultAndToFlashWhenForced) {
  for (bool causal : {false, true}) {
    SCOPED_TRACE(causal ? "causal" : "no mask");
    BhsdAttention a;
    a.causal = causal;
    a.s = a.t = 128;
    auto vendor = lower(bhsd_program(a), options(DispatchMode::kMeasured), true);
    ASSERT_TRUE(vendor.ok()) << vendor.error().message();
    EXPECT_EQ(count_steps<AttentionStep>(*vendor), 1) << notes(*vendor);
    EXPECT_TRUE(library_modules(*vendor).empty());
    auto library = lower(bhsd_program(a), options(DispatchMode::kLibrary), true);
    ASSERT_TRUE(library.ok()) << library.error().message();
    EXPECT_EQ(count_steps<AttentionStep>(*library), 0) << notes(*library);
    const std::string kernel = causal ? "flash_attention_causal" : "flash_attention";
    const std::vector<std::string> modules = library_modules(*library);
    ASSERT_EQ(modules.size(), 1u) << notes(*library);
    EXPECT_TRUE(modules[0].starts_with(kernel + ".")) << modules[0];
    EXPECT_NE(notes(*library).find(fmt::format(
                  "library {} (attention bf16 batch=2 causal={} head_dim=64 heads=4 kv_heads=4 "
                  "seq_kv=128 seq_q=128; dispatch forced: library)",
                  kernel, causal ? 1 : 0)),
              std::string::npos)
        << notes(*library);
  }
}

// cuDNN's attention step keeps the flash kernel as its fallback, for a run where cuDNN is
// missing: the fallback launches the library's flash_attention module writing the step's
// output, and the note says so.
TEST(Dispatch, CudnnAttentionFallsBackToTheFlashKernel) {
  BhsdAttention a;
  a.s = a.t = 128;
  auto p = lower(bhsd_program(a), options(DispatchMode::kMeasured), true);
  ASSERT_TRUE(p.ok()) << p.error().message();
  const AttentionStep* step = nullptr;
  for (const Step& s : p->main.steps) {
    if (const auto* x = std::get_if<AttentionStep>(&s)) step = x;
  }
  ASSERT_NE(step, nullptr) << notes(*p);
  ASSERT_TRUE(step->fallback);
  std::vector<std::string> launched;
  for (const Step& s : step->fallback->steps) {
    if (const auto* k = std::get_if<KernelStep>(&s)) {
      launched.push_back(p->modules.at(static_cast<size_t>(k->module)).name);
    }
  }
  ASSERT_EQ(launched.size(), 1u) << fmt::format("{}", fmt::join(launched, ", "));
  EXPECT_TRUE(launched[0].starts_with("flash_attention.")) << launched[0];
  EXPECT_NE(notes(*p).find("without cuDNN: the library's flash kernel"), std::string::npos)
      << notes(*p);
}

// Where cuDNN refuses the attention at compile time (here KILN_CUDNN_ATTENTION=0), the flash
// kernel takes it whatever the dispatch says, before the region.
TEST(Dispatch, AttentionCudnnRefusesRunsOnTheFlashKernel) {
  BhsdAttention a;
  a.s = a.t = 128;
  setenv("KILN_CUDNN_ATTENTION", "0", 1);
  auto p = lower(bhsd_program(a), options(DispatchMode::kMeasured), true);
  unsetenv("KILN_CUDNN_ATTENTION");
  ASSERT_TRUE(p.ok()) << p.error().message();
  EXPECT_EQ(count_steps<AttentionStep>(*p), 0) << notes(*p);
  const std::vector<std::string> modules = library_modules(*p);
  ASSERT_EQ(modules.size(), 1u) << notes(*p);
  EXPECT_TRUE(modules[0].starts_with("flash_attention.")) << modules[0];
  EXPECT_NE(notes(*p).find("cuDNN refuses it: KILN_CUDNN_ATTENTION=0"), std::string::npos)
      << notes(*p);
}

// GQA as JAX writes it: jnp.repeat of k and v before q·kᵀ reads q. fuse-attention puts q, k, v
// first all the same, so the forced library takes it on flash_attention with its kv heads.
TEST(Dispatch, GqaReadingKvBeforeQRunsOnFlashWhenForced) {
  auto library =
      lower(dispatch_programs::attention(false, 64, 96, 2), options(DispatchMode::kLibrary), true);
  ASSERT_TRUE(library.ok()) << library.error().message();
  EXPECT_EQ(count_steps<AttentionStep>(*library), 0) << notes(*library);
  const std::vector<std::string> modules = library_modules(*library);
  ASSERT_EQ(modules.size(), 1u) << notes(*library);
  EXPECT_TRUE(modules[0].starts_with("flash_attention.")) << modules[0];
  EXPECT_NE(notes(*library).find("library flash_attention (attention bf16 batch=2 causal=0 "
                                 "head_dim=64 heads=4 kv_heads=2 seq_kv=96 seq_q=64; dispatch "
                                 "forced: library)"),
            std::string::npos)
      << notes(*library);
}

}  // namespace
}  // namespace kiln::backend::cuda::dispatch_test
