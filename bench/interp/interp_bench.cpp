// Google Benchmark: the reference interpreter's time, through the public API on the cpu backend,
// on the bundled JAX programs (on the inputs JAX ran them on) and on the programs of
// bench/interp (a GPT-2 block, a ResNet convolution) on random inputs (`kiln_interp_bench`).
#include <benchmark/benchmark.h>

#include <filesystem>
#include <optional>

#include "interp/ops/convolution.h"
#include "kiln/kiln.h"
#include "oracle/random.h"

namespace {

// Runs `exe` on `inputs` for every benchmark iteration.
void run_loop(benchmark::State& state, const kiln::Executable& exe,
              const std::vector<kiln::Value>& inputs) {
  for (auto _ : state) {
    auto out = exe.run(inputs);
    if (!out.ok()) {
      state.SkipWithError(out.error().message().c_str());
      return;
    }
    benchmark::DoNotOptimize(out);
  }
}

// The program `path` compiled for the cpu backend, or nullopt (the benchmark is skipped).
std::optional<kiln::Executable> load(benchmark::State& state, const std::filesystem::path& path) {
  auto module = kiln::load_file(path.string());
  auto exe = module.ok() ? kiln::compile(*module) : kiln::Expected<kiln::Executable>(module.error());
  if (!exe.ok()) {
    state.SkipWithError(("cannot load " + path.string() + ": " + exe.error().message()).c_str());
    return std::nullopt;
  }
  return *exe;
}

// A JAX-exported program on the inputs JAX ran it on.
void run_program(benchmark::State& state, const std::string& name) {
  std::filesystem::path dir = std::filesystem::path(KILN_SOURCE_DIR) / "tests/jax/programs";
  auto exe = load(state, dir / (name + ".mlir"));
  if (!exe) return;
  std::vector<kiln::Value> inputs;
  for (size_t i = 0; i < exe->input_types().size(); ++i) {
    auto v = exe->read_input(i, (dir / name / ("in" + std::to_string(i) + ".npy")).string());
    if (!v.ok()) return state.SkipWithError(v.error().message().c_str());
    inputs.push_back(*v);
  }
  run_loop(state, *exe, inputs);
}

}  // namespace

BENCHMARK_CAPTURE(run_program, mlp, std::string("mlp"))->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(run_program, transformer_block, std::string("transformer_block"))
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(run_program, conv_net, std::string("conv_net"))->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(run_program, train_step, std::string("train_step"))->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(run_program, scan_rnn, std::string("scan_rnn"))->Unit(benchmark::kMillisecond);

// A program in bench/interp run on random inputs (never zeros), as `kiln run --random-inputs 1`.
void run_file(benchmark::State& state, const std::string& file) {
  auto exe = load(state, std::filesystem::path(KILN_SOURCE_DIR) / "bench/interp" / file);
  if (!exe) return;
  auto inputs = exe->random_inputs(1);
  if (!inputs.ok()) return state.SkipWithError(inputs.error().message().c_str());
  run_loop(state, *exe, *inputs);
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
  auto x = kiln::oracle::random_tensor(Type::tensor({8, 56, 56, 64}, ElementKind::kF32), 1);
  auto w = kiln::oracle::random_tensor(Type::tensor({3, 3, 64, 64}, ElementKind::kF32), 2);
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
