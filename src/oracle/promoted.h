// The promoted reference: a program with bf16, f16 and f32 computed in f64, against which a
// result that rounds less often than the interpreter (a fused kernel keeping f32 inside a bf16
// program) or in another order (a parallel sum of millions of f32 values) is judged by how
// close it comes, next to how close the interpreter's own result comes.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "interp/tensor.h"
#include "ir/operation.h"
#include "oracle/compare.h"
#include "support/error.h"

namespace kiln::oracle {

// Whether `type` is one the promotion widens (bf16, f16, f32).
bool is_promoted_type(const ir::ElementType& type);

// `module` with every bf16, f16 and f32 element type made f64 (complex numbers kept): its text
// with the types rewritten, parsed and verified again. Converts between these types become
// no-ops, constants keep their values. Errors (invalid_argument) where the program does not
// stay valid: a bitcast of a float, a constant written as raw bytes.
Expected<std::unique_ptr<ir::Module>> promote_floats(const ir::Module& module);

// The outputs of `module` computed in f64 (promote_floats) on `inputs` widened to f64; each
// output in f64 where the program's is bf16, f16 or f32, as the program's otherwise.
Expected<std::vector<interp::Tensor>> promoted_reference_run(
    const ir::Module& module, const std::vector<interp::Tensor>& inputs);

// What compare_with_promoted found for one widened output: the largest and the
// root-mean-square error against the promoted reference, of `got` and of the interpreter's.
struct PromotedError {
  int output = -1;
  double got_max = 0, got_rms = 0;
  double want_max = 0, want_rms = 0;
};

struct PromotedReport {
  bool passed = true;
  std::vector<PromotedError> widened;  // one per bf16 / f16 / f32 output
  CompareReport other;                // the outputs of other types, compared as usual
  // "out0: max error 0.12 (the interpreter's 0.25), rms 0.01 (0.02) against the program in
  // f64" per widened output, then the other outputs' verdict.
  std::string message() const;
};

// Judges `got` (a backend's outputs) by the promoted reference `exact`: each bf16, f16 or f32
// output passes when its largest and its root-mean-square error against `exact` are at most
// `slack` times the interpreter's (`want`'s) plus the type's absolute tolerance, and it has
// NaN or infinity only where `want` or `exact` has; every other output must pass
// compare(got, want, tolerance_for(type)).
PromotedReport compare_with_promoted(const std::vector<interp::Tensor>& got,
                                     const std::vector<interp::Tensor>& want,
                                     const std::vector<interp::Tensor>& exact,
                                     const ToleranceFor& tolerance_for, double slack = 2.0);

// The verdict on a backend's outputs for a whole program `module` run on `inputs`:
// compare_outputs(got, want, tolerance_for), and, where that fails and some outputs are bf16,
// f16 or f32, compare_with_promoted against the program run in f64 on the same inputs (a program that
// cannot be promoted keeps the first verdict, the reason added to the message).
struct ProgramVerdict {
  bool passed = true;
  bool by_promoted = false;  // passed only by the promoted reference
  std::string message;
};
ProgramVerdict judge_program_outputs(const ir::Module& module,
                                     const std::vector<interp::Tensor>& inputs,
                                     const std::vector<interp::Tensor>& got,
                                     const std::vector<interp::Tensor>& want,
                                     const ToleranceFor& tolerance_for);

}  // namespace kiln::oracle
