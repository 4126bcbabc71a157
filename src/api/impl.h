// What the public API's handles hold: the internal objects behind kiln::Value, kiln::Module and
// kiln::Executable (not part of the public headers).
#pragma once

#include <memory>
#include <string>

#include "backend/backend.h"
#include "ir/operation.h"
#include "kiln/kiln.h"
#include "support/source.h"

namespace kiln {

struct Value::Impl {
  backend::Buffer buffer;
};

struct Module::Impl {
  std::shared_ptr<const SourceBuffer> source;  // keeps the locations' text alive
  std::unique_ptr<ir::Module> module;
};

struct Executable::Impl {
  Module module;  // keeps the IR the backend's executable refers to alive
  std::string backend;
  std::unique_ptr<backend::Executable> executable;
};

namespace api {

// Builds values from buffers and reads their buffers back.
struct ValueAccess {
  static Value make(backend::Buffer buffer);
  static const backend::Buffer& buffer(const Value& value) { return value.impl_->buffer; }
};

// The backend's executable behind a public one (tools reach the cuda backend's profile).
struct ExecutableAccess {
  static const backend::Executable& executable(const Executable& e) {
    return *e.impl_->executable;
  }
};

// The public spelling of an internal type, and back (invalid_argument for an element type
// kiln does not know by name; quantized types come only from a program's own types).
TensorType public_type(const ir::Type& type);
Expected<ir::Type> internal_type(const TensorType& type);

}  // namespace api
}  // namespace kiln
