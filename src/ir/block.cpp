// Blocks and regions: ownership of operations, insertion and removal, teardown.
#include "ir/operation.h"

#include <iterator>
#include <unordered_map>

#include "ir/op_info.h"

namespace kiln::ir {

Block::~Block() {
  // Every operand reference first, so that no destructor below touches a freed value.
  drop_all_references();
  while (!ops_.empty()) ops_.pop_back();
}

Operation* Block::parent_op() const { return parent_ ? parent_->parent() : nullptr; }

Value* Block::add_argument(Type type) {
  args_.push_back(std::make_unique<Value>(std::move(type), nullptr, this,
                                          static_cast<unsigned>(args_.size())));
  return args_.back().get();
}

Status Block::erase_argument(size_t i) {
  if (i >= args_.size()) {
    return Error::invalid_argument("ir: block has " + std::to_string(args_.size()) +
                                   " arguments; cannot erase argument #" + std::to_string(i));
  }
  if (args_[i]->has_uses()) {
    return Error::invalid_argument("ir: block argument #" + std::to_string(i) + " still has " +
                                   std::to_string(args_[i]->num_uses()) + " uses");
  }
  args_.erase(args_.begin() + static_cast<std::ptrdiff_t>(i));
  for (size_t j = i; j < args_.size(); ++j) args_[j]->index_ = static_cast<unsigned>(j);
  return ok_status();
}

size_t Block::index_of(const Operation* op) const {
  if (!op || op->parent_block() != this) return npos;
  for (size_t i = ops_.size(); i-- > 0;) {
    if (ops_[i].get() == op) return i;
  }
  return npos;
}

Operation* Block::append(std::unique_ptr<Operation> op) {
  return insert(ops_.size(), std::move(op));
}

Operation* Block::insert(size_t index, std::unique_ptr<Operation> op) {
  ++version_;
  op->parent_ = this;
  auto it = ops_.insert(ops_.begin() + static_cast<std::ptrdiff_t>(index), std::move(op));
  return it->get();
}

Operation* Block::insert_before(Operation* anchor, std::unique_ptr<Operation> op) {
  size_t index = anchor ? index_of(anchor) : ops_.size();
  return insert(index == npos ? ops_.size() : index, std::move(op));
}

std::unique_ptr<Operation> Block::take(Operation* op) {
  size_t index = index_of(op);
  if (index == npos) return nullptr;
  ++version_;
  std::unique_ptr<Operation> owned = std::move(ops_[index]);
  ops_.erase(ops_.begin() + static_cast<std::ptrdiff_t>(index));
  owned->parent_ = nullptr;
  return owned;
}

void Block::insert(size_t index, std::vector<std::unique_ptr<Operation>> ops) {
  ++version_;
  for (auto& op : ops) op->parent_ = this;
  ops_.insert(ops_.begin() + static_cast<std::ptrdiff_t>(index),
              std::make_move_iterator(ops.begin()), std::make_move_iterator(ops.end()));
}

std::vector<std::unique_ptr<Operation>> Block::take_range(size_t begin, size_t end) {
  auto first = ops_.begin() + static_cast<std::ptrdiff_t>(begin);
  auto last = ops_.begin() + static_cast<std::ptrdiff_t>(end);
  std::vector<std::unique_ptr<Operation>> taken(std::make_move_iterator(first),
                                                std::make_move_iterator(last));
  ops_.erase(first, last);
  ++version_;
  for (auto& op : taken) op->parent_ = nullptr;
  return taken;
}

struct Block::FunctionIndex {
  uint64_t version;
  // Copies of the names: a rename frees the attribute string a view would point into.
  std::unordered_map<std::string, Operation*> by_name;
};

void Block::index_functions() const {
  auto index = std::make_shared<FunctionIndex>();
  index->version = version_;
  for (const auto& op : ops_) {
    if (op->id() != ops::kFunc) continue;
    // The first of several same-named functions wins, as a linear search would find it.
    if (const auto* sym = op->attr_as<StringAttr>("sym_name")) index->by_name.emplace(sym->value, op.get());
  }
  functions_ = std::move(index);
}

Operation* Block::find_function(std::string_view name) const {
  std::lock_guard lock(functions_mutex_);
  auto lookup = [&]() -> Operation* {
    auto it = functions_->by_name.find(std::string(name));
    if (it == functions_->by_name.end()) return nullptr;
    // The op may have been renamed since (set_attr does not touch the block).
    const auto* sym = it->second->attr_as<StringAttr>("sym_name");
    return sym && sym->value == name ? it->second : nullptr;
  };
  if (!functions_ || functions_->version != version_) index_functions();
  if (Operation* found = lookup()) return found;
  // A miss may come from a rename the index has not seen: look once more on a fresh index.
  index_functions();
  return lookup();
}

void Block::drop_all_references() {
  for (auto& op : ops_) op->drop_all_references();
}

Region::~Region() {
  drop_all_references();
  while (!blocks_.empty()) blocks_.pop_back();
}

Block* Region::add_block() {
  blocks_.push_back(std::make_unique<Block>(this));
  return blocks_.back().get();
}

void Region::take_blocks_from(Region& other) {
  for (auto& block : other.blocks_) {
    block->parent_ = this;
    blocks_.push_back(std::move(block));
  }
  other.blocks_.clear();
}

void Region::drop_all_references() {
  for (auto& block : blocks_) block->drop_all_references();
}

}  // namespace kiln::ir
