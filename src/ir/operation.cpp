// Values, blocks, regions, operations and modules.
#include "ir/operation.h"

#include "ir/op_info.h"

namespace kiln::ir {

Value* Block::add_argument(Type type) {
  args_.push_back(std::make_unique<Value>(std::move(type), nullptr, this,
                                          static_cast<unsigned>(args_.size())));
  return args_.back().get();
}

Operation* Block::append(std::unique_ptr<Operation> op) {
  op->set_parent_block(this);
  ops_.push_back(std::move(op));
  return ops_.back().get();
}

Block* Region::add_block() {
  blocks_.push_back(std::make_unique<Block>(this));
  return blocks_.back().get();
}

Operation::Operation(std::string name, Location loc)
    : name_(std::move(name)), info_(lookup_op(name_)), loc_(std::move(loc)) {}

Operation::~Operation() {
  // Destroy regions first, back to front, so that no operation outlives a value it uses.
  while (!regions_.empty()) regions_.pop_back();
}

Value* Operation::add_result(Type type) {
  results_.push_back(std::make_unique<Value>(std::move(type), this, nullptr,
                                             static_cast<unsigned>(results_.size())));
  return results_.back().get();
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

Operation* Operation::parent_op() const {
  if (!parent_ || !parent_->parent()) return nullptr;
  return parent_->parent()->parent();
}

Operation* Module::lookup_function(std::string_view name) const {
  for (Operation* f : functions()) {
    const auto* sym = f->attr_as<StringAttr>("sym_name");
    if (sym && sym->value == name) return f;
  }
  return nullptr;
}

std::vector<Operation*> Module::functions() const {
  std::vector<Operation*> out;
  for (const auto& op : body().operations()) {
    if (op->name() == "func.func") out.push_back(op.get());
  }
  return out;
}

}  // namespace kiln::ir
