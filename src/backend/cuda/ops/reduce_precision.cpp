// Elemental rule of reduce_precision, bit for bit as the interpreter: XLA's rounding on the
// element's own IEEE pattern (kg::reduce_precision_bits); the byte formats without IEEE
// specials reduce their exact value as an f64 and round back. NaN stays.
#include <fmt/format.h>

#include "backend/cuda/ops/rule_helpers.h"
#include "ir/float_format.h"

namespace kiln::backend::cuda {

namespace {

using K = ir::ElementKind;

// `bits` (a u64 expression of a pattern of 1 + se + sm bits) reduced to e and m bits.
std::string reduce(const std::string& bits, int se, int sm, int64_t e, int64_t m) {
  return fmt::format("kg::reduce_precision_bits({}, {}, {}, {}, {})", bits, se, sm, e, m);
}

Expected<std::string> reduced(const ir::Operation& op, const ScalarType& t, const std::string& x,
                              int64_t e, int64_t m) {
  const std::string f64 = reduce(fmt::format("static_cast<u64>(__double_as_longlong(static_cast<double>({})))", x), 11, 52, e, m);
  switch (t.kind) {
    case K::kF32: return fmt::format("__uint_as_float(static_cast<u32>({}))", reduce(fmt::format("static_cast<u64>(__float_as_uint({}))", x), 8, 23, e, m));
    case K::kF64: return fmt::format("__longlong_as_double(static_cast<i64>({}))", f64);
    case K::kBF16:
    case K::kF16: {
      const bool bf = t.kind == K::kBF16;
      return fmt::format("to_float({0}{{static_cast<u16>({1})}})", t.storage,
                         reduce(fmt::format("static_cast<u64>(from_float<{}>({}).bits)", t.storage, x), bf ? 8 : 5, bf ? 7 : 10, e, m));
    }
    default: break;
  }
  if (t.format.empty()) return unsupported(op, "on " + t.compute);
  const ir::FloatFormat f = *ir::float_format(t.kind);
  if (f.specials == ir::FloatSpecials::kIeee) {
    return fmt::format("kg::f8_to_float<{0}>(static_cast<u8>({1}))", t.format,
                       reduce(fmt::format("static_cast<u64>(kg::float_to_f8<{}>({}))", t.format, x), f.exponent_bits, f.mantissa_bits, e, m));
  }
  // As the interpreter: each step only where it narrows the format's own field.
  const int64_t we = e < f.exponent_bits ? e : 11, wm = m < f.mantissa_bits ? m : 52;
  const std::string wide = reduce(fmt::format("static_cast<u64>(__double_as_longlong(static_cast<double>({})))", x), 11, 52, we, wm);
  return fmt::format("kg::f8_to_float<{0}>(kg::float_to_f8<{0}>(__longlong_as_double(static_cast<i64>({1}))))", t.format, wide);
}

Expected<std::string> emit_reduce_precision(Emitter& e, const ir::Operation& op, size_t, Index& index) {
  KILN_TRY(ScalarType t, result_type(e, op));
  const int64_t eb = attr_int(op, "exponent_bits"), mb = attr_int(op, "mantissa_bits");
  if (!t.is_float || eb < 1 || mb < 0) return unsupported(op, "on " + t.compute + " or these bit counts");
  KILN_TRY(std::string x, operand_at(e, op, 0, index));
  KILN_TRY(std::string r, reduced(op, t, x, eb, mb));
  return e.let(t.compute, fmt::format("({0} != {0} ? {0} : {1})", x, r));
}

}  // namespace

KILN_REGISTER_CUDA_ELEMENTAL("stablehlo.reduce_precision", emit_reduce_precision);

}  // namespace kiln::backend::cuda
