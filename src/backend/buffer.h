// Buffer: a value an Executable takes or gives (a tensor, a token or a tuple), the same for
// every backend.
#pragma once

#include <cstddef>
#include <memory>
#include <span>
#include <vector>

#include "ir/type.h"
#include "support/error.h"

namespace kiln::backend {

// Where a tensor's bytes are. Host memory today; a device backend adds its memory space here
// and keeps its device allocation behind the same Buffer, so nothing above the backends changes.
enum class MemorySpace { kHost };

// A tensor (static shape, row-major, each element in ElementType::storage_bytes(): complex as
// real then imaginary part, sub-byte types one per byte), a token, or a tuple of buffers.
// Copies share the bytes (value semantics for the handle, shared ownership of the storage);
// a caller that hands a buffer to run() must not change its bytes until the run returns.
// Reading one buffer from several threads is safe.
class Buffer {
 public:
  enum class Kind { kTensor, kToken, kTuple };

  // A host tensor over `bytes`, shared. Errors (invalid_argument): `type` is not a static
  // tensor type, or `bytes` is not exactly its size.
  static Expected<Buffer> host_tensor(ir::Type type, std::shared_ptr<std::vector<std::byte>> bytes);
  // A host tensor holding a copy of `bytes`; errors as host_tensor's.
  static Expected<Buffer> host_copy(ir::Type type, std::span<const std::byte> bytes);
  static Buffer token();
  static Buffer tuple(std::vector<Buffer> elements);

  Kind kind() const { return kind_; }
  bool is_tensor() const { return kind_ == Kind::kTensor; }
  // The buffer's type: a tensor type, !stablehlo.token, or the tuple of its elements' types.
  const ir::Type& type() const { return type_; }
  MemorySpace space() const { return MemorySpace::kHost; }

  // A host tensor's bytes and their shared storage (empty / null for tokens and tuples).
  std::span<const std::byte> host_bytes() const;
  const std::shared_ptr<std::vector<std::byte>>& host_storage() const { return bytes_; }
  // A tuple's elements (empty otherwise).
  const std::vector<Buffer>& elements() const { return elements_; }

 private:
  Buffer(Kind kind, ir::Type type) : kind_(kind), type_(std::move(type)) {}

  Kind kind_;
  ir::Type type_;
  std::shared_ptr<std::vector<std::byte>> bytes_;
  std::vector<Buffer> elements_;
};

}  // namespace kiln::backend
