// kiln.attention of a few query tokens over a long KV cache on the library's decode_attention
// (lower_attention.cpp, kernels/cuda/decode_attention_match.h): which attentions become its
// launches and which stay on cuDNN (no GPU needed), that the programs compile through NVRTC,
// and, on a GPU, results that match the unoptimised program on the interpreter.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <variant>
#include <vector>

#include "oracle/compare.h"
#include "oracle/random.h"
#include "oracle/reference.h"
#include "tests/unit/backend/cuda/attention_checks.h"
#include "tests/unit/backend/cuda/attention_programs.h"

namespace kiln::backend::cuda::decode_attention_test {
namespace {

using attention_programs::bhsd_program;
using Attention = attention_programs::BhsdAttention;
using testing::library_launches;

// bf16, GQA 8:2, q scaled first (Flax's form), `sq` query tokens over 1000 keys (not a
// multiple of any of the kernel's steps).
Attention decode(int64_t sq) {
  Attention a;
  a.h = 8;
  a.h_kv = 2;
  a.s = sq;
  a.t = 1000;
  a.scale_q = true;
  return a;
}

// decode(sq) with the scale on the scores (JAX's form): the repeat of k and v is read before q.
Attention decode_kv_first(int64_t sq) {
  Attention a = decode(sq);
  a.scale_q = false;
  return a;
}

bool has_cudnn_step(const LoweredProgram& p) {
  return std::any_of(p.main.steps.begin(), p.main.steps.end(),
                     [](const Step& s) { return std::holds_alternative<AttentionStep>(s); });
}

TEST(DecodeAttention, OneQueryTokenOverALongCacheRunsOnDecodeAttention) {
  auto l = attention_checks::lowered(bhsd_program(decode(1)), "decode.mlir");
  ASSERT_TRUE(l.program.ok());
  std::vector<std::string> launches = library_launches(*l.program);
  ASSERT_FALSE(launches.empty());
  for (const std::string& name : launches) EXPECT_TRUE(name.starts_with("decode_attention."));
  EXPECT_FALSE(has_cudnn_step(*l.program));
  EXPECT_TRUE(std::any_of(l.program->notes.begin(), l.program->notes.end(), [](const auto& n) {
    return n.find("decode_attention") != std::string::npos;
  }));
}

// The repeat of k and v read before q (fuse-attention puts q first): decode_attention too.
TEST(DecodeAttention, KvRepeatedBeforeQIsReadRunsOnDecodeAttention) {
  auto l = attention_checks::lowered(bhsd_program(decode_kv_first(1)), "decode.mlir");
  ASSERT_TRUE(l.program.ok());
  std::vector<std::string> launches = library_launches(*l.program);
  ASSERT_FALSE(launches.empty());
  for (const std::string& name : launches) EXPECT_TRUE(name.starts_with("decode_attention."));
  EXPECT_FALSE(has_cudnn_step(*l.program));
}

TEST(DecodeAttention, FourQueryTokensRunOnDecodeAttention) {
  auto l = attention_checks::lowered(bhsd_program(decode(4)), "decode.mlir");
  ASSERT_TRUE(l.program.ok());
  std::vector<std::string> launches = library_launches(*l.program);
  ASSERT_FALSE(launches.empty());
  EXPECT_TRUE(launches[0].starts_with("decode_attention."));
}

// A prefill-sized query (Sq = Skv = 64, MHA) stays with cuDNN's fused attention.
TEST(DecodeAttention, ALongQueryStaysOnCudnn) {
  Attention a = decode(64);
  a.t = 64;
  a.h_kv = a.h;
  auto l = attention_checks::lowered(bhsd_program(a), "prefill.mlir");
  ASSERT_TRUE(l.program.ok());
  EXPECT_TRUE(library_launches(*l.program).empty());
  EXPECT_TRUE(has_cudnn_step(*l.program));
}

TEST(DecodeAttention, ProgramsCompile) {
  for (int64_t sq : {1, 4}) {
    SCOPED_TRACE(sq);
    auto module = attention_checks::optimized(bhsd_program(decode(sq)), "decode.mlir");
    ASSERT_TRUE(module);
    auto exe = compile_cuda(*module, {});
    ASSERT_TRUE(exe.ok()) << exe.error().message();
  }
}

// On a GPU: bf16, GQA, Sq = 1 and 4 over 1000 keys (and Sq = 1 with k and v read before q)
// against the unoptimised program on the interpreter, with random inputs.
TEST(DecodeAttention, MatchesTheInterpreterOnTheGpu) {
  std::string why;
  if (!testing::have_gpu(why)) GTEST_SKIP() << "no GPU: " << why;
  for (const Attention& a : {decode(1), decode(4), decode_kv_first(1)}) {
    SCOPED_TRACE(fmt::format("sq {}, q scaled {}", a.s, a.scale_q));
    const std::string text = bhsd_program(a);
    auto reference = attention_checks::parse(text, "decode.mlir");
    auto module = attention_checks::optimized(text, "decode.mlir");
    ASSERT_TRUE(reference && module);
    auto exe = compile_cuda(*module, {});
    ASSERT_TRUE(exe.ok()) << exe.error().message();
    ASSERT_FALSE(library_launches((*exe)->program()).empty());
    auto inputs = oracle::random_inputs((*exe)->input_types(), 11);
    ASSERT_TRUE(inputs.ok()) << inputs.error().message();
    auto want = oracle::reference_run(*reference, *inputs);
    ASSERT_TRUE(want.ok()) << want.error().message();
    auto got = testing::run_on_cuda(**exe, *inputs);
    ASSERT_TRUE(got.ok()) << got.error().message();
    oracle::CompareReport report = oracle::compare_outputs(*got, *want, oracle::program_tolerance);
    EXPECT_TRUE(report.passed) << report.message();
  }
}

}  // namespace
}  // namespace kiln::backend::cuda::decode_attention_test
