// The accumulation type of dots and convolutions, operand conversion to it, and the rounding and
// splitting of operands that dot algorithms ask for.
#include "interp/ops/gemm_operands.h"

#include <algorithm>
#include <cstring>
#include <string>

#include "interp/ops/convert.h"
#include "interp/ops/op_helpers.h"

namespace kiln::interp {

namespace {

using K = ir::ElementKind;

bool has_f64_parts(const ir::ElementType& t) {
  return t.kind() == K::kF64 || t.kind() == K::kComplexF64;
}

// Narrow float `t` as f32 through a table of every storage pattern: an exact conversion
// (every narrow format fits in f32) without a per-element decode.
Tensor narrow_to_f32(const Tensor& t, Tensor out) {
  const ir::ElementKind kind = t.element().kind();
  const size_t bytes = t.element_bytes();
  const uint64_t patterns = uint64_t{1} << (8 * bytes);
  const uint64_t mask = (uint64_t{1} << t.element().bit_width()) - 1;
  std::vector<float> table(patterns);
  for (uint64_t p = 0; p < patterns; ++p) {
    table[p] = static_cast<float>(ir::bits_to_double(kind, p & mask));
  }
  float* dst = out.data<float>();
  if (bytes == 1) {
    const auto* src = reinterpret_cast<const uint8_t*>(t.raw());
    parallel_for(t.num_elements(), kParallelGrain, [&](int64_t begin, int64_t end) {
      for (int64_t i = begin; i < end; ++i) dst[i] = table[src[i]];
    });
  } else {
    const auto* src = reinterpret_cast<const uint16_t*>(t.raw());
    parallel_for(t.num_elements(), kParallelGrain, [&](int64_t begin, int64_t end) {
      for (int64_t i = begin; i < end; ++i) dst[i] = table[src[i]];
    });
  }
  return out;
}

// x rounded to nearest even in `format`, as a double.
double round_to(ir::ElementKind format, double x) {
  return ir::bits_to_double(format, ir::double_to_bits(format, x));
}

}  // namespace

ir::ElementType accumulation_type(const ir::ElementType& lhs, const ir::ElementType& rhs,
                                  const ir::ElementType& result) {
  if (!result.is_float() && !result.is_complex()) return result;
  bool wide = has_f64_parts(lhs) || has_f64_parts(rhs) || has_f64_parts(result);
  if (result.is_complex()) return wide ? K::kComplexF64 : K::kComplexF32;
  return wide ? K::kF64 : K::kF32;
}

Expected<Tensor> convert_operand(const Tensor& t, const ir::ElementType& to) {
  const ir::ElementType& from = t.element();
  if (from == to) return t;
  if (to.kind() == K::kF32 && from.is_float() && from.bit_width() <= 16) {
    KILN_TRY(Tensor out, Tensor::allocate(ir::Type::tensor(t.shape(), to)));
    return narrow_to_f32(t, out);
  }
  return convert_elements(t, to);
}

Expected<std::vector<Tensor>> split_components(const Tensor& t, const ir::ElementType& precision,
                                               int64_t count) {
  std::vector<Tensor> parts;
  for (int64_t i = 0; i < count; ++i) {
    KILN_TRY(Tensor part, Tensor::allocate(t.type()));
    parts.push_back(part);
  }
  const ir::ElementKind format = precision.kind();
  dispatch_dtype(t.element().kind(), [&]<class T>() {
    if constexpr (kIsFloat<T>) {
      const T* src = t.data<T>();
      parallel_for(t.num_elements(), kParallelGrain, [&](int64_t begin, int64_t end) {
        for (int64_t e = begin; e < end; ++e) {
          // Each remainder is exact in T: x_i is x's leading bits, so x - x_i loses nothing.
          T rest = src[e];
          for (Tensor& part : parts) {
            T c = from_double<T>(round_to(format, to_double(rest)));
            part.data<T>()[e] = c;
            rest = from_double<T>(to_double(rest) - to_double(c));
          }
        }
      });
    }
  });
  return parts;
}

Expected<ComponentProducts> component_products(const ir::DotAlgorithmAttr& algorithm) {
  const int64_t ops = algorithm.num_primitive_operations;
  const int64_t cl = algorithm.lhs_component_count, cr = algorithm.rhs_component_count;
  // No known algorithm goes past 3 x 3 components; the cap keeps a hostile count from
  // allocating without bound.
  constexpr int64_t kMaxCount = 8;
  if (cl < 1 || cr < 1 || ops < 1 || cl > kMaxCount || cr > kMaxCount ||
      ops > kMaxCount * kMaxCount) {
    return Error::invalid_argument(
        "algorithm component counts and num_primitive_operations must lie in [1, " +
        std::to_string(kMaxCount) + "] and [1, " + std::to_string(kMaxCount * kMaxCount) +
        "], not " + std::to_string(cl) + ", " + std::to_string(cr) + " and " + std::to_string(ops));
  }
  int64_t implied = 1;
  while (implied * implied < ops) ++implied;
  ComponentProducts c{std::max(cl, implied), std::max(cr, implied), {}};
  for (int64_t i = 0; i < c.lhs_count; ++i) {
    for (int64_t j = 0; j < c.rhs_count; ++j) c.pairs.emplace_back(i, j);
  }
  std::stable_sort(c.pairs.begin(), c.pairs.end(), [](const auto& x, const auto& y) {
    return x.first + x.second < y.first + y.second;
  });
  c.pairs.resize(static_cast<size_t>(ops));
  return c;
}

}  // namespace kiln::interp
