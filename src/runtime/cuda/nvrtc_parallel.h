// Many NVRTC compiles at once. NVRTC serialises the threads of one process (measured on an
// H100 host's 16 cores: 20 small modules take 0.71 s on 16 threads, 0.58 s on 4, and 0.22 s
// in 16 processes), so a parallel compile sends each module to a worker process, `kiln-nvrtc`
// (tools/kiln_nvrtc), which compiles one request and exits.
#pragma once

#include <iosfwd>
#include <string>
#include <string_view>
#include <vector>

#include "runtime/cuda/nvrtc.h"
#include "support/error.h"

namespace kiln::cuda {

// The worker executable: $KILN_NVRTC_WORKER ("off": none), else `kiln-nvrtc` in the folder of
// the running executable or of the shared library that holds kiln; "" when there is none.
std::string nvrtc_worker_path();

// Every request compiled (or fetched from the cache) by up to `threads` at a time, the longest
// sources first; the results in the requests' order. With more than one request and a worker
// (a path; "" for none), each cache miss compiles in a worker process, otherwise in this one.
std::vector<Expected<Cubin>> compile_all(const std::vector<CompileRequest>& requests,
                                         size_t threads,
                                         const std::string& worker = nvrtc_worker_path());

// One request compiled in a worker process (no cache). A worker that cannot be started leaves
// the request to this process; one that dies is an error naming the request.
Expected<Cubin> compile_in_worker(const std::string& worker, const CompileRequest& request);

// The worker's protocol: one request as bytes on its standard input.
std::string encode_request(const CompileRequest& request);
Expected<CompileRequest> decode_request(std::string_view bytes);

// A worker's main: reads one request from `in`, compiles it in this process, writes the cubin
// to `out` and NVRTC's log to `err`. Returns the exit status: 0 compiled, 1 NVRTC refused the
// source (its message on `err`), 2 a malformed request, 3 NVRTC not available.
int run_nvrtc_worker(std::istream& in, std::ostream& out, std::ostream& err);

}  // namespace kiln::cuda
