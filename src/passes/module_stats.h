// What `kiln compile --stats` counts: ops, the kernels a GPU backend would launch, fusions and
// recognised patterns, and the peak memory buffer assignment found.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>

#include "ir/operation.h"

namespace kiln::passes {

struct ModuleStats {
  int64_t ops = 0;      // every op in the functions, nested ones included
  int64_t kernels = 0;  // ops that would be a kernel launch each (see is_kernel)
  int64_t fusions = 0;  // kiln.fusion ops
  // kiln.* pattern ops by name ("kiln.softmax": 2).
  std::map<std::string, int64_t> patterns;
  // The peak bytes live at once, when buffer assignment has annotated the module.
  std::optional<int64_t> peak_bytes;
};

// Whether a GPU backend launches a kernel for `op` (in a function body or a control-flow
// region, not inside a fusion or pattern): not for constants, terminators, calls, tuples,
// reshapes (a view of the same bytes), control flow itself (its bodies' ops count), or
// annotations.
bool is_kernel(const ir::Operation& op);

// Counts `module`; ops inside a loop body count once.
ModuleStats module_stats(const ir::Module& module);

}  // namespace kiln::passes
