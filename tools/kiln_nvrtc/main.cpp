// kiln-nvrtc: compiles one CUDA C++ module with NVRTC, the request on standard input, the cubin
// on standard output (runtime/cuda/nvrtc_parallel.h). kiln starts one per module of a parallel
// compile, because NVRTC serialises the threads of one process.
#include <iostream>

#include "runtime/cuda/nvrtc_parallel.h"

int main() {
  std::ios::sync_with_stdio(false);
  return kiln::cuda::run_nvrtc_worker(std::cin, std::cout, std::cerr);
}
