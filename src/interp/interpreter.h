// The reference interpreter: runs any verified module on the CPU with StableHLO's exact
// semantics. It is kiln's oracle: every pass, backend and kernel is tested against it.
#pragma once

#include <chrono>
#include <functional>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "interp/tensor.h"
#include "ir/operation.h"
#include "support/error.h"

namespace kiln::interp {

struct Options {
  int64_t num_replicas = 1;
  int64_t num_partitions = 1;
  // Typed native fast paths (BLAS dots, recognised region bodies, fused element-wise chains)
  // give the same answers as the per-element reference path; false forces the reference path,
  // so tests can compare the two on the same inputs.
  bool fast_paths = true;
  // A run that takes longer stops with an unavailable error at its next loop iteration (a
  // `while` may run forever by the spec) or, in the ops that run a region per element (reduce
  // and the reductions built on it, sort, scatter, map), within a few thousand region runs;
  // zero means no limit. Counted from the Interpreter's construction.
  std::chrono::duration<double> time_limit{0};
};

// Where in the simulated grid of processes a program runs (collectives, replica_id).
struct ProcessId {
  int64_t replica = 0;
  int64_t partition = 0;
};

class ProcessGrid;  // collectives.h: rendezvous between the processes of one run
struct RegionPlan;  // region_plan.h: how a region's block runs, worked out once

// One run of a module. Not thread-safe; each simulated process has its own Interpreter,
// sharing the ProcessGrid.
class Interpreter {
 public:
  Interpreter(const ir::Module& module, Options options = {});
  ~Interpreter();
  Interpreter(const Interpreter&) = delete;
  Interpreter& operator=(const Interpreter&) = delete;

  // Runs function `name` (nullptr/empty: `main`, or the only function).
  Expected<std::vector<RuntimeValue>> run(std::string_view name, std::vector<RuntimeValue> args);
  // Calls a function op with arguments (func.call, composite decompositions).
  Expected<std::vector<RuntimeValue>> call(const ir::Operation& func,
                                           std::span<const RuntimeValue> args);
  // Runs a region's single block with `args` bound to its arguments and returns the
  // operands of its terminator.
  Expected<std::vector<RuntimeValue>> run_region(const ir::Region& region,
                                                 std::span<const RuntimeValue> args);
  const ir::Operation* lookup_function(std::string_view name) const;
  // The entry function: @main, else the only function; nullptr otherwise.
  const ir::Operation* entry_function(std::string_view name) const;

  const ir::Module& module() const { return module_; }
  const Options& options() const { return options_; }
  // An unavailable error located at `op` once the run has passed Options::time_limit.
  Status check_time_limit(const ir::Operation& op) const;
  ProcessId process;
  ProcessGrid* grid = nullptr;

  // Results of check.* ops evaluated so far: the interpreter keeps going after a failed
  // expectation so that `kiln check` can report every one.
  struct CheckFailure {
    Location loc;
    std::string message;
  };
  std::vector<CheckFailure> check_failures;
  // Values recorded by interpreter.probe, by probe id.
  std::unordered_map<std::string, std::vector<Tensor>> probes;

 private:
  struct Frame;  // the slots and operand list of one region being run (interpreter.cpp)
  // The regions being run, innermost first, so that nested regions can read values of the
  // regions around them: the values of steps before `step` are computed.
  struct Scope {
    const RegionPlan* plan;
    const RuntimeValue* slots;
    uint32_t step;
    Scope* parent;
  };

  const RegionPlan& plan_of(const ir::Region& region);
  // The value of `v` in an enclosing region, or nullptr when it has not been computed.
  const RuntimeValue* find_captured(const ir::Value* v) const;
  Status run_step(const RegionPlan& plan, uint32_t s, Scope& scope, Frame& frame);
  Status run_fused(const RegionPlan& plan, uint32_t s, Scope& scope, Frame& frame);

  const ir::Module& module_;
  Options options_;
  std::chrono::steady_clock::time_point deadline_;
  int depth_ = 0;
  Scope* outer_ = nullptr;
  // Plans are built on a region's first run and kept: a while loop's body is planned once.
  std::unordered_map<const ir::Region*, std::unique_ptr<RegionPlan>> plans_;
  // Frames of finished regions, kept for their capacity.
  std::vector<std::unique_ptr<Frame>> free_frames_;
};

// Evaluates one operation on its operands' values. Registered per op name (KILN_REGISTER_INTERP,
// before main() runs); the interpreter dispatches on the op's interned id.
using InterpFn = Expected<std::vector<RuntimeValue>> (*)(Interpreter& in, const ir::Operation& op,
                                                       std::span<const RuntimeValue> operands);
struct InterpRegistration {
  InterpRegistration(std::string_view op_name, InterpFn fn);
};
// The function registered for an op, or nullptr. By id: one vector index, safe from any thread
// once main() has started.
InterpFn lookup_interp(ir::OpId op);
InterpFn lookup_interp(std::string_view op_name);

// `file:line:col: error: 'stablehlo.op' message`, an invalid-argument error: what the program
// asks of the op cannot be done (a shape or value the verifier could not see).
Error op_error(const ir::Operation& op, std::string_view message);
// The same for what the interpreter does not support (an unimplemented error).
Error op_unsupported(const ir::Operation& op, std::string_view message);

}  // namespace kiln::interp

#define KILN_REGISTER_INTERP(name, fn)                                                  \
  static const ::kiln::interp::InterpRegistration KILN_CONCAT(kiln_interp_reg_, __COUNTER__)( \
      name, fn)
