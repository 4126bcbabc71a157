// Elemental rules of broadcast_in_dim and broadcast: the operand's index drops the new
// dimensions and reads 0 along its size-1 ones.
#include <fmt/format.h>

#include "backend/cuda/ops/rule_helpers.h"

namespace kiln::backend::cuda {

namespace {

Expected<std::string> broadcast_from(Emitter& e, const ir::Operation& op, Index& index,
                                     const std::vector<int64_t>& dims) {
  const ir::Type& in = op.operand(0)->type();
  const std::vector<std::string>& out = e.dims(index);
  std::vector<std::string> d(dims.size());
  for (size_t i = 0; i < dims.size(); ++i) {
    d[i] = in.dim(static_cast<int64_t>(i)) == 1 ? "0" : out[static_cast<size_t>(dims[i])];
  }
  Index operand = Index::of_dims(in.shape(), std::move(d));
  return e.emit(op.operand(0), operand);
}

Expected<std::string> emit_broadcast_in_dim(Emitter& e, const ir::Operation& op, size_t,
                                            Index& index) {
  return broadcast_from(e, op, index, attr_ints(op, "broadcast_dimensions"));
}

// stablehlo.broadcast prepends broadcast_sizes: the operand's dimensions are the last ones.
Expected<std::string> emit_broadcast(Emitter& e, const ir::Operation& op, size_t, Index& index) {
  const int64_t rank = op.operand(0)->type().rank();
  const int64_t lead = op.result(0)->type().rank() - rank;
  std::vector<int64_t> dims;
  for (int64_t i = 0; i < rank; ++i) dims.push_back(lead + i);
  return broadcast_from(e, op, index, dims);
}

}  // namespace

KILN_REGISTER_CUDA_ELEMENTAL("stablehlo.broadcast_in_dim", emit_broadcast_in_dim);
KILN_REGISTER_CUDA_ELEMENTAL("stablehlo.broadcast", emit_broadcast);

}  // namespace kiln::backend::cuda
