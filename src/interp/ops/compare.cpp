// stablehlo.compare: integers by their signedness, booleans as unsigned, floats by IEEE-754
// quiet comparisons (FLOAT) or totalOrder (TOTALORDER), complex lexicographically on
// (real, imag) with FLOAT semantics, per the spec.
#include "interp/compare_order.h"
#include "interp/ops/elementwise_kernel.h"
#include "interp/ops/op_helpers.h"

namespace kiln::interp {

namespace {

// One loop per direction, so that the direction is not decided again for every element.
template <class T, int kDirection>
void compare_loop(const T* a, const T* b, bool* out, int64_t n, bool total_order) {
  for (int64_t i = 0; i < n; ++i) out[i] = decide(compare_elements(a[i], b[i], total_order), kDirection);
}

template <class T>
void compare_kernel(const KernelParams& p, const std::byte* const* in, std::byte* out, int64_t n) {
  const T* a = reinterpret_cast<const T*>(in[0]);
  const T* b = reinterpret_cast<const T*>(in[1]);
  bool* dst = reinterpret_cast<bool*>(out);
  switch (p.direction) {
    case kCmpEq: return compare_loop<T, kCmpEq>(a, b, dst, n, p.total_order);
    case kCmpNe: return compare_loop<T, kCmpNe>(a, b, dst, n, p.total_order);
    case kCmpGe: return compare_loop<T, kCmpGe>(a, b, dst, n, p.total_order);
    case kCmpGt: return compare_loop<T, kCmpGt>(a, b, dst, n, p.total_order);
    case kCmpLe: return compare_loop<T, kCmpLe>(a, b, dst, n, p.total_order);
    default: return compare_loop<T, kCmpLt>(a, b, dst, n, p.total_order);
  }
}

ElementwiseKernel compare_kernel_for(const ir::Operation& op, const ir::ElementType& element) {
  KernelParams params;
  params.direction = op.attr_as<ir::EnumAttr>("comparison_direction")->value;
  const auto* type = op.attr_as<ir::EnumAttr>("compare_type");
  params.total_order = type && type->value == kTotalOrderType;
  BlockFn fn = dispatch_dtype(element.kind(), [&]<class T>() -> BlockFn { return &compare_kernel<T>; });
  return {fn, params};
}

std::optional<ElementwiseKernel> resolve_compare(const ir::Operation& op) {
  return compare_kernel_for(op, op.operand(0)->type().element());
}

Expected<std::vector<RuntimeValue>> compare(Interpreter&, const ir::Operation& op,
                                            std::span<const RuntimeValue> args) {
  const Tensor& a = args[0].tensor();
  KILN_TRY(Tensor out, allocate_result(op));
  const Tensor* in[2] = {&a, &args[1].tensor()};
  run_kernel(compare_kernel_for(op, a.element()), in, out);
  return std::vector<RuntimeValue>{std::move(out)};
}

}  // namespace

KILN_REGISTER_INTERP("stablehlo.compare", compare);
KILN_REGISTER_KERNEL("stablehlo.compare", resolve_compare);

}  // namespace kiln::interp
