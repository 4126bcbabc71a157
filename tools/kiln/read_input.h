// Reading a program from a file or standard input into a source buffer, and its chunks.
#pragma once

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "support/error.h"
#include "support/source.h"

namespace kiln::tools {

// Reads `path` ('-' for standard input). Errors: "kiln: cannot open FILE: reason".
Expected<std::shared_ptr<const SourceBuffer>> read_input(const std::string& path);

// The byte ranges of `source` to parse one at a time: its `// -----` chunks when `split`
// (--split-input-file), else the whole text.
std::vector<std::pair<size_t, size_t>> input_chunks(const SourceBuffer& source, bool split);

}  // namespace kiln::tools
