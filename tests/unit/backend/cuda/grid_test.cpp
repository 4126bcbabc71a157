// The cuda backend's process grids (lower_collectives.cpp, lower_interpreter.cpp, executable.cpp):
// on a grid of several processes the collectives and replica_id / partition_id are host steps
// of the process's run, interpreter.run_parallel a GridStep whose processes' slots are disjoint,
// inputs are checked against the grid (a dynamic entry's too);
// on a GPU every collective on 2- and 4-process grids (groups in a non-trivial order, f32 and
// i32) matches the cpu backend's run_each on random inputs, process by process, and a process
// that leaves without coming to a collective fails the run instead of hanging it.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "tests/unit/backend/cuda/op_checks.h"

namespace kiln::backend::cuda {
namespace {

Expected<LoweredProgram> lower_on_grid(const std::string& text, int64_t replicas,
                                       int64_t partitions) {
  auto module = frontend::parse_module_text(text, "test.mlir");
  if (!module.ok()) return module.take_error();
  KILN_TRY(const ir::Operation* entry, find_entry(**module, ""));
  LowerOptions options;
  options.num_replicas = replicas;
  options.num_partitions = partitions;
  // The program refers to the module's ops (host steps): keep the module alive.
  static std::vector<std::unique_ptr<ir::Module>> modules;
  modules.push_back(std::move(*module));
  return lower_module(*modules.back(), *entry, options);
}

size_t count_host_steps(const Program& p, std::string_view op) {
  return static_cast<size_t>(std::count_if(p.steps.begin(), p.steps.end(), [&](const Step& s) {
    const auto* h = std::get_if<HostCheckStep>(&s);
    return h && h->op->name() == op;
  }));
}

constexpr const char* kReduceAndIds = R"(
func.func @main(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<ui32>, tensor<ui32>) {
  %0 = "stablehlo.all_reduce"(%x) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {replica_groups = dense<[[1, 0]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<4xf32>
  %r = stablehlo.replica_id : tensor<ui32>
  %p = stablehlo.partition_id : tensor<ui32>
  return %0, %r, %p : tensor<4xf32>, tensor<ui32>, tensor<ui32>
}
)";

TEST(GridLowering, CollectivesAndIdsAreHostStepsOnAGrid) {
  auto p = lower_on_grid(kReduceAndIds, 2, 2);
  ASSERT_TRUE(p.ok()) << p.error().message();
  EXPECT_EQ(p->num_replicas, 2);
  EXPECT_EQ(p->num_partitions, 2);
  EXPECT_EQ(count_host_steps(p->main, "stablehlo.all_reduce"), 1u);
  EXPECT_EQ(count_host_steps(p->main, "stablehlo.replica_id"), 1u);
  EXPECT_EQ(count_host_steps(p->main, "stablehlo.partition_id"), 1u);
  EXPECT_FALSE(graph_capturable(p->main));
}

TEST(GridLowering, OneProcessKeepsTheElementalRules) {
  auto p = lower_on_grid(R"(
func.func @main(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<ui32>) {
  %0 = "stablehlo.all_reduce"(%x) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {replica_groups = dense<[[0]]> : tensor<1x1xi64>} : (tensor<4xf32>) -> tensor<4xf32>
  %r = stablehlo.replica_id : tensor<ui32>
  return %0, %r : tensor<4xf32>, tensor<ui32>
}
)", 1, 1);
  ASSERT_TRUE(p.ok()) << p.error().message();
  EXPECT_EQ(p->num_replicas, 1);
  for (const Step& s : p->main.steps) EXPECT_FALSE(std::holds_alternative<HostCheckStep>(s));
  EXPECT_TRUE(graph_capturable(p->main));
}

// The arena intervals [offset, offset + bytes) the steps of `p` touch (loops and branches too).
void arena_slots(const Program& p, std::vector<std::pair<int64_t, int64_t>>& out) {
  auto add = [&](const BufferRef& r) {
    if (r.space == BufferRef::Space::kArena && r.bytes > 0) out.push_back({r.offset, r.offset + r.bytes});
  };
  for (const Step& s : p.steps) {
    if (const auto* k = std::get_if<KernelStep>(&s)) {
      for (const KernelArg& a : k->args) {
        if (a.kind == KernelArg::Kind::kBuffer) add(a.buffer);
      }
    } else if (const auto* h = std::get_if<HostCheckStep>(&s)) {
      for (const BufferRef& r : h->operands) add(r);
      for (const BufferRef& r : h->results) add(r);
    } else if (const auto* c = std::get_if<CopyStep>(&s)) {
      add(c->src);
      add(c->dst);
    } else if (const auto* w = std::get_if<WhileStep>(&s)) {
      arena_slots(*w->cond, out);
      arena_slots(*w->body, out);
    }
  }
}

constexpr const char* kRunParallel = R"(
func.func @work() -> (tensor<8xf32>, tensor<ui32>) {
  %c = stablehlo.constant dense<1.5> : tensor<8xf32>
  %r = stablehlo.replica_id : tensor<ui32>
  %f = stablehlo.convert %r : (tensor<ui32>) -> tensor<f32>
  %b = stablehlo.broadcast_in_dim %f, dims = [] : (tensor<f32>) -> tensor<8xf32>
  %m = stablehlo.multiply %c, %b : tensor<8xf32>
  %e = stablehlo.exponential %m : tensor<8xf32>
  %s = "stablehlo.all_reduce"(%e) ({
  ^bb0(%a: tensor<f32>, %z: tensor<f32>):
    %t = stablehlo.add %a, %z : tensor<f32>
    stablehlo.return %t : tensor<f32>
  }) {replica_groups = dense<[[1, 0]]> : tensor<1x2xi64>} : (tensor<8xf32>) -> tensor<8xf32>
  func.return %s, %r : tensor<8xf32>, tensor<ui32>
}
func.func @main() -> (tensor<8xf32>, tensor<ui32>, tensor<8xf32>, tensor<ui32>) {
  %r:4 = "interpreter.run_parallel"() {programs = [[@work], [@work]]} : () -> (tensor<8xf32>, tensor<ui32>, tensor<8xf32>, tensor<ui32>)
  return %r#0, %r#1, %r#2, %r#3 : tensor<8xf32>, tensor<ui32>, tensor<8xf32>, tensor<ui32>
}
)";

TEST(GridLowering, RunParallelIsAGridStepOfDisjointSlots) {
  auto p = lower_on_grid(kRunParallel, 1, 1);
  ASSERT_TRUE(p.ok()) << p.error().message();
  const GridStep* grid = nullptr;
  for (const Step& s : p->main.steps) {
    if (const auto* g = std::get_if<GridStep>(&s)) grid = g;
  }
  ASSERT_NE(grid, nullptr);
  EXPECT_EQ(grid->num_replicas, 2);
  EXPECT_EQ(grid->num_partitions, 1);
  ASSERT_EQ(grid->processes.size(), 2u);
  EXPECT_FALSE(graph_capturable(p->main));
  // Inside the grid the collective and replica_id are host steps of each process.
  for (const auto& process : grid->processes) {
    EXPECT_EQ(count_host_steps(*process, "stablehlo.all_reduce"), 1u);
    EXPECT_EQ(count_host_steps(*process, "stablehlo.replica_id"), 1u);
  }
  std::vector<std::pair<int64_t, int64_t>> first, second;
  arena_slots(*grid->processes[0], first);
  arena_slots(*grid->processes[1], second);
  ASSERT_FALSE(first.empty());
  ASSERT_FALSE(second.empty());
  for (const auto& a : first) {
    for (const auto& b : second) {
      EXPECT_TRUE(a.second <= b.first || b.second <= a.first)
          << "process 0's [" << a.first << ", " << a.second << ") overlaps process 1's ["
          << b.first << ", " << b.second << ")";
    }
  }
}

TEST(GridLowering, RunParallelOfRowsOfDifferentLengthsIsAClearError) {
  auto p = lower_on_grid(R"(
func.func @ids() -> tensor<ui32> {
  %r = stablehlo.replica_id : tensor<ui32>
  func.return %r : tensor<ui32>
}
func.func @main() -> (tensor<ui32>, tensor<ui32>, tensor<ui32>) {
  %r:3 = "interpreter.run_parallel"() {programs = [[@ids, @ids], [@ids]]} : () -> (tensor<ui32>, tensor<ui32>, tensor<ui32>)
  return %r#0, %r#1, %r#2 : tensor<ui32>, tensor<ui32>, tensor<ui32>
}
)", 1, 1);
  ASSERT_FALSE(p.ok());
  EXPECT_EQ(p.error().kind(), ErrorKind::kUnimplemented);
  EXPECT_NE(p.error().message().find("rows of programs of different lengths"), std::string::npos)
      << p.error().message();
}

TEST(GridLowering, RunParallelRefusesAnFftItsProcessesWouldShare) {
  auto p = lower_on_grid(R"(
func.func @t(%x: tensor<8xcomplex<f32>>) -> tensor<8xcomplex<f32>> {
  %f = stablehlo.fft %x, type = FFT, length = [8] : (tensor<8xcomplex<f32>>) -> tensor<8xcomplex<f32>>
  func.return %f : tensor<8xcomplex<f32>>
}
func.func @main(%a: tensor<8xcomplex<f32>>, %b: tensor<8xcomplex<f32>>) -> (tensor<8xcomplex<f32>>, tensor<8xcomplex<f32>>) {
  %r:2 = "interpreter.run_parallel"(%a, %b) {programs = [[@t], [@t]]} : (tensor<8xcomplex<f32>>, tensor<8xcomplex<f32>>) -> (tensor<8xcomplex<f32>>, tensor<8xcomplex<f32>>)
  return %r#0, %r#1 : tensor<8xcomplex<f32>>, tensor<8xcomplex<f32>>
}
)", 1, 1);
  ASSERT_FALSE(p.ok());
  EXPECT_NE(p.error().message().find("a cuFFT transform in program @t"), std::string::npos)
      << p.error().message();
}

TEST(GridLowering, RunParallelInsideAGridIsAClearError) {
  auto p = lower_on_grid(kRunParallel, 2, 1);
  ASSERT_FALSE(p.ok());
  EXPECT_NE(p.error().message().find("a grid inside a grid"), std::string::npos)
      << p.error().message();
}

TEST(GridLowering, GridProgramsCompileThroughNvrtc) {
  for (auto [text, replicas] : {std::pair{kReduceAndIds, 2}, std::pair{kRunParallel, 1}}) {
    auto module = frontend::parse_module_text(text, "test.mlir");
    ASSERT_TRUE(module.ok()) << module.error().message();
    auto exe = compile_cuda(**module, {.num_replicas = replicas, .num_partitions = 1});
    ASSERT_TRUE(exe.ok()) << exe.error().message();
    EXPECT_EQ((*exe)->num_processes(), replicas);
  }
}

TEST(GridLowering, InputsForAnotherNumberOfProcessesAreRefused) {
  auto module = frontend::parse_module_text(kReduceAndIds, "test.mlir");
  ASSERT_TRUE(module.ok()) << module.error().message();
  auto exe = compile_cuda(**module, {.num_replicas = 2, .num_partitions = 2});
  ASSERT_TRUE(exe.ok()) << exe.error().message();
  auto run = (*exe)->run_each({{}, {}});
  ASSERT_FALSE(run.ok());
  EXPECT_EQ(run.error().kind(), ErrorKind::kInvalidArgument);
  EXPECT_NE(run.error().message().find("@main runs on 4 processes but inputs for 2"),
            std::string::npos)
      << run.error().message();
}

::kiln::Value f32_values(std::vector<float> values) {
  std::span<const std::byte> bytes(reinterpret_cast<const std::byte*>(values.data()),
                                   values.size() * sizeof(float));
  auto v = ::kiln::Value::tensor({"f32", {static_cast<int64_t>(values.size())}}, bytes);
  EXPECT_TRUE(v.ok()) << v.error().message();
  return *v;
}

// A dynamic entry (one compile per signature of input shapes) runs on its grid too; one
// compile serves every process, so the processes' input types must agree (checked before any
// compile or GPU).
TEST(GridLowering, ADynamicEntryRunsOneSignatureOnItsGrid) {
  auto module = ::kiln::load_text(R"(
func.func @main(%x: tensor<?xf32>) -> tensor<?xf32> {
  %0 = stablehlo.add %x, %x : tensor<?xf32>
  return %0 : tensor<?xf32>
}
)", "test.mlir");
  ASSERT_TRUE(module.ok()) << module.error().message();
  auto exe = ::kiln::compile(*module, {.backend = "cuda", .num_replicas = 2});
  ASSERT_TRUE(exe.ok()) << exe.error().message();
  EXPECT_EQ(exe->num_processes(), 2);
  auto run = exe->run_each({{f32_values({1, 2})}, {f32_values({1, 2, 3})}});
  ASSERT_FALSE(run.ok());
  EXPECT_EQ(run.error().kind(), ErrorKind::kInvalidArgument) << run.error().message();
  EXPECT_NE(run.error().message().find("input 0 of process 1 is tensor<3xf32>"),
            std::string::npos)
      << run.error().message();
  auto one = exe->run_each({{f32_values({1, 2})}});
  ASSERT_FALSE(one.ok());
  EXPECT_NE(one.error().message().find("runs on 2 processes but inputs for 1"),
            std::string::npos)
      << one.error().message();
}

// ---- On a GPU: every collective against the cpu backend's grid.

struct GridCase {
  std::string name;
  int64_t processes;  // replicas (one partition)
  std::string type;   // "f32" or "i32"
  std::string op;     // the collective, as an op line over %x : tensor<4x4xT>
};

std::string group_attr(const std::vector<std::vector<int>>& groups) {
  std::vector<std::string> rows;
  for (const auto& g : groups) rows.push_back(fmt::format("[{}]", fmt::join(g, ", ")));
  return fmt::format("dense<[{}]> : tensor<{}x{}xi64>", fmt::join(rows, ", "), groups.size(),
                     groups[0].size());
}

std::string region(const std::string& t) {
  return fmt::format(R"(({{
  ^bb0(%a: tensor<{0}>, %b: tensor<{0}>):
    %s = stablehlo.add %a, %b : tensor<{0}>
    stablehlo.return %s : tensor<{0}>
  }}))", t);
}

