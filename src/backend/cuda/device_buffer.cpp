// DevicePool and its storage.
#include "backend/cuda/device_buffer.h"

#include <algorithm>

namespace kiln::backend::cuda {

namespace rt = ::kiln::cuda;

class DevicePool::Storage final : public DeviceStorage {
 public:
  Storage(std::shared_ptr<DevicePool> pool, rt::Buffer block, size_t bytes)
      : pool_(std::move(pool)), block_(std::move(block)), bytes_(bytes) {}
  ~Storage() override { pool_->give_back(bytes_, std::move(block_)); }

  std::string_view backend() const override { return "cuda"; }
  uint64_t address() const override { return block_.ptr(); }
  size_t size() const override { return bytes_; }
  // A synchronous copy: after the run that wrote the block, which waits for its stream.
  Status read(std::byte* host) const override {
    if (bytes_ == 0) return ok_status();
    return block_.download(host, bytes_);
  }

 private:
  std::shared_ptr<DevicePool> pool_;
  rt::Buffer block_;
  size_t bytes_;
};

Expected<std::shared_ptr<DevicePool>> DevicePool::create() {
  KILN_TRY(rt::Device device, rt::Device::open(0));
  return std::shared_ptr<DevicePool>(new DevicePool(std::move(device)));
}

Expected<std::shared_ptr<const DeviceStorage>> DevicePool::take(size_t bytes) {
  rt::Buffer block;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    if (auto it = free_.find(bytes); it != free_.end()) {
      block = std::move(it->second);
      free_.erase(it);
    }
  }
  if (!block.ptr()) {
    // Zero-byte tensors still get a block, so that every device tensor has an address.
    KILN_TRY(block, rt::Buffer::allocate(device_, std::max<size_t>(bytes, 256)));
  }
  return std::shared_ptr<const DeviceStorage>(
      std::make_shared<Storage>(shared_from_this(), std::move(block), bytes));
}

Expected<Buffer> DevicePool::upload(const Buffer& host) {
  switch (host.kind()) {
    case Buffer::Kind::kToken:
      return host;
    case Buffer::Kind::kTuple: {
      std::vector<Buffer> elements;
      for (const Buffer& e : host.elements()) {
        KILN_TRY(Buffer d, upload(e));
        elements.push_back(std::move(d));
      }
      return Buffer::tuple(std::move(elements));
    }
    case Buffer::Kind::kTensor:
      break;
  }
  if (host.space() == MemorySpace::kDevice && host.device_storage()->backend() == "cuda") {
    return host;
  }
  KILN_TRY(Buffer on_host, host.to_host());
  const std::span<const std::byte> bytes = on_host.host_bytes();
  KILN_TRY(std::shared_ptr<const DeviceStorage> storage, take(bytes.size()));
  if (!bytes.empty()) {
    const rt::Driver& d = device_.driver();
    KILN_CU(&d, cuMemcpyHtoD, storage->address(), bytes.data(), bytes.size());
  }
  return Buffer::device_tensor(on_host.type(), std::move(storage));
}

void DevicePool::give_back(size_t bytes, rt::Buffer block) {
  std::lock_guard<std::mutex> lock(mutex_);
  free_.emplace(bytes, std::move(block));
}

}  // namespace kiln::backend::cuda
