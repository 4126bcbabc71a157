// kiln::Value: a program's input or output on the host: a tensor (element type, shape, bytes),
// a token, or a tuple of values.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "kiln/error.h"

namespace kiln {

namespace api {
struct ValueAccess;  // the implementation's door to a value's buffer
}

// A tensor's type: its element type as MLIR spells it ("f32", "bf16", "i1", "i8", "ui32",
// "complex<f32>", "f8E4M3FN", ...) and its static shape.
struct TensorType {
  std::string element;
  std::vector<int64_t> shape;

  // "tensor<2x3xf32>".
  std::string to_string() const;
  bool operator==(const TensorType&) const = default;
};

// A value in host memory, or in a device's (Executable::to_device, Executable::run_on_device).
// Copies share the bytes; a Value is never changed after it is made, so it may be read from
// several threads and passed to several runs at once.
class Value {
 public:
  enum class Kind { kTensor, kToken, kTuple };

  // A tensor of `type` holding a copy of `bytes`: row-major, each element in its storage size
  // (bool and sub-byte types one byte each, bf16/f16 two, complex real then imaginary part).
  // Errors (invalid_argument): an element type kiln does not know, or bytes of the wrong size.
  static Expected<Value> tensor(const TensorType& type, std::span<const std::byte> bytes);
  // A tensor read from a NumPy .npy file holding `type` (see `kiln run --input`). Errors name
  // the file and what it holds against what was expected.
  static Expected<Value> read_npy(const std::string& path, const TensorType& type);

  Kind kind() const;
  bool is_tensor() const { return kind() == Kind::kTensor; }
  // The type as MLIR spells it: "tensor<2x3xf32>", "!stablehlo.token", "tuple<...>".
  std::string type_string() const;
  // A tensor's type and bytes (an empty type and span for tokens and tuples; an empty span for
  // a tensor on a device: to_host() first).
  TensorType tensor_type() const;
  std::span<const std::byte> bytes() const;
  // Whether the tensor (or any element of a tuple) is in a device's memory.
  bool on_device() const;
  // The value with every tensor in host memory: itself when it is there, else a copy read
  // back from the device. Errors: the device's.
  Expected<Value> to_host() const;
  // A tuple's elements (empty otherwise).
  std::vector<Value> elements() const;

  // A tensor as a dense literal, `dense<[1.0, 2.0]> : tensor<2xf32>`; "!stablehlo.token" for a
  // token; "(a, b)" of the elements for a tuple.
  std::string to_string() const;
  // Writes a tensor as .npy (types NumPy lacks as ml_dtypes writes them). Errors: a token or
  // tuple (invalid_argument), a file that cannot be written.
  Status write_npy(const std::string& path) const;

 private:
  friend struct api::ValueAccess;
  struct Impl;
  explicit Value(std::shared_ptr<const Impl> impl) : impl_(std::move(impl)) {}
  std::shared_ptr<const Impl> impl_;
};

}  // namespace kiln
