// Shared pieces of op implementations.
#include "interp/ops/op_helpers.h"

#include <algorithm>
#include <cstring>
#include <limits>

#include "ir/dense_ints.h"

namespace kiln::interp {

std::vector<int64_t> attr_ints(const ir::Operation& op, std::string_view name) {
  const ir::Attribute* a = op.attr(name);
  if (!a) return {};
  if (const auto* arr = a->get_if<ir::DenseArrayAttr>()) return arr->ints;
  if (const auto* dense = a->get_if<ir::DenseElementsAttr>()) return ir::dense_ints(*dense);
  return {};
}

std::vector<int64_t> attr_ints_or(const ir::Operation& op, std::string_view name, size_t n,
                                  int64_t fill) {
  std::vector<int64_t> v = attr_ints(op, name);
  if (v.empty()) v.assign(n, fill);
  return v;
}

int64_t attr_int(const ir::Operation& op, std::string_view name, int64_t fallback) {
  if (const auto* i = op.attr_as<ir::IntegerAttr>(name)) return i->value;
  return fallback;
}

Status check_dims(const ir::Operation& op, std::string_view name, std::span<const int64_t> dims,
                  int64_t rank, bool distinct) {
  std::vector<bool> seen(static_cast<size_t>(std::max<int64_t>(rank, 0)), false);
  for (int64_t d : dims) {
    if (d < 0 || d >= rank) {
      return op_error(op, std::string(name) + " holds dimension " + std::to_string(d) +
                              ", out of range for rank " + std::to_string(rank));
    }
    if (distinct && seen[static_cast<size_t>(d)]) {
      return op_error(op, std::string(name) + " holds dimension " + std::to_string(d) + " twice");
    }
    seen[static_cast<size_t>(d)] = true;
  }
  return ok_status();
}

Expected<int64_t> attr_dim(const ir::Operation& op, std::string_view name, int64_t rank) {
  if (!op.attr_as<ir::IntegerAttr>(name)) return op_error(op, "needs an integer " + std::string(name));
  const int64_t d = attr_int(op, name);
  KILN_CHECK_OK(check_dims(op, name, std::span<const int64_t>(&d, 1), rank));
  return d;
}

Status check_count(const ir::Operation& op, std::string_view name, std::span<const int64_t> values,
                   size_t n) {
  if (values.size() == n) return ok_status();
  return op_error(op, std::string(name) + " has " + std::to_string(values.size()) +
                          " entries; " + std::to_string(n) + " were expected");
}

Status check_result_shape(const ir::Operation& op, const Tensor& result,
                          const std::vector<int64_t>& implied) {
  if (result.shape() == implied) return ok_status();
  return op_error(op, "result type " + ir::to_string(result.type()) +
                          " does not have the shape its operands and attributes give");
}

Expected<std::vector<int64_t>> check_index_dims(const ir::Operation& op, const Tensor& operand,
                                                const Tensor& indices, const IndexDims& d) {
  const int64_t ivd = d.index_vector_dim;
  // index_vector_dim may equal the rank: each index vector is then one implicit element.
  if (ivd < 0 || ivd > indices.rank()) {
    return op_error(op, "index_vector_dim " + std::to_string(ivd) + " is out of range for rank " +
                            std::to_string(indices.rank()));
  }
  const IndexDimNames& name = d.names;
  std::vector<int64_t> squeezed(d.collapsed.begin(), d.collapsed.end());
  squeezed.insert(squeezed.end(), d.operand_batching.begin(), d.operand_batching.end());
  // Each in range; together distinct (an operand dimension is collapsed or batching, not both).
  KILN_CHECK_OK(check_dims(op, name.collapsed, d.collapsed, operand.rank()));
  KILN_CHECK_OK(check_dims(op, name.operand_batching, d.operand_batching, operand.rank()));
  KILN_CHECK_OK(check_dims(op,
                           std::string(name.collapsed) + " with " + std::string(name.operand_batching),
                           squeezed, operand.rank()));
  KILN_CHECK_OK(check_dims(op, name.index_map, d.index_map, operand.rank()));
  const int64_t vector_size = ivd < indices.rank() ? indices.shape()[static_cast<size_t>(ivd)] : 1;
  KILN_CHECK_OK(check_count(op, name.index_map, d.index_map, static_cast<size_t>(vector_size)));
  KILN_CHECK_OK(check_count(op, name.indices_batching, d.indices_batching,
                            d.operand_batching.size()));
  KILN_CHECK_OK(check_dims(op, name.indices_batching, d.indices_batching, indices.rank()));
  for (size_t i = 0; i < d.indices_batching.size(); ++i) {
    const int64_t s = d.indices_batching[i], o = d.operand_batching[i];
    if (s == ivd || indices.shape()[static_cast<size_t>(s)] != operand.shape()[static_cast<size_t>(o)]) {
      return op_error(op, std::string(name.indices_batching) + " entry " + std::to_string(s) +
                              " does not pair with " + std::string(name.operand_batching) +
                              " entry " + std::to_string(o));
    }
  }
  std::vector<int64_t> batch = indices.shape();
  if (ivd < indices.rank()) batch.erase(batch.begin() + ivd);
  return batch;
}

int64_t int_element(const Tensor& t, int64_t i) {
  return dispatch_dtype(t.element().storage_type().kind(), [&]<class T>() -> int64_t {
    if constexpr (std::is_integral_v<T>) {
      return static_cast<int64_t>(t.data<T>()[i]);
    } else {
      return 0;
    }
  });
}


// --- Data movement (ishape) ---

namespace {

// One row of a strided copy, the element size known at compile time (0: `bytes` at run time)
// so that each element moves as one load and store.
template <size_t N>
void copy_row(const std::byte* src, int64_t src_stride, std::byte* dst, int64_t dst_stride,
              int64_t n, size_t bytes) {
  const size_t size = N ? N : bytes;
  if (src_stride == 1 && dst_stride == 1) {
    std::memcpy(dst, src, static_cast<size_t>(n) * size);
    return;
  }
  const auto ss = src_stride * static_cast<int64_t>(size);
  const auto ds = dst_stride * static_cast<int64_t>(size);
  for (int64_t k = 0; k < n; ++k) std::memcpy(dst + k * ds, src + k * ss, N ? N : bytes);
}

struct StridedCopy {
  std::span<const int64_t> shape, src_strides, dst_strides;
  size_t bytes;
  const std::byte* src;
  int64_t src_offset;
  std::byte* dst;
  int64_t dst_offset;

