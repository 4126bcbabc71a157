// kiln-nvrtc: compiles CUDA C++ with NVRTC for kiln (runtime/cuda/nvrtc_parallel.h), because
// NVRTC serialises the threads of one process. `kiln-nvrtc` compiles one module, the request on
// standard input, the cubin on standard output; `kiln-nvrtc --serve` answers request frames on
// standard input with reply frames on standard output until its input ends (a worker of kiln's
// pool, runtime/cuda/nvrtc_pool.h).
#include <iostream>
#include <string_view>

#include "runtime/cuda/nvrtc_parallel.h"

int main(int argc, char** argv) {
  std::ios::sync_with_stdio(false);
  if (argc == 2 && std::string_view(argv[1]) == "--serve") {
    return kiln::cuda::serve_nvrtc_worker(std::cin, std::cout, std::cerr);
  }
  if (argc != 1) {
    std::cerr << "usage: kiln-nvrtc [--serve] (a request on standard input: "
                 "runtime/cuda/nvrtc_parallel.h)\n";
    return 2;
  }
  return kiln::cuda::run_nvrtc_worker(std::cin, std::cout, std::cerr);
}
