// Many NVRTC compiles at once. NVRTC serialises the threads of one process (measured on an
// H100 host's 16 cores: 20 small modules take 0.71 s on 16 threads, 0.58 s on 4, and 0.22 s
// in 16 processes), so a parallel compile sends each module to a worker process, `kiln-nvrtc`
// (tools/kiln_nvrtc): a serving one of the process's pool (nvrtc_pool.h), which compiles many
// requests, or else one started for the module, which compiles one request and exits.
#pragma once

#include <iosfwd>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "runtime/cuda/nvrtc.h"
#include "support/error.h"

namespace kiln::cuda {

class NvrtcPool;

// The longest a worker may take over one request before it is killed.
constexpr double kWorkerSeconds = 600;

// The worker executable: $KILN_NVRTC_WORKER ("off": none), else `kiln-nvrtc` in the folder of
// the running executable or of the shared library that holds kiln; "" when there is none.
std::string nvrtc_worker_path();

// The process's pool (nvrtc_pool.h) once started, else nullptr.
NvrtcPool* started_nvrtc_pool();

// Every request compiled (or fetched from the cache) by up to `threads` at a time, the longest
// sources first; the results in the requests' order. Each cache miss compiles in a worker of
// `pool` where it has one; else, with more than one request and a `worker` (a path; "" for
// none), in a worker process started for it; otherwise in this process. With both a pool and
// one-shot workers, as many threads as the pool has workers use the pool and the others start
// one-shot workers, so that a pool smaller than `threads` does not serialise the compile.
std::vector<Expected<Cubin>> compile_all(const std::vector<CompileRequest>& requests,
                                         size_t threads,
                                         const std::string& worker = nvrtc_worker_path(),
                                         NvrtcPool* pool = started_nvrtc_pool());

// One request compiled in a worker process (no cache). A worker that cannot be started leaves
// the request to this process; one that dies is an error naming the request.
Expected<Cubin> compile_in_worker(const std::string& worker, const CompileRequest& request);

// The worker's protocol: one request as bytes on its standard input.
std::string encode_request(const CompileRequest& request);
Expected<CompileRequest> decode_request(std::string_view bytes);

// A worker's answer: its status (0 compiled, 1 NVRTC refused the source, 2 a malformed
// request, 3 NVRTC not available), the cubin (status 0) and NVRTC's log or the error message.
struct WorkerReply {
  int status = 0;
  std::string cubin;
  std::string log;
};

// The answer to one encoded request, compiled in this process.
WorkerReply answer_request(std::string_view request_bytes);

// What a reply means to the process that asked, for the request described by `what`
// ("cuda::nvrtc: NAME (ARCH)") sent to `worker`: the cubin, or NVRTC's error (invalid_argument),
// NVRTC missing (unavailable), a refused request or an unknown status (internal).
Expected<Cubin> cubin_from_reply(WorkerReply reply, const std::string& what,
                                 const std::string& worker);

// The serving worker's protocol (`kiln-nvrtc --serve`): frames, each an 8-byte little-endian
// payload length and the payload; a request frame holds encode_request's bytes, a reply frame
// encode_reply's. Frames over kMaxFrameBytes are refused (a garbled length, not a module).
constexpr size_t kFrameHeaderBytes = 8;
constexpr size_t kMaxFrameBytes = size_t{1} << 30;
std::string encode_frame(std::string_view payload);
// The payload length a frame header announces. Errors (invalid_argument): a header that is not
// kFrameHeaderBytes long, a length over kMaxFrameBytes.
Expected<size_t> decode_frame_header(std::string_view header);
// The next frame's payload from `in`; nullopt at the end of the input before a frame begins.
// Errors (invalid_argument): a frame cut short, a bad header.
Expected<std::optional<std::string>> read_frame(std::istream& in);
std::string encode_reply(const WorkerReply& reply);
// Errors (invalid_argument): no 'kiln-nvrtc reply 1' header, a bad status or cubin size.
Expected<WorkerReply> decode_reply(std::string_view bytes);

// A worker's main: reads one request from `in`, compiles it in this process, writes the cubin
// to `out` and NVRTC's log to `err`. Returns the exit status: 0 compiled, 1 NVRTC refused the
// source (its message on `err`), 2 a malformed request, 3 NVRTC not available.
int run_nvrtc_worker(std::istream& in, std::ostream& out, std::ostream& err);

// A serving worker's main: answers each request frame of `in` with a reply frame on `out`
// (flushed), a malformed request with a reply of status 2, until the input ends. Returns 0 at
// the end of the input, 2 for a frame cut short or a bad header (the message on `err`) or
// when `out` fails.
int serve_nvrtc_worker(std::istream& in, std::ostream& out, std::ostream& err);

}  // namespace kiln::cuda
