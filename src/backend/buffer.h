// Buffer: a value an Executable takes or gives (a tensor, a token or a tuple), the same for
// every backend.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string_view>
#include <vector>

#include "ir/type.h"
#include "support/error.h"

namespace kiln::backend {

// Where a tensor's bytes are: host memory, or a device's (a device backend's allocation
// behind the same Buffer, so nothing above the backends changes).
enum class MemorySpace { kHost, kDevice };

// A tensor's bytes in a device's memory, made by a device backend (the cuda backend's
// executables: to_device, outputs of run_on_device); freed when the last Buffer holding it
// goes. Thread-safe.
class DeviceStorage {
 public:
  virtual ~DeviceStorage() = default;
  // The backend whose memory it is ("cuda") and the device address of the first byte.
  virtual std::string_view backend() const = 0;
  virtual uint64_t address() const = 0;
  virtual size_t size() const = 0;
  // Copies the size() bytes to `host`, after the work that wrote them has finished.
  virtual Status read(std::byte* host) const = 0;
};

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
  // A tensor in a device's memory. Errors as host_tensor's (a `storage` of the wrong size).
  static Expected<Buffer> device_tensor(ir::Type type, std::shared_ptr<const DeviceStorage> storage);
  static Buffer token();
  static Buffer tuple(std::vector<Buffer> elements);

  Kind kind() const { return kind_; }
  bool is_tensor() const { return kind_ == Kind::kTensor; }
  // The buffer's type: a tensor type, !stablehlo.token, or the tuple of its elements' types.
  const ir::Type& type() const { return type_; }
  MemorySpace space() const { return device_ ? MemorySpace::kDevice : MemorySpace::kHost; }

  // A host tensor's bytes and their shared storage (empty / null for tokens, tuples and
  // device tensors).
  std::span<const std::byte> host_bytes() const;
  const std::shared_ptr<std::vector<std::byte>>& host_storage() const { return bytes_; }
  // A device tensor's storage (null otherwise).
  const std::shared_ptr<const DeviceStorage>& device_storage() const { return device_; }
  // The buffer with every tensor in host memory: itself when it is there already, else a copy
  // read back from the device (tuples element by element). Errors: the device's.
  Expected<Buffer> to_host() const;
  // A tuple's elements (empty otherwise).
  const std::vector<Buffer>& elements() const { return elements_; }

 private:
  Buffer(Kind kind, ir::Type type) : kind_(kind), type_(std::move(type)) {}

  Kind kind_;
  ir::Type type_;
  std::shared_ptr<std::vector<std::byte>> bytes_;
  std::shared_ptr<const DeviceStorage> device_;
  std::vector<Buffer> elements_;
};

}  // namespace kiln::backend
