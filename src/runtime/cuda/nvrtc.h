// Compiling CUDA C++ at run time with NVRTC (loaded with dlopen, so no GPU or driver is
// needed: CI compiles every kernel), with a disk cache of the resulting cubins.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "support/error.h"

namespace kiln::cuda {

struct CompileRequest {
  std::string name;                  // for messages and the cached source's file name
  std::string source;                // CUDA C++
  std::string arch = "sm_90a";       // --gpu-architecture
  std::vector<std::string> options;  // extra NVRTC options (-D..., -std=c++17 is implied)
};

struct Cubin {
  std::vector<char> image;  // loadable with cuModuleLoadData
  std::string log;          // NVRTC's warnings, possibly empty
  bool from_cache = false;
  std::string cache_path;   // where the cubin lives on disk ("" if caching is off)
  double milliseconds = 0;  // wall time of compile(): NVRTC's, or the cache's read
};

// Compiles (or fetches from the cache) a cubin. Errors: "cuda::nvrtc: NAME: <log>" with the
// compiler's messages, or "cuda::nvrtc: not available: ..." where NVRTC cannot be loaded.
Expected<Cubin> compile(const CompileRequest& request);

// The same, a cache miss compiled by `on_miss` (another process: nvrtc_parallel.h) instead of
// compile_uncached; what it returns is cached.
using CompileFunction = std::function<Expected<Cubin>(const CompileRequest&)>;
Expected<Cubin> compile(const CompileRequest& request, const CompileFunction& on_miss);

// NVRTC in this process, no cache (a worker process's work).
Expected<Cubin> compile_uncached(const CompileRequest& request);

// NVRTC's version as major*1000 + minor*10, or an error if NVRTC cannot be loaded.
Expected<int> nvrtc_version();

// The cache folder: $KILN_CACHE_DIR, else $XDG_CACHE_HOME/kiln, else ~/.cache/kiln; the
// cubins go in its kernels/ folder. Setting KILN_CACHE_DIR to "off" disables the cache.
std::string cache_dir();

// The cache key: a hash of source, options, architecture and NVRTC version, in hex (compile()
// keys by the NVRTC kiln was built against, so that a cache hit loads no NVRTC).
std::string cache_key(const CompileRequest& request, int nvrtc_version);

}  // namespace kiln::cuda
