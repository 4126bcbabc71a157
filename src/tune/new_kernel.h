// New-kernel mode (`kiln tune --new NAME --definition DEF.mlir`): a kernel spec derived from a
// StableHLO definition alone, its code the cuda backend's generated kernels for it.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "kernels/cuda/spec.h"

namespace kiln::tune {

// What `--new` was given.
struct NewKernelRequest {
  std::string name;        // the kernel's (and its lineage's) name
  std::string definition;  // the text of DEF.mlir: func.func @main, maybe with placeholders
  std::string file;        // DEF.mlir, for messages
  std::string dtype;       // "": f32 where the definition has {T}, else its first input's
  std::string shape;       // "": the first input's shape of a definition without {D0}..
};

// The request with the text of `file` read. Errors: the file cannot be read or is empty
// ("--new NAME: cannot read the definition 'FILE': ...").
Expected<NewKernelRequest> read_new_kernel_request(std::string name, std::string file,
                                                   std::string dtype, std::string shape);

// The spec of a kernel generated from `r.definition`:
// - the definition is the spec's StableHLO (render_stablehlo's placeholders: {T} the dtype,
//   {D0} {D1} ... the problem's dimensions, {R} its rank); a problem's inputs and outputs are
//   the types of @main's arguments and results, rendered for the shape and dtype;
// - bench shape: the given one; check shapes: derived_check_shapes of it (those for which the
//   definition renders and verifies) and the bench shape itself where it has at most 4099
//   elements; a definition without shape placeholders is checked at its own shape alone;
// - bytes: every input read and output written once; flops: definition_flops;
// - plan: the definition, rendered, fused by the loop and reduction fusions (no library
//   patterns), lowered by the cuda backend for the plan's device and knobs, as a plan
//   (generated_plan.h); knobs `block` (threads per block of its grid-stride loops: 64, 128,
//   256) and `blocks_per_sm` (2 .. 32): the backend's LowerOptions;
// - no baselines (the copy rate is its roof), group "generated", impl "generated_codegen_loop".
// The bench shape is planned once here, so that a definition the backend cannot lower (an op
// it does not generate code for, a GEMM on cuBLASLt, a constant it reads from memory) fails now.
// Errors, prefixed "--new NAME: ": a library kernel of that name, placeholders
// without --shape, a bad dtype or shape, a definition that does not parse or verify (its
// messages at DEF.mlir:line:col), one the backend cannot lower as kernels.
Expected<kernels::KernelSpec> new_kernel_spec(const NewKernelRequest& r);

// Small and ragged versions of `shape` for the interpreter's check: every dimension capped at
// 1, 3 and 37, and one of about 16,400 elements (the last dimension capped at 5471, the others
// at 3; a rank-1 shape at 16411) that takes the 16-byte vector path and a tail; duplicates and
// `shape` itself dropped, in that order.
std::vector<kernels::Shape> derived_check_shapes(const kernels::Shape& shape);

// FLOPs of the definition rendered for `p`: one per result element of every element-wise op
// of @main but convert, bitcast_convert and select (the ops that only move or reinterpret
// values), plus, for every reduce, one per operand element for each element-wise op of its body.
Expected<double> definition_flops(const kernels::KernelSpec& spec, const kernels::Problem& p);

}  // namespace kiln::tune
