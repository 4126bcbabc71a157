// stablehlo.select: result[i] = pred ? on_true[i] : on_false[i], with a rank-0 pred applying
// to every element. Elements are copied as bytes, so every element type (quantized too) works.
#include <cstring>

#include "interp/ops/elementwise_kernel.h"
#include "interp/ops/op_helpers.h"

namespace kiln::interp {

namespace {

// An element of N bytes, moved as one value (N = 0: params.element_bytes at run time).
template <size_t N>
struct SelectElement {
  std::byte b[N];
};

template <size_t N>
void select_kernel(const KernelParams& p, const std::byte* const* in, std::byte* out, int64_t n) {
  const bool* pred = reinterpret_cast<const bool*>(in[0]);
  if constexpr (N == 0) {
    const size_t bytes = p.element_bytes;
    for (int64_t i = 0; i < n; ++i) {
      const std::byte* src = pred[i] ? in[1] : in[2];
      std::memcpy(out + i * bytes, src + i * bytes, bytes);
    }
  } else {
    const auto* t = reinterpret_cast<const SelectElement<N>*>(in[1]);
    const auto* f = reinterpret_cast<const SelectElement<N>*>(in[2]);
    auto* dst = reinterpret_cast<SelectElement<N>*>(out);
    for (int64_t i = 0; i < n; ++i) dst[i] = pred[i] ? t[i] : f[i];
  }
}

ElementwiseKernel select_kernel_for(size_t bytes) {
  KernelParams params;
  params.element_bytes = bytes;
  switch (bytes) {
    case 1: return {&select_kernel<1>, params};
    case 2: return {&select_kernel<2>, params};
    case 4: return {&select_kernel<4>, params};
    case 8: return {&select_kernel<8>, params};
    case 16: return {&select_kernel<16>, params};
    default: return {&select_kernel<0>, params};
  }
}

// A pred of the result's shape only: a rank-0 pred chooses a whole operand, which the op
// itself does without a kernel.
std::optional<ElementwiseKernel> resolve_select(const ir::Operation& op) {
  if (op.operand(0)->type().rank() != op.result(0)->type().rank()) return std::nullopt;
  return select_kernel_for(static_cast<size_t>(op.result(0)->type().element().storage_bytes()));
}

Expected<std::vector<RuntimeValue>> select(Interpreter&, const ir::Operation& op,
                                           std::span<const RuntimeValue> args) {
  const Tensor& pred = args[0].tensor();
  const Tensor& on_true = args[1].tensor();
  const Tensor& on_false = args[2].tensor();
  KILN_TRY(Tensor out, allocate_result(op));
  if (pred.rank() == 0 && out.rank() != 0) {
    const Tensor& chosen = pred.data<bool>()[0] ? on_true : on_false;
    if (out.size_bytes()) std::memcpy(out.raw(), chosen.raw(), out.size_bytes());
    return std::vector<RuntimeValue>{std::move(out)};
  }
  const Tensor* in[3] = {&pred, &on_true, &on_false};
  run_kernel(select_kernel_for(out.element_bytes()), in, out);
  return std::vector<RuntimeValue>{std::move(out)};
}

}  // namespace

KILN_REGISTER_INTERP("stablehlo.select", select);
KILN_REGISTER_KERNEL("stablehlo.select", resolve_select);

}  // namespace kiln::interp
