// The lowering's state and what each op's lowering (src/backend/cuda/lower_*.cpp, registered
// with KILN_REGISTER_CUDA_LOWERING) may do: read its operands' slots, define its results'
// slots, add kernels and steps to the program being built, lower regions.
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "backend/cuda/arena.h"
#include "backend/cuda/codegen/loop_kernel.h"
#include "backend/cuda/lower.h"
#include "ir/attribute.h"

namespace kiln::kernels {
struct KernelSpec;
}
namespace kiln::cuda {
struct Plan;
}

namespace kiln::backend::cuda {

class Lowerer;
class FiniteGuards;
// Lowers one op: defines (or aliases) every result and appends its steps. Errors name the op.
using OpLowering = Status (*)(Lowerer& l, const ir::Operation& op);
OpLowering find_lowering(std::string_view op_name);
struct LoweringRegistration {
  LoweringRegistration(std::string_view op_name, OpLowering lowering);
};
#define KILN_REGISTER_CUDA_LOWERING(name, fn)                                            \
  static const ::kiln::backend::cuda::LoweringRegistration KILN_CONCAT(kiln_cuda_lower_, \
                                                                       __COUNTER__)(name, fn)

// Lowers `block` (a fusion's body or a composite's decomposition) with its arguments at
// `args` into as few generated kernels as compute every element once (lower_fusion.cpp);
// returns the slots of the values it returns, owned by the caller.
Expected<std::vector<BufferRef>> lower_fused_block(Lowerer& l, const ir::Block& block,
                                                   const std::vector<BufferRef>& args,
                                                   const ir::Operation& owner);

// kiln.fusion and the named composites through their region: lower_fused_block over the op's
// operands, its results the region's (lower_fusion.cpp).
Status lower_kiln_region(Lowerer& l, const ir::Operation& op);

// A composite's region lowered into `fallback` (the program a vendor step runs where the
// library is missing or refuses it) instead of the main program: lower_fused_block over
// `args`; returns the slots of the values the region returns, owned by the caller.
Expected<std::vector<BufferRef>> lower_region_into(Lowerer& l, const ir::Operation& op,
                                                   const std::vector<BufferRef>& args,
                                                   Program& fallback);

// `op` on the first library kernel (src/kernels/cuda, find_kernels) that matches it, passes
// `accept` (by its spec; every kernel where empty) and plans for the device: each launch a
// KernelStep of a library module, TMA descriptors as KernelArg::kTensorMap arguments
// (lower_library.cpp). False, with nothing added, where no kernel does.
Expected<bool> lower_on_library(
    Lowerer& l, const ir::Operation& op,
    const std::function<bool(const ::kiln::kernels::KernelSpec&)>& accept = {});

// `plan` of library kernel `spec` as the steps computing `op`: `inputs` are the plan's input
// tensors in order, op's results (defined here) its outputs; its scratch buffers are arena
// slots released after it, its state buffers zeroed slots of its own. False, with nothing
// added, where a tensor map would view an input at an address TMA cannot take (lower_library.cpp).
Expected<bool> lower_library_plan(Lowerer& l, const ir::Operation& op,
                                  const ::kiln::kernels::KernelSpec& spec,
                                  const ::kiln::cuda::Plan& plan, std::vector<BufferRef> inputs);

// `op`, a kiln.attention, on the library's flash_attention[_causal] where its match takes
// the composite, no backward on cuDNN reads its row statistics, and choose_implementation
// (dispatch.h) picks the library, or, whatever the dispatch says, where `cudnn_refuses` (why
// cuDNN cannot take it) is not empty; the choice and its reason go to the notes. False, with
// nothing added, where cuDNN's fused attention (or the region) computes it (lower_library.cpp).
Expected<bool> lower_attention_on_library(Lowerer& l, const ir::Operation& op,
                                          const std::string& cudnn_refuses = "");

// The library's flash_attention[_causal] computing `op` (a kiln.attention) from `args` into
// `out`, its launches appended to `fallback` (the program cuDNN's step runs where cuDNN is
// missing at run time) instead of the main program. False, with nothing added, where no
// flash kernel takes the op (lower_library.cpp).
Expected<bool> lower_attention_fallback_on_library(Lowerer& l, const ir::Operation& op,
                                                   const std::vector<BufferRef>& args,
                                                   const BufferRef& out, Program& fallback);

// A HostCheckStep for `op` (the check dialect, custom_call @check.*, interpreter.probe): the
// interpreter's own implementation on its operands read back, its results (if any) written
// to fresh slots (lower_control_flow.cpp).
Status lower_host_check(Lowerer& l, const ir::Operation& op);

// A CaseStep without its branches (the caller appends them): the branch taken is chosen by
// the i1 at `selector` (`is_pred`: true takes branches[0], false branches[1]; stablehlo.if's)
// or the i32 there (stablehlo.case's; out of range: the last). Run step by step the host
// reads the selector back; in a CUDA graph it is a conditional switch node whose index a
// one-thread kernel sets on the device (lower_control_flow.cpp).
CaseStep branch_step(Lowerer& l, std::string what, const BufferRef& selector, bool is_pred);

// Whether `op` runs as a step of the process grid under `options` (lower_collectives.cpp):
// a collective or replica_id / partition_id when the grid has several processes. Such an op
// is never computed inside a generated kernel.
bool runs_on_grid(const ir::Operation& op, const LowerOptions& options);

// The module of `kiln_while_condition`, which sets a conditional while node's condition from
// a WhileStep's `pred` (lower_control_flow.cpp).
int while_condition_module(Lowerer& l);

// Fills `w.next` with the copies of a loop body's results `next` back into the loop state
// `state` (one each, in order) after each step; a result that is another state slot or a
// constant goes through an arena temporary that `w.body` fills first, so that no copy reads a
// slot already overwritten. Returns those temporaries, which the caller releases once the
// WhileStep is added (lower_control_flow.cpp).
std::vector<BufferRef> carry_back(Lowerer& l, WhileStep& w, const std::vector<BufferRef>& next,
                                  const std::vector<BufferRef>& state);

class Lowerer {
 public:
  Lowerer(const ir::Module& module, const LowerOptions& options);
  ~Lowerer();

