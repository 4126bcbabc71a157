// The pipelines O0..O3: which passes run, in which order, at each optimisation level.
#pragma once

#include <string_view>
#include <vector>

#include "passes/pass_manager.h"

namespace kiln::passes {

// The pass names of each level, in order (see pipeline.cpp: one function per level).
std::vector<std::string_view> pipeline_passes(int opt_level);

// A pass manager holding the passes of `opt_level` (0..3; invalid_argument otherwise) with
// `options`; the pass options' opt_level and aggressive flag are set from the level.
Expected<PassManager> pipeline(int opt_level, PassManagerOptions options = {});

// Runs the pipeline of `opt_level` on `module` in place (what `kiln run -O` does).
Expected<PipelineReport> optimize(ir::Module& module, int opt_level,
                                  PassManagerOptions options = {});

}  // namespace kiln::passes
