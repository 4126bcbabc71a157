// The chlo dialect's structural ops: the broadcast_* binary ops (numpy-style broadcasting,
// or broadcast_dimensions, then the StableHLO op of the same meaning), broadcast_compare,
// broadcast_select, top_k, is_inf / is_neg_inf / is_pos_inf, conj, square, mulhi and the
// constants. The element-wise math lives in chlo_math.cpp.
#include <algorithm>
#include <cstring>
#include <numeric>

#include "interp/ops/op_helpers.h"
#include "ir/ops/chlo_broadcast.h"

namespace kiln::interp {

using Results = Expected<std::vector<RuntimeValue>>;

// chlo_math.cpp: the binary ops that have a broadcasting form.
Results chlo_next_after(Interpreter&, const ir::Operation&, std::span<const RuntimeValue>);
Results chlo_polygamma(Interpreter&, const ir::Operation&, std::span<const RuntimeValue>);
Results chlo_zeta(Interpreter&, const ir::Operation&, std::span<const RuntimeValue>);

namespace {

// `x` broadcast to `shape`: with `mapped`, x's dimensions map to result dimensions
// broadcast_dimensions (when given), else to the trailing ones (numpy's rule); size-1
// dimensions stretch.
Expected<Tensor> broadcast_to(const ir::Operation& op, const Tensor& x,
                              const std::vector<int64_t>& shape,
                              const std::vector<int64_t>& dims_attr, bool mapped) {
  std::vector<int64_t> dims(static_cast<size_t>(x.rank()));
  auto rank = static_cast<int64_t>(shape.size());
  const bool by_attr = !dims_attr.empty() && mapped;
  if (x.shape() == shape && !by_attr) return x;
  if (by_attr) {
    dims = dims_attr;
  } else {
    std::iota(dims.begin(), dims.end(), rank - x.rank());
  }
  // broadcast_into indexes the result with dims and reads the operand as if each of its
  // sizes were 1 or the result's: an unverified op must not send it out of bounds.
  KILN_CHECK_OK(check_count(op, "broadcast_dimensions", dims, static_cast<size_t>(x.rank())));
  KILN_CHECK_OK(check_dims(op, "broadcast_dimensions", dims, rank));
  for (size_t k = 0; k < dims.size(); ++k) {
    const int64_t size = x.shape()[k];
    if (size != 1 && size != shape[static_cast<size_t>(dims[k])]) {
      return op_error(op, "operand dimension " + std::to_string(k) + " (size " +
                              std::to_string(size) + ") cannot broadcast to the result");
    }
  }
  std::vector<int64_t> identity(shape.size());
  std::iota(identity.begin(), identity.end(), 0);
  if (x.shape() == shape && dims == identity) return x;
  KILN_TRY(Tensor out, Tensor::allocate(ir::Type::tensor(shape, x.element())));
  broadcast_into(x, dims, out);
  return out;
}

// Broadcasts every operand to the result's shape and runs `fn` on them.
Results broadcast_then(Interpreter& in, const ir::Operation& op,
                       std::span<const RuntimeValue> operands, InterpFn fn) {
  if (!fn) return op_unsupported(op, "needs an element-wise op that is not available");
  const std::vector<int64_t>& shape = op.result(0)->type().shape();
  std::vector<int64_t> dims = attr_ints(op, "broadcast_dimensions");
  std::vector<RuntimeValue> args;
  for (size_t i = 0; i < operands.size(); ++i) {
    KILN_TRY(Tensor t, broadcast_to(op, operands[i].tensor(), shape, dims,
                                    ir::chlo_broadcast_dimensions_map(op, i)));
    args.push_back(t);
  }
  return fn(in, op, args);
}

template <const char* kName>
Results broadcast_stablehlo(Interpreter& in, const ir::Operation& op,
                            std::span<const RuntimeValue> operands) {
  return broadcast_then(in, op, operands, lookup_interp(kName));
}

template <InterpFn kFn>
Results broadcast_chlo(Interpreter& in, const ir::Operation& op,
                       std::span<const RuntimeValue> operands) {
  return broadcast_then(in, op, operands, kFn);
}

// The direction's index in EQ NE GE GT LE LT from `#chlo<comparison_direction LT>` or an
// enum attribute; -1 if neither.
int direction_of(const ir::Operation& op) {
  static constexpr std::string_view kNames[] = {"EQ", "NE", "GE", "GT", "LE", "LT"};
  const ir::Attribute* a = op.attr("comparison_direction");
  if (const auto* e = a->get_if<ir::EnumAttr>()) return e->value;
  const auto* text = a->get_if<ir::OpaqueAttr>();
  for (int i = 0; i < 6 && text; ++i) {
    if (text->text.find(std::string(" ") + std::string(kNames[i]) + ">") != std::string::npos) return i;
  }
  return -1;
}

bool total_order_requested(const ir::Operation& op) {
  const ir::Attribute* a = op.attr("compare_type");
  if (!a) return false;
  if (const auto* text = a->get_if<ir::OpaqueAttr>()) {
    return text->text.find("TOTALORDER") != std::string::npos;
  }
  if (const auto* e = a->get_if<ir::EnumAttr>()) return e->value == 2;  // TOTALORDER
  return false;
}

// A float's rank in IEEE totalOrder (-NaN < -inf < ... < -0 < +0 < ... < +inf < +NaN), from
// its bit pattern of `bits` bits.
template <class T>
int64_t total_key(T v, int bits) {
  uint64_t b = 0;
  if constexpr (is_narrow_float<T>::value) {
    b = v.bits;
  } else {
    std::memcpy(&b, &v, sizeof(T));
  }
  uint64_t sign = uint64_t{1} << (bits - 1);
  return (b & sign) ? -static_cast<int64_t>(b & ~sign) - 1 : static_cast<int64_t>(b);
}

// -1, 0, 1 as a < b, a == b, a > b; 2 when unordered (a NaN under IEEE comparison).
template <class T>
int order(T a, T b, bool total, int bits) {
  if constexpr (kIsComplex<T>) {
    // Complex numbers compare lexicographically by (real, imaginary).
    int re = order(a.real(), b.real(), total, bits / 2);
    return re != 0 ? re : order(a.imag(), b.imag(), total, bits / 2);
  } else if constexpr (kIsFloat<T>) {
    if (total) {
      int64_t x = total_key(a, bits), y = total_key(b, bits);
      return x < y ? -1 : x > y ? 1 : 0;
    }
    if (a < b) return -1;
    if (b < a) return 1;
    return a == b ? 0 : 2;
  } else {
    return a < b ? -1 : b < a ? 1 : 0;
  }
}

bool decide(int ord, int direction) {
  switch (direction) {
    case 0: return ord == 0;
    case 1: return ord != 0;
    case 2: return ord == 0 || ord == 1;
    case 3: return ord == 1;
    case 4: return ord == 0 || ord == -1;
    default: return ord == -1;
  }
}

Results compare_elements(Interpreter&, const ir::Operation& op,
                         std::span<const RuntimeValue> args) {
  int direction = direction_of(op);
  if (direction < 0) return op_error(op, "has an unknown comparison_direction");
  bool total = total_order_requested(op);
  const Tensor& a = args[0].tensor();
  KILN_TRY(Tensor out, allocate_result(op));
  int bits = a.element().storage_type().bit_width();
  dispatch_dtype(a.element().storage_type().kind(), [&]<class T>() {
    zip_elements<T, bool>(a, args[1].tensor(), out, [&](T x, T y) {
      return decide(order(x, y, total, bits), direction);
    });
  });
  return std::vector<RuntimeValue>{out};
}

Results broadcast_compare(Interpreter& in, const ir::Operation& op,
                          std::span<const RuntimeValue> operands) {
  return broadcast_then(in, op, operands, compare_elements);
}

// chlo.broadcast_select broadcasts its three operands numpy-style.
Results broadcast_select(Interpreter& in, const ir::Operation& op,
                         std::span<const RuntimeValue> operands) {
  const std::vector<int64_t>& shape = op.result(0)->type().shape();
  std::vector<RuntimeValue> args;
  for (const RuntimeValue& v : operands) {
    KILN_TRY(Tensor t, broadcast_to(op, v.tensor(), shape, {}, false));
    args.push_back(t);
  }
  InterpFn select = lookup_interp("stablehlo.select");
  if (!select) return op_unsupported(op, "needs stablehlo.select, which is not available");
  return select(in, op, args);
}

// top_k: the k largest elements of each row of the last dimension, in descending
// order, ties in index order, NaN above +inf and -NaN below -inf (totalOrder, as
// jax.lax.top_k on the CPU), with their indices.
Results top_k(Interpreter&, const ir::Operation& op, std::span<const RuntimeValue> args) {
  const Tensor& x = args[0].tensor();
  KILN_TRY(Tensor values, allocate_result(op, 0));
  KILN_TRY(Tensor indices, allocate_result(op, 1));
  const int64_t n = x.shape().back(), k = values.shape().back();
  const int64_t rows = n == 0 ? 0 : x.num_elements() / n;
  const int bits = x.element().bit_width();
  bool ok = dispatch_dtype(x.element().kind(), [&]<class T>() {
    if constexpr (kIsComplex<T>) {
      return false;
    } else {
      const T* src = x.data<T>();
      parallel_for(rows, 64, [&](int64_t begin, int64_t end) {
        std::vector<int64_t> order_(static_cast<size_t>(n));
        for (int64_t r = begin; r < end; ++r) {
          const T* row = src + r * n;
          std::iota(order_.begin(), order_.end(), 0);
          std::stable_sort(order_.begin(), order_.end(), [&](int64_t i, int64_t j) {
            return order(row[i], row[j], true, bits) == 1;
          });
          for (int64_t i = 0; i < k; ++i) {
            values.data<T>()[r * k + i] = row[order_[i]];
            indices.data<int32_t>()[r * k + i] = static_cast<int32_t>(order_[i]);
          }
        }
      });
      return true;
    }
  });
  if (!ok) return op_unsupported(op, "does not support " + ir::to_string(x.element()));
  return std::vector<RuntimeValue>{values, indices};
}

// is_inf (0), is_neg_inf (-1), is_pos_inf (+1).
template <int kSign>
Results is_inf(Interpreter&, const ir::Operation& op, std::span<const RuntimeValue> args) {
  const Tensor& x = args[0].tensor();
  KILN_TRY(Tensor out, allocate_result(op));
  dispatch_dtype(x.element().kind(), [&]<class T>() {
    if constexpr (kIsFloat<T>) {
      map_elements<T, bool>(x, out, [](T v) {
        double d = to_double(v);
        return std::isinf(d) && (kSign == 0 || (kSign < 0) == (d < 0));
      });
    }
  });
  return std::vector<RuntimeValue>{out};
}

Results conj(Interpreter&, const ir::Operation& op, std::span<const RuntimeValue> args) {
  const Tensor& x = args[0].tensor();
  KILN_TRY(Tensor out, allocate_result(op));
  dispatch_dtype(x.element().kind(), [&]<class T>() {
    if constexpr (kIsComplex<T>) {
      map_elements<T, T>(x, out, [](T v) { return std::conj(v); });
    } else {
      std::memcpy(out.raw(), x.raw(), x.size_bytes());  // a real number is its own conjugate
    }
  });
  return std::vector<RuntimeValue>{out};
}

// square: x * x in the element type, one rounding (complex: the complex product).
Results square(Interpreter&, const ir::Operation& op, std::span<const RuntimeValue> args) {
  const Tensor& x = args[0].tensor();
  KILN_TRY(Tensor out, allocate_result(op));
  dispatch_dtype(x.element().kind(), [&]<class T>() {
    if constexpr (kIsFloat<T> || kIsComplex<T>) {
      map_elements<T, T>(x, out, [](T v) { return v * v; });
    }
  });
  return std::vector<RuntimeValue>{out};
}

// mulhi: the high half of the double-width product of two integers.
Results mulhi(Interpreter&, const ir::Operation& op, std::span<const RuntimeValue> args) {
  const Tensor& a = args[0].tensor();
  KILN_TRY(Tensor out, allocate_result(op));
  const int bits = a.element().bit_width();
  dispatch_dtype(a.element().kind(), [&]<class T>() {
    if constexpr (kIsInt<T>) {
      using Wide = std::conditional_t<std::is_signed_v<T>, __int128, unsigned __int128>;
      zip_elements<T, T>(a, args[1].tensor(), out, [bits](T x, T y) {
        Wide p = static_cast<Wide>(x) * static_cast<Wide>(y);
        return wrap_int(static_cast<T>(p >> bits), bits);
      });
    }
  });
  return std::vector<RuntimeValue>{out};
}

Results chlo_constant(Interpreter&, const ir::Operation& op, std::span<const RuntimeValue>) {
  KILN_TRY(Tensor t, Tensor::from_dense(*op.attr_as<ir::DenseElementsAttr>("value")));
  return std::vector<RuntimeValue>{t};
}

// constant_like: the scalar `value` splatted to the operand's shape in the result's type.
Results constant_like(Interpreter&, const ir::Operation& op, std::span<const RuntimeValue>) {
  KILN_TRY(Tensor out, allocate_result(op));
  const ir::Attribute* value = op.attr("value");
  double d = 0;
  if (const auto* f = value->get_if<ir::FloatAttr>()) d = f->value;
  const auto* i = value->get_if<ir::IntegerAttr>();
  dispatch_dtype(out.element().storage_type().kind(), [&]<class T>() {
    T v = i ? static_cast<T>(static_cast<std::conditional_t<kIsInt<T>, T, double>>(i->value))
            : from_double<T>(d);
    if constexpr (kIsInt<T>) v = wrap_int(v, out.element().bit_width());
    for (int64_t j = 0; j < out.num_elements(); ++j) out.data<T>()[j] = v;
  });
  return std::vector<RuntimeValue>{out};
}

constexpr char kAdd[] = "stablehlo.add";
constexpr char kSubtract[] = "stablehlo.subtract";
constexpr char kMultiply[] = "stablehlo.multiply";
constexpr char kDivide[] = "stablehlo.divide";
constexpr char kMaximum[] = "stablehlo.maximum";
constexpr char kMinimum[] = "stablehlo.minimum";
constexpr char kPower[] = "stablehlo.power";
constexpr char kRemainder[] = "stablehlo.remainder";
constexpr char kAtan2[] = "stablehlo.atan2";
constexpr char kAnd[] = "stablehlo.and";
constexpr char kOr[] = "stablehlo.or";
constexpr char kXor[] = "stablehlo.xor";
constexpr char kShiftLeft[] = "stablehlo.shift_left";
constexpr char kShiftRightArithmetic[] = "stablehlo.shift_right_arithmetic";
constexpr char kShiftRightLogical[] = "stablehlo.shift_right_logical";
constexpr char kComplex[] = "stablehlo.complex";

}  // namespace

KILN_REGISTER_INTERP("chlo.broadcast_add", broadcast_stablehlo<kAdd>);
KILN_REGISTER_INTERP("chlo.broadcast_subtract", broadcast_stablehlo<kSubtract>);
KILN_REGISTER_INTERP("chlo.broadcast_multiply", broadcast_stablehlo<kMultiply>);
KILN_REGISTER_INTERP("chlo.broadcast_divide", broadcast_stablehlo<kDivide>);
KILN_REGISTER_INTERP("chlo.broadcast_maximum", broadcast_stablehlo<kMaximum>);
KILN_REGISTER_INTERP("chlo.broadcast_minimum", broadcast_stablehlo<kMinimum>);
KILN_REGISTER_INTERP("chlo.broadcast_power", broadcast_stablehlo<kPower>);
KILN_REGISTER_INTERP("chlo.broadcast_remainder", broadcast_stablehlo<kRemainder>);
KILN_REGISTER_INTERP("chlo.broadcast_atan2", broadcast_stablehlo<kAtan2>);
KILN_REGISTER_INTERP("chlo.broadcast_and", broadcast_stablehlo<kAnd>);
KILN_REGISTER_INTERP("chlo.broadcast_or", broadcast_stablehlo<kOr>);
KILN_REGISTER_INTERP("chlo.broadcast_xor", broadcast_stablehlo<kXor>);
KILN_REGISTER_INTERP("chlo.broadcast_shift_left", broadcast_stablehlo<kShiftLeft>);
KILN_REGISTER_INTERP("chlo.broadcast_shift_right_arithmetic",
                     broadcast_stablehlo<kShiftRightArithmetic>);
KILN_REGISTER_INTERP("chlo.broadcast_shift_right_logical", broadcast_stablehlo<kShiftRightLogical>);
KILN_REGISTER_INTERP("chlo.broadcast_complex", broadcast_stablehlo<kComplex>);
KILN_REGISTER_INTERP("chlo.broadcast_next_after", broadcast_chlo<chlo_next_after>);
KILN_REGISTER_INTERP("chlo.broadcast_polygamma", broadcast_chlo<chlo_polygamma>);
KILN_REGISTER_INTERP("chlo.broadcast_zeta", broadcast_chlo<chlo_zeta>);
KILN_REGISTER_INTERP("chlo.broadcast_compare", broadcast_compare);
KILN_REGISTER_INTERP("chlo.broadcast_select", broadcast_select);
KILN_REGISTER_INTERP("chlo.top_k", top_k);
KILN_REGISTER_INTERP("chlo.is_inf", is_inf<0>);
KILN_REGISTER_INTERP("chlo.is_neg_inf", is_inf<-1>);
KILN_REGISTER_INTERP("chlo.is_pos_inf", is_inf<1>);
KILN_REGISTER_INTERP("chlo.conj", conj);
KILN_REGISTER_INTERP("chlo.square", square);
KILN_REGISTER_INTERP("chlo.mulhi", mulhi);
KILN_REGISTER_INTERP("chlo.constant", chlo_constant);
KILN_REGISTER_INTERP("chlo.constant_like", constant_like);

}  // namespace kiln::interp
