// The launch step the generated linear-algebra kernels of JAX's custom calls share.
#include "backend/cuda/linalg_kernels.h"

#include <algorithm>

#include "kernels/cuda/sources.h"

namespace kiln::backend::cuda {

Status add_linalg_kernel(Lowerer& l, const ir::Operation& op, const std::string& fn,
                         const std::string& text, int64_t blocks, int64_t threads,
                         std::vector<KernelArg> args) {
  KILN_TRY(std::string prelude, kernels::header_source("ops/scalar.cuh"));
  KernelStep step;
  step.function = fn;
  step.module = l.add_module("linalg_" + fn, prelude + text, {fn});
  const int64_t cap = static_cast<int64_t>(std::max(1, l.options().device.sm_count)) * 16;
  step.grid = {static_cast<unsigned>(std::clamp<int64_t>(blocks, 1, cap)), 1, 1};
  step.block = {static_cast<unsigned>(threads), 1, 1};
  step.args = std::move(args);
  step.what = Lowerer::describe(op);
  l.add(std::move(step));
  l.count_kernel();
  return ok_status();
}

}  // namespace kiln::backend::cuda
