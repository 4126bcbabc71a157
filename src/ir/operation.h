// The IR's structure: SSA values, operations with typed attributes, blocks and regions.
// A module is itself an operation (`builtin.module`) whose region holds functions.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "ir/attribute.h"
#include "ir/type.h"
#include "support/source.h"

namespace kiln::ir {

class Block;
class Region;
class Operation;
struct OpInfo;

// An SSA value: an operation's result or a block's argument. Owned by that operation or
// block; everything else refers to it by pointer, which stays valid while the owner lives.
class Value {
 public:
  Value(Type type, Operation* op, Block* block, unsigned index)
      : type_(std::move(type)), op_(op), block_(block), index_(index) {}

  const Type& type() const { return type_; }
  void set_type(Type type) { type_ = std::move(type); }
  // The operation that defines this value, or nullptr for a block argument.
  Operation* defining_op() const { return op_; }
  // The block whose argument this is, or nullptr for an operation result.
  Block* owner_block() const { return block_; }
  unsigned index() const { return index_; }

  // The name the value had in the text (`%iterArg`), kept as a hint for printing.
  const std::string& name_hint() const { return name_hint_; }
  void set_name_hint(std::string name) { name_hint_ = std::move(name); }
  // Where the value was written, for diagnostics (block arguments carry their own).
  const Location& location() const { return location_; }
  void set_location(Location loc) { location_ = std::move(loc); }

 private:
  Type type_;
  Operation* op_;
  Block* block_;
  unsigned index_;
  std::string name_hint_;
  Location location_;
};

// A list of operations with typed arguments. Regions in StableHLO have one block.
class Block {
 public:
  explicit Block(Region* parent = nullptr) : parent_(parent) {}
  Block(const Block&) = delete;
  Block& operator=(const Block&) = delete;

  Region* parent() const { return parent_; }
  Value* add_argument(Type type);
  const std::vector<std::unique_ptr<Value>>& arguments() const { return args_; }
  Value* argument(size_t i) const { return args_[i].get(); }
  size_t num_arguments() const { return args_.size(); }

  Operation* append(std::unique_ptr<Operation> op);
  const std::vector<std::unique_ptr<Operation>>& operations() const { return ops_; }
  std::vector<std::unique_ptr<Operation>>& mutable_operations() { return ops_; }
  // The last operation, or nullptr if the block is empty.
  Operation* terminator() const { return ops_.empty() ? nullptr : ops_.back().get(); }

 private:
  Region* parent_;
  std::vector<std::unique_ptr<Value>> args_;
  std::vector<std::unique_ptr<Operation>> ops_;
};

class Region {
 public:
  explicit Region(Operation* parent) : parent_(parent) {}
  Region(const Region&) = delete;
  Region& operator=(const Region&) = delete;

  Operation* parent() const { return parent_; }
  Block* add_block();
  const std::vector<std::unique_ptr<Block>>& blocks() const { return blocks_; }
  bool empty() const { return blocks_.empty(); }
  Block& front() const { return *blocks_.front(); }

 private:
  Operation* parent_;
  std::vector<std::unique_ptr<Block>> blocks_;
};

// One operation: a name, operands, results, attributes and regions, plus its location.
// `info()` is the registered description of the op, or nullptr for unregistered ops, which
// the verifier rejects (the parser accepts them so that the verifier can locate the error).
class Operation {
 public:
  Operation(std::string name, Location loc);
  Operation(const Operation&) = delete;
  Operation& operator=(const Operation&) = delete;
  ~Operation();

  const std::string& name() const { return name_; }
  const OpInfo* info() const { return info_; }
  const Location& location() const { return loc_; }

  const std::vector<Value*>& operands() const { return operands_; }
  Value* operand(size_t i) const { return operands_[i]; }
  size_t num_operands() const { return operands_.size(); }
  void add_operand(Value* v) { operands_.push_back(v); }
  void set_operand(size_t i, Value* v) { operands_[i] = v; }

  Value* add_result(Type type);
  const std::vector<std::unique_ptr<Value>>& results() const { return results_; }
  Value* result(size_t i) const { return results_[i].get(); }
  size_t num_results() const { return results_.size(); }

  // Attributes in the order they were set; names are unique.
  const std::vector<NamedAttribute>& attributes() const { return attrs_; }
  const Attribute* attr(std::string_view name) const;
  template <class T>
  const T* attr_as(std::string_view name) const {
    const Attribute* a = attr(name);
    return a ? a->get_if<T>() : nullptr;
  }
  void set_attr(std::string name, Attribute value);
  bool remove_attr(std::string_view name);

  Region* add_region();
  const std::vector<std::unique_ptr<Region>>& regions() const { return regions_; }
  Region& region(size_t i) const { return *regions_[i]; }
  size_t num_regions() const { return regions_.size(); }

  Block* parent_block() const { return parent_; }
  void set_parent_block(Block* b) { parent_ = b; }
  // The nearest enclosing operation, or nullptr at the top.
  Operation* parent_op() const;

  // A `loc(...)` attached in the text (JAX's source locations), kept verbatim so that
  // printing with locations reproduces it; empty when there was none.
  const std::string& source_loc() const { return source_loc_; }
  void set_source_loc(std::string loc) { source_loc_ = std::move(loc); }

 private:
  std::string name_;
  const OpInfo* info_;
  Location loc_;
  std::vector<Value*> operands_;
  std::vector<std::unique_ptr<Value>> results_;
  std::vector<NamedAttribute> attrs_;
  std::vector<std::unique_ptr<Region>> regions_;
  Block* parent_ = nullptr;
  std::string source_loc_;
};

// A parsed program: the top `builtin.module` operation and the text it came from.
class Module {
 public:
  explicit Module(std::unique_ptr<Operation> op) : op_(std::move(op)) {}
  Operation& op() const { return *op_; }
  Block& body() const { return op_->region(0).front(); }
  // The function `func.func @name`, or nullptr.
  Operation* lookup_function(std::string_view name) const;
  // Every `func.func` in the order written.
  std::vector<Operation*> functions() const;
  // `#name = ...` alias definitions that were not used and should print back.
  std::vector<std::pair<std::string, std::string>>& trailing_aliases() { return aliases_; }

 private:
  std::unique_ptr<Operation> op_;
  std::vector<std::pair<std::string, std::string>> aliases_;
};

}  // namespace kiln::ir
