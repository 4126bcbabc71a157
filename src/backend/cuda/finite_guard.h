// Where the finite guard of cuDNN's convolutions (lower_convolution.cpp) gets its verdicts: a
// constant operand on the host at compile time, the entry's inputs in one check at the
// program's start, a value the program computes in a check before its first guarded
// convolution, reused by the next ones that read it; each operand checked once.
#pragma once

#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

#include "backend/cuda/finite_check.h"
#include "backend/cuda/program.h"

namespace kiln::backend::cuda {

class Lowerer;

// Whether `v` (at `ref`) is known at compile time to hold only finite values (true) or an inf
// or NaN (false): the bytes of the constants buffer, or the attribute of the constant op
// defining it (a splat the arena holds); nullopt for anything else, and for element types
// nonfinite_exponent_mask does not cover. `constants` is the lowering's constants buffer.
std::optional<bool> finite_on_host(const ir::Value* v, const BufferRef& ref,
                                   const std::vector<std::byte>& constants);

// The finite guard's bookkeeping for one lowering (the Lowerer owns one). Not thread-safe.
class FiniteGuards {
 public:
  // Called before the entry is lowered: reserves one flag byte (never released) for each
  // convolution of `module` that is guarded (ConvolutionLayout::needs_finite_rhs, with cuDNN
  // and the guard enabled), for the start check.
  void reserve(Lowerer& l, const ir::Module& module);

  // The arena byte that will hold whether `v` (at `ref`, an operand of `op` that a guard reads)
  // is finite when the step appended next runs. An entry input (never written) gets a flag of
  // the start check (equal bytes of one element type share one); another value a check
  // appended now, unless one appended to the current program (or to a program around the
  // nested one being built, Lowerer::lower_nested) already checked `v`. Errors: those of
  // add_finite_check.
  Expected<BufferRef> flag(Lowerer& l, const ir::Operation& op, const ir::Value* v,
                           const BufferRef& ref);

  // How many checks the current program may reuse; forget_since(l, mark()) drops the ones made
  // after (the end of a nested program: its checks run only where it runs), releasing their
  // flags (the steps reading them are all appended).
  size_t mark() const { return checked_.size(); }
  void forget_since(Lowerer& l, size_t mark);
  // Drops every check (the lowering moves to another program).
  void leave_program(Lowerer& l) { forget_since(l, 0); }

  // Called after the entry is lowered: the start check, one launch over every input a guard
  // reads (two for large ones), put at the front of `main`. `entry` names its steps.
  Status finish(Lowerer& l, const ir::Operation& entry, Program& main);

 private:
  struct StartInput {
    FiniteCheckInput input;
    ir::ElementKind kind;
  };
  BufferRef start_flags_;  // reserve()'s bytes; start_.size() of them used
  std::vector<StartInput> start_;
  std::vector<std::pair<const ir::Value*, BufferRef>> checked_;  // in order, each value once
};

}  // namespace kiln::backend::cuda
