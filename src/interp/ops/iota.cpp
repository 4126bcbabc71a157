// stablehlo.iota: result[i] = i[iota_dimension], converted to the result's element type.
#include <algorithm>
#include <vector>

#include "interp/ops/op_helpers.h"

namespace kiln::interp {

void iota_into(Tensor& result, int64_t dimension) {
  const auto& shape = result.shape();
  int64_t inner = 1;  // elements per step of `dimension`
  for (size_t d = static_cast<size_t>(dimension) + 1; d < shape.size(); ++d) inner *= shape[d];
  const int64_t size = shape[static_cast<size_t>(dimension)];
  const ir::ElementType& element = result.element().storage_type();
  dispatch_dtype(element.kind(), [&]<class T>() {
    // The `size` distinct values, converted once; the output is runs of `inner` equal values
    // cycling through them.
    std::vector<T> values(static_cast<size_t>(size));
    for (int64_t v = 0; v < size; ++v) {
      if constexpr (kIsInt<T>) {
        // Integers wrap to their width (spec: convert), sub-byte ones included.
        values[static_cast<size_t>(v)] = wrap_int(static_cast<T>(v), element.bit_width());
      } else if constexpr (std::is_same_v<T, bool>) {
        values[static_cast<size_t>(v)] = v != 0;
      } else {
        values[static_cast<size_t>(v)] = from_double<T>(static_cast<double>(v));
      }
    }
    T* out = result.data<T>();
    parallel_for(result.num_elements(), kParallelGrain, [&](int64_t begin, int64_t end) {
      int64_t v = (begin / inner) % size, within = begin % inner;
      if (inner == 1) {  // the values themselves, over and over
        for (int64_t i = begin; i < end;) {
          const int64_t run = std::min(size - v, end - i);
          std::copy(values.begin() + v, values.begin() + v + run, out + i);
          i += run;
          v = 0;
        }
        return;
      }
      for (int64_t i = begin; i < end;) {
        const int64_t run = std::min(inner - within, end - i);
        std::fill(out + i, out + i + run, values[static_cast<size_t>(v)]);
        i += run;
        within = 0;
        if (++v == size) v = 0;
      }
    });
  });
}

namespace {

Expected<std::vector<RuntimeValue>> iota(Interpreter&, const ir::Operation& op,
                                         std::span<const RuntimeValue>) {
  KILN_TRY(Tensor result, allocate_result(op));
  KILN_TRY(int64_t dimension, attr_dim(op, "iota_dimension", result.rank()));
  if (result.num_elements() > 0) iota_into(result, dimension);
  return std::vector<RuntimeValue>{std::move(result)};
}

}  // namespace

KILN_REGISTER_INTERP("stablehlo.iota", iota);

}  // namespace kiln::interp
