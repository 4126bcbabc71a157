// Shared pieces of op implementations.
#include "interp/ops/op_helpers.h"

namespace kiln::interp {

std::vector<int64_t> attr_ints(const ir::Operation& op, std::string_view name) {
  const ir::Attribute* a = op.attr(name);
  if (!a) return {};
  if (const auto* arr = a->get_if<ir::DenseArrayAttr>()) return arr->ints;
  if (const auto* dense = a->get_if<ir::DenseElementsAttr>()) {
    std::vector<int64_t> out;
    int bits = dense->type.element().bit_width();
    for (int64_t i = 0; i < dense->num_elements(); ++i) {
      uint64_t b = dense->element_bits(i);
      if (bits < 64 && dense->type.element().is_signed_int()) {
        b = static_cast<uint64_t>(static_cast<int64_t>(b << (64 - bits)) >> (64 - bits));
      }
      out.push_back(static_cast<int64_t>(b));
    }
    return out;
  }
  return {};
}

int64_t attr_int(const ir::Operation& op, std::string_view name, int64_t fallback) {
  if (const auto* i = op.attr_as<ir::IntegerAttr>(name)) return i->value;
  return fallback;
}

int64_t int_element(const Tensor& t, int64_t i) {
  return dispatch_dtype(t.element().storage_type().kind(), [&]<class T>() -> int64_t {
    if constexpr (std::is_integral_v<T>) {
      return static_cast<int64_t>(t.data<T>()[i]);
    } else {
      return 0;
    }
  });
}

}  // namespace kiln::interp
