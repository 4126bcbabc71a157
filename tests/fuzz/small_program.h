// What the fuzz targets that run programs accept: small tensors only, so that the fuzzers find
// bugs rather than big programs.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

#include "frontend/parser.h"
#include "ir/operation.h"
#include "ir/verifier.h"

namespace kiln::fuzz {

inline constexpr int64_t kMaxElements = 1 << 12;

// True when `type` is a tensor of at most kMaxElements elements, or not a tensor (a tuple's
// elements are checked too).
inline bool small_type(const kiln::ir::Type& type) {
  if (type.is_tuple()) {
    for (const auto& element : type.tuple_elements()) {
      if (!small_type(element)) return false;
    }
    return true;
  }
  if (!type.is_tensor()) return true;
  auto count = type.num_elements();
  return count && *count <= kMaxElements;
}

// True when every value the program defines (results, block arguments) has a small type.
inline bool small_program(const kiln::ir::Operation& root) {
  bool small = true;
  root.walk([&](const kiln::ir::Operation& op) {
    for (const auto& result : op.results()) small = small && small_type(result->type());
    for (const auto& region : op.regions()) {
      for (const auto& block : region->blocks()) {
        for (const auto& arg : block->arguments()) small = small && small_type(arg->type());
      }
    }
  });
  return small;
}

// The fuzz input as a module that parses, verifies and is small; nullptr otherwise.
inline std::unique_ptr<kiln::ir::Module> parse_small_program(const uint8_t* data, size_t size) {
  std::string text(reinterpret_cast<const char*>(data), size);
  auto module = kiln::frontend::parse_module_text(text, "fuzz.mlir");
  if (!module.ok() || !kiln::ir::verify(**module).ok()) return nullptr;
  if (!small_program((*module)->op())) return nullptr;
  return std::move(*module);
}

}  // namespace kiln::fuzz