  // Copies the elements [begin, end) of the iteration space in row-major order, a row at a
  // time.
  template <size_t N>
  void range(int64_t begin, int64_t end) const {
    const size_t r = shape.size();
    std::vector<int64_t> idx(r), dims(shape.begin(), shape.end());
    for (size_t d = r, rem = static_cast<size_t>(begin); d-- > 0;) {
      idx[d] = static_cast<int64_t>(rem % static_cast<size_t>(dims[d]));
      rem /= static_cast<size_t>(dims[d]);
    }
    const auto size = static_cast<int64_t>(bytes);
    for (int64_t pos = begin; pos < end;) {
      int64_t s = src_offset, t = dst_offset;
      for (size_t d = 0; d < r; ++d) s += idx[d] * src_strides[d], t += idx[d] * dst_strides[d];
      int64_t n = std::min(dims[r - 1] - idx[r - 1], end - pos);
      copy_row<N>(src + s * size, src_strides[r - 1], dst + t * size, dst_strides[r - 1], n,
                  bytes);
      pos += n;
      idx[r - 1] = dims[r - 1] - 1;
      next_index(idx, dims);
    }
  }
};

}  // namespace

void copy_strided(std::span<const int64_t> shape, size_t elem_bytes, const std::byte* src,
                  int64_t src_offset, std::span<const int64_t> src_strides, std::byte* dst,
                  int64_t dst_offset, std::span<const int64_t> dst_strides) {
  int64_t total = 1;
  for (int64_t d : shape) total *= d;
  if (total == 0) return;
  if (shape.empty()) {
    std::memcpy(dst + dst_offset * static_cast<int64_t>(elem_bytes),
                src + src_offset * static_cast<int64_t>(elem_bytes), elem_bytes);
    return;
  }
  StridedCopy c{shape, src_strides, dst_strides, elem_bytes, src, src_offset, dst, dst_offset};
  // Fewer elements per thread for wide elements: the grain is about bytes moved.
  int64_t grain = std::max<int64_t>(1024, kParallelGrain * 4 / static_cast<int64_t>(elem_bytes));
  parallel_for(total, grain, [&](int64_t begin, int64_t end) {
    switch (elem_bytes) {
      case 1: return c.range<1>(begin, end);
      case 2: return c.range<2>(begin, end);
      case 4: return c.range<4>(begin, end);
      case 8: return c.range<8>(begin, end);
      case 16: return c.range<16>(begin, end);
      default: return c.range<0>(begin, end);
    }
  });
}

void fill_with(Tensor& t, const Tensor& value) {
  const size_t n = t.element_bytes();
  std::byte* dst = t.raw();
  const std::byte* v = value.raw();
  parallel_for(t.num_elements(), kParallelGrain, [&](int64_t begin, int64_t end) {
    for (int64_t i = begin; i < end; ++i) std::memcpy(dst + static_cast<size_t>(i) * n, v, n);
  });
}

int64_t index_element(const Tensor& t, int64_t i) {
  int64_t v = int_element(t, i);
  if (v < 0 && t.element().storage_type().is_unsigned_int()) {
    return std::numeric_limits<int64_t>::max();
  }
  return v;
}

std::span<const RuntimeValue> operand_values(const ir::Operation& op,
                                             std::span<const RuntimeValue> operands,
                                             size_t group) {
  std::span<ir::Value* const> values = ir::operand_group(op, group);
  auto first = static_cast<size_t>(values.data() - op.operands().data());
  return operands.subspan(first, values.size());
}

std::vector<Tensor> tensors_of(std::span<const RuntimeValue> values) {
  std::vector<Tensor> out;
  out.reserve(values.size());
  for (const RuntimeValue& v : values) out.push_back(v.tensor());
  return out;
}

}  // namespace kiln::interp
