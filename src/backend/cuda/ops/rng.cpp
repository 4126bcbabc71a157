// Elemental rule of rng_bit_generator, bit-exact with the interpreter (src/interp/ops/rng.cpp)
// and XLA: every output word is a pure function of the state and its index, so both results
// (the new state and the bits) are computed element by element. PHILOX (and DEFAULT, as on
// XLA's CPU) and THREE_FRY, 32- and 64-bit words, XLA's layout of 32-bit Threefry pairs.
#include <fmt/format.h>

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
  return t.round(fmt::format("static_cast<{}>({})", t.compute, w));
}

Expected<std::string> emit_rng_bit_generator(Emitter& e, const ir::Operation& op, size_t result,
                                             Index& index) {
  const ir::Type& state_type = op.operand(0)->type();
  const int64_t n_state = state_type.num_elements().value_or(0);
  const bool philox = op.attr_as<ir::EnumAttr>("rng_algorithm")->value != 1;
  if (state_type.element().kind() != ir::ElementKind::kUI64 ||
      (philox ? (n_state != 2 && n_state != 3) : n_state != 2)) {
    return unsupported(op, "an initial state other than XLA's");
  }
  const ir::Type& out_type = op.result(1)->type();
  KILN_TRY(ScalarType out, e.scalar_type(out_type, &op));
  const bool wide = out_type.element().storage_type().bit_width() > 32;
  const int64_t n = out_type.num_elements().value_or(0);
  std::vector<std::string> s;
  for (int64_t k = 0; k < n_state; ++k) {
    Index at = Index::of_linear(state_type.shape(), std::to_string(k));
    KILN_TRY(std::string v, e.emit(op.operand(0), at));
    s.push_back(v);
  }
  const std::string hi_base = n_state == 3 ? s[2] : s[0];
  if (result == 0) {
    // The new state: the key, then the counter advanced past every word used.
    std::string k = e.dims(index)[0];
    if (philox) {
      const int64_t blocks = (n + (wide ? 2 : 4) - 1) / (wide ? 2 : 4);
      std::string lo = e.let("u64", fmt::format("{} + {}ULL", s[1], blocks));
      std::string hi = e.let("u64", fmt::format("{} + ({} < {} ? 1ULL : 0ULL)", hi_base, lo, s[1]));
      return e.let("u64", fmt::format("({0} == 0 ? {1} : ({0} == 1 ? {2} : {3}))", k, s[0], lo, hi));
    }
    std::vector<int64_t> dims = out_type.shape().empty() ? std::vector<int64_t>{1} : out_type.shape();
    const int64_t split = dims[three_fry_split_dim(dims)];
    const int64_t used = wide ? n : (n == 0 ? 0 : n / split * ((split + 1) / 2));
    return e.let("u64", fmt::format("({} == 0 ? {} : {} + {}ULL)", k, s[0], s[1], used));
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

}  // namespace

KILN_REGISTER_CUDA_ELEMENTAL("stablehlo.rng_bit_generator", emit_rng_bit_generator);

}  // namespace kiln::backend::cuda
