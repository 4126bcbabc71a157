// The cuda backend's process grids (lower_collectives.cpp, lower_interpreter.cpp, executable.cpp,
// device_rendezvous.cpp): on a grid of several processes the collectives are device steps
// (CollectiveStep: the interpreter's groups per process, a generated kernel NVRTC compiles)
// and replica_id / partition_id kernels of the process's ids; what the device path leaves
// stays a host step; interpreter.run_parallel is a GridStep whose processes' slots are
// disjoint; inputs are checked against the grid (a dynamic entry's too); a grid program saves
// and reads back equal. On a GPU every collective on 2- and 4-process grids (groups in a
// non-trivial order, f32, i32 and bf16) and the four strategies on a 2x2 grid match the cpu
// backend's run_each on random inputs, process by process; an operand overwritten right
// after its collective, and a collective in a loop, stay right; a process that leaves without
// coming to a collective fails the run instead of hanging it.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "backend/cuda/executable_file.h"
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

// The CollectiveSteps of `p` (not nested) for `op`.
std::vector<const CollectiveStep*> collective_steps(const Program& p, std::string_view op) {
  std::vector<const CollectiveStep*> out;
  for (const Step& s : p.steps) {
    const auto* c = std::get_if<CollectiveStep>(&s);
    if (c && c->op_name == op) out.push_back(c);
  }
  return out;
}

// How many kernel launches of `p` pass the process's id of `kind`.
size_t count_id_kernels(const Program& p, KernelArg::Kind kind) {
  return static_cast<size_t>(std::count_if(p.steps.begin(), p.steps.end(), [&](const Step& s) {
    const auto* k = std::get_if<KernelStep>(&s);
    return k && std::any_of(k->args.begin(), k->args.end(),
                            [&](const KernelArg& a) { return a.kind == kind; });
  }));
}

