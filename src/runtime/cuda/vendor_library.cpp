// Opening vendor libraries with dlopen and binding their symbols.
#include "runtime/cuda/vendor_library.h"

#include <dlfcn.h>

#include <cstdlib>

namespace kiln::cuda {

const char* float_type_name(FloatType t) {
  switch (t) {
    case FloatType::kF32:
      return "f32";
    case FloatType::kF16:
      return "f16";
    case FloatType::kBF16:
      return "bf16";
  }
  return "?";
}

Expected<SharedLibrary> SharedLibrary::open(std::string_view component, std::string_view library,
                                            const std::vector<std::string>& candidates) {
  std::string tried;
  for (const std::string& c : candidates) {
    if (void* h = dlopen(c.c_str(), RTLD_NOW | RTLD_LOCAL)) {
      SharedLibrary lib;
      lib.handle_ = h;
      lib.path_ = c;
      return lib;
    }
    const char* why = dlerror();
    if (!tried.empty()) tried += ", ";
    tried += c + " (" + (why ? why : "not found") + ")";
  }
  return Error::unavailable("cuda::" + std::string(component) + ": no " + std::string(library) +
                            ": tried " + (tried.empty() ? std::string("nothing") : tried));
}

Expected<void*> SharedLibrary::symbol(const char* name) const {
  dlerror();
  void* address = handle_ != nullptr ? dlsym(handle_, name) : nullptr;
  if (address == nullptr) {
    return Error::unavailable("cuda: " + path_ + " lacks " + name + "; a newer version is needed");
  }
  return address;
}

std::vector<std::string> library_candidates(const char* env_var,
                                            std::vector<std::string> defaults) {
  if (const char* v = std::getenv(env_var); v != nullptr && *v != '\0') return {v};
  return defaults;
}

}  // namespace kiln::cuda
