// The step fuse-loops and fuse-reductions share: plan each block's fusions and wrap the chosen
// groups into kiln.fusion ops of one kind.
#pragma once

#include <functional>

#include "ir/op_id.h"
#include "passes/fusion_plan.h"

namespace kiln::passes {

// Plans every fusion block of `module` (after copying cheap producers into their users) and
// outlines the groups `wanted` accepts as kiln.fusion ops of `kind` ("loop", "input"; a loop
// group with several results becomes "multi_output"). A block none of whose ops `may_root`
// accepts is not planned (its cheap producers are still copied): the caller knows that no
// group it wants could come of it. Null `may_root`: every block is planned.
// Returns the number of fusions made; counts "fusions" and "ops fused" in the context.
Expected<int64_t> fuse_groups(ir::Module& module, PassContext& context, std::string_view kind,
                              const std::function<bool(const FusionGroup&)>& wanted,
                              const std::function<bool(const ir::Operation&)>& may_root = {});

}  // namespace kiln::passes
