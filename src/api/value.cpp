// kiln::Value over backend::Buffer.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include "api/impl.h"
#include "backend/cpu/cpu_backend.h"
#include "interp/npy.h"

namespace kiln {

namespace api {

Value ValueAccess::make(backend::Buffer buffer) {
  return Value(std::make_shared<const Value::Impl>(Value::Impl{std::move(buffer)}));
}

TensorType public_type(const ir::Type& type) {
  if (!type.is_tensor()) return {};
  return {ir::to_string(type.element()), type.shape()};
}

Expected<ir::Type> internal_type(const TensorType& type) {
  for (ir::ElementKind complex : {ir::ElementKind::kComplexF32, ir::ElementKind::kComplexF64}) {
    if (type.element == ir::to_string(ir::ElementType(complex))) {
      return ir::Type::tensor(type.shape, complex);
    }
  }
  auto kind = ir::element_kind_from_keyword(type.element);
  if (!kind || *kind == ir::ElementKind::kIndex) {
    return Error::invalid_argument("kiln: unknown element type '" + type.element + "'");
  }
  return ir::Type::tensor(type.shape, *kind);
}

}  // namespace api

std::string TensorType::to_string() const {
  std::string dims;
  for (int64_t d : shape) dims += std::to_string(d) + "x";
  return "tensor<" + dims + element + ">";
}

Expected<Value> Value::tensor(const TensorType& type, std::span<const std::byte> bytes) {
  KILN_TRY(ir::Type internal, api::internal_type(type));
  KILN_TRY(auto buffer, backend::Buffer::host_copy(internal, bytes));
  return api::ValueAccess::make(std::move(buffer));
}

Expected<Value> Value::read_npy(const std::string& path, const TensorType& type) {
  KILN_TRY(ir::Type internal, api::internal_type(type));
  KILN_TRY(interp::Tensor t, interp::read_npy(path, internal));
  KILN_TRY(auto buffer, backend::cpu::to_buffer(t));
  return api::ValueAccess::make(std::move(buffer));
}

Value::Kind Value::kind() const {
  switch (impl_->buffer.kind()) {
    case backend::Buffer::Kind::kTensor:
      return Kind::kTensor;
    case backend::Buffer::Kind::kToken:
      return Kind::kToken;
    case backend::Buffer::Kind::kTuple:
      break;
  }
  return Kind::kTuple;
}

std::string Value::type_string() const { return ir::to_string(impl_->buffer.type()); }
TensorType Value::tensor_type() const { return api::public_type(impl_->buffer.type()); }
std::span<const std::byte> Value::bytes() const { return impl_->buffer.host_bytes(); }

bool Value::on_device() const {
  if (impl_->buffer.space() == backend::MemorySpace::kDevice) return true;
  for (const Value& e : elements()) {
    if (e.on_device()) return true;
  }
  return false;
}

Expected<Value> Value::to_host() const {
  if (!on_device()) return *this;
  KILN_TRY(backend::Buffer host, impl_->buffer.to_host());
  return api::ValueAccess::make(std::move(host));
}

std::vector<Value> Value::elements() const {
  std::vector<Value> out;
  for (const backend::Buffer& e : impl_->buffer.elements())
    out.push_back(api::ValueAccess::make(e));
  return out;
}

std::string Value::to_string() const {
  switch (kind()) {
    case Kind::kToken:
      return "!stablehlo.token";
    case Kind::kTuple: {
      std::vector<std::string> parts;
      for (const Value& e : elements()) parts.push_back(e.to_string());
      return fmt::format("({})", fmt::join(parts, ", "));
    }
    case Kind::kTensor:
      break;
  }
  auto value = backend::cpu::to_runtime_value(impl_->buffer);
  if (!value.ok()) return value.error().message();
  return ir::to_string(ir::Attribute(interp::to_dense(value->tensor())));
}

Status Value::write_npy(const std::string& path) const {
  if (!is_tensor()) {
    return Error::invalid_argument("kiln: " + type_string() +
                                   " is not a tensor; it cannot be written");
  }
  KILN_TRY(auto value, backend::cpu::to_runtime_value(impl_->buffer));
  return interp::write_npy(path, value.tensor());
}

}  // namespace kiln
