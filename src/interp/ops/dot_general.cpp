// stablehlo.dot_general and stablehlo.dot: operands gathered into [batch, M, K] x [batch, K, N];
// f32, f64 and complex through OpenBLAS, every other type through an exact typed loop that
// accumulates in the result element type.
#include "interp/ops/dot_general.h"

#include <cblas.h>

#include <numeric>

#include "interp/ops/convert.h"
#include "interp/ops/op_helpers.h"

namespace kiln::interp {

Expected<Tensor> permute_dims(const Tensor& t, std::span<const int64_t> perm) {
  bool identity = true;
  for (size_t i = 0; i < perm.size(); ++i)
    identity = identity && perm[i] == static_cast<int64_t>(i);
  if (identity) return t;
  std::vector<int64_t> shape, src_strides, in_strides = t.strides();
  for (int64_t p : perm) {
    shape.push_back(t.shape()[static_cast<size_t>(p)]);
    src_strides.push_back(in_strides[static_cast<size_t>(p)]);
  }
  KILN_TRY(Tensor out, Tensor::allocate(ir::Type::tensor(shape, t.element())));
  copy_strided(shape, t.element_bytes(), t.raw(), 0, src_strides, out.raw(), 0, out.strides());
  return out;
}

namespace {

struct Gemm {
  int64_t batch = 1, m = 1, k = 1, n = 1;
};

// c[b] = a[b] (m x k) * b[b] (k x n) with BLAS; returns false for other types.
bool gemm_blas(const Gemm& g, const Tensor& a, const Tensor& b, Tensor& c) {
  auto kind = c.element().kind();
  int m = static_cast<int>(g.m), n = static_cast<int>(g.n), k = static_cast<int>(g.k);
  for (int64_t i = 0; i < g.batch; ++i) {
    int64_t ao = i * g.m * g.k, bo = i * g.k * g.n, co = i * g.m * g.n;
    if (kind == ir::ElementKind::kF32) {
      cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, m, n, k, 1.0f, a.data<float>() + ao, k,
                  b.data<float>() + bo, n, 0.0f, c.data<float>() + co, n);
    } else if (kind == ir::ElementKind::kF64) {
      cblas_dgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, m, n, k, 1.0, a.data<double>() + ao, k,
                  b.data<double>() + bo, n, 0.0, c.data<double>() + co, n);
    } else if (kind == ir::ElementKind::kComplexF32) {
      std::complex<float> one(1), zero(0);
      cblas_cgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, m, n, k, &one,
                  a.data<std::complex<float>>() + ao, k, b.data<std::complex<float>>() + bo, n,
                  &zero, c.data<std::complex<float>>() + co, n);
    } else if (kind == ir::ElementKind::kComplexF64) {
      std::complex<double> one(1), zero(0);
      cblas_zgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, m, n, k, &one,
                  a.data<std::complex<double>>() + ao, k, b.data<std::complex<double>>() + bo, n,
                  &zero, c.data<std::complex<double>>() + co, n);
    } else {
      return false;
    }
  }
  return true;
}

// The spec's sum of products in T's own arithmetic: integers wrap, i1 is or-of-ands.
template <class T>
void gemm_typed(const Gemm& g, const Tensor& a, const Tensor& b, Tensor& c) {
  const T* x = a.data<T>();
  const T* y = b.data<T>();
  T* z = c.data<T>();
  int bits = c.element().bit_width();
  parallel_for(g.batch * g.m, std::max<int64_t>(1, 4096 / std::max<int64_t>(1, g.n * g.k)),
               [&](int64_t begin, int64_t end) {
                 for (int64_t row = begin; row < end; ++row) {
                   int64_t bi = row / g.m;
                   const T* ar = x + row * g.k;
                   const T* bm = y + bi * g.k * g.n;
                   for (int64_t j = 0; j < g.n; ++j) {
                     T acc = from_double<T>(0);
                     for (int64_t i = 0; i < g.k; ++i) {
                       T p = ar[i], q = bm[i * g.n + j];
                       if constexpr (std::is_same_v<T, bool>) {
                         acc = acc || (p && q);
                       } else if constexpr (kIsInt<T>) {
                         acc = wrap_add(acc, wrap_mul(p, q, bits), bits);
                       } else {
                         acc = acc + p * q;
                       }
                     }
                     z[row * g.n + j] = acc;
                   }
                 }
               });
}

