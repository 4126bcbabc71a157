// stablehlo.bitcast_convert: the same bits seen as another element type. Between widths the
// result gains (or the operand loses) a last dimension of width ratio, the lowest bits first
// (little-endian), as in StableHLO's reference interpreter.
#include <cstring>

#include "interp/ops/op_helpers.h"

namespace kiln::interp {

namespace {

// The `width` low bits of element i (sub-byte types are held extended in a byte).
uint64_t element_bits(const Tensor& t, int64_t i, int width) {
  uint64_t raw = 0;
  std::memcpy(&raw, t.raw() + i * t.element_bytes(), t.element_bytes());
  return width >= 64 ? raw : raw & ((uint64_t{1} << width) - 1);
}

// Stores the `width` low bits of `bits` as element i: signed sub-byte integers
// sign-extended, booleans as 0/1.
void set_element_bits(Tensor& t, int64_t i, uint64_t bits, int width) {
  const ir::ElementType& e = t.element().storage_type();
  if (width < 64) bits &= (uint64_t{1} << width) - 1;
  if (e.is_bool()) {
    bits = bits != 0;
  } else if (e.is_signed_int() && width < 8) {
    bits = static_cast<uint64_t>(static_cast<int64_t>(bits << (64 - width)) >> (64 - width));
  }
  std::memcpy(t.raw() + i * t.element_bytes(), &bits, t.element_bytes());
}

Expected<std::vector<RuntimeValue>> bitcast_convert(Interpreter&, const ir::Operation& op,
                                                    std::span<const RuntimeValue> args) {
  const Tensor& x = args[0].tensor();
  KILN_TRY(Tensor out, allocate_result(op));
  int in_w = x.element().bit_width(), out_w = out.element().bit_width();
  auto in_bytes = static_cast<int>(x.element_bytes());
  auto out_bytes = static_cast<int>(out.element_bytes());
  // Whole-byte types are stored exactly as their bits, little-endian: a plain copy.
  if (in_w == in_bytes * 8 && out_w == out_bytes * 8) {
    if (out.size_bytes() > 0) std::memcpy(out.raw(), x.raw(), out.size_bytes());
    return std::vector<RuntimeValue>{std::move(out)};
  }
  if (in_w > 64 || out_w > 64) {
    return op_unsupported(op, "between sub-byte types and types wider than 64 bits is not supported");
  }
  if (in_w >= out_w) {
    int ratio = in_w / out_w;
    for (int64_t i = 0; i < x.num_elements(); ++i) {
      uint64_t bits = element_bits(x, i, in_w);
      for (int k = 0; k < ratio; ++k) {
        set_element_bits(out, i * ratio + k, bits >> (k * out_w), out_w);
      }
    }
  } else {
    int ratio = out_w / in_w;
    for (int64_t i = 0; i < out.num_elements(); ++i) {
      uint64_t bits = 0;
      for (int k = 0; k < ratio; ++k) {
        bits |= element_bits(x, i * ratio + k, in_w) << (k * in_w);
      }
      set_element_bits(out, i, bits, out_w);
    }
  }
  return std::vector<RuntimeValue>{std::move(out)};
}

}  // namespace

KILN_REGISTER_INTERP("stablehlo.bitcast_convert", bitcast_convert);

}  // namespace kiln::interp
