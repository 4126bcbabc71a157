// stablehlo.batch_norm_training, batch_norm_inference and batch_norm_grad, computed in the
// element type with the spec's decomposition into element-wise ops and per-feature sums.
#include "interp/ops/op_helpers.h"

namespace kiln::interp {

namespace {

// The operand seen as [outer, features, inner] around feature_index.
struct FeatureView {
  int64_t outer = 1, features = 1, inner = 1;
  int64_t feature_of(int64_t i) const { return (i / inner) % features; }
  int64_t count() const { return outer * inner; }  // elements per feature
};

FeatureView view_of(const Tensor& t, int64_t feature_index) {
  FeatureView v;
  for (int64_t d = 0; d < t.rank(); ++d) {
    int64_t s = t.shape()[static_cast<size_t>(d)];
    if (d < feature_index)
      v.outer *= s;
    else if (d == feature_index)
      v.features = s;
    else
      v.inner *= s;
  }
  return v;
}

// sums[f] = the sum of fn(i) over the elements i of feature f, in row-major order.
template <class T, class Fn>
std::vector<T> feature_sums(const FeatureView& v, int64_t n, Fn fn) {
  std::vector<T> sums(static_cast<size_t>(v.features), from_double<T>(0));
  for (int64_t i = 0; i < n; ++i) {
    auto f = static_cast<size_t>(v.feature_of(i));
    sums[f] = sums[f] + fn(i);
  }
  return sums;
}

template <class T>
void normalize(const FeatureView& v, const Tensor& x, const T* scale, const T* offset,
               const T* mean, const T* var, T eps, Tensor& out) {
  const T* px = x.data<T>();
  T* po = out.data<T>();
  for (int64_t i = 0; i < x.num_elements(); ++i) {
    auto f = static_cast<size_t>(v.feature_of(i));
    T normalized = (px[i] - mean[f]) / sqrt_of(var[f] + eps);
    po[i] = scale[f] * normalized + offset[f];
  }
}

// The operand's view by feature_index, checked (the interpreter does not rely on the verifier):
// the index in range, every other operand and result either of the operand's shape or one
// value per feature.
Expected<FeatureView> checked_view(const ir::Operation& op, std::span<const RuntimeValue> operands,
                                   const std::vector<Tensor>& results) {
  const Tensor& x = operands[0].tensor();
  KILN_TRY(const int64_t index, attr_dim(op, "feature_index", x.rank()));
  FeatureView v = view_of(x, index);
  auto fits = [&](const Tensor& t) {
    return t.shape() == x.shape() || t.shape() == std::vector<int64_t>{v.features};
  };
  for (const RuntimeValue& operand : operands) {
    if (!operand.is_tensor() || !fits(operand.tensor())) {
      return op_error(op, "operands must have the operand's shape or one value per feature");
    }
  }
  for (const Tensor& r : results) {
    if (!fits(r)) return op_error(op, "results must have the operand's shape or one value per feature");
  }
  return v;
}

Expected<std::vector<Tensor>> results_of(const ir::Operation& op) {
  std::vector<Tensor> out;
  for (size_t i = 0; i < op.num_results(); ++i) {
    KILN_TRY(Tensor t, allocate_result(op, i));
    out.push_back(std::move(t));
  }
  return out;
}

double epsilon_of(const ir::Operation& op) {
  const auto* e = op.attr_as<ir::FloatAttr>("epsilon");
  return e ? e->value : 0.0;
}

Expected<std::vector<RuntimeValue>> training(Interpreter&, const ir::Operation& op,
                                             std::span<const RuntimeValue> operands) {
  const Tensor& x = operands[0].tensor();
  KILN_TRY(auto r, results_of(op));
  KILN_TRY(FeatureView v, checked_view(op, operands, r));
  dispatch_dtype(x.element().kind(), [&]<class T>() {
    if constexpr (kIsFloat<T>) {
      const T* px = x.data<T>();
      T count = from_double<T>(static_cast<double>(v.count()));
      std::vector<T> mean = feature_sums<T>(v, x.num_elements(), [&](int64_t i) { return px[i]; });
      for (T& m : mean) m = m / count;
      std::vector<T> var = feature_sums<T>(v, x.num_elements(), [&](int64_t i) {
        T c = px[i] - mean[static_cast<size_t>(v.feature_of(i))];
        return c * c;
      });
      for (T& s : var) s = s / count;
      normalize<T>(v, x, operands[1].tensor().data<T>(), operands[2].tensor().data<T>(),
                   mean.data(), var.data(), from_double<T>(epsilon_of(op)), r[0]);
      std::copy(mean.begin(), mean.end(), r[1].data<T>());
      std::copy(var.begin(), var.end(), r[2].data<T>());
    }
  });
  return std::vector<RuntimeValue>(r.begin(), r.end());
}

Expected<std::vector<RuntimeValue>> inference(Interpreter&, const ir::Operation& op,
                                              std::span<const RuntimeValue> operands) {
  const Tensor& x = operands[0].tensor();
  KILN_TRY(auto r, results_of(op));
  KILN_TRY(FeatureView v, checked_view(op, operands, r));
  dispatch_dtype(x.element().kind(), [&]<class T>() {
    if constexpr (kIsFloat<T>) {
      normalize<T>(v, x, operands[1].tensor().data<T>(), operands[2].tensor().data<T>(),
                   operands[3].tensor().data<T>(), operands[4].tensor().data<T>(),
                   from_double<T>(epsilon_of(op)), r[0]);
    }
  });
  return std::vector<RuntimeValue>(r.begin(), r.end());
}

// Spec: grad_operand = scale / stddev / N * (N * dy - sum(dy) - centered * sum(dy * centered)
// / (variance + epsilon)); grad_scale = sum(dy * normalized); grad_offset = sum(dy).
template <class T>
void grad(const FeatureView& v, std::span<const RuntimeValue> in, T eps, std::vector<Tensor>& r) {
  const Tensor& x = in[0].tensor();
  const T* px = x.data<T>();
  const T* scale = in[1].tensor().data<T>();
  const T* mean = in[2].tensor().data<T>();
  const T* var = in[3].tensor().data<T>();
  const T* dy = in[4].tensor().data<T>();
  int64_t n = x.num_elements();
  auto f_of = [&](int64_t i) { return static_cast<size_t>(v.feature_of(i)); };
  auto centered = [&](int64_t i) { return px[i] - mean[f_of(i)]; };
  std::vector<T> stddev(static_cast<size_t>(v.features));
  for (size_t f = 0; f < stddev.size(); ++f) stddev[f] = sqrt_of(var[f] + eps);
  std::vector<T> sum_dy = feature_sums<T>(v, n, [&](int64_t i) { return dy[i]; });
  std::vector<T> sum_dyc = feature_sums<T>(v, n, [&](int64_t i) { return dy[i] * centered(i); });
  std::vector<T> gscale =
      feature_sums<T>(v, n, [&](int64_t i) { return dy[i] * (centered(i) / stddev[f_of(i)]); });
  T count = from_double<T>(static_cast<double>(v.count()));
  T* gx = r[0].data<T>();
  for (int64_t i = 0; i < n; ++i) {
    size_t f = f_of(i);
    T i6 = dy[i] * count - sum_dy[f] - sum_dyc[f] * centered(i) / (var[f] + eps);
    gx[i] = scale[f] / stddev[f] / count * i6;
  }
  std::copy(gscale.begin(), gscale.end(), r[1].data<T>());
  std::copy(sum_dy.begin(), sum_dy.end(), r[2].data<T>());
}

Expected<std::vector<RuntimeValue>> grad_op(Interpreter&, const ir::Operation& op,
                                            std::span<const RuntimeValue> operands) {
  const Tensor& x = operands[0].tensor();
  KILN_TRY(auto r, results_of(op));
  KILN_TRY(FeatureView v, checked_view(op, operands, r));
  dispatch_dtype(x.element().kind(), [&]<class T>() {
    if constexpr (kIsFloat<T>) grad<T>(v, operands, from_double<T>(epsilon_of(op)), r);
  });
  return std::vector<RuntimeValue>(r.begin(), r.end());
}

}  // namespace

KILN_REGISTER_INTERP("stablehlo.batch_norm_training", training);
KILN_REGISTER_INTERP("stablehlo.batch_norm_inference", inference);
KILN_REGISTER_INTERP("stablehlo.batch_norm_grad", grad_op);

}  // namespace kiln::interp
