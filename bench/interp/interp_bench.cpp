// Google Benchmark: the reference interpreter's time on the bundled JAX programs, run on the
// inputs JAX ran them on, and on the programs of bench/interp (a GPT-2 block, a ResNet
// convolution) on random inputs. `build/.../bench/interp/kiln_interp_bench`.
#include <benchmark/benchmark.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "frontend/parser.h"
#include "interp/interpreter.h"
#include "interp/npy.h"
#include "interp/ops/convolution.h"
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

// A program in bench/interp run on random inputs (never zeros).
void run_file(benchmark::State& state, const std::string& file) {
  std::ifstream in(std::filesystem::path(KILN_SOURCE_DIR) / "bench/interp" / file);
  std::stringstream ss;
  ss << in.rdbuf();
  auto module = kiln::frontend::parse_module_text(ss.str(), file);
  if (!module.ok() || !kiln::ir::verify(**module).ok()) {
    state.SkipWithError(("cannot load " + file).c_str());
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

// A GPT-2-small block at sequence 128 (bench/interp/gpt2_block.mlir).
BENCHMARK_CAPTURE(run_file, gpt2_block, std::string("gpt2_block.mlir"))
    ->Unit(benchmark::kMillisecond)
    ->Iterations(3);
// A ResNet 3x3 convolution, NHWC, 8x56x56x64 -> 64 (f32): the im2col + sgemm path.
BENCHMARK_CAPTURE(run_file, resnet_conv3x3, std::string("resnet_conv3x3.mlir"))
    ->Unit(benchmark::kMillisecond);

// The same convolution on the direct loop every other element type takes (the f32 path before
// im2col + sgemm), for comparison.
void resnet_conv3x3_direct(benchmark::State& state) {
  using kiln::ir::ElementKind;
  using kiln::ir::Type;
  kiln::interp::ConvParams p;
  p.dims = {0, 3, {1, 2}, 2, 3, {0, 1}, 0, 3, {1, 2}};
  p.stride = p.lhs_dilation = p.rhs_dilation = p.pad_lo = {1, 1};
  p.reversal = {0, 0};
  auto x = kiln::interp::random_tensor(Type::tensor({8, 56, 56, 64}, ElementKind::kF32), 1);
  auto w = kiln::interp::random_tensor(Type::tensor({3, 3, 64, 64}, ElementKind::kF32), 2);
  auto out = kiln::interp::Tensor::allocate(Type::tensor({8, 56, 56, 64}, ElementKind::kF32));
  if (!x.ok() || !w.ok() || !out.ok()) {
    state.SkipWithError("cannot allocate the operands");
    return;
  }
  for (auto _ : state) {
    kiln::interp::convolve_direct(p, *x, *w, *out);
    benchmark::DoNotOptimize(out->raw());
  }
}
BENCHMARK(resnet_conv3x3_direct)->Unit(benchmark::kMillisecond)->Iterations(2);

BENCHMARK_MAIN();
