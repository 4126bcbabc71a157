// A vendor library (cuBLASLt, cuDNN) opened at run time with dlopen, as driver.cpp opens the
// driver, so that kiln builds and runs without them and says clearly what is missing.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "support/error.h"

namespace kiln::cuda {

// The floating types the vendor services compute on (their accumulation is f32).
enum class FloatType { kF32, kF16, kBF16 };

// "f32", "f16", "bf16".
const char* float_type_name(FloatType t);

// An open shared library. It stays loaded for the life of the process, as the driver does:
// the vendor libraries keep allocator pools and exit handlers that dlclose would orphan.
class SharedLibrary {
 public:
  // Opens the first of `candidates` (file names for the loader's search, or paths) that
  // dlopen accepts. Error (unavailable): "cuda::<component>: no <library>: tried A (why), B
  // (why)", naming every candidate and the loader's reason.
  static Expected<SharedLibrary> open(std::string_view component, std::string_view library,
                                      const std::vector<std::string>& candidates);

  // The address of `symbol`, or an unavailable error naming the library and the symbol.
  Expected<void*> symbol(const char* name) const;

  // Binds `fn` (a function pointer of the header's type) to the symbol `name`.
  template <class F>
  Status bind(F& fn, const char* name) const {
    KILN_TRY(void* address, symbol(name));
    fn = reinterpret_cast<F>(address);
    return ok_status();
  }

  // The candidate that was opened.
  const std::string& path() const { return path_; }
  // dlopen's handle (for a header library that resolves the symbols itself: the cuDNN
  // frontend, vendor_cudnn_attention.cpp).
  void* native_handle() const { return handle_; }

 private:
  void* handle_ = nullptr;
  std::string path_;
};

// The candidates for a library: the value of the environment variable `env_var` alone when it
// is set (a path, so that a test or a user can point at another build), else `defaults`.
std::vector<std::string> library_candidates(const char* env_var,
                                            std::vector<std::string> defaults);

}  // namespace kiln::cuda
