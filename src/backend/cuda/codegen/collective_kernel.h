// The kernel of a collective on a process grid (CollectiveStep, program.h): a process's
// results computed from its group members' operands, read where they lie on the one device.
#pragma once

#include <cstdint>
#include <string>

#include "ir/operation.h"
#include "support/error.h"

namespace kiln::backend::cuda {

// What the kernel does with the members' operands (by the op, collective_form()).
enum class CollectiveForm {
  kFold,         // all_reduce, collective_reduce, cross-replica-sum: the sources folded in order
  kFoldScatter,  // reduce_scatter: the fold's block `index` along scatter_dimension
  kGather,       // all_gather: source m's operand at block m along all_gather_dim
  kAllToAll,     // all_to_all: source m's part `index` (split_dimension) at block m (concat)
  kCopy,         // collective_permute, collective_broadcast: the one source's operand
};

// The form of a collective op; unimplemented for another op.
Expected<CollectiveForm> collective_form(const ir::Operation& op);

// The CUDA C++ of `function`, the kernel of `op` (a collective, checked by the caller:
// operands and results of static shapes, the shapes that the groups' sizes imply): its
// parameters are, per source position m < max_sources, per operand k, `const S* a{m}_{k}`;
// then `i64 count` (the member's sources: none writes zeros), `i64 index` (its position in its
// group); then each result `R* o{k}`. Each result's elements in a grid-stride loop; a fold
// combines the sources' elements in source order with the op's computation region (the
// operands converted to its argument type, as the interpreter's to_body_arg), or with
// stablehlo.add for cross-replica-sum, and converts to the result type. Errors (unimplemented)
// where an element type or the region cannot be generated.
Expected<std::string> emit_collective_kernel(const ir::Operation& op, const std::string& function,
                                             int64_t max_sources);

// The threads of each block and the element count the kernel's loops cover at most (its
// largest result).
inline constexpr unsigned kCollectiveBlock = 256;
int64_t collective_elements(const ir::Operation& op);

}  // namespace kiln::backend::cuda
