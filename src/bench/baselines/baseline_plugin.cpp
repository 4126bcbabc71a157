// The C ABI of a baseline plugin (baseline_abi.h) over the plugin's table of kernels
// (baseline_plugin.h): look-up by name and dtype, tensor-count checks, exceptions and errors
// turned into return codes and messages.
#include <algorithm>
#include <cstring>
#include <exception>
#include <string>

// The plugins build with hidden visibility; the C ABI is all they export.
#pragma GCC visibility push(default)
#include "baseline_abi.h"
#pragma GCC visibility pop

#include "baseline_plugin.h"

namespace kiln::baselines {

int64_t num_elements(const KilnBaselineTensor& t) {
  int64_t n = 1;
  for (int i = 0; i < t.rank; ++i) n *= t.shape[i];
  return n;
}

int64_t dim(const KilnBaselineTensor& t, int i) {
  if (i < 0) i += t.rank;
  return i >= 0 && i < t.rank ? t.shape[i] : 1;
}

const char* dtype_name(int dtype) {
  static const char* const kNames[] = {"f32", "f16", "bf16", "i32",     "u32",
                                       "i64", "pred", "f8e4m3fn", "f8e5m2"};
  return dtype >= 0 && dtype < 9 ? kNames[dtype] : "unknown";
}

namespace {

const std::vector<Entry>& table() {
  static const std::vector<Entry> entries = plugin_entries();
  return entries;
}

// The entry for a kernel and dtype; where a name has several (the same name registered by two
// families), the one whose tensor counts match `call`, if given.
const Entry* find_entry(const char* kernel, int dtype, const KilnBaselineCall* call = nullptr) {
  if (kernel == nullptr || dtype < 0 || dtype >= 32) return nullptr;
  const Entry* found = nullptr;
  for (const Entry& e : table()) {
    if (e.kernel != kernel || (e.dtypes & dtype_bit(dtype)) == 0) continue;
    if (call == nullptr || (e.inputs == call->num_inputs && e.outputs == call->num_outputs)) {
      return &e;
    }
    if (found == nullptr) found = &e;
  }
  return found;
}

// What prepare() hands back as its opaque state.
struct State {
  std::unique_ptr<Baseline> baseline;
};

// Runs `f`, turning exceptions (libtorch reports errors with them) into an ERROR: none may
// cross the C ABI.
template <class F>
Status guarded(F&& f) {
  try {
    return f();
  } catch (const std::exception& e) {
    return Status::error(std::string(plugin_library()) + ": " + e.what());
  } catch (...) {
    return Status::error(std::string(plugin_library()) + ": unknown exception");
  }
}

int report(const Status& s, char* error, size_t error_size) {
  if (s.code == KILN_BASELINE_ERROR && error != nullptr && error_size > 0) {
    size_t n = std::min(s.message.size(), error_size - 1);
    std::memcpy(error, s.message.data(), n);
    error[n] = '\0';
  }
  return s.code;
}

Status prepare(const KilnBaselineCall* call, void** state) {
  if (call == nullptr || state == nullptr) {
    return Status::error(std::string(plugin_library()) + ": prepare needs a call and a state");
  }
  *state = nullptr;
  const Entry* entry = find_entry(call->kernel, call->dtype, call);
  if (entry == nullptr) return Status::unsupported();
  if (call->num_inputs != entry->inputs || call->num_outputs != entry->outputs) {
    return Status::error(std::string(plugin_library()) + ": " + entry->kernel + " takes " +
                         std::to_string(entry->inputs) + " inputs and " +
                         std::to_string(entry->outputs) + " outputs, the call has " +
                         std::to_string(call->num_inputs) + " and " +
                         std::to_string(call->num_outputs));
  }
  auto s = std::make_unique<State>();
  Status status = entry->prepare(*call, s->baseline);
  if (status.ok()) *state = s.release();
  return status;
}

}  // namespace
}  // namespace kiln::baselines

using namespace kiln::baselines;

extern "C" {

int kiln_baseline_abi_version(void) { return KILN_BASELINE_ABI_VERSION; }

const char* kiln_baseline_library(void) { return plugin_library(); }

const char* kiln_baseline_version(void) {
  static const std::string version = [] {
    try {
      return plugin_version();
    } catch (...) {
      return std::string("unknown");
    }
  }();
  return version.c_str();
}

const char* kiln_baseline_describe(const char* kernel, int dtype) {
  const Entry* e = find_entry(kernel, dtype);
  return e != nullptr ? e->describe.c_str() : nullptr;
}

int kiln_baseline_prepare(const KilnBaselineCall* call, void** state, char* error,
                          size_t error_size) {
  return report(guarded([&] { return prepare(call, state); }), error, error_size);
}

int kiln_baseline_run(void* state, const KilnBaselineCall* call, char* error, size_t error_size) {
  Status s = guarded([&] {
    if (state == nullptr || call == nullptr) {
      return Status::error(std::string(plugin_library()) + ": run needs a prepared state");
    }
    return static_cast<State*>(state)->baseline->run(*call);
  });
  return report(s, error, error_size);
}

void kiln_baseline_release(void* state) { delete static_cast<State*>(state); }

}  // extern "C"
