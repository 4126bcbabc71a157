// Parsing MLIR text (StableHLO, chlo, func, the check and interpreter test dialects) into IR.
#pragma once

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "ir/operation.h"
#include "support/error.h"
#include "support/source.h"

namespace kiln::frontend {

// Parses the byte range [begin, end) of `buffer` as one module (an explicit `module {...}`
// or top-level functions, which get an implicit module). Errors are
// `file:line:col: error: ...` with the source line and a caret. Does not verify.
Expected<std::unique_ptr<ir::Module>> parse_module(std::shared_ptr<const SourceBuffer> buffer,
                                                   size_t begin, size_t end);
Expected<std::unique_ptr<ir::Module>> parse_module(std::shared_ptr<const SourceBuffer> buffer);
// Convenience for tests: parses `text` named `name`.
Expected<std::unique_ptr<ir::Module>> parse_module_text(std::string text,
                                                        std::string name = "<string>");

// The byte ranges of the chunks of a file split on lines `// -----` (mlir-opt's
// --split-input-file); one range covering everything when there is no such line.
std::vector<std::pair<size_t, size_t>> split_input_file(std::string_view text);

}  // namespace kiln::frontend
