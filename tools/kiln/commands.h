// The subcommands of the kiln command line, one function each.
#pragma once

#include <string>

namespace kiln::tools {

std::string version_string();

struct PrintArgs {
  std::string file;
  bool split = false;
  bool generic = false;
  bool locations = false;
  bool no_verify = false;
};
// Parses, verifies and prints FILE; errors go to stderr. Returns the exit status.
int run_print(const PrintArgs& args);

}  // namespace kiln::tools
