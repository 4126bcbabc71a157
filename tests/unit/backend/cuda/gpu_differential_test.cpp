// The cuda backend against the cpu backend, on a GPU: every check-dialect chunk and JAX export
// in the repository, at O0 and O2, compiled for "cuda" through the public API, either names
// what the backend lacks (counted, not failed) or runs: its checks pass and every output
// matches the cpu backend's on the same random inputs within the per-dtype tolerance (or, for
// float outputs, comes as close to the program computed in f64 as the interpreter's own
// outputs: oracle/promoted.h). Skips where there is no GPU. Each outcome is one `[cuda-vs-cpu] VERDICT WHERE OLEVEL: detail` line
// (scripts/gpu_session.sh sums them over its shards); each process prints its totals at exit.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <cstdlib>
#include <iostream>

#include "api/impl.h"
#include "oracle/compare.h"
#include "oracle/promoted.h"
#include "runtime/cuda/device.h"
#include "tests/unit/backend/cuda/test_programs.h"

namespace kiln::backend::cuda {
namespace {

using testing::Chunk;
using testing::kLevels;

// The inputs' seed: KILN_DIFFERENTIAL_SEED=N, else a fixed one (a failure repeats).
uint64_t gpu_differential_seed() {
  const char* s = std::getenv("KILN_DIFFERENTIAL_SEED");
  return s ? std::strtoull(s, nullptr, 10) : 1;
}

// Why this process cannot run on a GPU, or "" when it can.
const std::string& no_gpu_reason_for_backend_tests() {
  static const std::string why = [] {
    Expected<::kiln::cuda::Device> d = ::kiln::cuda::Device::open(0);
    return d.ok() ? std::string() : d.error().message();
  }();
  return why;
}

enum class Verdict { kPassed, kFailed, kUnimplemented, kSkipped };

const char* verdict_name(Verdict v) {
  switch (v) {
    case Verdict::kPassed:
      return "passed";
    case Verdict::kFailed:
      return "FAILED";
    case Verdict::kUnimplemented:
      return "unimplemented";
    case Verdict::kSkipped:
      return "skipped";
  }
  return "?";
}

struct Outcome {
  Verdict verdict;
  std::string detail;  // the missing op, the failure, why it was skipped
};

// This process's outcomes, printed at exit.
struct Totals {
  int64_t counts[4] = {};
  testing::MissingTally missing;
};
Totals& totals() {
  static Totals t;
  return t;
}

class PrintTotals : public ::testing::Environment {
 public:
  void TearDown() override {
    const Totals& t = totals();
    if (t.counts[0] + t.counts[1] + t.counts[2] + t.counts[3] == 0) return;
    std::cout << fmt::format("cuda vs cpu: {} passed, {} failed, {} unimplemented, {} skipped\n",
                             t.counts[static_cast<int>(Verdict::kPassed)],
                             t.counts[static_cast<int>(Verdict::kFailed)],
                             t.counts[static_cast<int>(Verdict::kUnimplemented)],
                             t.counts[static_cast<int>(Verdict::kSkipped)]);
    for (const auto& [what, e] : t.missing.by_count()) {
      std::cout << fmt::format("  {:5}  {}  (first: {})\n", e.count, what, e.first);
    }
  }
};
[[maybe_unused]] ::testing::Environment* const kPrintTotals =
    ::testing::AddGlobalTestEnvironment(new PrintTotals);

// A run's outputs as tensors, tuples flattened, tokens left out.
void append_tensors(const backend::Buffer& b, std::vector<interp::Tensor>& out) {
  if (b.kind() == backend::Buffer::Kind::kTuple) {
    for (const backend::Buffer& e : b.elements()) append_tensors(e, out);
  } else if (b.is_tensor()) {
    Expected<interp::Tensor> t = interp::Tensor::from_storage(b.type(), b.host_storage());
    if (t.ok()) out.push_back(std::move(*t));
  }
}
std::vector<interp::Tensor> output_tensors(const std::vector<::kiln::Value>& values) {
  std::vector<interp::Tensor> out;
  for (const ::kiln::Value& v : values) append_tensors(api::ValueAccess::buffer(v), out);
  return out;
}

std::string indented_lines(const std::vector<std::string>& lines) {
  std::string s;
  for (const std::string& l : lines) s += "\n  " + l;
  return s;
}

// One program at one level on both backends.
Outcome run_both(const ::kiln::Module& module, int level, uint64_t seed) {
  ::kiln::CompileOptions options;
  options.backend = "cuda";
  options.opt_level = level;
  Expected<::kiln::Executable> gpu = ::kiln::compile(module, options);
  if (!gpu.ok()) {
    if (auto m = testing::missing_feature(gpu.error())) return {Verdict::kUnimplemented, m->what};
    return {Verdict::kFailed, "compiling for cuda: " + gpu.error().message()};
  }
  options.backend = "cpu";
  options.time_limit_seconds = 60;  // a loop that random inputs never end
  Expected<::kiln::Executable> cpu = ::kiln::compile(module, options);
  if (!cpu.ok()) return {Verdict::kSkipped, "the cpu backend: " + cpu.error().message()};
  Expected<std::vector<::kiln::Value>> inputs = cpu->random_inputs(seed);
  if (!inputs.ok()) return {Verdict::kSkipped, "no random inputs: " + inputs.error().message()};
  Expected<::kiln::RunResult> want = cpu->run(*inputs);
  if (!want.ok()) return {Verdict::kSkipped, "the cpu backend: " + want.error().message()};
  Expected<::kiln::RunResult> got = gpu->run(*inputs);
  if (!got.ok()) return {Verdict::kFailed, "running on the GPU: " + got.error().message()};
  if (!got->failed_checks.empty()) {
    if (!want->failed_checks.empty()) {
      return {Verdict::kSkipped, "its checks fail on the cpu backend too"};
    }
    return {Verdict::kFailed, "failed checks:" + indented_lines(got->failed_checks)};
  }
  // Within the program tolerance of the cpu backend's outputs, or, for float outputs, as close
  // to the program computed in f64 as the interpreter's (oracle/promoted.h).
  const ir::Module& ir_module = *module.impl().module;
  const std::vector<interp::Tensor> input_tensors = output_tensors(*inputs);
  const std::vector<interp::Tensor> want_tensors = output_tensors(want->outputs());
  oracle::ProgramVerdict verdict =
      oracle::judge_program_outputs(ir_module, input_tensors, output_tensors(got->outputs()),
                                    want_tensors, oracle::program_tolerance);
  if (!verdict.passed) {
    return {Verdict::kFailed, fmt::format("outputs differ from the cpu backend's: {} "
                                          "(KILN_DIFFERENTIAL_SEED={})",
                                          verdict.message, seed)};
  }
  // The second run replays the program's CUDA graph where it has one (loops and branches as
  // conditional nodes): the same outputs again.
  Expected<::kiln::RunResult> again = gpu->run(*inputs);
  if (!again.ok()) return {Verdict::kFailed, "the second run on the GPU: " + again.error().message()};
  verdict = oracle::judge_program_outputs(ir_module, input_tensors,
                                          output_tensors(again->outputs()), want_tensors,
                                          oracle::program_tolerance);
  if (!verdict.passed) {
    return {Verdict::kFailed, fmt::format("the second run (a CUDA graph's replay) differs from the "
                                          "cpu backend: {} (KILN_DIFFERENTIAL_SEED={})",
                                          verdict.message, seed)};
  }
  return {Verdict::kPassed, verdict.by_promoted ? verdict.message : ""};
}

class CudaBackendGpu : public ::testing::TestWithParam<std::string> {};

// Every chunk of the file at O0 and O2: passes its checks and gives the cpu backend's outputs,
// or names what the cuda backend lacks.
TEST_P(CudaBackendGpu, MatchesTheCpuBackend) {
  if (!no_gpu_reason_for_backend_tests().empty())
    GTEST_SKIP() << "no GPU: " << no_gpu_reason_for_backend_tests();
  const uint64_t seed = gpu_differential_seed();
  int64_t ran = 0;
  testing::MissingTally missing;
  for (const Chunk& c : testing::read_chunks(GetParam())) {
    if (!c.module) continue;
    for (int level : kLevels) {
      std::string where = fmt::format("{} O{}", c.where, level);
      Outcome o = run_both(*c.module, level, seed);
      Totals& t = totals();
      ++t.counts[static_cast<int>(o.verdict)];
      if (o.verdict == Verdict::kUnimplemented) {
        t.missing.add(o.detail, where);
        missing.add(o.detail, where);
      }
      if (o.verdict == Verdict::kPassed || o.verdict == Verdict::kFailed) ++ran;
      std::cout << fmt::format("[cuda-vs-cpu] {} {}{}{}\n", verdict_name(o.verdict), where,
                               o.detail.empty() ? "" : ": ", o.detail);
      if (o.verdict == Verdict::kFailed) ADD_FAILURE() << where << ": " << o.detail;
    }
  }
  if (ran == 0) {
    std::string lacks;
    for (const auto& [what, e] : missing.by_count()) lacks += (lacks.empty() ? "" : ", ") + what;
    GTEST_SKIP() << "nothing ran on the GPU" << (lacks.empty() ? "" : "; unimplemented: ") << lacks;
  }
}

INSTANTIATE_TEST_SUITE_P(Programs, CudaBackendGpu, ::testing::ValuesIn(testing::program_files()),
                         [](const auto& info) { return ::kiln::testing::test_name(info.param); });

}  // namespace
}  // namespace kiln::backend::cuda