  // The slot holding `v` (defined earlier, or a bound argument).
  Expected<BufferRef> ref(const ir::Value* v) const;
  // The slots of `op`'s operands, in order.
  Expected<std::vector<BufferRef>> operand_refs(const ir::Operation& op) const;
  // A fresh arena slot for `v` (an op's result).
  BufferRef define(const ir::Value* v);
  // Asks that `v`, when an op's lowering defines it, take `ref`'s slot instead of a fresh one
  // (a loop body's result written straight into its loop-carried slot). The caller has made
  // sure nothing reads the slot's old bytes once `v`'s op runs. A lowering that aliases its
  // results instead may pass the wish on (pass_preference); a wish not taken is dropped with
  // drop_preference.
  void prefer(const ir::Value* v, const BufferRef& ref) { preferred_[v] = ref; }
  void pass_preference(const ir::Value* from, const ir::Value* to);
  void drop_preference(const ir::Value* v) { preferred_.erase(v); }
  // `v` shares `ref`'s bytes (reshape, optimization_barrier, a call's results).
  void alias(const ir::Value* v, const BufferRef& ref);
  // The slot of a dense constant in the constants buffer (each attribute stored once).
  BufferRef constant(const ir::DenseElementsAttr& dense);

  // Appends a step to the program being built.
  template <class S>
  void add(S step) {
    program_->steps.push_back(std::move(step));
  }
  // The program steps are appended to.
  Program& current() { return *program_; }
  // Appends the steps that follow to `p` instead (a step's nested program); returns the
  // program they went to, for the caller to set back.
  // The finite guard's checks made so far are dropped (finite_guard.h).
  Program* redirect(Program* p);
  // Runs `build` with the steps it appends going to `nested` instead: a program of the step the
  // caller appends to the current program next (a fallback, a branch), which runs after
  // every step appended so far. Unlike redirect(), the finite guard's checks made before stay
  // valid inside it; those made inside are dropped after. Returns what `build` returns.
  Status lower_nested(Program* nested, const std::function<Status()>& build);
  // An arena slot of `bytes` that belongs to no value (released with release()).
  BufferRef scratch(int64_t bytes) {
    return {BufferRef::Space::kArena, arena_.allocate(bytes), bytes};
  }
  // Device memory of `bytes` that is zero when the executable is loaded and belongs to one
  // step alone, which leaves it zero after each run (a library plan's state: counters that
  // reset themselves): zero bytes of the constants buffer, never shared or reused.
  BufferRef zeroed_state(int64_t bytes);
  // A generated element-wise kernel: its text joins a module; a launch over `param_refs` and
  // `root_refs` is appended. A kernel with nothing to compute adds no step.
  Status add_loop_kernel(LoopKernel kernel, const std::vector<BufferRef>& param_refs,
                         const std::vector<BufferRef>& root_refs, const ir::Operation& op);
  // A generated kernel's function `function` in `text`: the text joins a module, a launch of
  // `blocks` blocks of `block` threads over `args` is appended.
  void add_generated_kernel(const std::string& function, const std::string& text, int64_t blocks,
                            unsigned block, std::vector<KernelArg> args, const ir::Operation& op);
  // A generated kernel's function `function` in `text` in a module (one written before with
  // another name is reused); returns the module's index and the function's name, for a step
  // that launches it (KernelStep, CollectiveStep). Counts no launch.
  std::pair<int, std::string> add_generated_function(const std::string& function,
                                                     const std::string& text,
                                                     const ir::Operation& op);
  // A generated kernel whose text declares names that are not its function's (a typedef,
  // macros, shared helpers such as linalg_scalar's): in a module of its own named
  // `prefix` + its function, the prelude first; one written before with another name is
  // reused. Returns the module's index and the function's name.
  Expected<std::pair<int, std::string>> add_private_function(const std::string& prefix,
                                                             const std::string& function,
                                                             const std::string& text,
                                                             const ir::Operation& op);
  // A hand-written kernel's text (one or more __global__ functions) in a module of its own;
  // returns the module's index for KernelStep::module.
  int add_module(std::string name, std::string source, std::vector<std::string> functions);
  // A library kernel's function in its source text, compiled with `options` (its defines and
  // the library's flags); an equal module added before is reused. Returns the module's index.
  int add_library_module(std::string name, std::string source, std::string function,
                         std::vector<std::string> options);
  // A name for a generated function: "k17".
  std::string kernel_name();

