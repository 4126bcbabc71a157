// libFuzzer target: parse -> verify -> interpret. A program that parses and verifies runs to
// outputs or an error, never a crash. Bounded so that the fuzzer finds bugs, not big programs:
// programs with a tensor type of more than kMaxElements elements are skipped, and a run stops
// after kTimeLimit (a `while` may loop forever by the spec).
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "frontend/parser.h"
#include "interp/interpreter.h"
#include "ir/verifier.h"
#include "tests/fuzz/small_program.h"

namespace {

constexpr std::chrono::duration<double> kTimeLimit{0.5};  // for all the functions of one input
constexpr size_t kMaxFunctions = 8;

// Runs `f` on zero-filled arguments; false when an argument cannot be made (a tuple, a type too
// large to allocate).
bool run_function(kiln::interp::Interpreter& interpreter, const kiln::ir::Operation& f) {
  std::vector<kiln::interp::RuntimeValue> args;
  for (const auto& arg : f.region(0).front().arguments()) {
    if (arg->type().is_token()) {
      args.emplace_back(kiln::interp::Token{});
      continue;
    }
    auto tensor = kiln::interp::Tensor::allocate(arg->type());
    if (!tensor.ok()) return false;
    args.emplace_back(std::move(*tensor));
  }
  (void)interpreter.call(f, args);
  return true;
}

}  // namespace

// Every function of the module runs (the test programs hold many check-dialect tests each), up
// to kMaxFunctions of them.
extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::unique_ptr<kiln::ir::Module> module = kiln::fuzz::parse_small_program(data, size);
  if (!module) return 0;
  kiln::interp::Options options;
  options.time_limit = kTimeLimit;
  kiln::interp::Interpreter interpreter(*module, options);
  size_t ran = 0;
  for (const kiln::ir::Operation* f : module->functions()) {
    if (f->region(0).empty()) continue;  // a declaration
    if (ran++ == kMaxFunctions) break;
    if (!run_function(interpreter, *f)) break;
  }
  return 0;
}
