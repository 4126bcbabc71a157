// stablehlo.convolution as GEMMs: the operands are laid out as lhs [N, S..., C] and rhs
// [K..., I, O], each output row (batch, output position) gathers its window of lhs into one row
// of an im2col matrix [rows, K... x I], and gemm (BLAS for floats and complex numbers, a typed
// blocked loop for integers) multiplies it by the kernel seen as a [K... x I, O] matrix, one
// feature or batch group at a time.
#include <algorithm>
#include <cstring>

#include "interp/ops/convolution.h"
#include "interp/ops/dot_general.h"
#include "interp/ops/gemm.h"
#include "interp/ops/op_helpers.h"

namespace kiln::interp {

namespace {

// Bytes of im2col matrix built and multiplied at a time.
constexpr int64_t kChunkBytes = int64_t{32} << 20;

// The convolution in the GEMM layout. Spatial vectors are in the order of input_spatial.
struct GemmConv {
  const ConvParams& p;
  std::vector<int64_t> in_size, k_size, out_size;
  int64_t in_batch = 0, channels = 0;  // lhs
  int64_t kin = 0, kout = 0;           // rhs input features (per group), output features
  int64_t out_batch = 0, positions = 1, window = 1;
  int64_t groups = 1, group_out = 0;  // groups and output features per group
  int64_t cols = 0;                   // window * kin: the GEMM's inner dimension
};

int64_t dim(const Tensor& t, int64_t d) { return t.shape()[static_cast<size_t>(d)]; }

GemmConv plan(const ConvParams& p, const Tensor& lhs, const Tensor& rhs, const Tensor& result) {
  const ir::ConvDimsAttr& d = p.dims;
  GemmConv c{p, {}, {}, {}};
  for (size_t i = 0; i < d.input_spatial.size(); ++i) {
    c.in_size.push_back(dim(lhs, d.input_spatial[i]));
    c.k_size.push_back(dim(rhs, d.kernel_spatial[i]));
    c.out_size.push_back(dim(result, d.output_spatial[i]));
    c.positions *= c.out_size.back();
    c.window *= c.k_size.back();
  }
  c.in_batch = dim(lhs, d.input_batch);
  c.channels = dim(lhs, d.input_feature);
  c.kin = dim(rhs, d.kernel_input_feature);
  c.kout = dim(rhs, d.kernel_output_feature);
  c.out_batch = dim(result, d.output_batch);
  c.groups = p.feature_groups * p.batch_groups;
  c.group_out = c.kout / c.groups;
  c.cols = c.window * c.kin;
  return c;
}

// For each spatial dimension, the lhs coordinate that kernel index k reads at output
// coordinate o, or -1 where it falls into padding or a hole of the lhs dilation (spec:
// the window position o * stride + k' * rhs_dilation - pad_lo of the dilated, padded lhs,
// with k' = k mirrored by window reversal).
void window_coords(const GemmConv& c, std::span<const int64_t> out,
                   std::vector<std::vector<int64_t>>& coords) {
  const ConvParams& p = c.p;
  for (size_t i = 0; i < out.size(); ++i) {
    coords[i].resize(static_cast<size_t>(c.k_size[i]));
    for (int64_t k = 0; k < c.k_size[i]; ++k) {
      int64_t w = p.reversal[i] ? c.k_size[i] - 1 - k : k;
      int64_t pos = out[i] * p.stride[i] + w * p.rhs_dilation[i] - p.pad_lo[i];
      bool inside = pos >= 0 && pos % p.lhs_dilation[i] == 0 &&
                    pos / p.lhs_dilation[i] < c.in_size[i];
      coords[i][static_cast<size_t>(k)] = inside ? pos / p.lhs_dilation[i] : -1;
    }
  }
}

// Row `row` (batch-major over the output positions) of group g's im2col matrix: for each
// kernel position, row-major, the group's kin input features there, or zeros.
template <class T>
void im2col_row(const GemmConv& c, const T* lhs, int64_t row, int64_t g, T* dst,
                std::vector<std::vector<int64_t>>& coords, std::vector<int64_t>& idx) {
  const size_t n = c.out_size.size();
  int64_t b = row / c.positions, q = row % c.positions;
  for (size_t i = n; i-- > 0;) {
    idx[i] = q % c.out_size[i];
    q /= c.out_size[i];
  }
  window_coords(c, idx, coords);
  // Spec: batch group g reads lhs batch g * out_batch + b; feature group g its kin features.
  int64_t lb = c.p.batch_groups > 1 ? g * c.out_batch + b : b;
  int64_t c0 = c.p.feature_groups > 1 ? g * c.kin : 0;
  const auto kin = static_cast<size_t>(c.kin);
  std::fill(idx.begin(), idx.end(), 0);
  for (int64_t w = 0; w < c.window; ++w, dst += kin) {
    int64_t offset = lb;
    bool inside = true;
    for (size_t i = 0; i < n; ++i) {
      int64_t x = coords[i][static_cast<size_t>(idx[i])];
      inside = inside && x >= 0;
      offset = offset * c.in_size[i] + x;
    }
    if (inside) {
      std::memcpy(dst, lhs + offset * c.channels + c0, kin * sizeof(T));
    } else {
      std::fill(dst, dst + kin, from_double<T>(0));
    }
    next_index(idx, c.k_size);
  }
}

// Whether lhs [N, S..., C] is its own im2col matrix: a 1x1 kernel visiting every input
// position once, in order, in a single group.
bool lhs_is_im2col(const GemmConv& c) {
  bool same = c.groups == 1 && c.window == 1;
  for (size_t i = 0; same && i < c.out_size.size(); ++i) {
    same = c.p.stride[i] == 1 && c.p.pad_lo[i] == 0 && c.p.lhs_dilation[i] == 1 &&
           c.out_size[i] == c.in_size[i];
  }
  return same;
}

// out[rows, kout] (columns of group g) = a[rows, cols] * w[cols, kout] (columns of group g).
template <class T>
void group_gemm(const GemmConv& c, int64_t rows, const T* a, const T* w, int64_t g, T* out,
                const ir::ElementType& e) {
  const int64_t col = g * c.group_out;
  GemmShape s{rows, c.group_out, c.cols, c.cols, c.kout, c.kout};
  gemm(e.kind(), e.bit_width(), s, reinterpret_cast<const std::byte*>(a),
       reinterpret_cast<const std::byte*>(w + col), reinterpret_cast<std::byte*>(out + col));
}

// out [out_batch x positions, kout] = the convolution of lhs [N, S..., C] and rhs [K..., I, O],
// a chunk of rows at a time.
template <class T>
Status convolve_rows(const GemmConv& c, const T* lhs, const T* rhs, T* out,
                     const ir::ElementType& e) {
  const int64_t rows = c.out_batch * c.positions;
  if (lhs_is_im2col(c)) {
    group_gemm(c, rows, lhs, rhs, 0, out, e);
    return ok_status();
  }
  const int64_t chunk = std::clamp<int64_t>(kChunkBytes / (c.cols * int64_t{sizeof(T)}), 1, rows);
  KILN_TRY(Tensor buffer, Tensor::allocate(ir::Type::tensor({chunk, c.cols}, e)));
  T* a = buffer.data<T>();
  for (int64_t g = 0; g < c.groups; ++g) {
    for (int64_t row0 = 0; row0 < rows; row0 += chunk) {
      const int64_t m = std::min(chunk, rows - row0);
      parallel_for(m, std::max<int64_t>(1, 4096 / c.cols), [&](int64_t begin, int64_t end) {
        std::vector<std::vector<int64_t>> coords(c.out_size.size());
        std::vector<int64_t> idx(c.out_size.size());
        for (int64_t r = begin; r < end; ++r) {
          im2col_row(c, lhs, row0 + r, g, a + r * c.cols, coords, idx);
        }
      });
      group_gemm(c, m, a, rhs, g, out + row0 * c.kout, e);
    }
  }
  return ok_status();
}

// [batch, spatial..., feature] dimension order of an operand or result.
std::vector<int64_t> layout(int64_t batch, const std::vector<int64_t>& spatial, int64_t feature) {
  std::vector<int64_t> perm{batch};
  perm.insert(perm.end(), spatial.begin(), spatial.end());
  perm.push_back(feature);
  return perm;
}

}  // namespace

Expected<bool> convolve_gemm(const ConvParams& p, const Tensor& lhs, const Tensor& rhs,
                             Tensor& result) {
  const ir::ElementType& e = result.element();
  if (e.is_quantized() || (p.feature_groups > 1 && p.batch_groups > 1)) return false;
  const ir::ConvDimsAttr& d = p.dims;
  GemmConv c = plan(p, lhs, rhs, result);
  // The result is zero-filled: a sum over no elements stays zero.
  if (result.num_elements() == 0 || lhs.num_elements() == 0 || rhs.num_elements() == 0) {
    return true;
  }
  KILN_TRY(Tensor a, permute_dims(lhs, layout(d.input_batch, d.input_spatial, d.input_feature)));
  std::vector<int64_t> rperm = d.kernel_spatial;
  rperm.push_back(d.kernel_input_feature);
  rperm.push_back(d.kernel_output_feature);
  KILN_TRY(Tensor w, permute_dims(rhs, rperm));
  std::vector<int64_t> out_perm = layout(d.output_batch, d.output_spatial, d.output_feature);
  std::vector<int64_t> out_shape;
  for (int64_t i : out_perm) out_shape.push_back(dim(result, i));
  bool in_place = std::is_sorted(out_perm.begin(), out_perm.end());
  Tensor out = result;
  if (!in_place) {
    KILN_TRY(out, Tensor::allocate(ir::Type::tensor(out_shape, result.element())));
  }
  Status s = dispatch_dtype(e.kind(), [&]<class T>() {
    return convolve_rows<T>(c, a.data<T>(), w.data<T>(), out.data<T>(), e);
  });
  if (!s.ok()) return s.take_error();
  if (!in_place) {
    // The canonical [batch, spatial..., feature] rows go to the result's dimension order.
    std::vector<int64_t> rs = result.strides(), dst_strides;
    for (int64_t i : out_perm) dst_strides.push_back(rs[static_cast<size_t>(i)]);
    copy_strided(out_shape, out.element_bytes(), out.raw(), 0, out.strides(), result.raw(), 0,
                 dst_strides);
  }
  return true;
}

}  // namespace kiln::interp
