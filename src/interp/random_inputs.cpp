// Random inputs.
#include "interp/random_inputs.h"

#include <random>

#include "interp/scalar_types.h"

namespace kiln::interp {

Expected<Tensor> random_tensor(const ir::Type& type, uint64_t seed) {
  KILN_TRY(Tensor t, Tensor::allocate(type));
  std::mt19937_64 gen(seed);
  std::uniform_real_distribution<double> real(-1.0, 1.0);
  auto nonzero_real = [&]() {
    double v;
    do v = real(gen); while (v == 0.0);
    return v;
  };
  ir::ElementType et = type.element().storage_type();
  const int bits = et.bit_width();
  // f8E8M0FNU has no sign and no zero: draw magnitudes only.
  if (et.kind() == ir::ElementKind::kF8E8M0FNU) {
    real = std::uniform_real_distribution<double>(0.25, 4.0);
  }
  dispatch_dtype(et.kind(), [&]<class T>() {
    T* data = t.data<T>();
    for (int64_t i = 0; i < t.num_elements(); ++i) {
      if constexpr (std::is_same_v<T, bool>) {
        data[i] = (gen() & 1) != 0;
      } else if constexpr (kIsComplex<T>) {
        using R = typename T::value_type;
        data[i] = T(static_cast<R>(nonzero_real()), static_cast<R>(nonzero_real()));
      } else if constexpr (kIsFloat<T>) {
        T v;
        do v = from_double<T>(nonzero_real()); while (to_double(v) == 0.0);
        data[i] = v;
      } else if constexpr (std::is_signed_v<T>) {
        int64_t v = static_cast<int64_t>(gen() % 16) - 8;
        T x = wrap_int(static_cast<T>(v >= 0 ? v + 1 : v), bits);  // i2, i4 keep their range
        data[i] = x == 0 ? T{1} : x;
      } else {
        T x = wrap_int(static_cast<T>(1 + gen() % 16), bits);
        data[i] = x == 0 ? T{1} : x;
      }
    }
  });
  return t;
}

}  // namespace kiln::interp
