// A stand-in op: a detached copy of an op under another name and/or other operand and result
// types, whose operands are values of its own (no use is recorded on the original's operands).
// Rules compute through it what the original means: chlo.broadcast_add as stablehlo.add on
// broadcast operands, a quantized op on its expressed types (Emitter::bind_view reads the
// stand-in operands).
#pragma once

#include <memory>
#include <string_view>
#include <vector>

#include "ir/operation.h"

namespace kiln::backend::cuda {

class StandInOp {
 public:
  // `name` with `original`'s location and attributes, one operand of each of
  // `operand_types` and one result of each of `result_types`.
  StandInOp(std::string_view name, const ir::Operation& original,
            const std::vector<ir::Type>& operand_types, const std::vector<ir::Type>& result_types);

  const ir::Operation& op() const { return op_; }
  ir::Operation& op() { return op_; }
  const ir::Value* operand(size_t i) const { return op_.operand(i); }

 private:
  ir::Block values_;  // owns the operands; declared first so that op_ goes first
  ir::Operation op_;
};

}  // namespace kiln::backend::cuda