bool has_host_steps(const Program& p) {
  return std::any_of(p.steps.begin(), p.steps.end(),
                     [](const Step& s) { return std::holds_alternative<HostCheckStep>(s); });
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

TEST(GridLowering, CollectivesAreDeviceStepsAndIdsKernelsOnAGrid) {
  auto p = lower_on_grid(kReduceAndIds, 2, 2);
  ASSERT_TRUE(p.ok()) << p.error().message();
  EXPECT_EQ(p->num_replicas, 2);
  EXPECT_EQ(p->num_partitions, 2);
  EXPECT_FALSE(has_host_steps(p->main));
  auto reduces = collective_steps(p->main, "stablehlo.all_reduce");
  ASSERT_EQ(reduces.size(), 1u);
  EXPECT_EQ(reduces[0]->processes.size(), 4u);
  EXPECT_EQ(reduces[0]->max_sources, 2);
  EXPECT_EQ(count_id_kernels(p->main, KernelArg::Kind::kReplicaId), 1u);
  EXPECT_EQ(count_id_kernels(p->main, KernelArg::Kind::kPartitionId), 1u);
  // The rendezvous is met at every run: no graph.
  EXPECT_FALSE(graph_capturable(p->main));
}

TEST(GridLowering, ProcessIdsAloneKeepTheGraph) {
  auto p = lower_on_grid(R"(
func.func @main() -> (tensor<ui32>, tensor<ui32>) {
  %r = stablehlo.replica_id : tensor<ui32>
  %p = stablehlo.partition_id : tensor<ui32>
  return %r, %p : tensor<ui32>, tensor<ui32>
}
)", 2, 2);
  ASSERT_TRUE(p.ok()) << p.error().message();
  EXPECT_FALSE(has_host_steps(p->main));
  EXPECT_TRUE(graph_capturable(p->main));
}

// The members of each process's group, in the interpreter's order (interp/collective_groups.h).
TEST(GridLowering, CollectiveMembersAreTheInterpretersGroups) {
  auto p = lower_on_grid(R"(
func.func @main(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  %0 = "stablehlo.all_reduce"(%x) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {replica_groups = dense<[[3, 1], [0, 2]]> : tensor<2x2xi64>} : (tensor<4xf32>) -> tensor<4xf32>
  %1 = "stablehlo.collective_reduce"(%x) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {replica_groups = dense<[[3, 1], [0, 2]]> : tensor<2x2xi64>} : (tensor<4xf32>) -> tensor<4xf32>
  %2 = "stablehlo.collective_permute"(%x) {source_target_pairs = dense<[[0, 2], [2, 1], [1, 3]]> : tensor<3x2xi64>} : (tensor<4xf32>) -> tensor<4xf32>
  %3 = "stablehlo.collective_broadcast"(%x) {replica_groups = dense<[[1, 0]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<4xf32>
  return %0, %1, %2, %3 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}
)", 4, 1);
  ASSERT_TRUE(p.ok()) << p.error().message();
  EXPECT_FALSE(has_host_steps(p->main));
  using M = CollectiveMember;
  auto reduce = collective_steps(p->main, "stablehlo.all_reduce");
  ASSERT_EQ(reduce.size(), 1u);
  EXPECT_EQ(reduce[0]->processes, (std::vector<M>{{{0, 2}, {0, 1}, 0},
                                                  {{3, 1}, {0, 1}, 1},
                                                  {{0, 2}, {0, 1}, 1},
                                                  {{3, 1}, {0, 1}, 0}}));
  // collective_reduce: the group's first process folds; the others write zeros.
  auto root = collective_steps(p->main, "stablehlo.collective_reduce");
  ASSERT_EQ(root.size(), 1u);
  EXPECT_EQ(root[0]->processes, (std::vector<M>{{{0, 2}, {0, 1}, 0},
                                                {{3, 1}, {}, 1},
                                                {{0, 2}, {}, 1},
                                                {{3, 1}, {0, 1}, 0}}));
  // collective_permute meets every replica; a process no pair targets reads none.
  auto permute = collective_steps(p->main, "stablehlo.collective_permute");
  ASSERT_EQ(permute.size(), 1u);
  const std::vector<int64_t> all = {0, 1, 2, 3};
  EXPECT_EQ(permute[0]->processes,
            (std::vector<M>{{all, {}, 0}, {all, {2}, 1}, {all, {0}, 2}, {all, {1}, 3}}));
  EXPECT_EQ(permute[0]->max_sources, 1);
  // collective_broadcast: processes 2 and 3 are in no group (zeros, no meeting).
  auto broadcast = collective_steps(p->main, "stablehlo.collective_broadcast");
  ASSERT_EQ(broadcast.size(), 1u);
  EXPECT_EQ(broadcast[0]->processes,
            (std::vector<M>{{{1, 0}, {0}, 1}, {{1, 0}, {0}, 0}, {{}, {}, 0}, {{}, {}, 0}}));
}

// With a channel: cross_replica_and_partition, or flattened ids with use_global_device_ids;
// all_gather across partitions.
TEST(GridLowering, ChannelStrategiesOnATwoByTwoGrid) {
  auto p = lower_on_grid(R"(
func.func @main(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<8xf32>) {
  %0 = "stablehlo.all_reduce"(%x) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 0>, replica_groups = dense<[[1, 0]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<4xf32>
  %1 = "stablehlo.all_reduce"(%x) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {channel_handle = #stablehlo.channel_handle<handle = 2, type = 0>, replica_groups = dense<[[3, 0], [2, 1]]> : tensor<2x2xi64>, use_global_device_ids} : (tensor<4xf32>) -> tensor<4xf32>
  %2 = "stablehlo.all_to_all"(%x) {channel_handle = #stablehlo.channel_handle<handle = 3, type = 0>, split_dimension = 0 : i64, concat_dimension = 0 : i64, split_count = 2 : i64, replica_groups = dense<[[1, 0]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<4xf32>
  %3 = "stablehlo.all_gather"(%x) {all_gather_dim = 0 : i64, replica_groups = dense<[[1, 0]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<8xf32>
  return %0, %1, %2, %3 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<8xf32>
}
)", 2, 2);
  ASSERT_TRUE(p.ok()) << p.error().message();
  EXPECT_FALSE(has_host_steps(p->main));
  auto reduces = collective_steps(p->main, "stablehlo.all_reduce");
  ASSERT_EQ(reduces.size(), 2u);
  EXPECT_EQ(reduces[0]->channel, 1);
  // Replicas 1, 0 of partition 0, then of partition 1: flat ids 2, 0, 3, 1.
  EXPECT_EQ(reduces[0]->processes[0].group, (std::vector<int64_t>{2, 0, 3, 1}));
  EXPECT_EQ(reduces[0]->processes[0].index, 1);
  EXPECT_EQ(reduces[1]->processes[1].group, (std::vector<int64_t>{2, 1}));
  EXPECT_EQ(reduces[1]->processes[3].group, (std::vector<int64_t>{3, 0}));
  // all_to_all with a channel: across the partitions of each replica.
  auto to_all = collective_steps(p->main, "stablehlo.all_to_all");
  ASSERT_EQ(to_all.size(), 1u);
  EXPECT_EQ(to_all[0]->processes[2].group, (std::vector<int64_t>{3, 2}));
  // all_gather without a channel: across the replicas of each partition.
  auto gather = collective_steps(p->main, "stablehlo.all_gather");
  ASSERT_EQ(gather.size(), 1u);
  EXPECT_EQ(gather[0]->processes[1].group, (std::vector<int64_t>{3, 1}));
}

// What the device path leaves to the interpreter stays a host step (its error at run time):
// a process in no group of an all_reduce, a collective_permute naming a process beyond the
// grid.
TEST(GridLowering, WhatTheDevicePathLeavesStaysAHostStep) {
  auto p = lower_on_grid(R"(
func.func @main(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %0 = "stablehlo.all_reduce"(%x) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {replica_groups = dense<[[0]]> : tensor<1x1xi64>} : (tensor<4xf32>) -> tensor<4xf32>
  %1 = "stablehlo.collective_permute"(%x) {source_target_pairs = dense<[[0, 5]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<4xf32>
  return %0, %1 : tensor<4xf32>, tensor<4xf32>
}
)", 2, 1);
  ASSERT_TRUE(p.ok()) << p.error().message();
  EXPECT_EQ(count_host_steps(p->main, "stablehlo.all_reduce"), 1u);
  EXPECT_EQ(count_host_steps(p->main, "stablehlo.collective_permute"), 1u);
  ASSERT_EQ(p->notes.size(), 2u);
  EXPECT_NE(p->notes[0].find("a host step"), std::string::npos) << p->notes[0];
}

// A grid program (device collectives, id kernels) reads back equal from its saved bytes.
TEST(GridLowering, AGridProgramSavesAndReadsBackEqual) {
  auto module = frontend::parse_module_text(kReduceAndIds, "test.mlir");
  ASSERT_TRUE(module.ok()) << module.error().message();
  auto entry = find_entry(**module, "");
  ASSERT_TRUE(entry.ok()) << entry.error().message();
  LowerOptions options;
  options.num_replicas = 2;
  options.num_partitions = 2;
  auto p = lower_module(**module, **entry, options);
  ASSERT_TRUE(p.ok()) << p.error().message();
  std::vector<::kiln::cuda::Cubin> cubins(p->modules.size());
  for (auto& c : cubins) c.image.assign(16, 'c');
  auto bytes = encode_cuda_payload(*p, cubins, "sm_90a", **module);
  ASSERT_TRUE(bytes.ok()) << bytes.error().message();
  auto back = decode_cuda_payload(*bytes, **module, "main", "t.kiln");
  ASSERT_TRUE(back.ok()) << back.error().message();
  EXPECT_TRUE(back->program == *p);
  EXPECT_EQ(collective_steps(back->program.main, "stablehlo.all_reduce").size(), 1u);
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
    } else if (const auto* c = std::get_if<CollectiveStep>(&s)) {
      for (const BufferRef& r : c->operands) add(r);
      for (const BufferRef& r : c->results) add(r);
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
  // Inside the grid the collective is a device step and replica_id a kernel of each process.
  for (const auto& process : grid->processes) {
    EXPECT_EQ(collective_steps(*process, "stablehlo.all_reduce").size(), 1u);
    EXPECT_EQ(count_id_kernels(*process, KernelArg::Kind::kReplicaId), 1u);
    EXPECT_FALSE(has_host_steps(*process));
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
  std::string type;   // "f32", "i32" or "bf16"
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
      for (const char* t : {"f32", "i32", "bf16"}) {
        out.push_back({fmt::format("{}_{}_{}", op, n, t), n, t, op});
      }
    }
  }
  return out;
}

// `text` on a grid of `replicas` x `partitions` on the GPU, at O0 and O2, run twice, equal to
// the cpu backend's run_each on the same random inputs, process by process; skips without a
// GPU.
void expect_grid_matches_cpu(const std::string& text, int64_t replicas, int64_t partitions) {
  auto module = ::kiln::load_text(text, "test.mlir");
  ASSERT_TRUE(module.ok()) << module.error().message();
  auto cpu = ::kiln::compile(
      *module, {.backend = "cpu", .num_replicas = replicas, .num_partitions = partitions});
  ASSERT_TRUE(cpu.ok()) << cpu.error().message();
  std::vector<std::vector<::kiln::Value>> inputs;
  for (int64_t k = 0; k < replicas * partitions; ++k) {
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
    auto gpu = ::kiln::compile(*module, {.backend = "cuda",
                                         .num_replicas = replicas,
                                         .num_partitions = partitions,
                                         .opt_level = level});
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

class GridRuns : public ::testing::TestWithParam<GridCase> {};

TEST_P(GridRuns, MatchesTheCpuBackendProcessByProcess) {
  const GridCase& c = GetParam();
  const std::string op = c.op == "cross_replica_sum" ? "cross-replica-sum" : c.op;
  const std::string text = grid_program(op, c.processes, c.type);
  // Without a GPU: the collective lowers to a device step on its grid, and NVRTC compiles it.
  auto lowered = lower_on_grid(text, c.processes, 1);
  ASSERT_TRUE(lowered.ok()) << lowered.error().message() << "\n" << text;
  EXPECT_EQ(collective_steps(lowered->main, "stablehlo." + op).size(), 1u) << text;
  EXPECT_FALSE(has_host_steps(lowered->main)) << text;
  auto parsed = frontend::parse_module_text(text, "test.mlir");
  ASSERT_TRUE(parsed.ok()) << parsed.error().message();
  auto compiled = compile_cuda(**parsed, {.num_replicas = c.processes, .num_partitions = 1});
  ASSERT_TRUE(compiled.ok()) << compiled.error().message();
  expect_grid_matches_cpu(text, c.processes, 1);
}

INSTANTIATE_TEST_SUITE_P(Collectives, GridRuns, ::testing::ValuesIn(grid_cases()),
                         [](const auto& info) { return info.param.name; });

TEST(GridRuns, RunParallelMatchesTheCpuBackend) {
  testing::expect_matches_the_cpu_backend(kRunParallel);
}

// Each collective's operand slot is overwritten right after it (the arena reuses a dead
// operand's bytes for the next value): a peer must have read it first.
TEST(GridRuns, AnOperandOverwrittenAfterItsCollectiveIsReadFirst) {
  const std::string text = fmt::format(R"(
func.func @main(%x: tensor<4096xf32>) -> (tensor<4096xf32>, tensor<4096xf32>) {{
  %0 = "stablehlo.all_reduce"(%x) {0} {{replica_groups = dense<[[2, 0, 3, 1]]> : tensor<1x4xi64>}} : (tensor<4096xf32>) -> tensor<4096xf32>
  %one = stablehlo.constant dense<1.0> : tensor<4096xf32>
  %1 = stablehlo.add %0, %one : tensor<4096xf32>
  %2 = "stablehlo.all_reduce"(%1) {0} {{replica_groups = dense<[[2, 0, 3, 1]]> : tensor<1x4xi64>}} : (tensor<4096xf32>) -> tensor<4096xf32>
  %3 = stablehlo.multiply %2, %x : tensor<4096xf32>
  %4 = "stablehlo.collective_permute"(%3) {{source_target_pairs = dense<[[0, 1], [1, 2], [2, 3], [3, 0]]> : tensor<4x2xi64>}} : (tensor<4096xf32>) -> tensor<4096xf32>
  %5 = stablehlo.subtract %4, %one : tensor<4096xf32>
  %6 = "stablehlo.all_reduce"(%5) {0} {{replica_groups = dense<[[3, 1], [0, 2]]> : tensor<2x2xi64>}} : (tensor<4096xf32>) -> tensor<4096xf32>
  return %6, %1 : tensor<4096xf32>, tensor<4096xf32>
}}
)", region("f32"));
  expect_grid_matches_cpu(text, 4, 1);
}

// A collective in a loop body whose result is the loop's carried value.
TEST(GridRuns, ACollectiveInALoopMatchesTheCpuBackend) {
  const std::string text = fmt::format(R"(
func.func @main(%x: tensor<8x8xi32>) -> tensor<8x8xi32> {{
  %n = stablehlo.constant dense<0> : tensor<i32>
  %r:2 = stablehlo.while(%i = %n, %v = %x) : tensor<i32>, tensor<8x8xi32>
   cond {{
    %lim = stablehlo.constant dense<5> : tensor<i32>
    %p = stablehlo.compare LT, %i, %lim : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  }} do {{
    %one = stablehlo.constant dense<1> : tensor<i32>
    %i2 = stablehlo.add %i, %one : tensor<i32>
    %s = "stablehlo.all_reduce"(%v) {0} {{replica_groups = dense<[[1, 0]]> : tensor<1x2xi64>}} : (tensor<8x8xi32>) -> tensor<8x8xi32>
    stablehlo.return %i2, %s : tensor<i32>, tensor<8x8xi32>
  }}
  return %r#1 : tensor<8x8xi32>
}}
)", region("i32"));
  expect_grid_matches_cpu(text, 2, 1);
}

// The strategies with a channel on a 2x2 grid (cross_replica_and_partition, flattened ids,
// cross_partition), a variadic all_reduce, and the process ids.
TEST(GridRuns, ChannelStrategiesOnATwoByTwoGridMatchTheCpuBackend) {
  const std::string text = fmt::format(R"(
func.func @main(%x: tensor<4x6xf32>, %y: tensor<4x6xf32>) -> (tensor<4x6xf32>, tensor<4x6xf32>, tensor<8x3xf32>, tensor<4x24xf32>, tensor<4x6xf32>, tensor<4x6xf32>, tensor<4x6xf32>, tensor<ui32>, tensor<ui32>) {{
  %0 = "stablehlo.all_reduce"(%x) {0} {{channel_handle = #stablehlo.channel_handle<handle = 1, type = 0>, replica_groups = dense<[[1, 0]]> : tensor<1x2xi64>}} : (tensor<4x6xf32>) -> tensor<4x6xf32>
  %1 = "stablehlo.all_reduce"(%x) {0} {{channel_handle = #stablehlo.channel_handle<handle = 2, type = 0>, replica_groups = dense<[[3, 0], [2, 1]]> : tensor<2x2xi64>, use_global_device_ids}} : (tensor<4x6xf32>) -> tensor<4x6xf32>
  %2 = "stablehlo.all_to_all"(%x) {{channel_handle = #stablehlo.channel_handle<handle = 3, type = 0>, split_dimension = 1 : i64, concat_dimension = 0 : i64, split_count = 2 : i64, replica_groups = dense<[[1, 0]]> : tensor<1x2xi64>}} : (tensor<4x6xf32>) -> tensor<8x3xf32>
  %3 = "stablehlo.all_gather"(%x) {{channel_handle = #stablehlo.channel_handle<handle = 4, type = 0>, all_gather_dim = 1 : i64, replica_groups = dense<[[1, 0]]> : tensor<1x2xi64>}} : (tensor<4x6xf32>) -> tensor<4x24xf32>
  %4 = "stablehlo.collective_permute"(%x) {{channel_handle = #stablehlo.channel_handle<handle = 5, type = 0>, source_target_pairs = dense<[[0, 1]]> : tensor<1x2xi64>}} : (tensor<4x6xf32>) -> tensor<4x6xf32>
  %5:2 = "stablehlo.all_reduce"(%x, %y) ({{
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %m = stablehlo.maximum %a, %b : tensor<f32>
    stablehlo.return %m : tensor<f32>
  }}) {{replica_groups = dense<[[1, 0]]> : tensor<1x2xi64>}} : (tensor<4x6xf32>, tensor<4x6xf32>) -> (tensor<4x6xf32>, tensor<4x6xf32>)
  %r = stablehlo.replica_id : tensor<ui32>
  %p = stablehlo.partition_id : tensor<ui32>
  return %0, %1, %2, %3, %4, %5#0, %5#1, %r, %p : tensor<4x6xf32>, tensor<4x6xf32>, tensor<8x3xf32>, tensor<4x24xf32>, tensor<4x6xf32>, tensor<4x6xf32>, tensor<4x6xf32>, tensor<ui32>, tensor<ui32>
}}
)", region("f32"));
  auto lowered = lower_on_grid(text, 2, 2);
  ASSERT_TRUE(lowered.ok()) << lowered.error().message();
  EXPECT_FALSE(has_host_steps(lowered->main)) << fmt::format("{}", fmt::join(lowered->notes, "\n"));
  expect_grid_matches_cpu(text, 2, 2);
}

// A grid executable saved and loaded runs as the one compiled.
TEST(GridRuns, ASavedGridExecutableRunsAsCompiled) {
  auto device = ::kiln::cuda::Device::open(0);
  if (!device.ok()) GTEST_SKIP() << "no GPU: " << device.error().message();
  auto module = ::kiln::load_text(kReduceAndIds, "test.mlir");
  ASSERT_TRUE(module.ok()) << module.error().message();
  auto gpu = ::kiln::compile(*module, {.backend = "cuda", .num_replicas = 2, .num_partitions = 2});
  ASSERT_TRUE(gpu.ok()) << gpu.error().message();
  const std::string path = ::testing::TempDir() + "/grid_saved.kiln";
  ASSERT_TRUE(gpu->save(path).ok());
  auto loaded = ::kiln::load_executable(path);
  ASSERT_TRUE(loaded.ok()) << loaded.error().message();
  std::vector<std::vector<::kiln::Value>> inputs;
  for (uint64_t k = 0; k < 4; ++k) {
    auto in = gpu->random_inputs(7 + k);
    ASSERT_TRUE(in.ok()) << in.error().message();
    inputs.push_back(std::move(*in));
  }
  auto want = gpu->run_each(inputs);
  ASSERT_TRUE(want.ok()) << want.error().message();
  auto got = loaded->run_each(inputs);
  ASSERT_TRUE(got.ok()) << got.error().message();
  ASSERT_EQ(got->processes.size(), 4u);
  for (size_t k = 0; k < 4; ++k) testing::expect_same_outputs(got->processes[k], want->processes[k]);
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
