// Finding the repository's test programs for file-driven tests.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace kiln::testing {

// The repository's root folder: $KILN_SOURCE_DIR if set, else the folder the tests were built
// from if it exists, else the current directory.
std::string source_dir();
// Every *.mlir file under the given folders of the source tree, sorted.
std::vector<std::string> mlir_files(const std::vector<std::string>& folders);
// A GoogleTest-friendly name for a file: its path relative to the repository, with every
// character that is not alphanumeric replaced by '_'.
std::string test_name(const std::string& path);
std::string read_file(const std::string& path);

}  // namespace kiln::testing
