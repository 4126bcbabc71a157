// Tensors of the interpreter.
#include "interp/tensor.h"

#include <algorithm>
#include <cstring>
#include <deque>
#include <mutex>
#include <new>
#include <string>

namespace kiln::interp {

namespace {

// Refuse single tensors beyond this size up front: larger requests are almost always a
// malformed program, and failing cleanly beats the OOM killer.
constexpr size_t kMaxTensorBytes = size_t{64} << 30;

// Literals hold a sub-byte integer as its bit pattern (-8 as i4 is 0x08, as ml_dtypes
// writes it); tensors hold signed ones sign-extended to the byte, as wrap_int computes them.
// Returns the number of bits of a signed sub-byte integer type, else 0.
int signed_sub_byte_bits(const ir::ElementType& type) {
  const ir::ElementType storage = type.storage_type();
  return storage.is_signed_int() && storage.bit_width() < 8 ? storage.bit_width() : 0;
}

// Large storage freed by the last tensor holding it, kept for the next allocation of the same
// size: an interpreted program allocates each op's result afresh, and fresh pages from the
// system cost a page fault and a kernel zero-fill each, more than the op writing them. Holds at
// most kMaxCachedBytes, the oldest buffers leaving first; buffers are zero-filled again when
// handed out, so reuse is invisible. Thread-safe.
class StorageCache {
 public:
  static constexpr size_t kMinBytes = size_t{1} << 20;
  static constexpr size_t kMaxCachedBytes = size_t{256} << 20;

  // Zero-filled storage of `bytes`, recycled when the cache holds some of that size.
  std::shared_ptr<std::vector<std::byte>> take(size_t bytes) {
    if (bytes < kMinBytes) return std::make_shared<std::vector<std::byte>>(bytes);
    std::vector<std::byte>* v = nullptr;
    {
      std::lock_guard<std::mutex> lock(mutex_);
      auto it = std::find_if(free_.begin(), free_.end(),
                             [&](const std::vector<std::byte>* f) { return f->size() == bytes; });
      if (it != free_.end()) {
        v = *it;
        free_.erase(it);
        cached_ -= bytes;
      }
    }
    if (v) {
      std::memset(v->data(), 0, bytes);
    } else {
      v = new std::vector<std::byte>(bytes);
    }
    return std::shared_ptr<std::vector<std::byte>>(v,
                                                   [this](std::vector<std::byte>* p) { give(p); });
  }

 private:
  void give(std::vector<std::byte>* v) {
    const size_t bytes = v->size();
    std::vector<std::vector<std::byte>*> evicted;
    if (bytes >= kMinBytes && bytes <= kMaxCachedBytes) {
      std::lock_guard<std::mutex> lock(mutex_);
      while (cached_ + bytes > kMaxCachedBytes) {
        evicted.push_back(free_.front());
        cached_ -= free_.front()->size();
        free_.pop_front();
      }
      free_.push_back(v);
      cached_ += bytes;
    } else {
      evicted.push_back(v);
    }
    for (std::vector<std::byte>* e : evicted) delete e;  // outside the lock
  }

