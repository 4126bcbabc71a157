// `kiln tune` in a build without the CUDA layer (KILN_CUDA=OFF): a clear error.
#include <iostream>

#include "tools/kiln/commands.h"

namespace kiln::tools {

int run_tune(const TuneArgs&) {
  std::cerr << "kiln tune: this kiln was built without CUDA (KILN_CUDA=OFF)\n";
  return 2;
}

}  // namespace kiln::tools