// The program of one collective on `n` replicas, its groups in a non-trivial order.
std::string grid_program(const std::string& op, int64_t n, const std::string& t) {
  const bool four = n == 4;
  const std::string pairs = four ? group_attr({{0, 2}, {2, 1}, {1, 3}}) : group_attr({{1, 0}});
  const std::string halves = four ? group_attr({{3, 1}, {0, 2}}) : group_attr({{1, 0}});
  const std::string all = four ? group_attr({{2, 0, 3, 1}}) : group_attr({{1, 0}});
  const std::string x = fmt::format("tensor<4x4x{}>", t);
  std::string body, result = x;
  if (op == "all_reduce") {
    body = fmt::format("\"stablehlo.all_reduce\"(%x) {} {{replica_groups = {}}} : ({}) -> {}",
                       region(t), halves, x, x);
  } else if (op == "all_gather") {
    result = fmt::format("tensor<4x{}x{}>", 4 * n, t);
    body = fmt::format(
        "\"stablehlo.all_gather\"(%x) {{all_gather_dim = 1 : i64, replica_groups = {}}} : ({}) "
        "-> {}", all, x, result);
  } else if (op == "all_to_all") {
    result = fmt::format("tensor<{}x{}x{}>", 4 * n, 4 / n, t);
    body = fmt::format(
        "\"stablehlo.all_to_all\"(%x) {{split_dimension = 1 : i64, concat_dimension = 0 : i64, "
        "split_count = {} : i64, replica_groups = {}}} : ({}) -> {}", n, all, x, result);
  } else if (op == "reduce_scatter") {
    result = fmt::format("tensor<4x2x{}>", t);
    body = fmt::format(
        "\"stablehlo.reduce_scatter\"(%x) {} {{scatter_dimension = 1 : i64, replica_groups = "
        "{}}} : ({}) -> {}", region(t), halves, x, result);
  } else if (op == "collective_permute") {
    body = fmt::format(
        "\"stablehlo.collective_permute\"(%x) {{source_target_pairs = {}}} : ({}) -> {}", pairs,
        x, x);
  } else if (op == "collective_broadcast") {
    body = fmt::format(
        "\"stablehlo.collective_broadcast\"(%x) {{replica_groups = {}}} : ({}) -> {}", halves, x,
        x);
  } else if (op == "collective_reduce") {
    body = fmt::format("\"stablehlo.collective_reduce\"(%x) {} {{replica_groups = {}}} : ({}) -> {}",
                       region(t), halves, x, x);
  } else {  // cross-replica-sum
    body = fmt::format(
        "\"stablehlo.cross-replica-sum\"(%x) {{replica_groups = {}}} : ({}) -> {}", all, x, x);
  }
  return fmt::format("func.func @main(%x: {0}) -> {1} {{\n  %r = {2}\n  return %r : {1}\n}}\n", x,
                     result, body);
}

