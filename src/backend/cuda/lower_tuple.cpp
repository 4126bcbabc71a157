// tuple and get_tuple_element: a tuple's slot holds its elements' bytes one after another
// (tuple_layout.h); building one copies its elements in, taking one out copies it out (an
// element's slot must outlive the tuple's independently).
#include "backend/cuda/codegen/emitter.h"
#include "backend/cuda/lowerer.h"
#include "backend/cuda/tuple_layout.h"

namespace kiln::backend::cuda {

namespace {

Status lower_tuple(Lowerer& l, const ir::Operation& op) {
  const ir::Type& type = op.result(0)->type();
  if (!type.is_tuple() || type.tuple_elements().size() != op.num_operands()) {
    return unsupported(op, "a result that is not the tuple of its operands");
  }
  BufferRef out = l.define(op.result(0));
  for (size_t i = 0; i < op.num_operands(); ++i) {
    KILN_TRY(BufferRef src, l.ref(op.operand(i)));
    src.bytes = value_bytes(op.operand(i)->type());
    if (src.bytes == 0) continue;
    BufferRef dst = out;
    dst.offset += tuple_element_offset(type, i);
    dst.bytes = src.bytes;
    l.add(CopyStep{src, dst});
  }
  return ok_status();
}

Status lower_get_tuple_element(Lowerer& l, const ir::Operation& op) {
  const ir::Type& type = op.operand(0)->type();
  const auto* index = op.attr_as<ir::IntegerAttr>("index");
  if (!type.is_tuple() || !index || index->value < 0 ||
      static_cast<size_t>(index->value) >= type.tuple_elements().size()) {
    return unsupported(op, "an index that is not an element of its operand");
  }
  const auto i = static_cast<size_t>(index->value);
  KILN_TRY(BufferRef tuple, l.ref(op.operand(0)));
  BufferRef out = l.define(op.result(0));
  BufferRef src = tuple;
  src.offset += tuple_element_offset(type, i);
  src.bytes = value_bytes(type.tuple_elements()[i]);
  if (src.bytes > 0) l.add(CopyStep{src, out});
  return ok_status();
}

}  // namespace

KILN_REGISTER_CUDA_LOWERING("stablehlo.tuple", lower_tuple);
KILN_REGISTER_CUDA_LOWERING("stablehlo.get_tuple_element", lower_get_tuple_element);

}  // namespace kiln::backend::cuda
