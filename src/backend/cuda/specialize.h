// Shape specialization for the cuda backend: the module a lowering reads, refined to static
// shapes (refine-shapes) where the program holds dynamic ones.
#pragma once

#include <memory>
#include <vector>

#include "backend/backend.h"
#include "ir/operation.h"
#include "support/error.h"

namespace kiln::backend::cuda {

// The module and entry function to lower: `module` itself when it holds no dynamic shape
// (passes::has_dynamic_shapes), else a refined copy that `owned` keeps.
struct PreparedModule {
  std::shared_ptr<const ir::Module> owned;  // null when `module` is the caller's
  const ir::Module* module = nullptr;
  const ir::Operation* entry = nullptr;
};

// `module` ready to lower from `entry`, specialized to the static `inputs` (one type per
// argument; empty: the entry's own argument types, which must then be static). A copy is made
// and refined when the program has dynamic shapes: calls inlined, then refine-shapes (which
// folds the shape operands of the dynamic-shape ops into constants and makes each op its
// static twin), then verified. Errors: invalid_argument for inputs that do not fit the
// entry's types, or a failed shape assertion; unimplemented (in the backend's words, naming
// the op) for what does not refine. With `inputs` and an `opt_level` above 0, the pipeline of
// that level then runs on the specialized copy, so that its ops fuse as a static program's
// (kiln::compile leaves an entry of dynamic shapes unoptimized; one optimized before is
// optimized again, which the pipeline's idempotence makes harmless).
Expected<PreparedModule> prepare_module(const ir::Module& module, const ir::Operation& entry,
                                        const std::vector<ir::Type>& inputs = {},
                                        int opt_level = 0);

}  // namespace kiln::backend::cuda