std::vector<GridCase> grid_cases() {
  std::vector<GridCase> out;
  for (const char* op : {"all_reduce", "all_gather", "all_to_all", "reduce_scatter",
                         "collective_permute", "collective_broadcast", "collective_reduce",
                         "cross_replica_sum"}) {
    for (int64_t n : {2, 4}) {
      for (const char* t : {"f32", "i32"}) {
        out.push_back({fmt::format("{}_{}_{}", op, n, t), n, t, op});
      }
    }
  }
  return out;
}

class GridRuns : public ::testing::TestWithParam<GridCase> {};

TEST_P(GridRuns, MatchesTheCpuBackendProcessByProcess) {
  const GridCase& c = GetParam();
  const std::string op = c.op == "cross_replica_sum" ? "cross-replica-sum" : c.op;
  const std::string text = grid_program(op, c.processes, c.type);
  // The program lowers (no GPU needed) on its grid.
  auto lowered = lower_on_grid(text, c.processes, 1);
  ASSERT_TRUE(lowered.ok()) << lowered.error().message() << "\n" << text;
  auto module = ::kiln::load_text(text, "test.mlir");
  ASSERT_TRUE(module.ok()) << module.error().message();
  auto cpu = ::kiln::compile(*module, {.backend = "cpu", .num_replicas = c.processes});
  ASSERT_TRUE(cpu.ok()) << cpu.error().message();
  std::vector<std::vector<::kiln::Value>> inputs;
  for (int64_t k = 0; k < c.processes; ++k) {
    auto in = cpu->random_inputs(static_cast<uint64_t>(100 + k));
    ASSERT_TRUE(in.ok()) << in.error().message();
    inputs.push_back(std::move(*in));
  }
  auto want = cpu->run_each(inputs);
  ASSERT_TRUE(want.ok()) << want.error().message();
  auto device = ::kiln::cuda::Device::open(0);
  if (!device.ok()) GTEST_SKIP() << "no GPU: " << device.error().message();
  for (int level : {0, 2}) {
    SCOPED_TRACE("O" + std::to_string(level));
    auto gpu = ::kiln::compile(
        *module, {.backend = "cuda", .num_replicas = c.processes, .opt_level = level});
    ASSERT_TRUE(gpu.ok()) << gpu.error().message();
    for (int run = 0; run < 2; ++run) {  // the second run reuses each process's state
      auto got = gpu->run_each(inputs);
      ASSERT_TRUE(got.ok()) << got.error().message();
      ASSERT_EQ(got->processes.size(), want->processes.size());
      for (size_t k = 0; k < want->processes.size(); ++k) {
        SCOPED_TRACE("process " + std::to_string(k));
        testing::expect_same_outputs(got->processes[k], want->processes[k]);
      }
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Collectives, GridRuns, ::testing::ValuesIn(grid_cases()),
                         [](const auto& info) { return info.param.name; });

TEST(GridRuns, RunParallelMatchesTheCpuBackend) {
  testing::expect_matches_the_cpu_backend(kRunParallel);
}

// Process 1 reaches the all_reduce; process 0 (replica 0) takes the other branch and ends.
// The run fails naming the rendezvous instead of waiting for process 0 forever.
TEST(GridRuns, AProcessThatLeavesFailsTheRunInsteadOfHangingIt) {
  auto device = ::kiln::cuda::Device::open(0);
  if (!device.ok()) GTEST_SKIP() << "no GPU: " << device.error().message();
  auto module = ::kiln::load_text(R"(
func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
  %r = stablehlo.replica_id : tensor<ui32>
  %zero = stablehlo.constant dense<0> : tensor<ui32>
  %first = stablehlo.compare EQ, %r, %zero : (tensor<ui32>, tensor<ui32>) -> tensor<i1>
  %y = "stablehlo.if"(%first) ({
    stablehlo.return %x : tensor<4xf32>
  }, {
    %s = "stablehlo.all_reduce"(%x) ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %t = stablehlo.add %a, %b : tensor<f32>
      stablehlo.return %t : tensor<f32>
    }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<4xf32>
    stablehlo.return %s : tensor<4xf32>
  }) : (tensor<i1>) -> tensor<4xf32>
  return %y : tensor<4xf32>
}
)", "test.mlir");
  ASSERT_TRUE(module.ok()) << module.error().message();
  auto gpu = ::kiln::compile(*module, {.backend = "cuda", .num_replicas = 2});
  ASSERT_TRUE(gpu.ok()) << gpu.error().message();
  auto inputs = gpu->random_inputs(1);
  ASSERT_TRUE(inputs.ok()) << inputs.error().message();
  auto got = gpu->run(*inputs);
  ASSERT_FALSE(got.ok());
  EXPECT_NE(got.error().message().find("stablehlo.all_reduce"), std::string::npos)
      << got.error().message();
}

}  // namespace
}  // namespace kiln::backend::cuda
