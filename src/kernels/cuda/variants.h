// Kernel variants per architecture: a kernel's own complete source for GPUs of one
// architecture (what `kiln tune` keeps), used by plan_kernel in place of the library's
// embedded source on that architecture. Embedded from variants/<kernel>.<sm_XX>.cu at build
// time, or set at run time (tests, tools loading a folder of kept sources).
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "support/error.h"

namespace kiln::kernels {

// The variant source of kernel `kernel` for architecture `sm_name` ("sm_90": the compute
// capability, DeviceProperties::sm_name()): one set at run time, else the embedded
// variants/<kernel>.<sm_name>.cu, else nullopt. Thread-safe.
std::optional<std::string> kernel_variant(std::string_view kernel, std::string_view sm_name);

// Sets (or, with nullopt, removes) the run-time variant of `kernel` for `sm_name`; it takes
// precedence over an embedded one. Thread-safe; plans made afterwards see it.
void set_kernel_variant(std::string_view kernel, std::string_view sm_name,
                        std::optional<std::string> source);

// Sets every file `<kernel>.<sm_XX>.cu` of folder `dir` as a run-time variant; returns how many.
// Errors: the folder cannot be read, a .cu file whose name is not of that form, an empty file.
Expected<int> load_kernel_variants(const std::string& dir);

// "softmax.sm_90.cu" -> {"softmax", "sm_90"}; nullopt for other names.
std::optional<std::pair<std::string, std::string>> parse_variant_file_name(std::string_view name);

}  // namespace kiln::kernels
