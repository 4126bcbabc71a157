// The builder's insertion point and op creation.
#include "ir/builder.h"

namespace kiln::ir {

namespace {

Error not_in_block(const Operation& op) {
  return Error::invalid_argument("ir::Builder: '" + op.name() +
                                 "' is in no block, so there is no position before or after it");
}

}  // namespace

Builder Builder::at_start(Block& block) {
  Builder b(block);
  b.set_insertion_point_to_start(block);
  return b;
}

void Builder::set_insertion_point_to_end(Block& block) {
  block_ = &block;
  anchor_ = nullptr;
}

void Builder::set_insertion_point_to_start(Block& block) {
  block_ = &block;
  anchor_ = block.empty() ? nullptr : block.operations().front().get();
}

Status Builder::set_insertion_point_before(Operation& op) {
  if (!op.parent_block()) return not_in_block(op);
  block_ = op.parent_block();
  anchor_ = &op;
  return ok_status();
}

Status Builder::set_insertion_point_after(Operation& op) {
  Block* block = op.parent_block();
  if (!block) return not_in_block(op);
  size_t index = block->index_of(&op);
  block_ = block;
  anchor_ = index + 1 < block->operations().size() ? block->operations()[index + 1].get()
                                                    : nullptr;
  return ok_status();
}

Operation* Builder::insert(std::unique_ptr<Operation> op) {
  return block_->insert_before(anchor_, std::move(op));
}

Operation* Builder::create(OpId id, const std::vector<Value*>& operands,
                           const std::vector<Type>& result_types,
                           std::vector<NamedAttribute> attributes, unsigned num_regions,
                           std::optional<Location> loc) {
  auto op = std::make_unique<Operation>(id, loc ? std::move(*loc) : loc_);
  for (Value* v : operands) op->add_operand(v);
  for (const Type& t : result_types) op->add_result(t);
  for (NamedAttribute& a : attributes) op->set_attr(std::move(a.name), std::move(a.value));
  for (unsigned i = 0; i < num_regions; ++i) op->add_region();
  return insert(std::move(op));
}

Operation* Builder::create(std::string_view name, const std::vector<Value*>& operands,
                           const std::vector<Type>& result_types,
                           std::vector<NamedAttribute> attributes, unsigned num_regions,
                           std::optional<Location> loc) {
  return create(OpId::of(name), operands, result_types, std::move(attributes), num_regions,
                std::move(loc));
}

Value* Builder::constant(DenseElementsAttr value) {
  Type type = value.type;
  return create(ops::kConstant, {}, {type}, {{"value", std::move(value)}})->result(0);
}

Value* Builder::elementwise(OpId id, const std::vector<Value*>& operands) {
  return create(id, operands, {operands.front()->type()})->result(0);
}

Value* Builder::elementwise(std::string_view name, const std::vector<Value*>& operands) {
  return elementwise(OpId::of(name), operands);
}

Operation* Builder::func_return(const std::vector<Value*>& values) {
  return create(ops::kFuncReturn, values, {});
}

Operation* Builder::region_return(const std::vector<Value*>& values) {
  return create(ops::kReturn, values, {});
}

Expected<Operation*> Builder::func(std::string name, const Type& signature) {
  if (!signature.is_function()) {
    return Error::invalid_argument("ir::Builder: @" + name + " needs a function type, not " +
                                   to_string(signature));
  }
  Operation* f = create(ops::kFunc, {}, {},
                        {{"sym_name", StringAttr{std::move(name)}}, {"function_type", TypeAttr{signature}}},
                        1);
  Block* entry = f->region(0).add_block();
  for (const Type& t : signature.function_inputs()) entry->add_argument(t);
  return f;
}

}  // namespace kiln::ir
