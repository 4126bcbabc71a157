// `kiln bench` in a build without the CUDA layer (KILN_CUDA=OFF): a clear error.
#include <iostream>

#include "tools/kiln/commands.h"

namespace kiln::tools {

int run_bench(const BenchArgs&) {
  std::cerr << "kiln bench: this kiln was built without CUDA (KILN_CUDA=OFF)\n";
  return 2;
}

int run_bench_program(const BenchArgs& args) { return run_bench(args); }

}  // namespace kiln::tools
