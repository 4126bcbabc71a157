// NVRTC compilation and the cubin disk cache.
#include "runtime/cuda/nvrtc.h"

#include <cuda.h>
#include <dlfcn.h>
#include <nvrtc.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <sstream>
#include <unistd.h>

namespace kiln::cuda {

namespace {

struct Nvrtc {
#define KILN_NVRTC_FN(name) decltype(&::name) name = nullptr;
  KILN_NVRTC_FN(nvrtcVersion)
  KILN_NVRTC_FN(nvrtcGetErrorString)
  KILN_NVRTC_FN(nvrtcCreateProgram)
  KILN_NVRTC_FN(nvrtcCompileProgram)
  KILN_NVRTC_FN(nvrtcGetProgramLogSize)
  KILN_NVRTC_FN(nvrtcGetProgramLog)
  KILN_NVRTC_FN(nvrtcGetCUBINSize)
  KILN_NVRTC_FN(nvrtcGetCUBIN)
  KILN_NVRTC_FN(nvrtcDestroyProgram)
#undef KILN_NVRTC_FN
  int version = 0;
};

Expected<const Nvrtc*> load_nvrtc() {
  void* lib = nullptr;
  for (const char* name : {"libnvrtc.so.13", "libnvrtc.so.12", "libnvrtc.so"}) {
    if ((lib = dlopen(name, RTLD_NOW | RTLD_LOCAL))) break;
  }
  if (!lib) {
    const char* why = dlerror();
    return Error::unavailable(std::string("cuda::nvrtc: not available: ") + (why ? why : "libnvrtc not found"));
  }
  static Nvrtc n;
#define KILN_NVRTC_LOAD(name)                                                          \
  n.name = reinterpret_cast<decltype(n.name)>(dlsym(lib, #name));                      \
  if (!n.name) return Error::unavailable("cuda::nvrtc: not available: missing " #name);
  KILN_NVRTC_LOAD(nvrtcVersion)
  KILN_NVRTC_LOAD(nvrtcGetErrorString)
  KILN_NVRTC_LOAD(nvrtcCreateProgram)
  KILN_NVRTC_LOAD(nvrtcCompileProgram)
  KILN_NVRTC_LOAD(nvrtcGetProgramLogSize)
  KILN_NVRTC_LOAD(nvrtcGetProgramLog)
  KILN_NVRTC_LOAD(nvrtcGetCUBINSize)
  KILN_NVRTC_LOAD(nvrtcGetCUBIN)
  KILN_NVRTC_LOAD(nvrtcDestroyProgram)
#undef KILN_NVRTC_LOAD
  int major = 0, minor = 0;
  n.nvrtcVersion(&major, &minor);
  n.version = major * 1000 + minor * 10;
  return &n;
}

Expected<const Nvrtc*> nvrtc() {
  static std::once_flag once;
  static Expected<const Nvrtc*> loaded = Error::internal("cuda::nvrtc: not loaded");
  std::call_once(once, [] { loaded = load_nvrtc(); });
  return loaded;
}

// The CUDA headers NVRTC needs for cuda_fp16.h and friends.
std::string cuda_include_dir() {
  for (const char* var : {"KILN_CUDA_INCLUDE", "CUDA_HOME", "CUDA_PATH"}) {
    if (const char* v = std::getenv(var)) {
      std::string dir = std::string(v);
      if (std::string(var) != "KILN_CUDA_INCLUDE") dir += "/include";
      if (std::filesystem::exists(dir + "/cuda_fp16.h")) return dir;
    }
  }
  for (const char* dir : {"/usr/local/cuda/include", "/usr/include"}) {
    if (std::filesystem::exists(std::string(dir) + "/cuda_fp16.h")) return dir;
  }
  return "";
}

uint64_t fnv1a(const std::string& s, uint64_t h = 1469598103934665603ull) {
  for (unsigned char c : s) {
    h ^= c;
    h *= 1099511628211ull;
  }
  return h;
}

bool read_file(const std::string& path, std::vector<char>& out) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  out.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  return !out.empty();
}

// Writes through a temporary name and renames, so concurrent processes never see half a file.
void write_file_atomic(const std::string& path, const char* data, size_t size) {
  std::string tmp = path + ".tmp" + std::to_string(::getpid());
  {
    std::ofstream out(tmp, std::ios::binary);
    if (!out) return;
    out.write(data, static_cast<std::streamsize>(size));
    if (!out) return;
  }
  std::error_code ec;
  std::filesystem::rename(tmp, path, ec);
  if (ec) std::filesystem::remove(tmp, ec);
}

}  // namespace

Expected<int> nvrtc_version() {
  KILN_TRY(const Nvrtc* n, nvrtc());
  return n->version;
}

std::string cache_dir() {
  if (const char* v = std::getenv("KILN_CACHE_DIR")) return std::string(v) == "off" ? "" : v;
  if (const char* v = std::getenv("XDG_CACHE_HOME")) return std::string(v) + "/kiln";
  if (const char* v = std::getenv("HOME")) return std::string(v) + "/.cache/kiln";
  return "";
}

std::string cache_key(const CompileRequest& r, int version) {
  std::string material = r.source + '\0' + r.arch + '\0' + std::to_string(version);
  for (const std::string& o : r.options) material += '\0' + o;
  char buf[32];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(fnv1a(material)));
  return buf;
}

Expected<Cubin> compile_uncached(const CompileRequest& r) {
  Cubin result;
  KILN_TRY(const Nvrtc* n, nvrtc());
  nvrtcProgram prog;
  if (nvrtcResult e = n->nvrtcCreateProgram(&prog, r.source.c_str(), (r.name + ".cu").c_str(),
                                            0, nullptr, nullptr);
      e != NVRTC_SUCCESS) {
    return Error::internal("cuda::nvrtc: " + r.name + ": " + n->nvrtcGetErrorString(e));
  }
  std::vector<std::string> opts = {"--gpu-architecture=" + r.arch, "-std=c++17",
                                   "--device-as-default-execution-space"};
  if (std::string inc = cuda_include_dir(); !inc.empty()) opts.push_back("-I" + inc);
  opts.insert(opts.end(), r.options.begin(), r.options.end());
  std::vector<const char*> argv;
  for (const std::string& o : opts) argv.push_back(o.c_str());
  nvrtcResult status = n->nvrtcCompileProgram(prog, static_cast<int>(argv.size()), argv.data());
  size_t log_size = 0;
  n->nvrtcGetProgramLogSize(prog, &log_size);
  result.log.resize(log_size);
  if (log_size) n->nvrtcGetProgramLog(prog, result.log.data());
  while (!result.log.empty() && (result.log.back() == '\0' || result.log.back() == '\n')) {
    result.log.pop_back();
  }
  if (status != NVRTC_SUCCESS) {
    n->nvrtcDestroyProgram(&prog);
    return Error::invalid_argument("cuda::nvrtc: " + r.name + " (" + r.arch + "): " + n->nvrtcGetErrorString(status) +
                 (result.log.empty() ? "" : "\n" + result.log));
  }
  size_t size = 0;
  n->nvrtcGetCUBINSize(prog, &size);
  result.image.resize(size);
  n->nvrtcGetCUBIN(prog, result.image.data());
  n->nvrtcDestroyProgram(&prog);
  return result;
}

namespace {

Expected<Cubin> compile_untimed(const CompileRequest& r, const CompileFunction& on_miss) {
  std::string dir = cache_dir();
  std::string base;
  if (!dir.empty()) {
    std::error_code ec;
    std::filesystem::create_directories(dir + "/kernels", ec);
    // Keyed by the NVRTC kiln was built against (NVRTC_VERSION's encoding, major * 1000 +
    // minor * 10), so that a hit needs no NVRTC: loading it costs tens of milliseconds, most
    // of a warm compile. A cubin from another NVRTC of the same toolkit is as good.
    if (!ec) base = dir + "/kernels/" + r.name + "-" + r.arch + "-" + cache_key(r, CUDA_VERSION);
  }
  Cubin cached;
  if (!base.empty() && read_file(base + ".cubin", cached.image)) {
    cached.from_cache = true;
    cached.cache_path = base + ".cubin";
    return cached;
  }
  KILN_TRY(Cubin result, on_miss(r));
  if (!base.empty()) {
    write_file_atomic(base + ".cu", r.source.data(), r.source.size());
    write_file_atomic(base + ".cubin", result.image.data(), result.image.size());
    result.cache_path = base + ".cubin";
  }
  return result;
}

}  // namespace

Expected<Cubin> compile(const CompileRequest& r, const CompileFunction& on_miss) {
  const auto start = std::chrono::steady_clock::now();
  Expected<Cubin> result = compile_untimed(r, on_miss);
  if (result.ok()) {
    result->milliseconds =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
            .count();
  }
  return result;
}

Expected<Cubin> compile(const CompileRequest& r) { return compile(r, compile_uncached); }

}  // namespace kiln::cuda
