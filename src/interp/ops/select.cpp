// stablehlo.select: result[i] = pred ? on_true[i] : on_false[i], with a rank-0 pred applying
// to every element. Elements are copied as bytes, so every element type (quantized too) works.
#include <cstring>

#include "interp/ops/op_helpers.h"

namespace kiln::interp {

namespace {

Expected<std::vector<RuntimeValue>> select(Interpreter&, const ir::Operation& op,
                                           std::span<const RuntimeValue> args) {
  const Tensor& pred = args[0].tensor();
  const Tensor& on_true = args[1].tensor();
  const Tensor& on_false = args[2].tensor();
  KILN_TRY(Tensor out, allocate_result(op));
  const bool* p = pred.data<bool>();
  bool scalar = pred.rank() == 0;
  size_t bytes = out.element_bytes();
  const std::byte* t = on_true.raw();
  const std::byte* f = on_false.raw();
  std::byte* dst = out.raw();
  parallel_for(out.num_elements(), kParallelGrain, [&](int64_t begin, int64_t end) {
    for (int64_t i = begin; i < end; ++i) {
      const std::byte* src = (scalar ? p[0] : p[i]) ? t : f;
      std::memcpy(dst + i * bytes, src + i * bytes, bytes);
    }
  });
  return std::vector<RuntimeValue>{std::move(out)};
}

}  // namespace

KILN_REGISTER_INTERP("stablehlo.select", select);

}  // namespace kiln::interp
