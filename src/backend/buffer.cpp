// Buffers: host and device tensors, tokens and tuples.
#include "backend/buffer.h"

#include <algorithm>
#include <string>

namespace kiln::backend {

namespace {

// The bytes a static tensor type takes, or an error naming the type.
Expected<size_t> tensor_bytes(const ir::Type& type) {
  if (!type.is_tensor() || !type.is_static() || !type.num_elements()) {
    return Error::invalid_argument("backend: a buffer needs a static tensor type, not " +
                                   ir::to_string(type));
  }
  return static_cast<size_t>(*type.num_elements()) *
         static_cast<size_t>(type.element().storage_bytes());
}

}  // namespace

Expected<Buffer> Buffer::host_tensor(ir::Type type, std::shared_ptr<std::vector<std::byte>> bytes) {
  KILN_TRY(size_t want, tensor_bytes(type));
  const size_t have = bytes ? bytes->size() : 0;
  if (have != want) {
    return Error::invalid_argument("backend: " + ir::to_string(type) + " takes " +
                                   std::to_string(want) + " bytes, not " + std::to_string(have));
  }
  Buffer b(Kind::kTensor, std::move(type));
  b.bytes_ = std::move(bytes);
  return b;
}

Expected<Buffer> Buffer::host_copy(ir::Type type, std::span<const std::byte> bytes) {
  std::shared_ptr<std::vector<std::byte>> copy;
  try {
    copy = std::make_shared<std::vector<std::byte>>(bytes.begin(), bytes.end());
  } catch (const std::bad_alloc&) {
    return Error::out_of_memory("backend: out of memory copying " + std::to_string(bytes.size()) +
                                " bytes");
  }
  return host_tensor(std::move(type), std::move(copy));
}

Expected<Buffer> Buffer::device_tensor(ir::Type type, std::shared_ptr<const DeviceStorage> storage) {
  KILN_TRY(size_t want, tensor_bytes(type));
  const size_t have = storage ? storage->size() : 0;
  if (have != want) {
    return Error::invalid_argument("backend: " + ir::to_string(type) + " takes " +
                                   std::to_string(want) + " bytes, not " + std::to_string(have) +
                                   " of device memory");
  }
  Buffer b(Kind::kTensor, std::move(type));
  b.device_ = std::move(storage);
  return b;
}

Expected<Buffer> Buffer::to_host() const {
  if (kind_ == Kind::kTuple) {
    std::vector<Buffer> elements;
    for (const Buffer& e : elements_) {
      KILN_TRY(Buffer h, e.to_host());
      elements.push_back(std::move(h));
    }
    return tuple(std::move(elements));
  }
  if (!device_) return *this;
  std::shared_ptr<std::vector<std::byte>> bytes;
  try {
    bytes = std::make_shared<std::vector<std::byte>>(device_->size());
  } catch (const std::bad_alloc&) {
    return Error::out_of_memory("backend: out of memory reading " +
                                std::to_string(device_->size()) + " bytes from the device");
  }
  KILN_CHECK_OK(device_->read(bytes->data()));
  return host_tensor(type_, std::move(bytes));
}

Buffer Buffer::token() { return Buffer(Kind::kToken, ir::Type::token()); }

Buffer Buffer::tuple(std::vector<Buffer> elements) {
  std::vector<ir::Type> types;
  for (const Buffer& e : elements) types.push_back(e.type());
  Buffer b(Kind::kTuple, ir::Type::tuple(std::move(types)));
  b.elements_ = std::move(elements);
  return b;
}

std::span<const std::byte> Buffer::host_bytes() const {
  if (!bytes_) return {};
  return {bytes_->data(), bytes_->size()};
}

}  // namespace kiln::backend