  // Lowers `block` into `into` with its arguments bound to `args`; returns the slots of its
  // terminator's operands (retained for the caller, which releases them).
  Expected<std::vector<BufferRef>> lower_block(const ir::Block& block,
                                               const std::vector<BufferRef>& args, Program& into);
  // Lowers `op` as one generated kernel through its elemental rule (the dispatch's default;
  // lower_collectives.cpp on one process); unimplemented where the op has no rule.
  Status lower_elemental(const ir::Operation& op);
  // Lowers one op whose operands have slots; returns its results' slots, which the caller
  // owns (and releases).
  Expected<std::vector<BufferRef>> lower_single(const ir::Operation& op);
  // Frees a slot the caller owns (lower_block's results); while a hold is set, keeps it there.
  void release(const BufferRef& ref);
  // Until the next call, release() appends slots to `held` (null: frees them again) instead of
  // freeing them: the programs of a GridStep run at once, so none may reuse another's slots;
  // the caller releases them afterwards. Returns the hold before.
  std::vector<BufferRef>* hold_releases(std::vector<BufferRef>* held) {
    return std::exchange(held_, held);
  }
  // The grid runs_on_grid sees while a run_parallel's functions are lowered; returns the
  // options before, to set back.
  LowerOptions set_grid(int64_t replicas, int64_t partitions) {
    LowerOptions before = options_;
    options_.num_replicas = replicas;
    options_.num_partitions = partitions;
    return before;
  }
  void restore_options(LowerOptions o) { options_ = std::move(o); }
  // Calls nest at most this deep (recursion is an error, as in the interpreter).
  Status enter_call(const ir::Operation& call);
  void leave_call() { --call_depth_; }

