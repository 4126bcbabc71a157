// Values and their use lists, operations and modules (blocks and regions: block.cpp).
#include "ir/operation.h"

#include "ir/op_info.h"

namespace kiln::ir {

Value::~Value() {
  // Users outlive this value only in IR a pass broke; leave them a null operand, which the
  // verifier reports, rather than a dangling pointer.
  for (const Use& u : uses_) {
    u.user->operands_[u.operand_index] = nullptr;
    u.user->use_pos_[u.operand_index] = Operation::kNoUse;
  }
}

Block* Value::parent_block() const { return block_ ? block_ : op_->parent_block(); }

void Value::remove_use(uint32_t pos) {
  Use moved = uses_.back();
  uses_[pos] = moved;
  moved.user->use_pos_[moved.operand_index] = pos;
  uses_.pop_back();
}

void Value::replace_all_uses_with(Value* other) {
  if (other == this) return;
  // Each set_operand removes the use it rewires, so the list shrinks to nothing.
  while (!uses_.empty()) {
    Use u = uses_.back();
    u.user->set_operand(u.operand_index, other);
  }
}

void Value::replace_uses_if(Value* other, const std::function<bool(const Use&)>& pred) {
  if (other == this) return;
  std::vector<Use> snapshot = uses_;
  for (const Use& u : snapshot) {
    if (pred(u)) u.user->set_operand(u.operand_index, other);
  }
}

Operation::Operation(OpId id, Location loc)
    : id_(id), info_(lookup_op(id)), loc_(std::move(loc)) {}

Operation::~Operation() {
  drop_all_references();
  // Regions back to front, then results (whose remaining users, if any, get null operands).
  while (!regions_.empty()) regions_.pop_back();
}

void Operation::attach_use(size_t i) {
  Value* v = operands_[i];
  if (!v) {
    use_pos_[i] = kNoUse;
    return;
  }
  use_pos_[i] = static_cast<uint32_t>(v->uses_.size());
  v->uses_.push_back({this, static_cast<unsigned>(i)});
}

void Operation::detach_use(size_t i) {
  if (operands_[i] && use_pos_[i] != kNoUse) operands_[i]->remove_use(use_pos_[i]);
  use_pos_[i] = kNoUse;
}

void Operation::add_operand(Value* v) {
  operands_.push_back(v);
  use_pos_.push_back(kNoUse);
  attach_use(operands_.size() - 1);
}

void Operation::set_operand(size_t i, Value* v) {
  if (operands_[i] == v) return;
  detach_use(i);
  operands_[i] = v;
  attach_use(i);
}

void Operation::insert_operand(size_t i, Value* v) {
  operands_.insert(operands_.begin() + static_cast<std::ptrdiff_t>(i), v);
  use_pos_.insert(use_pos_.begin() + static_cast<std::ptrdiff_t>(i), kNoUse);
  attach_use(i);
  // The operands after i moved up one; their uses name the new index.
  for (size_t j = i + 1; j < operands_.size(); ++j) {
    if (use_pos_[j] != kNoUse) operands_[j]->uses_[use_pos_[j]].operand_index = static_cast<unsigned>(j);
  }
}

void Operation::erase_operand(size_t i) {
  detach_use(i);
  operands_.erase(operands_.begin() + static_cast<std::ptrdiff_t>(i));
  use_pos_.erase(use_pos_.begin() + static_cast<std::ptrdiff_t>(i));
  for (size_t j = i; j < operands_.size(); ++j) {
    if (use_pos_[j] != kNoUse) operands_[j]->uses_[use_pos_[j]].operand_index = static_cast<unsigned>(j);
  }
}

void Operation::set_operands(std::span<Value* const> values) {
  for (size_t i = 0; i < operands_.size(); ++i) detach_use(i);
  operands_.assign(values.begin(), values.end());
  use_pos_.assign(values.size(), kNoUse);
  for (size_t i = 0; i < operands_.size(); ++i) attach_use(i);
}

void Operation::drop_all_references() {
  for (size_t i = 0; i < operands_.size(); ++i) detach_use(i);
  operands_.clear();
  use_pos_.clear();
  for (auto& region : regions_) region->drop_all_references();
}

Value* Operation::add_result(Type type) {
  results_.push_back(std::make_unique<Value>(std::move(type), this, nullptr,
                                             static_cast<unsigned>(results_.size())));
  return results_.back().get();
}

bool Operation::has_uses() const {
  for (const auto& r : results_) {
    if (r->has_uses()) return true;
  }
  return false;
}

const Attribute* Operation::attr(std::string_view name) const {
  for (const NamedAttribute& a : attrs_) {
    if (a.name == name) return &a.value;
  }
  return nullptr;
}

void Operation::set_attr(std::string name, Attribute value) {
  for (NamedAttribute& a : attrs_) {
    if (a.name == name) {
      a.value = std::move(value);
      return;
    }
  }
  attrs_.push_back({std::move(name), std::move(value)});
}

bool Operation::remove_attr(std::string_view name) {
  for (auto it = attrs_.begin(); it != attrs_.end(); ++it) {
    if (it->name == name) {
      attrs_.erase(it);
      return true;
    }
  }
  return false;
}

Region* Operation::add_region() {
  regions_.push_back(std::make_unique<Region>(this));
  return regions_.back().get();
}

Operation* Operation::parent_op() const { return parent_ ? parent_->parent_op() : nullptr; }

bool Operation::is_ancestor_of(const Operation* other) const {
  for (; other; other = other->parent_op()) {
    if (other == this) return true;
  }
  return false;
}

void Operation::walk(const std::function<void(Operation&)>& fn) {
  fn(*this);
  for (auto& region : regions_) {
    for (const auto& block : region->blocks()) {
      for (const auto& op : block->operations()) op->walk(fn);
    }
  }
}

void Operation::walk(const std::function<void(const Operation&)>& fn) const {
  fn(*this);
  for (const auto& region : regions_) {
    for (const auto& block : region->blocks()) {
      for (const auto& op : block->operations()) std::as_const(*op).walk(fn);
    }
  }
}

std::string describe_position(const Operation& op) {
  const Block* block = op.parent_block();
  if (!block) return "an op in no block";
  std::string here = "op #" + std::to_string(block->index_of(&op));
  const Operation* parent = block->parent_op();
  if (!parent) return here + " of a block in no op";
  if (parent->id() == ops::kModule) return here + " of the module";
  if (parent->id() == ops::kFunc) {
    const auto* sym = parent->attr_as<StringAttr>("sym_name");
    return here + " of @" + (sym ? sym->value : std::string("?"));
  }
  size_t region = 0;
  while (region < parent->num_regions() && &parent->region(region) != block->parent()) ++region;
  return here + " in region #" + std::to_string(region) + " of '" + parent->name() + "', " +
         describe_position(*parent);
}

std::unique_ptr<Module> Module::create_empty() {
  auto op = std::make_unique<Operation>(ops::kModule, Location{});
  op->add_region()->add_block();
  return std::make_unique<Module>(std::move(op));
}

Operation* Module::lookup_function(std::string_view name) const {
  return body().find_function(name);
}

std::vector<Operation*> Module::functions() const {
  std::vector<Operation*> out;
  for (const auto& op : body().operations()) {
    if (op->id() == ops::kFunc) out.push_back(op.get());
  }
  return out;
}

}  // namespace kiln::ir
