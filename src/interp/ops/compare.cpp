// stablehlo.compare: integers by their signedness, booleans as unsigned, floats by IEEE-754
// quiet comparisons (FLOAT) or totalOrder (TOTALORDER), complex lexicographically on
// (real, imag) with FLOAT semantics, per the spec.
#include <bit>
#include <cmath>

#include "interp/ops/elementwise_kernel.h"
#include "interp/ops/op_helpers.h"

namespace kiln::interp {

namespace {

enum Direction { kEq, kNe, kGe, kGt, kLe, kLt };  // EnumKind::kComparisonDirection order
constexpr int kTotalOrder = 2;                   // EnumKind::kComparisonType value

// The outcome of comparing two values; all false when unordered (NaN).
struct Order {
  bool lt = false, eq = false, gt = false;
};

bool decide(Order o, int direction) {
  switch (direction) {
    case kEq: return o.eq;
    case kNe: return !o.eq;
    case kGe: return o.gt || o.eq;
    case kGt: return o.gt;
    case kLe: return o.lt || o.eq;
    case kLt: return o.lt;
  }
  return false;
}

template <class V>
Order order_of(V a, V b) {
  return {a < b, a == b, a > b};
}

// A signed key whose integer order is IEEE-754 totalOrder: -NaN < -inf < ... < -0 < +0 <
// ... < +inf < +NaN. Formats without a sign bit (E8M0) or without -0 (FNUZ) order by value,
// their one NaN above everything.
template <class T>
int64_t total_order_key(T x) {
  uint64_t bits;
  int width;
  if constexpr (std::is_same_v<T, float>) {
    bits = std::bit_cast<uint32_t>(x), width = 32;
  } else if constexpr (std::is_same_v<T, double>) {
    bits = std::bit_cast<uint64_t>(x), width = 64;
  } else {
    static const ir::FloatFormat f = *ir::float_format(narrow_kind<T>::value);
    if (f.specials == ir::FloatSpecials::kUnsignedZeroNan ||
        f.specials == ir::FloatSpecials::kExponentOnly) {
      double v = x.value();
      if (std::isnan(v)) return INT64_MAX;
      return total_order_key(v);
    }
    bits = x.bits, width = f.total_bits();
  }
  bool negative = (bits >> (width - 1)) & 1;
  uint64_t magnitude = bits & ((uint64_t{1} << (width - 1)) - 1);
  return negative ? -static_cast<int64_t>(magnitude) - 1 : static_cast<int64_t>(magnitude);
}

template <class T>
Order compare_elements(T a, T b, bool total_order) {
  if constexpr (kIsFloat<T>) {
    if (total_order) return order_of(total_order_key(a), total_order_key(b));
    return order_of(fast_to_double(a), fast_to_double(b));
  } else if constexpr (kIsComplex<T>) {
    Order re = order_of(a.real(), b.real()), im = order_of(a.imag(), b.imag());
    return {re.lt || (re.eq && im.lt), re.eq && im.eq, re.gt || (re.eq && im.gt)};
  } else {
    return order_of(a, b);  // bool orders false < true; unsigned types compare unsigned
  }
}

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
    case kEq: return compare_loop<T, kEq>(a, b, dst, n, p.total_order);
    case kNe: return compare_loop<T, kNe>(a, b, dst, n, p.total_order);
    case kGe: return compare_loop<T, kGe>(a, b, dst, n, p.total_order);
    case kGt: return compare_loop<T, kGt>(a, b, dst, n, p.total_order);
    case kLe: return compare_loop<T, kLe>(a, b, dst, n, p.total_order);
    default: return compare_loop<T, kLt>(a, b, dst, n, p.total_order);
  }
}

ElementwiseKernel compare_kernel_for(const ir::Operation& op, const ir::ElementType& element) {
  KernelParams params;
  params.direction = op.attr_as<ir::EnumAttr>("comparison_direction")->value;
  const auto* type = op.attr_as<ir::EnumAttr>("compare_type");
  params.total_order = type && type->value == kTotalOrder;
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