  std::mutex mutex_;
  std::deque<std::vector<std::byte>*> free_;
  size_t cached_ = 0;
};

// Never destroyed: tensors in static storage may be freed after any other static.
StorageCache& storage_cache() {
  static StorageCache* cache = new StorageCache;
  return *cache;
}

}  // namespace

const ir::Type& Tensor::default_type() {
  static const ir::Type type;
  return type;
}

Expected<Tensor> Tensor::allocate(const ir::Type& type) {
  if (!type.is_tensor()) return Error::internal("interp: cannot allocate " + ir::to_string(type));
  if (!type.is_static()) {
    return Error::unimplemented("interp: dynamic shapes are not supported yet: " + ir::to_string(type));
  }
  auto count = type.num_elements();
  size_t elem = static_cast<size_t>(type.element().storage_bytes());
  if (!count || (*count > 0 && static_cast<size_t>(*count) > kMaxTensorBytes / elem)) {
    return Error::out_of_memory("interp: " + ir::to_string(type) + " is too large to allocate");
  }
  Tensor t;
  t.type_ = std::make_shared<const ir::Type>(type);
  t.num_elements_ = *count;
  t.element_bytes_ = elem;
  try {
    t.storage_ = storage_cache().take(static_cast<size_t>(*count) * elem);
  } catch (const std::bad_alloc&) {
    return Error::out_of_memory("interp: out of memory allocating " + ir::to_string(type) + " (" +
                 std::to_string(static_cast<size_t>(*count) * elem) + " bytes)");
  }
  return t;
}

Expected<Tensor> Tensor::from_storage(const ir::Type& type,
                                      std::shared_ptr<std::vector<std::byte>> storage) {
  if (!type.is_tensor() || !type.is_static() || !type.num_elements()) return allocate(type);
  Tensor t;
  t.type_ = std::make_shared<const ir::Type>(type);
  t.num_elements_ = *type.num_elements();
  t.element_bytes_ = static_cast<size_t>(type.element().storage_bytes());
  if (!storage || storage->size() != t.size_bytes()) {
    return Error::invalid_argument("interp: " + std::to_string(storage ? storage->size() : 0) +
                                   " bytes cannot hold " + ir::to_string(type) + " (" +
                                   std::to_string(t.size_bytes()) + " bytes)");
  }
  t.storage_ = std::move(storage);
  return t;
}

Expected<Tensor> Tensor::from_dense(const ir::DenseElementsAttr& attr) {
  KILN_TRY(Tensor t, allocate(attr.type));
  const size_t elem = t.element_bytes_;
  const auto& src = *attr.data;
  if (attr.splat) {
    for (int64_t i = 0; i < t.num_elements_; ++i) {
      std::memcpy(t.raw() + static_cast<size_t>(i) * elem, src.data(), elem);
    }
  } else if (src.size() == t.size_bytes()) {
    if (!src.empty()) std::memcpy(t.raw(), src.data(), src.size());  // empty: data() may be null
  } else {
    return Error::invalid_argument("interp: dense literal holds " + std::to_string(src.size()) +
                 " bytes for " + ir::to_string(attr.type));
  }
  if (int bits = signed_sub_byte_bits(t.element())) {
    auto* p = reinterpret_cast<uint8_t*>(t.raw());
    for (int64_t i = 0; i < t.num_elements_; ++i) {
      if (p[i] & (1u << (bits - 1))) p[i] = static_cast<uint8_t>(p[i] | (0xFFu << bits));
    }
  }
  return t;
}

std::vector<int64_t> Tensor::strides() const {
  std::vector<int64_t> s(shape().size(), 1);
  for (size_t i = s.size(); i-- > 1;) s[i - 1] = s[i] * shape()[i];
  return s;
}

Tensor Tensor::with_type(const ir::Type& type) const {
  Tensor t = *this;
  t.type_ = std::make_shared<const ir::Type>(type);
  t.num_elements_ = type.num_elements().value_or(0);
  return t;
}

bool next_index(std::vector<int64_t>& index, const std::vector<int64_t>& shape) {
  for (size_t d = shape.size(); d-- > 0;) {
    if (++index[d] < shape[d]) return true;
    index[d] = 0;
  }
  return false;
}

int64_t flat_index(std::span<const int64_t> index, std::span<const int64_t> strides) {
  int64_t f = 0;
  for (size_t i = 0; i < index.size(); ++i) f += index[i] * strides[i];
  return f;
}

}  // namespace kiln::interp

namespace kiln::interp {

ir::DenseElementsAttr to_dense(const Tensor& t) {
  ir::DenseElementsAttr a;
  a.type = t.type();
  auto bytes = std::make_shared<std::vector<uint8_t>>(t.size_bytes());
  if (t.size_bytes()) std::memcpy(bytes->data(), t.raw(), t.size_bytes());
  if (int bits = signed_sub_byte_bits(t.element())) {
    for (uint8_t& b : *bytes) b = static_cast<uint8_t>(b & ((1u << bits) - 1));
  }
  a.data = std::move(bytes);
  a.splat = false;
  return a;
}

}  // namespace kiln::interp
