// bitcast_convert: an alias of the operand's bytes where both types fill their storage, or
// hold one sub-byte element of one width per byte alike; otherwise (sub-byte types of other
// widths or kinds: i8 -> 2 x i4, ui4 -> f4E2M1FN, ...) a generated kernel that moves the
// bits as the interpreter does: between widths the wider element's bits are the narrower
// elements' along a last dimension, lowest bits first.
#include <fmt/format.h>

#include "backend/cuda/codegen/stand_in.h"
#include "backend/cuda/lowerer.h"
#include "backend/cuda/ops/rule_helpers.h"

namespace kiln::backend::cuda {

namespace {

// The stand-in op of the generated kernel: a rule of this file only.
constexpr const char* kBitcastBits = "kiln.cuda.bitcast_bits";

// Whether the bytes of `from` elements read as `to` elements of the same sub-byte width:
// the byte float formats read the pattern's low bits alone, unsigned integers need the upper
// bits clear (zero-extended integers, float patterns), signed ones sign-extended.
bool same_sub_byte_bytes(const ir::ElementType& from, const ir::ElementType& to) {
  if (from.bit_width() != to.bit_width() || from.is_complex() || to.is_complex() ||
      from.kind() == ir::ElementKind::kI1 || to.kind() == ir::ElementKind::kI1) {
    return false;
  }
  if (to.is_float()) return true;
  if (to.is_signed_int()) return from.is_signed_int();
  return !from.is_signed_int();
}

std::string mask(int bits) { return bits >= 64 ? "~0ULL" : fmt::format("0x{:x}ULL", (uint64_t{1} << bits) - 1); }

// The element's `t.bits` low bits as a u64 expression, from its compute type.
Expected<std::string> bits_of(const ir::Operation& op, const ScalarType& t, const std::string& x) {
  if (t.is_bool) return fmt::format("static_cast<u64>({} ? 1 : 0)", x);
  if (t.is_int) return fmt::format("(static_cast<u64>({}) & {})", x, mask(t.bits));
  if (!t.format.empty()) return fmt::format("(static_cast<u64>(kg::float_to_f8<{}>({})) & {})", t.format, x, mask(t.bits));
  if (t.kind == ir::ElementKind::kF32) return fmt::format("static_cast<u64>(__float_as_uint({}))", x);
  if (t.kind == ir::ElementKind::kF64) return fmt::format("static_cast<u64>(__double_as_longlong({}))", x);
  if (t.kind == ir::ElementKind::kBF16 || t.kind == ir::ElementKind::kF16) {
    return fmt::format("static_cast<u64>(from_float<{}>({}).bits)", t.storage, x);
  }
  return unsupported(op, "between sub-byte types and " + t.compute);
}

// The compute-type value of `t` whose pattern is the low `t.bits` bits of `bits`.
Expected<std::string> from_bits(const ir::Operation& op, const ScalarType& t, const std::string& bits) {
  const std::string b = fmt::format("({} & {})", bits, mask(t.bits));
  if (t.is_bool) return fmt::format("({} != 0)", b);
  if (t.is_int) return t.round(fmt::format("static_cast<{}>({})", t.compute, b));
  if (!t.format.empty()) return fmt::format("kg::f8_to_float<{}>(static_cast<u8>({}))", t.format, b);
  if (t.kind == ir::ElementKind::kF32) return fmt::format("__uint_as_float(static_cast<u32>({}))", b);
  if (t.kind == ir::ElementKind::kF64) return fmt::format("__longlong_as_double(static_cast<i64>({}))", b);
  if (t.kind == ir::ElementKind::kBF16 || t.kind == ir::ElementKind::kF16) {
    return fmt::format("to_float({}{{static_cast<u16>({})}})", t.storage, b);
  }
  return unsupported(op, "between sub-byte types and " + t.compute);
}

Expected<std::string> emit_bitcast_bits(Emitter& e, const ir::Operation& op, size_t, Index& index) {
  KILN_TRY(ScalarType from, operand_type(e, op, 0));
  KILN_TRY(ScalarType to, result_type(e, op));
  const ir::Type& in = op.operand(0)->type();
  std::vector<std::string> d = e.dims(index);
  std::string bits;
  if (from.bits >= to.bits) {
    // The result's last dimension picks the part of the operand element.
    const std::string k = d.empty() ? "0" : d.back();
    if (from.bits > to.bits) d.pop_back();
    Index at = Index::of_dims(in.shape(), d);
    KILN_TRY(std::string x, e.emit(op.operand(0), at));
    KILN_TRY(std::string b, bits_of(op, from, x));
    bits = from.bits > to.bits ? fmt::format("({} >> ({} * {}))", b, k, to.bits) : b;
  } else {
    const int64_t ratio = to.bits / from.bits;
    bits = e.fresh("bits");
    e.out().line(fmt::format("u64 {} = 0;", bits));
    for (int64_t k = 0; k < ratio; ++k) {
      std::vector<std::string> dk = d;
      dk.push_back(std::to_string(k));
      Index at = Index::of_dims(in.shape(), dk);
      KILN_TRY(std::string x, e.emit(op.operand(0), at));
      KILN_TRY(std::string b, bits_of(op, from, x));
      e.out().line(fmt::format("{} |= {} << {};", bits, b, k * from.bits));
    }
  }
  KILN_TRY(std::string value, from_bits(op, to, bits));
  return e.let(to.compute, value);
}

Status lower_bitcast_convert(Lowerer& l, const ir::Operation& op) {
  const ir::ElementType& from = op.operand(0)->type().element();
  const ir::ElementType& to = op.result(0)->type().element();
  if ((from.bit_width() == from.storage_bytes() * 8 && to.bit_width() == to.storage_bytes() * 8) ||
      same_sub_byte_bytes(from, to)) {
    KILN_TRY(BufferRef r, l.ref(op.operand(0)));
    l.alias(op.result(0), r);
    return ok_status();
  }
  if (from.bit_width() > 64 || to.bit_width() > 64) {
    return unsupported(op, "between sub-byte types and types wider than 64 bits");
  }
  StandInOp stand_in(kBitcastBits, op, {op.operand(0)->type()}, {op.result(0)->type()});
  KILN_TRY(BufferRef x, l.ref(op.operand(0)));
  LoopKernel kernel{l.kernel_name(), {stand_in.operand(0)}, {stand_in.op().result(0)}};
  // The kernel's text is written here, while the stand-in lives.
  return l.add_loop_kernel(std::move(kernel), {x}, {l.define(op.result(0))}, op);
}

}  // namespace

KILN_REGISTER_CUDA_LOWERING("stablehlo.bitcast_convert", lower_bitcast_convert);
KILN_REGISTER_CUDA_ELEMENTAL(kBitcastBits, emit_bitcast_bits);

}  // namespace kiln::backend::cuda
