// The builder: creates operations at an insertion point (a block and a position in it), with
// parent links and use lists set, and helpers for the ops passes create most.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ir/attribute.h"
#include "ir/op_id.h"
#include "ir/operation.h"
#include "ir/type.h"
#include "support/error.h"
#include "support/source.h"

namespace kiln::ir {

// Creates ops into a block. The insertion point is a block and the op before which new ops
// go (none: the end of the block); successive creates keep their order, each after the one
// before. The block is borrowed: it and the anchor op must outlive their use by the builder
// (erasing the anchor requires moving the insertion point first). Not thread-safe.
// Built ops get the builder's location (unknown unless set_location was called) unless one
// is given; the verifier then names them by position instead.
class Builder {
 public:
  // At the end of `block`.
  explicit Builder(Block& block) : block_(&block) {}
  static Builder at_end(Block& block) { return Builder(block); }
  static Builder at_start(Block& block);

  Block* block() const { return block_; }
  // The op new ops go before, or nullptr at the end of the block.
  Operation* anchor() const { return anchor_; }

  void set_insertion_point_to_end(Block& block);
  void set_insertion_point_to_start(Block& block);
  // Before or after `op`. An op in no block is an invalid-argument error, and the insertion
  // point stays where it was.
  Status set_insertion_point_before(Operation& op);
  Status set_insertion_point_after(Operation& op);

  const Location& location() const { return loc_; }
  void set_location(Location loc) { loc_ = std::move(loc); }

  // Creates `name`/`id` with these operands (their uses recorded), results of these types,
  // attributes and `num_regions` empty regions (add blocks with region(i).add_block()), and
  // places it at the insertion point. The op is owned by the block; the pointer stays valid
  // until it is erased. Nothing is verified here: run ir::verify when the edit is done.
  Operation* create(OpId id, const std::vector<Value*>& operands,
                    const std::vector<Type>& result_types,
                    std::vector<NamedAttribute> attributes = {}, unsigned num_regions = 0,
                    std::optional<Location> loc = std::nullopt);
  Operation* create(std::string_view name, const std::vector<Value*>& operands,
                    const std::vector<Type>& result_types,
                    std::vector<NamedAttribute> attributes = {}, unsigned num_regions = 0,
                    std::optional<Location> loc = std::nullopt);
  // Places a detached op (one in no block, e.g. from clone_op or Block::take) at the
  // insertion point and returns it.
  Operation* insert(std::unique_ptr<Operation> op);

  // `stablehlo.constant` holding `value`; returns its result (of value's type).
  Value* constant(DenseElementsAttr value);
  // An element-wise op whose result has its first operand's type (stablehlo.add, negate,
  // exponential, ...); returns the result. `operands` must not be empty.
  Value* elementwise(OpId id, const std::vector<Value*>& operands);
  Value* elementwise(std::string_view name, const std::vector<Value*>& operands);
  // The terminators: `func.return` of a function body, `stablehlo.return` of other regions.
  Operation* func_return(const std::vector<Value*>& values);
  Operation* region_return(const std::vector<Value*>& values);
  // `func.func @name` of this signature (a function type) with an entry block whose
  // arguments have the signature's input types; the caller fills the block and ends it with
  // func_return. A type that is not a function type is an invalid-argument error.
  Expected<Operation*> func(std::string name, const Type& signature);

 protected:
  Block* block_;
  Operation* anchor_ = nullptr;

 private:
  Location loc_;
};

}  // namespace kiln::ir
