// Parallel NVRTC compiles in worker processes, and the worker's side of the protocol (one
// request, or frames of them).
#include "runtime/cuda/nvrtc_parallel.h"

#include <dlfcn.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <charconv>
#include <cstdlib>
#include <filesystem>
#include <istream>
#include <iterator>
#include <optional>
#include <ostream>
#include <thread>

#include <fmt/format.h>

#include "runtime/cuda/nvrtc_pool.h"
#include "support/subprocess.h"

namespace kiln::cuda {

namespace {

constexpr std::string_view kMagic = "kiln-nvrtc 1\n";
constexpr std::string_view kReplyMagic = "kiln-nvrtc reply 1\n";

// `kiln-nvrtc` in the folder of `file`, if it is an executable there.
std::string worker_beside(const std::filesystem::path& file) {
  std::filesystem::path worker = file.parent_path() / "kiln-nvrtc";
  return ::access(worker.c_str(), X_OK) == 0 ? worker.string() : "";
}

std::string find_worker() {
  if (const char* v = std::getenv("KILN_NVRTC_WORKER")) return std::string(v) == "off" ? "" : v;
  std::error_code ec;
  const std::filesystem::path exe = std::filesystem::read_symlink("/proc/self/exe", ec);
  if (!ec) {
    if (std::string w = worker_beside(exe); !w.empty()) return w;
  }
  Dl_info info{};
  if (::dladdr(reinterpret_cast<void*>(&find_worker), &info) && info.dli_fname) {
    return worker_beside(info.dli_fname);
  }
  return "";
}

// The next line of `bytes` from `at`, without its newline; nullopt at the end.
std::optional<std::string_view> next_line(std::string_view bytes, size_t& at) {
  const size_t end = bytes.find('\n', at);
  if (end == std::string_view::npos) return std::nullopt;
  std::string_view line = bytes.substr(at, end - at);
  at = end + 1;
  return line;
}

std::optional<size_t> to_size(std::string_view text) {
  size_t v = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (ec != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return v;
}

std::string trimmed(std::string s) {
  while (!s.empty() && (s.back() == '\n' || s.back() == '\0')) s.pop_back();
  return s;
}

}  // namespace

std::string nvrtc_worker_path() {
  static const std::string path = find_worker();
  return path;
}

std::string encode_request(const CompileRequest& r) {
  std::string out(kMagic);
  out += fmt::format("{}\n{}\n{}\n", r.name, r.arch, r.options.size());
  for (const std::string& o : r.options) out += o + "\n";
  out += fmt::format("{}\n", r.source.size());
  out += r.source;
  return out;
}

Expected<CompileRequest> decode_request(std::string_view bytes) {
  auto malformed = [](std::string_view why) {
    return Error::invalid_argument(fmt::format("kiln-nvrtc: malformed request: {}", why));
  };
  if (bytes.substr(0, kMagic.size()) != kMagic) return malformed("no 'kiln-nvrtc 1' header");
  size_t at = kMagic.size();
  CompileRequest r;
  auto name = next_line(bytes, at), arch = next_line(bytes, at), count = next_line(bytes, at);
  if (!name || !arch || !count) return malformed("it ends in its header");
  r.name = *name;
  r.arch = *arch;
  std::optional<size_t> options = to_size(*count);
  if (!options) return malformed("the option count is not a number");
  for (size_t i = 0; i < *options; ++i) {
    auto o = next_line(bytes, at);
    if (!o) return malformed("fewer options than its count");
    r.options.emplace_back(*o);
  }
  auto size_line = next_line(bytes, at);
  std::optional<size_t> size = size_line ? to_size(*size_line) : std::nullopt;
  if (!size) return malformed("no source size");
  if (bytes.size() - at != *size) {
    return malformed(fmt::format("a source of {} bytes where {} were announced", bytes.size() - at,
                                 *size));
  }
  r.source = bytes.substr(at);
  return r;
}

std::string encode_frame(std::string_view payload) {
  std::string out(kFrameHeaderBytes, '\0');
  uint64_t n = payload.size();
  for (size_t b = 0; b < kFrameHeaderBytes; ++b) out[b] = static_cast<char>((n >> (8 * b)) & 0xff);
  out += payload;
  return out;
}

Expected<size_t> decode_frame_header(std::string_view header) {
  if (header.size() != kFrameHeaderBytes) {
    return Error::invalid_argument(fmt::format(
        "kiln-nvrtc: malformed frame: a header of {} bytes, not {}", header.size(),
        kFrameHeaderBytes));
  }
  uint64_t n = 0;
  for (size_t b = 0; b < kFrameHeaderBytes; ++b) {
    n |= uint64_t{static_cast<unsigned char>(header[b])} << (8 * b);
  }
  if (n > kMaxFrameBytes) {
    return Error::invalid_argument(fmt::format(
        "kiln-nvrtc: malformed frame: it announces {} bytes (at most {})", n, kMaxFrameBytes));
  }
  return static_cast<size_t>(n);
}

Expected<std::optional<std::string>> read_frame(std::istream& in) {
  std::string header(kFrameHeaderBytes, '\0');
  in.read(header.data(), static_cast<std::streamsize>(header.size()));
  if (in.gcount() == 0) return std::optional<std::string>();  // the end, between frames
  header.resize(static_cast<size_t>(in.gcount()));
  KILN_TRY(size_t size, decode_frame_header(header));
  std::string payload(size, '\0');
  in.read(payload.data(), static_cast<std::streamsize>(size));
  if (static_cast<size_t>(in.gcount()) != size) {
    return Error::invalid_argument(fmt::format(
        "kiln-nvrtc: malformed frame: {} bytes where {} were announced", in.gcount(), size));
  }
  return std::optional<std::string>(std::move(payload));
}

std::string encode_reply(const WorkerReply& r) {
  std::string out(kReplyMagic);
  out += fmt::format("{}\n{}\n", r.status, r.cubin.size());
  out += r.cubin;
  out += r.log;
  return out;
}

Expected<WorkerReply> decode_reply(std::string_view bytes) {
  auto malformed = [](std::string_view why) {
    return Error::invalid_argument(fmt::format("kiln-nvrtc: malformed reply: {}", why));
  };
  if (bytes.substr(0, kReplyMagic.size()) != kReplyMagic) {
    return malformed("no 'kiln-nvrtc reply 1' header");
  }
  size_t at = kReplyMagic.size();
  auto status_line = next_line(bytes, at), size_line = next_line(bytes, at);
  if (!status_line || !size_line) return malformed("it ends in its header");
  std::optional<size_t> status = to_size(*status_line), size = to_size(*size_line);
  if (!status || *status > 3) return malformed(fmt::format("a status '{}'", *status_line));
  if (!size || *size > bytes.size() - at) {
    return malformed(fmt::format("a cubin of '{}' bytes in {} left", *size_line, bytes.size() - at));
  }
  WorkerReply r;
  r.status = static_cast<int>(*status);
  r.cubin = bytes.substr(at, *size);
  r.log = bytes.substr(at + *size);
  return r;
}

WorkerReply answer_request(std::string_view bytes) {
  Expected<CompileRequest> request = decode_request(bytes);
  if (!request.ok()) return {.status = 2, .cubin = "", .log = request.error().message()};
  Expected<Cubin> cubin = compile_uncached(*request);
  if (!cubin.ok()) {
    const int status = cubin.error().kind() == ErrorKind::kUnavailable ? 3 : 1;
    return {.status = status, .cubin = "", .log = cubin.error().message()};
  }
  return {.status = 0, .cubin = std::string(cubin->image.begin(), cubin->image.end()),
          .log = std::move(cubin->log)};
}

Expected<Cubin> cubin_from_reply(WorkerReply reply, const std::string& what,
                                 const std::string& worker) {
  switch (reply.status) {
    case 0: {
      if (reply.cubin.empty()) return Error::internal(what + ": the worker wrote no cubin");
      Cubin c;
      c.image.assign(reply.cubin.begin(), reply.cubin.end());
      c.log = trimmed(std::move(reply.log));
      return c;
    }
    case 1:
      return Error::invalid_argument(trimmed(std::move(reply.log)));
    case 3:
      return Error::unavailable(trimmed(std::move(reply.log)));
    case 2:
      return Error::internal(fmt::format("{}: the worker {} refused the request: {}", what,
                                         worker, trimmed(std::move(reply.log))));
    default:
      return Error::internal(
          fmt::format("{}: the worker {} answered status {}", what, worker, reply.status));
  }
}

int run_nvrtc_worker(std::istream& in, std::ostream& out, std::ostream& err) {
  const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  WorkerReply reply = answer_request(bytes);
  if (reply.status != 0) {
    err << reply.log << "\n";
    return reply.status;
  }
  out.write(reply.cubin.data(), static_cast<std::streamsize>(reply.cubin.size()));
  err << reply.log;
  return out && err ? 0 : 2;
}

int serve_nvrtc_worker(std::istream& in, std::ostream& out, std::ostream& err) {
  for (;;) {
    Expected<std::optional<std::string>> frame = read_frame(in);
    if (!frame.ok()) {
      err << frame.error().message() << "\n";
      return 2;
    }
    if (!frame->has_value()) return 0;
    out << encode_frame(encode_reply(answer_request(**frame)));
    if (!out.flush()) return 2;
  }
}

Expected<Cubin> compile_in_worker(const std::string& worker, const CompileRequest& r) {
  Expected<ProcessResult> run = run_process({worker}, encode_request(r), kWorkerSeconds);
  if (!run.ok()) return compile_uncached(r);  // no worker to start: this process compiles it
  ProcessResult& p = *run;
  const std::string what = fmt::format("cuda::nvrtc: {} ({})", r.name, r.arch);
  if (p.timed_out) {
    return Error::internal(fmt::format("{}: the worker {} took over {} s (killed)", what, worker,
                                       kWorkerSeconds));
  }
  if (p.signal) {
    return Error::internal(
        fmt::format("{}: the worker {} died of signal {}", what, worker, p.signal));
  }
  switch (p.exit_status) {
    case 0:
    case 1:
    case 2:
    case 3:
      return cubin_from_reply(
          {.status = p.exit_status, .cubin = std::move(p.out), .log = std::move(p.err)}, what,
          worker);
    case 126:
    case 127:  // the worker could not run (a loader error, a missing library): this process
      return compile_uncached(r);  // compiles it
    default: {  // it crashed or failed some other way: said, not hidden by a second compile
      std::string err = trimmed(std::move(p.err));
      if (err.size() > 2000) err = "..." + err.substr(err.size() - 2000);
      return Error::internal(fmt::format("{}: the worker {} exited with status {}: {}", what,
                                         worker, p.exit_status, err));
    }
  }
}

NvrtcPool* started_nvrtc_pool() { return process_nvrtc_pool(); }

std::vector<Expected<Cubin>> compile_all(const std::vector<CompileRequest>& requests,
                                         size_t threads, const std::string& worker,
                                         NvrtcPool* pool) {
  std::vector<Expected<Cubin>> results(requests.size(), Error::internal("not compiled"));
  CompileFunction direct = compile_uncached;
  const bool one_shot = requests.size() > 1 && !worker.empty();
  if (one_shot) {
    direct = [&worker](const CompileRequest& r) { return compile_in_worker(worker, r); };
  }
  CompileFunction pooled = direct;
  if (pool) {
    pooled = [pool, &direct](const CompileRequest& r) {
      std::optional<Expected<Cubin>> c = pool->compile(r);
      return c ? std::move(*c) : direct(r);  // a pool without workers: the paths above
    };
  }
  // The longest sources first, so that no long compile starts last while the others idle.
  std::vector<size_t> order(requests.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) {
    return requests[a].source.size() > requests[b].source.size();
  });
  std::atomic<size_t> next{0};
  auto work = [&](const CompileFunction& on_miss) {
    for (size_t n; (n = next++) < order.size();) results[order[n]] = compile(requests[order[n]], on_miss);
  };
  threads = std::clamp<size_t>(threads, 1, std::max<size_t>(requests.size(), 1));
  // With a pool, as many threads as it has workers compile through it (each soon has a worker
  // of its own); where one-shot workers can start, the other threads compile in those rather
  // than queue for the pool, so that more modules than the pool has workers still keep every
  // core busy (a pool of 4 on 16 cores took 4 rounds for 16 modules).
  const size_t through_pool = !pool ? 0 : one_shot ? std::min(pool->size(), threads) : threads;
  std::vector<std::thread> helpers;
  for (size_t t = 1; t < threads; ++t) {
    helpers.emplace_back(work, std::cref(t < through_pool ? pooled : direct));
  }
  work(through_pool > 0 ? pooled : direct);
  for (std::thread& t : helpers) t.join();
  return results;
}

}  // namespace kiln::cuda
