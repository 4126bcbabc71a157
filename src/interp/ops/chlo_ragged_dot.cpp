// chlo.ragged_dot: a dot_general whose lhs is split into groups along one dimension by
// group_sizes, in its three modes: the ragged dimension is non-contracting (each group of lhs
// rows meets its own rhs slice along rhs_group_dimensions; rows past the groups give zeros),
// contracting (the result gains a leading group dimension; group j sums only its range of the
// ragged dimension), or batch (the same as dot_general). Narrow floats accumulate in f32,
// as dot_general does on XLA; mixed element types are converted to dot_general's
// accumulation type first.
#include <algorithm>
#include <charconv>

#include "interp/ops/convert.h"
#include "interp/ops/gemm_operands.h"
#include "interp/ops/op_helpers.h"

namespace kiln::interp {

// A namespace of its own: unity builds put this file beside others with helpers of the same
// names (next_index, contains).
namespace ragged {

namespace {

struct RaggedDims {
  std::vector<int64_t> lhs_batch, rhs_batch, lhs_contracting, rhs_contracting, lhs_ragged,
      rhs_group;
};

// Reads `key = [1, 2]` out of the text of #chlo.ragged_dot<...>; absent keys are empty.
bool read_list(std::string_view text, std::string_view key, std::vector<int64_t>& out) {
  size_t at = 0;
  while ((at = text.find(key, at)) != std::string_view::npos) {
    size_t after = at + key.size();
    bool whole = (at == 0 || !(std::isalnum(static_cast<unsigned char>(text[at - 1])) ||
                               text[at - 1] == '_')) &&
                 after < text.size() && (text[after] == ' ' || text[after] == '=');
    if (whole) break;
    at = after;
  }
  if (at == std::string_view::npos) return true;
  size_t open = text.find('[', at), close = text.find(']', at);
  if (open == std::string_view::npos || close == std::string_view::npos || close < open) {
    return false;
  }
  for (size_t i = open + 1; i < close;) {
    while (i < close && (text[i] == ' ' || text[i] == ',')) ++i;
    if (i >= close) break;
    int64_t v = 0;
    auto r = std::from_chars(text.data() + i, text.data() + close, v);
    if (r.ec != std::errc()) return false;
    out.push_back(v);
    i = static_cast<size_t>(r.ptr - text.data());
  }
  return true;
}

Expected<RaggedDims> ragged_dims(const ir::Operation& op) {
  const ir::Attribute* attr = op.attr("ragged_dot_dimension_numbers");
  const auto* text = attr ? attr->get_if<ir::OpaqueAttr>() : nullptr;
  if (!text || !text->text.starts_with("#chlo.ragged_dot<")) {
    return op_error(op, "ragged_dot_dimension_numbers must be a #chlo.ragged_dot<...>");
  }
  RaggedDims d;
  std::string_view t = text->text;
  bool ok = read_list(t, "lhs_batching_dimensions", d.lhs_batch) &&
            read_list(t, "rhs_batching_dimensions", d.rhs_batch) &&
            read_list(t, "lhs_contracting_dimensions", d.lhs_contracting) &&
            read_list(t, "rhs_contracting_dimensions", d.rhs_contracting) &&
            read_list(t, "lhs_ragged_dimensions", d.lhs_ragged) &&
            read_list(t, "rhs_group_dimensions", d.rhs_group);
  if (!ok) return op_error(op, "malformed #chlo.ragged_dot dimension numbers");
  return d;
}

enum class Mode { kNonContracting, kContracting, kBatch };

// Everything the element loop needs, in element strides.
struct Plan {
  Mode mode;
  int64_t ragged;                  // lhs dimension
  int64_t groups;                  // g, the last dimension of group_sizes
  std::vector<int64_t> gs_dims;    // lhs dimensions that index group_sizes' leading dimensions
  std::vector<int64_t> gs_starts;  // per leading index p: g + 1 cumulative group starts
  // Result dimensions in order, each with the lhs and rhs strides it steps by.
  std::vector<int64_t> out_shape, out_lhs_dim, out_lhs_stride, out_rhs_stride;
  bool out_group_first = false;
  // The contraction space.
  std::vector<int64_t> k_shape, k_lhs_dim, k_lhs_stride, k_rhs_stride;
  int64_t rhs_group_stride = 0;
};

bool contains(const std::vector<int64_t>& v, int64_t x) {
  return std::find(v.begin(), v.end(), x) != v.end();
}

bool in_range(const std::vector<int64_t>& dims, int64_t rank) {
  return std::all_of(dims.begin(), dims.end(), [&](int64_t d) { return d >= 0 && d < rank; });
}

// The leading dimensions of group_sizes index either the lhs batch dimensions or the lhs
// dimensions before the ragged one; a rank-1 group_sizes applies everywhere.
Status plan_group_sizes(const ir::Operation& op, const RaggedDims& d, const Tensor& lhs,
                        const Tensor& gs, Plan& p) {
  const auto& gshape = gs.shape();
  p.groups = gshape.back();
  std::vector<int64_t> lead(gshape.begin(), gshape.end() - 1);
  auto sizes_of = [&](const std::vector<int64_t>& dims) {
    std::vector<int64_t> s;
    for (int64_t x : dims) s.push_back(lhs.shape()[static_cast<size_t>(x)]);
    return s;
  };
  std::vector<int64_t> before;
  for (int64_t i = 0; i < p.ragged; ++i) before.push_back(i);
  if (lead.empty()) {
  } else if (lead == sizes_of(d.lhs_batch)) {
    p.gs_dims = d.lhs_batch;
  } else if (lead == sizes_of(before)) {
    p.gs_dims = before;
  } else {
    return op_error(op, "group_sizes must have shape [g], [lhs batch dimensions..., g] or "
                        "[lhs dimensions before the ragged one..., g]");
  }
  int64_t leading = 1;
  for (int64_t s : lead) leading *= s;
  p.gs_starts.assign(static_cast<size_t>(leading * (p.groups + 1)), 0);
  for (int64_t i = 0; i < leading; ++i) {
    for (int64_t j = 0; j < p.groups; ++j) {
      size_t at = static_cast<size_t>(i * (p.groups + 1) + j);
      p.gs_starts[at + 1] = p.gs_starts[at] + int_element(gs, i * p.groups + j);
    }
  }
  return ok_status();
}

Expected<Plan> make_plan(const ir::Operation& op, const Tensor& lhs, const Tensor& rhs,
                         const Tensor& gs, const Tensor& result) {
  KILN_TRY(RaggedDims d, ragged_dims(op));
  if (d.lhs_ragged.size() != 1 || d.rhs_group.size() > 1 || gs.rank() < 1 ||
      d.lhs_batch.size() != d.rhs_batch.size() ||
      d.lhs_contracting.size() != d.rhs_contracting.size() ||
      !in_range(d.lhs_batch, lhs.rank()) || !in_range(d.lhs_contracting, lhs.rank()) ||
      !in_range(d.lhs_ragged, lhs.rank()) || !in_range(d.rhs_batch, rhs.rank()) ||
      !in_range(d.rhs_contracting, rhs.rank()) || !in_range(d.rhs_group, rhs.rank())) {
    return op_error(op, "ragged dimension numbers out of range");
  }
  Plan p;
  p.ragged = d.lhs_ragged[0];
  p.mode = contains(d.lhs_contracting, p.ragged) ? Mode::kContracting
           : contains(d.lhs_batch, p.ragged)     ? Mode::kBatch
                                                 : Mode::kNonContracting;
  if ((p.mode == Mode::kNonContracting) != (d.rhs_group.size() == 1)) {
    return op_error(op, "rhs_group_dimensions must name one dimension exactly when the ragged "
                        "dimension is a non-contracting one");
  }
  KILN_CHECK_OK(plan_group_sizes(op, d, lhs, gs, p));
  auto ls = lhs.strides(), rs = rhs.strides();
  auto add_out = [&](int64_t size, int64_t lhs_dim, int64_t lstride, int64_t rstride) {
    p.out_shape.push_back(size);
    p.out_lhs_dim.push_back(lhs_dim);
    p.out_lhs_stride.push_back(lstride);
    p.out_rhs_stride.push_back(rstride);
  };
  if (p.mode == Mode::kContracting) {
    p.out_group_first = true;
    add_out(p.groups, -1, 0, 0);
  }
  for (size_t i = 0; i < d.lhs_batch.size(); ++i) {
    auto l = static_cast<size_t>(d.lhs_batch[i]), r = static_cast<size_t>(d.rhs_batch[i]);
    add_out(lhs.shape()[l], d.lhs_batch[i], ls[l], rs[r]);
  }
  for (int64_t i = 0; i < lhs.rank(); ++i) {
    if (contains(d.lhs_batch, i) || contains(d.lhs_contracting, i)) continue;
    add_out(lhs.shape()[static_cast<size_t>(i)], i, ls[static_cast<size_t>(i)], 0);
  }
  for (int64_t i = 0; i < rhs.rank(); ++i) {
    if (contains(d.rhs_batch, i) || contains(d.rhs_contracting, i) || contains(d.rhs_group, i)) {
      continue;
    }
    add_out(rhs.shape()[static_cast<size_t>(i)], -1, 0, rs[static_cast<size_t>(i)]);
  }
  for (size_t i = 0; i < d.lhs_contracting.size(); ++i) {
    auto l = static_cast<size_t>(d.lhs_contracting[i]);
    p.k_shape.push_back(lhs.shape()[l]);
    p.k_lhs_dim.push_back(d.lhs_contracting[i]);
    p.k_lhs_stride.push_back(ls[l]);
    p.k_rhs_stride.push_back(rs[static_cast<size_t>(d.rhs_contracting[i])]);
  }
  if (!d.rhs_group.empty()) p.rhs_group_stride = rs[static_cast<size_t>(d.rhs_group[0])];
  if (p.out_shape != result.shape()) return op_error(op, "result shape does not match the operands");
  return p;
}

// Advances a row-major multi-index over `shape`; false after the last one.
bool next_index(std::vector<int64_t>& idx, const std::vector<int64_t>& shape) {
  for (size_t i = idx.size(); i-- > 0;) {
    if (++idx[i] < shape[i]) return true;
    idx[i] = 0;
  }
  return false;
}

// The accumulator of a dot over T: f32 for the narrow floats, T otherwise.
template <class T>
using Acc = std::conditional_t<is_narrow_float<T>::value, float, T>;

template <class T>
void ragged_dot_typed(const Plan& p, const Tensor& lhs, const Tensor& rhs, Tensor& out) {
  const T* a = lhs.data<T>();
  const T* b = rhs.data<T>();
  T* c = out.data<T>();
  const int bits = out.element().bit_width();
  std::vector<int64_t> lidx(static_cast<size_t>(lhs.rank()), 0), oidx(p.out_shape.size(), 0);
  // Group j's range of the ragged dimension at the current lhs index.
  auto group_range = [&](int64_t j) {
    int64_t lead = 0;
    for (int64_t dim : p.gs_dims) lead = lead * lhs.shape()[dim] + lidx[dim];
    const int64_t* s = p.gs_starts.data() + lead * (p.groups + 1);
    return std::pair<int64_t, int64_t>{s[j], s[j + 1]};
  };
  int64_t n = out.num_elements();
  for (int64_t flat = 0; flat < n; ++flat, next_index(oidx, p.out_shape)) {
    int64_t lbase = 0, rbase = 0, group = 0;
    for (size_t i = 0; i < oidx.size(); ++i) {
      lbase += oidx[i] * p.out_lhs_stride[i];
      rbase += oidx[i] * p.out_rhs_stride[i];
      if (p.out_lhs_dim[i] >= 0) lidx[static_cast<size_t>(p.out_lhs_dim[i])] = oidx[i];
    }
    if (p.out_group_first) group = oidx[0];
    if (p.mode == Mode::kNonContracting) {
      // The group whose range holds this row; none: the row is zero.
      int64_t row = lidx[static_cast<size_t>(p.ragged)];
      group = -1;
      for (int64_t j = 0; j < p.groups && group < 0; ++j) {
        auto [lo, hi] = group_range(j);
        if (lo <= row && row < hi) group = j;
      }
      if (group < 0) continue;
      rbase += group * p.rhs_group_stride;
    }
    Acc<T> acc{};
    std::vector<int64_t> kidx(p.k_shape.size(), 0);
    bool any = std::all_of(p.k_shape.begin(), p.k_shape.end(), [](int64_t s) { return s > 0; });
    for (bool more = any; more; more = next_index(kidx, p.k_shape)) {
      int64_t lo = lbase, ro = rbase;
      for (size_t i = 0; i < kidx.size(); ++i) {
        lo += kidx[i] * p.k_lhs_stride[i];
        ro += kidx[i] * p.k_rhs_stride[i];
        lidx[static_cast<size_t>(p.k_lhs_dim[i])] = kidx[i];
      }
      if (p.mode == Mode::kContracting) {
        auto [glo, ghi] = group_range(group);
        int64_t k = lidx[static_cast<size_t>(p.ragged)];
        if (k < glo || k >= ghi) continue;
      }
      if constexpr (std::is_same_v<T, bool>) {
        acc = acc || (a[lo] && b[ro]);
      } else if constexpr (kIsInt<T>) {
        acc = wrap_add(acc, wrap_mul(a[lo], b[ro], bits), bits);
      } else if constexpr (is_narrow_float<T>::value) {
        acc += static_cast<float>(a[lo].value()) * static_cast<float>(b[ro].value());
      } else {
        acc += a[lo] * b[ro];
      }
    }
    if constexpr (is_narrow_float<T>::value) {
      c[flat] = T(static_cast<double>(acc));
    } else {
      c[flat] = acc;
    }
  }
}

Expected<std::vector<RuntimeValue>> ragged_dot(Interpreter&, const ir::Operation& op,
                                               std::span<const RuntimeValue> operands) {
  const Tensor& lhs = operands[0].tensor();
  const Tensor& rhs = operands[1].tensor();
  const Tensor& gs = operands[2].tensor();
  KILN_TRY(Tensor result, allocate_result(op));
  if (lhs.element().is_quantized() || rhs.element().is_quantized() ||
      result.element().is_quantized()) {
    return Error::unimplemented(
        format_diagnostic(op.location(), "unsupported: chlo.ragged_dot of quantized types"));
  }
  KILN_TRY(Plan plan, make_plan(op, lhs, rhs, gs, result));
  if (lhs.element() == result.element() && rhs.element() == result.element()) {
    dispatch_dtype(result.element().kind(),
                   [&]<class T>() { ragged_dot_typed<T>(plan, lhs, rhs, result); });
    return std::vector<RuntimeValue>{std::move(result)};
  }
  // Mixed element types as dot_general: the operands converted to the accumulation type, the
  // sums made there and rounded once to the result type (for one type throughout, the same
  // values as above).
  const ir::ElementType acc_type =
      accumulation_type(lhs.element(), rhs.element(), result.element());
  KILN_TRY(Tensor a, convert_operand(lhs, acc_type));
  KILN_TRY(Tensor b, convert_operand(rhs, acc_type));
  KILN_TRY(Tensor acc, Tensor::allocate(ir::Type::tensor(result.shape(), acc_type)));
  dispatch_dtype(acc_type.kind(), [&]<class T>() { ragged_dot_typed<T>(plan, a, b, acc); });
  KILN_TRY(result, convert_elements(acc, result.element()));
  return std::vector<RuntimeValue>{std::move(result)};
}

}  // namespace

}  // namespace ragged

KILN_REGISTER_INTERP("chlo.ragged_dot", ragged::ragged_dot);

}  // namespace kiln::interp
