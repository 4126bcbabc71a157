// The random-input generator.
#include "oracle/random.h"

#include <cmath>
#include <random>
#include <string>

#include "interp/scalar_types.h"

namespace kiln::oracle {

uint64_t input_seed(uint64_t seed, size_t i) { return seed * 1000003u + i; }

namespace {

// Fills `t` (of storage kind `et`) from `gen`; see random_tensor for the distributions.
void fill(interp::Tensor& t, const ir::ElementType& et, std::mt19937_64& gen,
          std::optional<Range> range) {
  Range r = range.value_or(et.kind() == ir::ElementKind::kF8E8M0FNU ? Range{0.25, 4.0} : Range{});
  std::uniform_real_distribution<double> real(r.lo, r.hi);
  auto nonzero_real = [&]() {
    double v;
    do v = real(gen);
    while (v == 0.0);
    return v;
  };
  const int bits = et.bit_width();
  interp::dispatch_dtype(et.kind(), [&]<class T>() {
    T* data = t.data<T>();
    for (int64_t i = 0; i < t.num_elements(); ++i) {
      if constexpr (std::is_same_v<T, bool>) {
        data[i] = (gen() & 1) != 0;
      } else if constexpr (interp::kIsComplex<T>) {
        using R = typename T::value_type;
        data[i] = T(static_cast<R>(nonzero_real()), static_cast<R>(nonzero_real()));
      } else if constexpr (interp::kIsFloat<T>) {
        T v;
        do v = interp::from_double<T>(nonzero_real());
        while (interp::to_double(v) == 0.0);
        data[i] = v;
      } else if (range) {
        data[i] = interp::wrap_int(static_cast<T>(std::floor(real(gen))), bits);
      } else if constexpr (std::is_signed_v<T>) {
        int64_t v = static_cast<int64_t>(gen() % 16) - 8;
        T x =
            interp::wrap_int(static_cast<T>(v >= 0 ? v + 1 : v), bits);  // i2, i4 keep their range
        data[i] = x == 0 ? T{1} : x;
      } else {
        T x = interp::wrap_int(static_cast<T>(1 + gen() % 16), bits);
        data[i] = x == 0 ? T{1} : x;
      }
    }
  });
}

}  // namespace

ir::Type random_input_type(const ir::Type& type) {
  if (!type.is_tensor() || type.is_static()) return type;
  std::vector<int64_t> shape = type.shape();
  for (size_t d = 0; d < shape.size(); ++d) {
    if (shape[d] != ir::kDynamic) continue;
    int64_t bound = d < type.bounds().size() ? type.bounds()[d] : ir::kDynamic;
    shape[d] = bound == ir::kDynamic ? kDynamicInputSize : bound;
    // A per-axis quantized type's quantized dimension holds one element per scale.
    if (type.element().is_quantized()) {
      const ir::QuantParams& q = type.element().quant();
      if (q.quantized_dimension && static_cast<size_t>(*q.quantized_dimension) == d) {
        shape[d] = static_cast<int64_t>(q.scales.size());
      }
    }
  }
  return ir::Type::tensor(std::move(shape), type.element());
}

Expected<interp::Tensor> random_tensor(const ir::Type& type, uint64_t seed,
                                       std::optional<Range> range) {
  const ir::Type concrete = random_input_type(type);
  KILN_TRY(interp::Tensor t, interp::Tensor::allocate(concrete));
  std::mt19937_64 gen(seed);
  fill(t, concrete.element().storage_type(), gen, range);
  return t;
}

Expected<std::vector<interp::Tensor>> random_inputs(std::span<const ir::Type> types, uint64_t seed,
                                                    std::span<const std::optional<Range>> ranges) {
  std::vector<interp::Tensor> out;
  for (size_t i = 0; i < types.size(); ++i) {
    std::optional<Range> range = i < ranges.size() ? ranges[i] : std::nullopt;
    auto t = random_tensor(types[i], input_seed(seed, i), range);
    if (!t.ok()) return t.error().with_prefix("input " + std::to_string(i) + ": ");
    out.push_back(std::move(*t));
  }
  return out;
}

}  // namespace kiln::oracle
