// Fused element-wise chains: a run of consecutive element-wise ops of one shape (unary, binary,
// compare, convert, select, broadcasts of values from outside the run) evaluated a block of
// elements at a time, so that values used only inside the run live in block-sized temporaries
// instead of full tensors. Each op computes through its own block kernel
// (ops/elementwise_kernel.h), so the results are those of running the ops one by one.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "interp/ops/elementwise_kernel.h"
#include "interp/tensor.h"
#include "support/error.h"

namespace kiln::interp {

struct RegionPlan;

// A value of a chain, as one block of it is seen by the kernels.
struct ChainValue {
  enum Source : uint8_t {
    kInput,      // a tensor of the chain's shape from before the run: read in place
    kBroadcast,  // broadcast_in_dim of a tensor from before the run: gathered per block
    kComputed,   // the result of a chain op
  };
  Source source = kInput;
  uint32_t slot = 0;          // kInput, kBroadcast: the slot of the tensor read
  bool output = false;        // also used after the run, so written to a tensor
  uint32_t output_slot = 0;   // outputs: the result's slot
  bool invariant = false;     // kBroadcast of a single element: filled once per thread
  size_t element_bytes = 0;
  size_t temp_offset = 0;     // kBroadcast and kComputed non-outputs: in a thread's buffer
  std::vector<int64_t> source_strides;  // kBroadcast: element strides per result dimension
  const ir::Type* type = nullptr;       // outputs: the result type to allocate
};

struct ChainOp {
  ElementwiseKernel kernel;
  uint32_t inputs[3] = {};  // indices into ElementwiseChain::values
  uint32_t arity = 0;
  uint32_t result = 0;
};

// One fused run of steps of a region plan, from its first step to `end`.
class ElementwiseChain {
 public:
  // The steps inside the run that are not part of the chain and run before it (constants,
  // which read nothing).
  std::span<const uint32_t> outside_steps() const { return outside_; }

  std::vector<int64_t> shape;
  int64_t num_elements = 0;
  std::vector<ChainValue> values;
  std::vector<ChainOp> ops;
  int64_t block = 1;      // elements per block: kKernelBlock, or fewer in a smaller chain
  size_t temp_bytes = 0;  // a thread's buffer for one block of every temporary
  std::vector<uint32_t> outside_;
};

// Finds the runs of `plan` worth fusing (two ops or more) and marks their first steps.
void plan_chains(const ir::Block& block, RegionPlan& plan);

// Runs `chain` on the values in `slots`, storing its outputs in their slots. Fails only when
// an output cannot be allocated, with the error the op itself would give.
Status run_chain(const ElementwiseChain& chain, RuntimeValue* slots);

}  // namespace kiln::interp
