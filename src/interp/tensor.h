// Run-time values of the interpreter: dense tensors in kiln's storage layout, tokens and
// tuples.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <variant>
#include <vector>

#include "ir/attribute.h"
#include "ir/type.h"
#include "support/error.h"

namespace kiln::interp {

// A dense, row-major tensor of a static shape. Each element takes
// ElementType::storage_bytes() (complex: real then imaginary part; sub-byte types in one
// byte, sign- or zero-extended). Copies share storage; mutate only a tensor you allocated.
class Tensor {
 public:
  Tensor() = default;
  // Zero-filled storage for `type`. Fails with "interp: ..." if the shape is dynamic or the
  // tensor cannot be allocated.
  static Expected<Tensor> allocate(const ir::Type& type);
  // The value of a dense literal, splats expanded.
  static Expected<Tensor> from_dense(const ir::DenseElementsAttr& attr);
  // A tensor of `type` over `storage`, shared rather than copied (how a backend hands host
  // buffers to the interpreter). Fails as allocate does, and when the size is not the type's.
  static Expected<Tensor> from_storage(const ir::Type& type,
                                       std::shared_ptr<std::vector<std::byte>> storage);

  const ir::Type& type() const { return type_ ? *type_ : default_type(); }
  const ir::ElementType& element() const { return type().element(); }
  const std::vector<int64_t>& shape() const { return type().shape(); }
  int64_t rank() const { return type().rank(); }
  int64_t num_elements() const { return num_elements_; }
  size_t element_bytes() const { return element_bytes_; }
  size_t size_bytes() const { return static_cast<size_t>(num_elements_) * element_bytes_; }

  // The shared storage (null for a default-constructed tensor).
  const std::shared_ptr<std::vector<std::byte>>& storage() const { return storage_; }
  std::byte* raw() { return storage_ ? storage_->data() : nullptr; }
  const std::byte* raw() const { return storage_ ? storage_->data() : nullptr; }
  template <class T>
  T* data() { return reinterpret_cast<T*>(raw()); }
  template <class T>
  const T* data() const { return reinterpret_cast<const T*>(raw()); }

  // Row-major strides in elements.
  std::vector<int64_t> strides() const;
  // The same storage seen with another type of equal size (reshape).
  Tensor with_type(const ir::Type& type) const;

 private:
  // The type of a default-constructed tensor (tensor<f32>, no storage).
  static const ir::Type& default_type();

  // Shared, like the storage: copying a tensor (every operand the interpreter passes) costs
  // two reference counts instead of a copy of the type's vectors.
  std::shared_ptr<const ir::Type> type_;
  int64_t num_elements_ = 0;
  size_t element_bytes_ = 0;
  std::shared_ptr<std::vector<std::byte>> storage_;
};

struct Token {};
struct RuntimeValue;
using Tuple = std::vector<RuntimeValue>;

// What an SSA value holds at run time.
struct RuntimeValue {
  std::variant<Tensor, Token, Tuple> v;

  RuntimeValue() = default;
  RuntimeValue(Tensor t) : v(std::move(t)) {}  // NOLINT: implicit by design
  RuntimeValue(Token t) : v(t) {}              // NOLINT
  RuntimeValue(Tuple t) : v(std::move(t)) {}   // NOLINT

  bool is_tensor() const { return v.index() == 0; }
  const Tensor& tensor() const { return std::get<Tensor>(v); }
  Tensor& tensor() { return std::get<Tensor>(v); }
  const Tuple& tuple() const { return std::get<Tuple>(v); }
};

// Multi-index helpers for row-major iteration.
// Advances `index` within `shape`; returns false after the last element.
bool next_index(std::vector<int64_t>& index, const std::vector<int64_t>& shape);
int64_t flat_index(std::span<const int64_t> index, std::span<const int64_t> strides);

}  // namespace kiln::interp

namespace kiln::interp {
// The tensor as a dense literal (for printing and for folding constants).
ir::DenseElementsAttr to_dense(const Tensor& t);
}  // namespace kiln::interp
