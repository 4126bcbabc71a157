// Reading a program from a file or standard input into a source buffer.
#pragma once

#include <memory>
#include <string>

#include "support/error.h"
#include "support/source.h"

namespace kiln::tools {

// Reads `path` ('-' for standard input). Errors: "kiln: cannot open FILE: reason".
Expected<std::shared_ptr<const SourceBuffer>> read_input(const std::string& path);

}  // namespace kiln::tools
