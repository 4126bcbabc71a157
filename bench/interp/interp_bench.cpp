// Google Benchmark: the reference interpreter's time on the bundled JAX programs, run on the
// inputs JAX ran them on. `build/.../bench/interp/kiln_interp_bench`.
#include <benchmark/benchmark.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "frontend/parser.h"
#include "interp/interpreter.h"
#include "interp/npy.h"
#include "interp/random_inputs.h"
#include "ir/verifier.h"

namespace {

struct Program {
  std::unique_ptr<kiln::ir::Module> module;
  std::vector<kiln::interp::RuntimeValue> inputs;
};

Program load(const std::string& name) {
  std::filesystem::path dir = std::filesystem::path(KILN_SOURCE_DIR) / "tests/jax/programs";
  std::ifstream in(dir / (name + ".mlir"));
  std::stringstream ss;
  ss << in.rdbuf();
  auto module = kiln::frontend::parse_module_text(ss.str(), name);
  if (!module.ok() || !kiln::ir::verify(**module).ok()) return {};
  Program p{std::move(*module), {}};
  const kiln::ir::Operation* main = p.module->lookup_function("main");
  const kiln::ir::Block& body = main->region(0).front();
  for (size_t i = 0; i < body.num_arguments(); ++i) {
    auto t = kiln::interp::read_npy((dir / name / ("in" + std::to_string(i) + ".npy")).string(),
                                    body.argument(i)->type());
    if (!t.ok()) return {};
    p.inputs.emplace_back(std::move(*t));
  }
  return p;
}

void run_program(benchmark::State& state, const std::string& name) {
  Program p = load(name);
  if (!p.module) {
    state.SkipWithError(("cannot load " + name).c_str());
    return;
  }
  kiln::interp::Interpreter interpreter(*p.module);
  for (auto _ : state) {
    auto out = interpreter.run("main", p.inputs);
    if (!out.ok()) {
      state.SkipWithError(out.error().message().c_str());
      return;
    }
    benchmark::DoNotOptimize(out);
  }
}

}  // namespace

BENCHMARK_CAPTURE(run_program, mlp, std::string("mlp"))->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(run_program, transformer_block, std::string("transformer_block"))
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(run_program, conv_net, std::string("conv_net"))->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(run_program, train_step, std::string("train_step"))->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(run_program, scan_rnn, std::string("scan_rnn"))->Unit(benchmark::kMillisecond);

// A GPT-2-small block at sequence 128 (bench/interp/gpt2_block.mlir) on random inputs.
void gpt2_block(benchmark::State& state) {
  std::ifstream in(std::filesystem::path(KILN_SOURCE_DIR) / "bench/interp/gpt2_block.mlir");
  std::stringstream ss;
  ss << in.rdbuf();
  auto module = kiln::frontend::parse_module_text(ss.str(), "gpt2_block.mlir");
  if (!module.ok() || !kiln::ir::verify(**module).ok()) {
    state.SkipWithError("cannot load gpt2_block.mlir");
    return;
  }
  const kiln::ir::Block& body = (*module)->lookup_function("main")->region(0).front();
  std::vector<kiln::interp::RuntimeValue> inputs;
  for (size_t i = 0; i < body.num_arguments(); ++i) {
    inputs.emplace_back(*kiln::interp::random_tensor(body.argument(i)->type(), i + 1));
  }
  kiln::interp::Interpreter interpreter(**module);
  for (auto _ : state) {
    auto out = interpreter.run("main", inputs);
    if (!out.ok()) {
      state.SkipWithError(out.error().message().c_str());
      return;
    }
    benchmark::DoNotOptimize(out);
  }
}
BENCHMARK(gpt2_block)->Unit(benchmark::kMillisecond)->Iterations(3);

BENCHMARK_MAIN();
