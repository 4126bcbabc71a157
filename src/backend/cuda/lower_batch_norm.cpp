// batch_norm_training and batch_norm_grad in two generated kernels: the per-feature results
// first (one thread per feature folds its elements, ops/batch_norm.cpp), then the
// element-wise result, which reads them back instead of folding its feature again per
// element. batch_norm_inference is element-wise and fuses like any other op.
#include "backend/cuda/lowerer.h"

namespace kiln::backend::cuda {

namespace {

Status lower_batch_norm(Lowerer& l, const ir::Operation& op) {
  KILN_TRY(std::vector<BufferRef> operands, l.operand_refs(op));
  const std::vector<const ir::Value*> inputs(op.operands().begin(), op.operands().end());
  BufferRef out = l.define(op.result(0));
  std::vector<BufferRef> stats = {l.define(op.result(1)), l.define(op.result(2))};
  LoopKernel per_feature{l.kernel_name(), inputs, {op.result(1), op.result(2)}};
  KILN_CHECK_OK(l.add_loop_kernel(std::move(per_feature), operands, stats, op));
  LoopKernel elementwise{l.kernel_name(), inputs, {op.result(0)}};
  elementwise.params.push_back(op.result(1));
  elementwise.params.push_back(op.result(2));
  operands.insert(operands.end(), stats.begin(), stats.end());
  return l.add_loop_kernel(std::move(elementwise), operands, {out}, op);
}

}  // namespace

KILN_REGISTER_CUDA_LOWERING("stablehlo.batch_norm_training", lower_batch_norm);
KILN_REGISTER_CUDA_LOWERING("stablehlo.batch_norm_grad", lower_batch_norm);

}  // namespace kiln::backend::cuda
