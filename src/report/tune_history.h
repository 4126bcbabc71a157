// Reading kiln tune's attempt histories: one JSON Lines file per (kernel, GPU),
// <dir>/tune/<gpu-slug>/<kernel>.jsonl, one attempt per line.
#pragma once

#include <filesystem>

#include "report/records.h"
#include "support/error.h"

namespace kiln::report {

// Adds to `into` the histories in `file` (one per GPU, kernel, dtype and shape found in it) and
// a Version for every kept attempt. Blank lines are skipped. Errors (invalid_argument)
// name the file and line: text that is not JSON, a line that is not an object, a missing or
// mistyped field (round, kernel, gpu, dtype, shape and verdict always; median_ms for kept and
// slower attempts), an unknown verdict.
Status read_tune_history(const std::filesystem::path& file, Results& into);

// Every <dir>/tune/*/*.jsonl, in name order; nothing when there is no tune folder.
Status read_tune_histories(const std::filesystem::path& dir, Results& into);

}  // namespace kiln::report
