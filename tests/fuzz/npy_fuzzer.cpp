// libFuzzer target: the .npy reader. Input: one byte choosing the expected element type, one
// choosing the expected shape, then the file's bytes. Any bytes give a tensor or an error, never
// a crash, hang or leak; a tensor read writes back to bytes that read again to the same tensor.
#include <array>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "interp/npy.h"

namespace {

using kiln::ir::ElementKind;

// The types a program's argument could have: native numpy types, ml_dtypes' void-typed ones
// (bf16, f8), sub-byte integers, complex, booleans.
constexpr std::array kKinds = {ElementKind::kF32,  ElementKind::kF16,     ElementKind::kBF16,
                               ElementKind::kSI8,  ElementKind::kSI32,    ElementKind::kUI4,
                               ElementKind::kSI4,  ElementKind::kI1,      ElementKind::kComplexF32,
                               ElementKind::kF64,  ElementKind::kF8E4M3FN, ElementKind::kUI64};

const std::vector<std::vector<int64_t>>& shapes() {
  static const std::vector<std::vector<int64_t>> kShapes = {{}, {4}, {2, 3}, {0}, {3, 1, 2}, {16}};
  return kShapes;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 2) return 0;
  const ElementKind kind = kKinds[data[0] % kKinds.size()];
  const std::vector<int64_t>& shape = shapes()[data[1] % shapes().size()];
  const auto type = kiln::ir::Type::tensor(shape, kiln::ir::ElementType(kind));
  const std::string bytes(reinterpret_cast<const char*>(data) + 2, size - 2);
  auto tensor = kiln::interp::parse_npy(bytes, type, "fuzz.npy");
  if (!tensor.ok()) return 0;
  const std::string written = kiln::interp::npy_bytes(*tensor);
  auto again = kiln::interp::parse_npy(written, type, "written.npy");
  if (!again.ok()) std::abort();  // the writer wrote a file the reader rejects
  if (again->size_bytes() != tensor->size_bytes() ||
      (tensor->size_bytes() > 0 &&
       std::memcmp(again->raw(), tensor->raw(), tensor->size_bytes()) != 0)) {
    std::abort();  // a round trip changed the values
  }
  return 0;
}