Expected<std::vector<RuntimeValue>> dot_dims(const ir::Operation& op, const Tensor& lhs,
                                             const Tensor& rhs, const ir::DotDimsAttr& d) {
  KILN_TRY(Tensor result, allocate_result(op));
  // Spec: operands of another element type are converted to the result's first.
  const ir::ElementType& e = result.element();
  KILN_TRY(Tensor a, convert_elements(lhs, e));
  KILN_TRY(Tensor b, convert_elements(rhs, e));
  auto free_dims = [](const Tensor& t, const std::vector<int64_t>& x,
                      const std::vector<int64_t>& y) {
    std::vector<int64_t> out;
    for (int64_t i = 0; i < t.rank(); ++i) {
      if (std::find(x.begin(), x.end(), i) == x.end() &&
          std::find(y.begin(), y.end(), i) == y.end())
        out.push_back(i);
    }
    return out;
  };
  auto size_of = [](const Tensor& t, const std::vector<int64_t>& dims) {
    int64_t s = 1;
    for (int64_t i : dims) s *= t.shape()[static_cast<size_t>(i)];
    return s;
  };
  std::vector<int64_t> lf = free_dims(a, d.lhs_batching, d.lhs_contracting);
  std::vector<int64_t> rf = free_dims(b, d.rhs_batching, d.rhs_contracting);
  Gemm g{size_of(a, d.lhs_batching), size_of(a, lf), size_of(a, d.lhs_contracting), size_of(b, rf)};
  std::vector<int64_t> lperm = d.lhs_batching, rperm = d.rhs_batching;
  lperm.insert(lperm.end(), lf.begin(), lf.end());
  lperm.insert(lperm.end(), d.lhs_contracting.begin(), d.lhs_contracting.end());
  rperm.insert(rperm.end(), d.rhs_contracting.begin(), d.rhs_contracting.end());
  rperm.insert(rperm.end(), rf.begin(), rf.end());
  if (result.num_elements() == 0 || g.k == 0) return std::vector<RuntimeValue>{result};
  KILN_TRY(a, permute_dims(a, lperm));
  KILN_TRY(b, permute_dims(b, rperm));
  if (!gemm_blas(g, a, b, result)) {
    dispatch_dtype(e.kind(), [&]<class T>() { gemm_typed<T>(g, a, b, result); });
  }
  return std::vector<RuntimeValue>{result};
}

Expected<std::vector<RuntimeValue>> dot_general(Interpreter&, const ir::Operation& op,
                                                std::span<const RuntimeValue> operands) {
  const auto* d = op.attr_as<ir::DotDimsAttr>("dot_dimension_numbers");
  if (!d) return op_error(op, "has no dot_dimension_numbers");
  return dot_dims(op, operands[0].tensor(), operands[1].tensor(), *d);
}

// stablehlo.dot contracts lhs's last dimension with rhs's first.
Expected<std::vector<RuntimeValue>> dot(Interpreter&, const ir::Operation& op,
                                        std::span<const RuntimeValue> operands) {
  ir::DotDimsAttr d;
  d.lhs_contracting = {operands[0].tensor().rank() - 1};
  d.rhs_contracting = {0};
  return dot_dims(op, operands[0].tensor(), operands[1].tensor(), d);
}

}  // namespace

KILN_REGISTER_INTERP("stablehlo.dot_general", dot_general);
KILN_REGISTER_INTERP("stablehlo.dot", dot);

}  // namespace kiln::interp
