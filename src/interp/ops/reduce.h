// Reductions by a body region, shared by reduce, reduce_window and select_and_scatter: a
// typed, threaded native path when the body is recognised (region_body.h), else the body
// itself run on rank-0 tensors.
#pragma once

#include <functional>
#include <span>
#include <vector>

#include "interp/interpreter.h"
#include "interp/tensor.h"

namespace kiln::interp {

// The rank-0 tensor holding element i of t (same element type); fails only if it cannot be
// allocated.
Expected<Tensor> scalar_at(const Tensor& t, int64_t i);
// Copies element i of src into element j of dst; both have the same element type.
void copy_element(const Tensor& src, int64_t i, Tensor& dst, int64_t j);

// Fills `elems` with the flat indices of the input elements that output `out` reduces, in
// the order they are combined; -1 stands for a padding element, whose value is the init
// value. Called concurrently for different `out` on the fast path.
using GatherFn = std::function<void(int64_t out, std::vector<int64_t>& elems)>;

// The same groups as a GatherFn, when every output reduces the same pattern of elements from
// its own base and no padding: gather(out) = [base_of(out) + off for off in offsets]. The
// native path then reads the input directly instead of listing each group.
struct GroupLayout {
  std::span<const int64_t> offsets;
  std::function<int64_t(int64_t)> base_of;
  bool contiguous = false;  // offsets are 0, 1, 2, ...: each group is one run of the input
};

// For every element `out` of results[0]: results[k][out] = init[k] combined, left to right,
// with inputs[k][e] for e in gather(out), by `body` (accumulator arguments first, then the
// element's, as the spec's body takes them). `results` are allocated by the caller with the
// op's result types. Errors come from the body.
// `layout`, when given, describes the same groups as `gather` for the native path.
Status reduce_groups(Interpreter& in, const ir::Operation& op, const ir::Region& body,
                     std::span<const Tensor> inputs, std::span<const Tensor> inits,
                     std::span<Tensor> results, const GatherFn& gather,
                     const GroupLayout* layout = nullptr);

// reduce_groups' typed native path (reduce_native.cpp), for bodies that are one combiner or
// compare/select logic (argmax, argmin) over inputs already converted to the inits' types.
// False, with nothing written, when the body or the element types are not recognised;
// otherwise the same results as running the body, bit for bit. Threaded over outputs.
bool reduce_native(const ir::Region& body, std::span<const Tensor> inputs,
                   std::span<const Tensor> inits, std::span<Tensor> results,
                   const GatherFn& gather, const GroupLayout* layout = nullptr);

// stablehlo.reduce's native path when the input's last dimension is kept: outputs come in runs
// of `run` consecutive ones whose elements are consecutive in the input, so each step of the
// fold is one contiguous (vectorisable) loop over a tile of the run, in the same order per
// output as reduce_groups. `base_of(o)` is the input position of output o's first element;
// `offsets` are a group's elements relative to it, in fold order. False, with nothing
// written, when the body is not one combiner or the types differ; threaded over tiles.
bool reduce_runs(const ir::Region& body, const Tensor& input, const Tensor& init, Tensor& result,
                 int64_t run, std::span<const int64_t> offsets,
                 const std::function<int64_t(int64_t)>& base_of);

}  // namespace kiln::interp
