// Shared pieces of op implementations: result allocation, attribute access, element loops.
#pragma once

#include <bit>
#include <span>
#include <vector>

#include "interp/interpreter.h"
#include "interp/narrow_codec.h"
#include "interp/parallel.h"
#include "interp/scalar_types.h"
#include "interp/tensor.h"
#include "ir/float_format.h"
#include "ir/op_info.h"

namespace kiln::interp {

// A zero-filled tensor of the op's i-th result type.
inline Expected<Tensor> allocate_result(const ir::Operation& op, size_t i = 0) {
  return Tensor::allocate(op.result(i)->type());
}

// An attribute's i64 list (DenseArrayAttr or integer DenseElementsAttr), or empty.
std::vector<int64_t> attr_ints(const ir::Operation& op, std::string_view name);
// An attribute's i64 list, or `fill` repeated n times when the attribute is absent.
std::vector<int64_t> attr_ints_or(const ir::Operation& op, std::string_view name, size_t n,
                                  int64_t fill);
// A single integer attribute, or `fallback`.
int64_t attr_int(const ir::Operation& op, std::string_view name, int64_t fallback = 0);

// The interpreter does not rely on the verifier for values it indexes with: these check an
// attribute's dimension numbers against a rank and fail with a located op_error instead.
// Each of `dims` (attribute `name`'s values) lies in [0, rank); with `distinct`, none repeats.
Status check_dims(const ir::Operation& op, std::string_view name, std::span<const int64_t> dims,
                  int64_t rank, bool distinct = true);
// The integer attribute `name`, which must be present and lie in [0, rank).
Expected<int64_t> attr_dim(const ir::Operation& op, std::string_view name, int64_t rank);
// Checks that the op's result tensor has the shape its attributes and operands imply.
Status check_result_shape(const ir::Operation& op, const Tensor& result,
                          const std::vector<int64_t>& implied);
// Checks that `values` (attribute `name`) has exactly `n` entries.
Status check_count(const ir::Operation& op, std::string_view name, std::span<const int64_t> values,
                   size_t n);

// The attribute names of IndexDims' fields, for messages: each op's own.
struct IndexDimNames {
  std::string_view collapsed, operand_batching, indices_batching, index_map;
};
inline constexpr IndexDimNames kGatherIndexDimNames{
    "collapsed_slice_dims", "operand_batching_dims", "start_indices_batching_dims",
    "start_index_map"};
inline constexpr IndexDimNames kScatterIndexDimNames{
    "inserted_window_dims", "input_batching_dims", "scatter_indices_batching_dims",
    "scatter_dims_to_operand_dims"};

// The dimension numbers gather and scatter share (scatter's inserted_window_dims, input_batching_dims,
// scatter_indices_batching_dims and scatter_dims_to_operand_dims play gather's collapsed_slice_dims,
// operand_batching_dims, start_indices_batching_dims and start_index_map), and the names
// their messages give them.
struct IndexDims {
  std::span<const int64_t> collapsed, operand_batching, indices_batching, index_map;
  int64_t index_vector_dim = 0;
  IndexDimNames names = kGatherIndexDimNames;
};
// Checks them against the operand and the indices as far as the interpreter indexes with them
// (index_vector_dim in [0, indices rank], dimensions in range and distinct, one index per
// start_index_map entry, batching dimensions paired with equal sizes), and returns the shape
// of the indices' batch: the indices' shape without index_vector_dim.
Expected<std::vector<int64_t>> check_index_dims(const ir::Operation& op, const Tensor& operand,
                                                const Tensor& indices, const IndexDims& d);

// The integer value of element i of an integer or boolean tensor, as int64 (unsigned
// 64-bit values keep their bits).
int64_t int_element(const Tensor& t, int64_t i);

// Elements per thread before element-wise loops are split across cores.
inline constexpr int64_t kParallelGrain = 1 << 15;

// out[i] = fn(a[i]) with the element types In and Out, threaded on large tensors.
template <class In, class Out, class Fn>
void map_elements(const Tensor& a, Tensor& out, Fn fn) {
  const In* src = a.data<In>();
  Out* dst = out.data<Out>();
  parallel_for(a.num_elements(), kParallelGrain, [&](int64_t begin, int64_t end) {
    for (int64_t i = begin; i < end; ++i) dst[i] = fn(src[i]);
  });
}

// out[i] = fn(a[i], b[i]).
template <class In, class Out, class Fn>
void zip_elements(const Tensor& a, const Tensor& b, Tensor& out, Fn fn) {
  const In* x = a.data<In>();
  const In* y = b.data<In>();
  Out* dst = out.data<Out>();
  parallel_for(a.num_elements(), kParallelGrain, [&](int64_t begin, int64_t end) {
    for (int64_t i = begin; i < end; ++i) dst[i] = fn(x[i], y[i]);
  });
}


// --- Data movement (ishape) ---

// Copies elements of `elem_bytes` bytes over the iteration space `shape`: the element at
// multi-index i goes from src[src_offset + i.src_strides] to dst[dst_offset + i.dst_strides]
// (offsets and strides in elements; source strides may be 0 or negative). The destination
// positions must be distinct. Threaded on large copies; types do not matter, only sizes.
void copy_strided(std::span<const int64_t> shape, size_t elem_bytes, const std::byte* src,
                  int64_t src_offset, std::span<const int64_t> src_strides, std::byte* dst,
                  int64_t dst_offset, std::span<const int64_t> dst_strides);

// Fills every element of `t` with the single element of the rank-0 tensor `value`.
void fill_with(Tensor& t, const Tensor& value);

// Element i of an integer tensor used as an index. Unsigned values beyond INT64_MAX
// saturate to INT64_MAX so that clamping them (dynamic_slice, gather) stays right.
int64_t index_element(const Tensor& t, int64_t i);

// The values of operand group `group` (see ir::operand_group) within an op's flat operands.
std::span<const RuntimeValue> operand_values(const ir::Operation& op,
                                             std::span<const RuntimeValue> operands,
                                             size_t group);
// The tensors of `values`, which must all be tensors (shared storage, no copy).
std::vector<Tensor> tensors_of(std::span<const RuntimeValue> values);

// Kernels shared by a static op and its dynamic-shape twin (stablehlo.dynamic_*), each
// defined in the static op's file. `result` is allocated with its final shape; shapes and
// attributes are already checked.
// iota.cpp: result[i] = i[dimension] in the result's element type.
void iota_into(Tensor& result, int64_t dimension);
// broadcast_in_dim.cpp: operand dimension k maps to result dimension dims[k].
void broadcast_into(const Tensor& operand, std::span<const int64_t> dims, Tensor& result);
// slice.cpp: result[i] = operand[start + i * strides].
void slice_into(const Tensor& operand, std::span<const int64_t> start,
                std::span<const int64_t> strides, Tensor& result);
// pad.cpp: the edge padding high follows from the result's shape.
void pad_into(const Tensor& operand, const Tensor& padding_value, std::span<const int64_t> low,
              std::span<const int64_t> interior, Tensor& result);
// gather.cpp: the spec's gather.
void gather_into(const Tensor& operand, const Tensor& start_indices,
                 const ir::GatherDimsAttr& dims, std::span<const int64_t> slice_sizes,
                 Tensor& result);
// convolution.cpp: the spec's convolution by the op's attributes (dimension numbers, strides,
// dilations, window reversal, group counts), with `padding` as a (low, high) pair per
// spatial dimension instead of the op's padding attribute. Fails when the attributes, operand
// and result shapes break the spec's constraints (the verifier is not trusted), or when a
// temporary (operands converted to the result's element type, im2col buffers) cannot be
// allocated.
Status convolve_into(const ir::Operation& op, const Tensor& lhs, const Tensor& rhs,
                     std::span<const int64_t> padding, Tensor& result);


// --- Element-wise arithmetic (ielem) ---

// The element kind of a NarrowFloat type.
template <class T>
struct narrow_kind;
template <ir::ElementKind K>
struct narrow_kind<NarrowFloat<K>> {
  static constexpr ir::ElementKind value = K;
};

// -x with the sign handled exactly: a narrow float's sign bit flips (NaN and zero included),
// except in formats without -0 (FNUZ: 0 stays 0, NaN stays NaN) or without a sign (E8M0).
template <class T>
T negate_float(T x) {
  if constexpr (is_narrow_float<T>::value) {
    static const ir::FloatFormat f = *ir::float_format(narrow_kind<T>::value);
    if (f.specials == ir::FloatSpecials::kUnsignedZeroNan ||
        f.specials == ir::FloatSpecials::kExponentOnly) {
      return T(-x.value());
    }
    return T::from_bits(x.bits ^ (uint64_t{1} << (f.total_bits() - 1)));
  } else {
    return -x;
  }
}

// |x| with the sign bit cleared (NaN keeps its payload) where the format has one.
template <class T>
T abs_float(T x) {
  if constexpr (is_narrow_float<T>::value) {
    const double v = fast_to_double(x);
    return std::signbit(v) && !std::isnan(v) ? negate_float(x) : x;
  } else {
    return std::fabs(x);
  }
}

// The square root rounded once to T (of the real part for complex T).
template <class T>
T sqrt_of(T v) {
  if constexpr (is_narrow_float<T>::value)
    return T(std::sqrt(v.value()));
  else if constexpr (kIsComplex<T>)
    return T(std::sqrt(v.real()), 0);
  else
    return std::sqrt(v);
}

// f(x) for a float type T computed in double and rounded once to T (transcendental
// functions on narrow floats and f32: one rounding of a nearly exact double result).
template <class T, class F>
T via_double(T x, F f) {
  return fast_from_double<T>(f(fast_to_double(x)));
}
// The same for complex<float> and complex<double>, through complex<double>.
template <class T, class F>
T via_complex_double(T z, F f) {
  std::complex<double> r = f(std::complex<double>(z.real(), z.imag()));
  using P = typename T::value_type;
  return T(static_cast<P>(r.real()), static_cast<P>(r.imag()));
}

// Integer arithmetic that wraps in two's complement without C++ undefined behaviour, then
// wraps to `bits` for the sub-byte types held in a byte.
template <class T>
T wrap_add(T a, T b, int bits) {
  using U = std::make_unsigned_t<T>;
  return wrap_int(static_cast<T>(static_cast<U>(static_cast<U>(a) + static_cast<U>(b))), bits);
}
template <class T>
T wrap_sub(T a, T b, int bits) {
  using U = std::make_unsigned_t<T>;
  return wrap_int(static_cast<T>(static_cast<U>(static_cast<U>(a) - static_cast<U>(b))), bits);
}
template <class T>
T wrap_mul(T a, T b, int bits) {
  using U = std::make_unsigned_t<T>;
  // Promote through uint64_t: U*U of 16-bit types would promote to (signed) int.
  return wrap_int(static_cast<T>(static_cast<U>(static_cast<uint64_t>(static_cast<U>(a)) *
                                                static_cast<uint64_t>(static_cast<U>(b)))),
                  bits);
}


// maximum/minimum of two elements per the spec: booleans or/and; floats IEEE-754
// maximum/minimum (NaN wins, -0 < +0); complex lexicographic on (real, imag), NaN wins.
template <class T>
T element_extreme(T x, T y, bool want_max) {
  if constexpr (std::is_same_v<T, bool>) {
    return want_max ? (x || y) : (x && y);
  } else if constexpr (std::is_floating_point_v<T>) {
    // The same choices as below, with non-short-circuit logic and one select, so that loops
    // compile without branches (and vectorise): x when it is NaN, when y is not NaN and x is
    // beyond y, or when they are equal and x's sign is the wanted one of two zeros.
    using Bits = std::conditional_t<sizeof(T) == 4, uint32_t, uint64_t>;
    const bool beyond = want_max ? (x > y) : (x < y);
    const bool take_x = (x != x) | ((y == y) & beyond) | ((x == y) & (std::signbit(x) != want_max));
    // A mask select: compilers turn `take_x ? x : y` into a branch here, which mispredicts on
    // data like ReLU inputs.
    const Bits mask = Bits{0} - static_cast<Bits>(take_x);
    return std::bit_cast<T>((std::bit_cast<Bits>(x) & mask) | (std::bit_cast<Bits>(y) & ~mask));
  } else if constexpr (kIsFloat<T>) {
    double a = fast_to_double(x), b = fast_to_double(y);
    if (std::isnan(a)) return x;
    if (std::isnan(b)) return y;
    if (a == b) return (std::signbit(a) == want_max) ? y : x;
    return (a > b) == want_max ? x : y;
  } else if constexpr (kIsComplex<T>) {
    if (std::isnan(double(x.real())) || std::isnan(double(x.imag()))) return x;
    if (std::isnan(double(y.real())) || std::isnan(double(y.imag()))) return y;
    bool x_less = x.real() < y.real() || (x.real() == y.real() && x.imag() < y.imag());
    return x_less == want_max ? y : x;
  } else {
    return (x < y) == want_max ? y : x;
  }
}

}  // namespace kiln::interp
