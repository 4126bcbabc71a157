// The start and the launch step the generated linear-algebra kernels of JAX's custom calls
// share.
#include "backend/cuda/linalg_kernels.h"

#include <fmt/format.h>

#include <algorithm>
#include <tuple>

#include "backend/cuda/linalg_scalar.h"

namespace kiln::backend::cuda {

Status add_linalg_kernel(Lowerer& l, const ir::Operation& op, const std::string& fn,
                         const std::string& text, int64_t blocks, int64_t threads,
                         std::vector<KernelArg> args) {
  KernelStep step;
  KILN_TRY(std::tie(step.module, step.function), l.add_private_function("linalg_", fn, text, op));
  const int64_t cap = static_cast<int64_t>(std::max(1, l.options().device.sm_count)) * 16;
  step.grid = {static_cast<unsigned>(std::clamp<int64_t>(blocks, 1, cap)), 1, 1};
  step.block = {static_cast<unsigned>(threads), 1, 1};
  step.args = std::move(args);
  step.what = Lowerer::describe(op);
  l.add(std::move(step));
  l.count_kernel();
  return ok_status();
}

Expected<std::optional<LinalgKernelStart>> start_linalg_kernel(Lowerer& l,
                                                               const ir::Operation& op) {
  const ir::Type& type = op.operand(0)->type();
  KILN_TRY(std::string t, linalg_element(op, type));
  LinalgKernelStart k;
  for (const ir::Value* v : op.operands()) {
    KILN_TRY(BufferRef r, l.ref(v));
    k.args.emplace_back(r);
  }
  bool empty = true;
  for (const auto& r : op.results()) {
    k.args.emplace_back(l.define(r.get()));
    empty = empty && r->type().num_elements().value_or(0) == 0;
  }
  if (empty) return std::optional<LinalgKernelStart>();
  const int64_t rank = type.rank();
  k.m = type.dim(rank - 2);
  k.n = type.dim(rank - 1);
  k.batch = 1;
  for (int64_t d = 0; d < rank - 2; ++d) k.batch *= type.dim(d);
  k.fn = l.kernel_name();
  k.text = linalg_scalar_source() + fmt::format("typedef {} T;\n", t);
  return std::optional<LinalgKernelStart>(std::move(k));
}

}  // namespace kiln::backend::cuda
