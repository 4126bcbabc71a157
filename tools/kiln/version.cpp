// The version string printed by `kiln --version`.
#include "tools/kiln/commands.h"

#ifndef KILN_VERSION
#define KILN_VERSION "0.0.0"
#endif

namespace kiln::tools {

std::string version_string() { return std::string("kiln ") + KILN_VERSION; }

}  // namespace kiln::tools
