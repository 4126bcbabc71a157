// The IR's structure: SSA values with their use lists, operations with typed attributes,
// blocks and regions. A module is itself an operation (`builtin.module`) whose region holds
// functions.
#pragma once

#include <functional>
#include <memory>
#include <mutex>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "ir/attribute.h"
#include "ir/op_id.h"
#include "ir/type.h"
#include "support/error.h"
#include "support/source.h"

namespace kiln::ir {

class Block;
class Region;
class Operation;
struct OpInfo;

// One use of a value: operand `operand_index` of `user`.
struct Use {
  Operation* user;
  unsigned operand_index;
  bool operator==(const Use&) const = default;
};

// An SSA value: an operation's result or a block's argument. Owned by that operation or
// block; everything else refers to it by pointer, which stays valid while the owner lives.
// A value knows its uses; operations keep the lists current as their operands change.
class Value {
 public:
  Value(Type type, Operation* op, Block* block, unsigned index)
      : type_(std::move(type)), op_(op), block_(block), index_(index) {}
  Value(const Value&) = delete;
  Value& operator=(const Value&) = delete;
  // A value destroyed while still used (only by a pass that broke the IR) leaves a null
  // operand in each user, which the verifier reports; it never leaves a dangling pointer.
  ~Value();

  const Type& type() const { return type_; }
  void set_type(Type type) { type_ = std::move(type); }
  // The operation that defines this value, or nullptr for a block argument.
  Operation* defining_op() const { return op_; }
  // The block whose argument this is, or nullptr for an operation result.
  Block* owner_block() const { return block_; }
  // The block the value is defined in: the argument's block or the defining op's parent
  // (nullptr for the result of an op that is in no block).
  Block* parent_block() const;
  unsigned index() const { return index_; }

  // The uses, in no particular order (erasing a use moves the last one into its place).
  const std::vector<Use>& uses() const { return uses_; }
  bool has_uses() const { return !uses_.empty(); }
  size_t num_uses() const { return uses_.size(); }
  // Makes every user use `other` instead (nothing when other is this value). `other` must
  // not be null.
  void replace_all_uses_with(Value* other);
  // The same for the uses for which `pred(use)` holds.
  void replace_uses_if(Value* other, const std::function<bool(const Use&)>& pred);

  // The name the value had in the text (`%iterArg`), kept as a hint for printing.
  const std::string& name_hint() const { return name_hint_; }
  void set_name_hint(std::string name) { name_hint_ = std::move(name); }
  // Where the value was written, for diagnostics (block arguments carry their own).
  const Location& location() const { return location_; }
  void set_location(Location loc) { location_ = std::move(loc); }

 private:
  friend class Operation;
  friend class Block;
  // Removes the use at `pos` of uses_, keeping the moved use's back-reference current.
  void remove_use(uint32_t pos);

  Type type_;
  Operation* op_;
  Block* block_;
  unsigned index_;
  std::vector<Use> uses_;
  std::string name_hint_;
  Location location_;
};

// A list of operations with typed arguments. Regions in StableHLO have one block.
// The block owns its operations and arguments; destroying it first drops every operand
// reference inside it, so its contents may be torn down in any order.
class Block {
 public:
  explicit Block(Region* parent = nullptr) : parent_(parent) {}
  Block(const Block&) = delete;
  Block& operator=(const Block&) = delete;
  ~Block();

  Region* parent() const { return parent_; }
  // The operation whose region holds this block, or nullptr.
  Operation* parent_op() const;

  Value* add_argument(Type type);
  const std::vector<std::unique_ptr<Value>>& arguments() const { return args_; }
  Value* argument(size_t i) const { return args_[i].get(); }
  size_t num_arguments() const { return args_.size(); }
  // Removes argument i (later arguments move down one index). An argument that still has
  // uses is an invalid-argument error and stays.
  Status erase_argument(size_t i);

  const std::vector<std::unique_ptr<Operation>>& operations() const { return ops_; }
  bool empty() const { return ops_.empty(); }
  // The last operation, or nullptr if the block is empty.
  Operation* terminator() const { return ops_.empty() ? nullptr : ops_.back().get(); }
  // The position of `op` in this block, or npos when it is not here. Linear in the block.
  static constexpr size_t npos = static_cast<size_t>(-1);
  size_t index_of(const Operation* op) const;

  // Takes ownership of a detached op (one in no block) and places it last / at `index`
  // (<= number of ops) / before `anchor` (an op of this block, or nullptr for the end).
  // Returns the op. Its operands and their uses are unchanged.
  // An anchor that is not in this block appends.
  Operation* append(std::unique_ptr<Operation> op);
  Operation* insert(size_t index, std::unique_ptr<Operation> op);
  Operation* insert_before(Operation* anchor, std::unique_ptr<Operation> op);
  // Places detached ops, in order, from `index` on.
  void insert(size_t index, std::vector<std::unique_ptr<Operation>> ops);
  // Detaches `op` from this block and hands it to the caller with its operands and uses
  // intact (so it can be placed elsewhere); nullptr when op is not in this block.
  std::unique_ptr<Operation> take(Operation* op);
  // The same for the ops at positions [begin, end) (begin <= end <= number of ops), in order.
  std::vector<std::unique_ptr<Operation>> take_range(size_t begin, size_t end);

