// Google Benchmark: parsing and verifying a large generated module (`kiln_parse_bench`), in
// MB/s of program text; the figure in bench/RESULTS.md. Both stages must stay linear in the
// input (issue 12: 20,000 functions took over 30 s to verify when a check was quadratic).
#include <benchmark/benchmark.h>

#include <string>

#include "frontend/parser.h"
#include "ir/verifier.h"

namespace {

// `functions` functions of `ops_per_function` element-wise ops each (a chain of add, multiply,
// tanh, ...), every function but the first calling the one before it, so that symbol lookups
// are on the measured path too.
std::string generated_module(int functions, int ops_per_function) {
  static const char* kOps[] = {"add", "multiply", "subtract", "maximum"};
  std::string text;
  for (int f = 0; f < functions; ++f) {
    text += "func.func @f" + std::to_string(f) +
            "(%a: tensor<4x8xf32>, %b: tensor<4x8xf32>) -> tensor<4x8xf32> {\n";
    std::string last = "%a";
    int first = 0;
    if (f > 0) {
      text += "  %v0 = func.call @f" + std::to_string(f - 1) +
              "(%a, %b) : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>\n";
      last = "%v0";
      first = 1;
    }
    for (int i = first; i < ops_per_function; ++i) {
      std::string name = "%v" + std::to_string(i);
      text += "  " + name + " = stablehlo." + kOps[i % 4] + " " + last +
              ", %b : tensor<4x8xf32>\n";
      last = name;
    }
    text += "  return " + last + " : tensor<4x8xf32>\n}\n";
  }
  return text;
}

void parse_and_verify(benchmark::State& state) {
  const auto functions = static_cast<int>(state.range(0));
  const auto ops = static_cast<int>(state.range(1));
  const std::string text = generated_module(functions, ops);
  for (auto _ : state) {
    auto module = kiln::frontend::parse_module_text(text, "generated.mlir");
    if (!module.ok()) {
      state.SkipWithError(module.error().message().c_str());
      return;
    }
    if (auto verified = kiln::ir::verify(**module); !verified.ok()) {
      state.SkipWithError(verified.error().message().c_str());
      return;
    }
    benchmark::DoNotOptimize(module);
  }
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations()) *
                          static_cast<int64_t>(text.size()));
  state.counters["ops"] = static_cast<double>(functions) * ops;
  state.counters["MB"] = static_cast<double>(text.size()) / 1e6;
}

// 20,000 functions of 5 ops (100,000 ops), and a smaller module to show the time is linear.
BENCHMARK(parse_and_verify)->Args({2'000, 5})->Args({20'000, 5})->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
