// libFuzzer target: parse -> verify -> optimize at O1, O2 and O3 -> verify -> run both. The
// optimizer never crashes, never leaves invalid IR (the pass manager verifies after every pass:
// an internal error is a pass bug), and the optimized program computes what the program as
// written computes on the same (zero-filled) inputs. Bounded like interp_fuzzer: small tensors
// only, a time limit per run.
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "backend/backend.h"
#include "frontend/parser.h"
#include "interp/interpreter.h"
#include "ir/verifier.h"
#include "oracle/compare.h"
#include "passes/pass_manager.h"
#include "passes/pipeline.h"
#include "tests/fuzz/small_program.h"

namespace {

constexpr std::chrono::duration<double> kTimeLimit{0.25};  // per run of the entry

// The entry's outputs on zero-filled arguments, or nothing when it cannot run (an argument that
// cannot be made, an error, the time limit).
std::optional<std::vector<kiln::interp::Tensor>> run_entry(const kiln::ir::Module& module) {
  auto entry = kiln::backend::find_entry(module, "");
  if (!entry.ok() || (*entry)->region(0).empty()) return std::nullopt;
  std::vector<kiln::interp::RuntimeValue> args;
  for (const auto& arg : (*entry)->region(0).front().arguments()) {
    if (!arg->type().is_tensor()) return std::nullopt;
    auto tensor = kiln::interp::Tensor::allocate(arg->type());
    if (!tensor.ok()) return std::nullopt;
    args.emplace_back(std::move(*tensor));
  }
  kiln::interp::Options options;
  options.time_limit = kTimeLimit;
  kiln::interp::Interpreter interpreter(module, options);
  auto results = interpreter.call(**entry, args);
  if (!results.ok()) return std::nullopt;
  std::vector<kiln::interp::Tensor> out;
  for (const auto& r : *results) {
    if (!r.is_tensor()) return std::nullopt;
    out.push_back(r.tensor());
  }
  return out;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::unique_ptr<kiln::ir::Module> module = kiln::fuzz::parse_small_program(data, size);
  if (!module) return 0;
  auto want = run_entry(*module);
  for (int level = 1; level <= 3; ++level) {
    std::unique_ptr<kiln::ir::Module> copy = kiln::passes::clone_module(*module);
    kiln::passes::PassManagerOptions options;
    options.verify_each = true;
    auto report = kiln::passes::optimize(*copy, level, options);
    if (!report.ok()) {
      // A pass may refuse a module it cannot handle; leaving invalid IR is a bug.
      if (report.error().kind() == kiln::ErrorKind::kInternal) __builtin_trap();
      continue;
    }
    if (!want) continue;
    auto got = run_entry(*copy);
    if (!got) continue;  // e.g. a run that now hits the time limit first
    if (!kiln::oracle::compare_outputs(*got, *want).passed) __builtin_trap();
  }
  return 0;
}