  // Drops the operands of every op in the block, nested ops included (MLIR's
  // dropAllReferences): the step before tearing the block down.
  void drop_all_references();

  // The `func.func` op of this block (a module's body) whose sym_name is `name`, or nullptr.
  // Constant time through an index rebuilt after the block's ops change (or a function is
  // renamed), so that verifying and running modules of many functions stay linear. Safe
  // from several threads on a block that no one edits.
  Operation* find_function(std::string_view name) const;

 private:
  friend class Region;
  struct FunctionIndex;
  // Rebuilds functions_ from ops_; needs functions_mutex_ held.
  void index_functions() const;

  Region* parent_;
  std::vector<std::unique_ptr<Value>> args_;
  std::vector<std::unique_ptr<Operation>> ops_;
  uint64_t version_ = 0;  // bumped by each insertion and removal, to invalidate functions_
  mutable std::mutex functions_mutex_;
  mutable std::shared_ptr<FunctionIndex> functions_;
};

class Region {
 public:
  explicit Region(Operation* parent) : parent_(parent) {}
  Region(const Region&) = delete;
  Region& operator=(const Region&) = delete;
  ~Region();

  Operation* parent() const { return parent_; }
  Block* add_block();
  const std::vector<std::unique_ptr<Block>>& blocks() const { return blocks_; }
  bool empty() const { return blocks_.empty(); }
  Block& front() const { return *blocks_.front(); }
  // Moves every block of `other` to the end of this region; `other` is left empty.
  void take_blocks_from(Region& other);
  void drop_all_references();

 private:
  Operation* parent_;
  std::vector<std::unique_ptr<Block>> blocks_;
};

// One operation: an interned name (its OpId), operands, results, attributes and regions, plus
// its location. `info()` is the registered description of the op, or nullptr for unregistered
// ops, which the verifier rejects (the parser accepts them so that the verifier can locate
// the error). Operand edits keep the operands' use lists current.
class Operation {
 public:
  Operation(OpId id, Location loc);
  Operation(std::string_view name, Location loc) : Operation(OpId::of(name), std::move(loc)) {}
  Operation(const Operation&) = delete;
  Operation& operator=(const Operation&) = delete;
  // Drops every operand reference of this op and its nested ops first, then destroys the
  // regions and results; results still in use leave null operands behind (see ~Value).
  ~Operation();

  OpId id() const { return id_; }
  // The full name ("stablehlo.add"); the reference lives as long as the process.
  const std::string& name() const { return id_.name(); }
  const OpInfo* info() const { return info_; }
  // Where the op was written; unknown (empty) for ops built in memory.
  const Location& location() const { return loc_; }
  void set_location(Location loc) { loc_ = std::move(loc); }

  const std::vector<Value*>& operands() const { return operands_; }
  Value* operand(size_t i) const { return operands_[i]; }
  size_t num_operands() const { return operands_.size(); }
  // Operand edits. Values may be null (a broken edit the verifier reports), never dangling.
  void add_operand(Value* v);
  void set_operand(size_t i, Value* v);
  void insert_operand(size_t i, Value* v);  // i <= num_operands()
  void erase_operand(size_t i);
  void set_operands(std::span<Value* const> values);
  // Removes every operand of this op and of the ops nested in its regions.
  void drop_all_references();

  Value* add_result(Type type);
  const std::vector<std::unique_ptr<Value>>& results() const { return results_; }
  Value* result(size_t i) const { return results_[i].get(); }
  size_t num_results() const { return results_.size(); }
  // Whether any result has a use.
  bool has_uses() const;

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
  // The nearest enclosing operation, or nullptr at the top.
  Operation* parent_op() const;
  // Whether `other` is this op or nested (at any depth) in one of its regions.
  bool is_ancestor_of(const Operation* other) const;
  // Calls fn on this op, then on every nested op in order (pre-order).
  void walk(const std::function<void(Operation&)>& fn);
  void walk(const std::function<void(const Operation&)>& fn) const;

  // A `loc(...)` attached in the text (JAX's source locations), kept verbatim so that
  // printing with locations reproduces it; empty when there was none.
  const std::string& source_loc() const { return source_loc_; }
  void set_source_loc(std::string loc) { source_loc_ = std::move(loc); }

 private:
  friend class Block;
  friend class Value;
  static constexpr uint32_t kNoUse = static_cast<uint32_t>(-1);
  void attach_use(size_t i);
  void detach_use(size_t i);

  OpId id_;
  const OpInfo* info_;
  Location loc_;
  std::vector<Value*> operands_;
  // use_pos_[i]: where operand i's use sits in operands_[i]->uses_ (kNoUse when null).
  std::vector<uint32_t> use_pos_;
  std::vector<std::unique_ptr<Value>> results_;
  std::vector<NamedAttribute> attrs_;
  std::vector<std::unique_ptr<Region>> regions_;
  Block* parent_ = nullptr;
  std::string source_loc_;
};

// Where an op sits, for messages about ops built in memory (which have no location):
// "op #2 of @main", "op #0 in region #1 of 'stablehlo.while', op #4 of @main".
std::string describe_position(const Operation& op);

// A program: the top `builtin.module` operation, which the module owns.
class Module {
 public:
  explicit Module(std::unique_ptr<Operation> op) : op_(std::move(op)) {}
  // An empty module: a `builtin.module` with one region and an empty block.
  static std::unique_ptr<Module> create_empty();
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
