// reference_run: a module's outputs as the reference interpreter computes them, the answer
// every backend, pass, kernel and tuner gate is checked against.
#pragma once

#include <string_view>
#include <vector>

#include "interp/tensor.h"
#include "ir/operation.h"
#include "support/error.h"

namespace kiln::oracle {

// Runs the entry (`entry`, default @main or the only function) of the verified `module` on the
// cpu backend (the interpreter; one process) with `inputs` and returns its outputs, which must
// all be tensors. The inputs are shared, not copied, and not changed. Errors: those of
// backend::find_entry and of the run (a wrong input names it), and internal when an output is
// a token or a tuple. Thread-safe.
Expected<std::vector<interp::Tensor>> reference_run(const ir::Module& module,
                                                    const std::vector<interp::Tensor>& inputs,
                                                    std::string_view entry = "");

}  // namespace kiln::oracle