  const ir::Module& module() const { return module_; }
  // The finite guard's verdicts for cuDNN's convolutions (finite_guard.h).
  FiniteGuards& finite_guards() { return *finite_guards_; }
  // The constants buffer so far (constant()'s bytes).
  const std::vector<std::byte>& constants() const { return constants_; }
  const LowerOptions& options() const { return options_; }
  // "stablehlo.add @ f.mlir:3:7": an op's name for steps and profiles.
  static std::string describe(const ir::Operation& op);

  // The finished program.
  Expected<LoweredProgram> finish(Program main, std::vector<ir::Type> inputs,
                                  std::vector<ir::Type> outputs, std::vector<BufferRef> in_refs,
                                  std::vector<BufferRef> out_refs);

 private:
  Status lower_op(const ir::Operation& op);
  // `bytes` zero bytes appended to the constants buffer, aligned; returns their offset.
  int64_t reserve_constants(int64_t bytes);

  const ir::Module& module_;
  LowerOptions options_;
  ArenaPlanner arena_;
  std::unordered_map<const ir::Value*, BufferRef> slots_;
  std::unordered_map<const ir::Value*, BufferRef> preferred_;  // prefer()
  std::unordered_map<const void*, BufferRef> constant_slots_;
  std::vector<std::byte> constants_;
  Program* program_ = nullptr;
  std::vector<KernelModule> modules_;
  std::unordered_map<std::string, int> library_modules_;  // options + source -> module
  // A generated kernel's text without its name -> its module and name (add_generated_kernel).
  std::unordered_map<std::string, std::pair<int, std::string>> generated_kernels_;
  // The same for add_private_function's kernels.
  std::unordered_map<std::string, std::pair<int, std::string>> private_kernels_;
  int next_kernel_ = 0;
  int call_depth_ = 0;
  std::vector<BufferRef>* held_ = nullptr;  // hold_releases
  int64_t kernel_count_ = 0, gemm_count_ = 0, library_kernel_count_ = 0, attention_count_ = 0,
          convolution_count_ = 0;
  std::vector<std::string> notes_;
  std::unordered_map<const ir::Value*, BufferRef> attention_stats_;  // by the forward's output
  std::unique_ptr<FiniteGuards> finite_guards_;

 public:
  // The arena slot of the row statistics a kiln.attention on cuDNN writes for the backward
  // that reads its output `o` (lower_attention.cpp), taken by that backward
  // (lower_attention_grad.cpp), which releases it; nullopt where none was set.
  void set_attention_stats(const ir::Value* o, BufferRef stats) { attention_stats_[o] = stats; }
  std::optional<BufferRef> take_attention_stats(const ir::Value* o) {
    auto it = attention_stats_.find(o);
    if (it == attention_stats_.end()) return std::nullopt;
    BufferRef r = it->second;
    attention_stats_.erase(it);
    return r;
  }
  void count_gemm() { ++gemm_count_; }
  void count_attention() { ++attention_count_; }
  void count_convolution() { ++convolution_count_; }
  // A line for LoweredProgram::notes.
  void note(std::string line) { notes_.push_back(std::move(line)); }
  // A hand-written or lowering-built kernel's launch, for the program's kernel count.
  void count_kernel() { ++kernel_count_; }
  // A library kernel's launch (counted as a kernel too).
  void count_library_kernel() {
    ++kernel_count_;
    ++library_kernel_count_;
  }
};

}  // namespace kiln::backend::cuda
