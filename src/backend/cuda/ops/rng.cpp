// Elemental rule of rng_bit_generator, bit-exact with the interpreter (src/interp/ops/rng.cpp)
// and XLA: every output word is a pure function of the state and its index, so both results
// (the new state and the bits) are computed element by element. PHILOX (and DEFAULT, as on
// XLA's CPU) and THREE_FRY, 32- and 64-bit words, XLA's layout of 32-bit Threefry pairs;
// states other than XLA's ui64[2] / ui64[3] read as their bits (integer, f32 and f64 ones).
// And stablehlo.rng, as the interpreter's deterministic stream: element i draws the two 64-bit
// words of Philox block i under a key made of the op's offset in its source text.
#include <fmt/format.h>

#include <cmath>
#include <optional>

#include "backend/cuda/ops/rule_helpers.h"
#include "ir/attribute.h"

namespace kiln::backend::cuda {

namespace {

// The dimension XLA halves to lay out 32-bit Threefry words (as the interpreter).
size_t three_fry_split_dim(const std::vector<int64_t>& shape) {
  size_t best = 0;
  for (size_t d = 0; d < shape.size(); ++d) {
    if (shape[d] >= 2 && shape[d] % 2 == 0) return d;
    if (shape[d] > shape[best]) best = d;
  }
  return best;
}

// The element of type `t` whose storage bits are the low bits of word `w` (a u64 expression).
std::string from_bits(const ScalarType& t, const std::string& w) {
  switch (t.kind) {
    case ir::ElementKind::kF32: return fmt::format("__int_as_float(static_cast<int>({}))", w);
    case ir::ElementKind::kF64: return fmt::format("__longlong_as_double(static_cast<i64>({}))", w);
    case ir::ElementKind::kBF16: return fmt::format("to_float(bf16_t{{static_cast<u16>({})}})", w);
    case ir::ElementKind::kF16: return fmt::format("to_float(half_t{{static_cast<u16>({})}})", w);
    default: break;
  }
  if (t.is_bool) return fmt::format("(({}) & 1) != 0", w);
  // The byte formats' patterns (a NaN pattern's payload is not kept: held in float).
  if (!t.format.empty()) {
    return fmt::format("kg::f8_to_float<{}>(static_cast<u8>(({}) & {}u))", t.format, w, (1u << t.bits) - 1);
  }
  return t.round(fmt::format("static_cast<{}>({})", t.compute, w));
}

// The storage bits of a state element `v` (of `t`'s compute type) as a u64 expression; the
// types whose compute value keeps every bit (integers of whole bytes, f32, f64), else nullopt.
std::optional<std::string> state_element_bits(const ScalarType& t, const std::string& v) {
  if (t.kind == ir::ElementKind::kF32)
    return fmt::format("static_cast<u64>(__float_as_uint({}))", v);
  if (t.kind == ir::ElementKind::kF64)
    return fmt::format("static_cast<u64>(__double_as_longlong({}))", v);
  if (!t.is_int || t.is_bool || t.bits != 8 * t.bytes) return std::nullopt;
  const char* u = t.bits == 64 ? "u64" : t.bits == 32 ? "u32" : t.bits == 16 ? "u16" : "u8";
  return fmt::format("static_cast<u64>(static_cast<{}>({}))", u, v);
}

// The three 64-bit words of the state `op` reads (the interpreter's state_words: its elements'
// bytes in order, zero-extended); `bytes` its size.
Expected<std::vector<std::string>> state_words(Emitter& e, const ir::Operation& op,
                                               int64_t& bytes) {
  const ir::Type& state_type = op.operand(0)->type();
  KILN_TRY(ScalarType st, e.scalar_type(state_type, &op));
  const int64_t n = state_type.num_elements().value_or(0);
  bytes = n * st.bytes;
  std::vector<std::string> words(3, "0ULL");
  for (int64_t k = 0; k < n && k * st.bytes < 24; ++k) {
    Index at = Index::of_linear(state_type.shape(), std::to_string(k));
    KILN_TRY(std::string v, e.emit(op.operand(0), at));
    std::optional<std::string> b = state_element_bits(st, v);
    if (!b)
      return unsupported(op, "a state of " + ir::to_string(state_type.element()) +
                                 " elements (integers, f32 and f64 are read as bits)");
    std::string& w = words[static_cast<size_t>(k * st.bytes / 8)];
    w = fmt::format("({} | ({} << {}))", w, *b, k * st.bytes % 8 * 8);
  }
  for (std::string& w : words) w = e.let("u64", w);
  return words;
}

Expected<std::string> emit_rng_bit_generator(Emitter& e, const ir::Operation& op, size_t result,
                                             Index& index) {
  const bool philox = op.attr_as<ir::EnumAttr>("rng_algorithm")->value != 1;
  const ir::Type& new_state_type = op.result(0)->type();
  KILN_TRY(ScalarType nst, e.scalar_type(new_state_type, &op));
  int64_t bytes = 0;
  KILN_TRY(std::vector<std::string> s, state_words(e, op, bytes));
  // The interpreter's limits (it refuses larger states at run time: so does the compiler).
  if (bytes > (philox ? 24 : 16) || !state_element_bits(nst, "x")) {
    return unsupported(op,
                       fmt::format("a state of more than {} bits or a new state of {} elements",
                                   philox ? 192 : 128, ir::to_string(new_state_type.element())));
  }
  const int64_t n_state = philox && bytes > 16 ? 3 : 2;
  const ir::Type& out_type = op.result(1)->type();
  KILN_TRY(ScalarType out, e.scalar_type(out_type, &op));
  const bool wide = out_type.element().storage_type().bit_width() > 32;
  const int64_t n = out_type.num_elements().value_or(0);
  const std::string hi_base = n_state == 3 ? s[2] : s[0];
  if (result == 0) {
    // The new state: the key, then the counter advanced past every word used, as words; the
    // element at its bytes' place in them (past the three words: zero).
    std::vector<std::string> ns = s;
    if (philox) {
      const int64_t blocks = (n + (wide ? 2 : 4) - 1) / (wide ? 2 : 4);
      ns[1] = e.let("u64", fmt::format("{} + {}ULL", s[1], blocks));
      if (n_state == 3)
        ns[2] = e.let("u64", fmt::format("{} + ({} < {} ? 1ULL : 0ULL)", s[2], ns[1], s[1]));
    } else {
      std::vector<int64_t> dims =
          out_type.shape().empty() ? std::vector<int64_t>{1} : out_type.shape();
      const int64_t split = dims[three_fry_split_dim(dims)];
      const int64_t used = wide ? n : (n == 0 ? 0 : n / split * ((split + 1) / 2));
      ns[1] = e.let("u64", fmt::format("{} + {}ULL", s[1], used));
    }
    const std::string k = e.let("i64", fmt::format("{} * {}", e.linear(index), nst.bytes));
    const std::string word = e.let(
        "u64",
        fmt::format("({0} < 8 ? {1} : {0} < 16 ? {2} : {0} < 24 ? {3} : 0ULL) >> ({0} % 8 * 8)", k,
                    ns[0], ns[1], ns[2]));
    return e.let(nst.compute, from_bits(nst, word));
  }
  const std::string& i = e.linear(index);
  std::string y = e.fresh("y");
  std::string word;
  if (philox) {
    const int per_block = wide ? 2 : 4;
    std::string lo = e.let("u64", fmt::format("{} + static_cast<u64>({}) / {}", s[1], i, per_block));
    std::string hi = e.let("u64", fmt::format("{} + ({} < {} ? 1ULL : 0ULL)", hi_base, lo, s[1]));
    e.out().line(fmt::format("unsigned {}[4];", y));
    e.out().line(fmt::format("kg::philox4x32({}, {}, {}, {});", lo, hi, s[0], y));
    std::string j = e.let("int", fmt::format("static_cast<int>({} % {})", i, per_block));
    word = wide ? fmt::format("({0} == 0 ? (static_cast<u64>({1}[1]) << 32 | {1}[0]) : "
                              "(static_cast<u64>({1}[3]) << 32 | {1}[2]))", j, y)
                : fmt::format("static_cast<u64>({}[{}])", y, j);
  } else if (wide) {
    e.out().line(fmt::format("unsigned {}[2];", y));
    e.out().line(fmt::format("kg::threefry2x32({} + static_cast<u64>({}), {}, {});", s[1], i, s[0], y));
    word = fmt::format("(static_cast<u64>({0}[1]) << 32 | {0}[0])", y);
  } else {
    std::vector<int64_t> dims = out_type.shape().empty() ? std::vector<int64_t>{1} : out_type.shape();
    const size_t d = three_fry_split_dim(dims);
    const int64_t split = dims[d], half = (split + 1) / 2;
    int64_t inner = 1;
    for (size_t j = d + 1; j < dims.size(); ++j) inner *= dims[j];
    std::string outer = e.let("i64", fmt::format("{} / {}", i, split * inner));
    std::string k = e.let("i64", fmt::format("({} / {}) % {}", i, inner, split));
    std::string in = e.let("i64", fmt::format("{} % {}", i, inner));
    std::string pair = e.let("i64", fmt::format("({} * {} + {} / 2) * {} + {}", outer, half, k, inner, in));
    e.out().line(fmt::format("unsigned {}[2];", y));
    e.out().line(fmt::format("kg::threefry2x32({} + static_cast<u64>({}), {}, {});", s[1], pair, s[0], y));
    word = fmt::format("static_cast<u64>({}[{} % 2])", y, k);
  }
  return e.let(out.compute, from_bits(out, word));
}

// The unsigned type an integer compute type draws its values in (the interpreter's U).
std::string unsigned_of(const ScalarType& t) {
  if (t.is_bool) return "u8";
  if (!t.is_signed) return t.compute;
  return t.bits > 32 ? "u64" : t.bits > 16 ? "u32" : t.bits > 8 ? "u16" : "u8";
}

// A uniform double in [0, 1) from the top 53 bits of word `w` (the interpreter's unit_double).
std::string unit_double(const std::string& w) {
  return fmt::format("(static_cast<double>({} >> 11) * {:.17g})", w, std::ldexp(1.0, -53));
}

Expected<std::string> emit_rng(Emitter& e, const ir::Operation& op, size_t, Index& index) {
  KILN_TRY(ScalarType t, result_type(e, op));
  if (t.is_complex) return unsupported(op, "on complex numbers");
  Index scalar = Index::scalar();
  KILN_TRY(std::string a, e.emit(op.operand(0), scalar));
  KILN_TRY(std::string b, e.emit(op.operand(1), scalar));
  const uint64_t key = 0x6b696c6e00000000ull ^ static_cast<uint64_t>(op.location().offset);
  const std::string y = e.fresh("y");
  e.out().line(fmt::format("unsigned {}[4];", y));
  e.out().line(fmt::format("kg::philox4x32(static_cast<u64>({}), 0ULL, {}ULL, {});", e.linear(index), key, y));
  const std::string w0 = e.let("u64", fmt::format("(static_cast<u64>({0}[1]) << 32 | {0}[0])", y));
  if (t.is_int || t.is_bool) {
    // UNIFORM on [a, b): a plus the word modulo the range, in unsigned arithmetic.
    const std::string u = unsigned_of(t);
    const std::string range = e.let(u, fmt::format("static_cast<{0}>(static_cast<{0}>({1}) - static_cast<{0}>({2}))", u, b, a));
    return e.let(t.compute, t.round(fmt::format(
        "({2} <= {1} ? {1} : static_cast<{3}>(static_cast<{0}>(static_cast<{0}>({1}) + static_cast<{0}>({4} % {5}))))",
        u, a, b, t.compute, w0, range)));
  }
  KILN_TRY(ScalarType f64, scalar_type_of(ir::ElementType(ir::ElementKind::kF64)));
  const std::string lo = e.let("double", fmt::format("static_cast<double>({})", a));
  const std::string hi = e.let("double", fmt::format("static_cast<double>({})", b));
  if (op.attr_as<ir::EnumAttr>("rng_distribution")->value == 1) {
    // NORMAL by Box-Muller: mean a, standard deviation b.
    const std::string w1 = e.let("u64", fmt::format("(static_cast<u64>({0}[3]) << 32 | {0}[2])", y));
    const std::string u1 = e.let("double", "1.0 - " + unit_double(w0));
    const std::string u2 = e.let("double", unit_double(w1));
    const std::string z = e.let("double", fmt::format("sqrt(-2.0 * log({})) * cos({:.17g} * {})", u1, 2 * 3.141592653589793, u2));
    return e.let(t.compute, convert_expr(f64, t, fmt::format("({} + {} * {})", lo, hi, z)));
  }
  const std::string v = e.let(t.compute, convert_expr(f64, t, fmt::format("({0} + ({1} - {0}) * {2})", lo, hi, unit_double(w0))));
  // Rounding may reach b; the interval is half-open.
  return e.let(t.compute, fmt::format("(({1} > {0} && static_cast<double>({2}) >= {1}) ? {3} : {2})", lo, hi, v, a));
}

}  // namespace

KILN_REGISTER_CUDA_ELEMENTAL("stablehlo.rng_bit_generator", emit_rng_bit_generator);
KILN_REGISTER_CUDA_ELEMENTAL("stablehlo.rng", emit_rng);

}  // namespace kiln::backend::cuda
