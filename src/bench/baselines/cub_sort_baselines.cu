// CUB's radix sort as baselines: sort ([N] keys ascending, cub::DeviceRadixSort::SortKeys) and
// sort_pairs (keys [N] and i32 values [N] -> sorted keys and their values, stable,
// cub::DeviceRadixSort::SortPairs). CUB sorts __half and __nv_bfloat16 keys by their bits.
#include <cub/device/device_radix_sort.cuh>

#include "cub_common.cuh"

namespace kiln::baselines {
namespace {

struct KeysOnly {};
struct WithValues {};

template <class T, class Kind>
class RadixSort final : public Baseline {
 public:
  Status prepare(const KilnBaselineCall& call) {
    int64_t n = num_elements(call.inputs[0]);
    Status s = check_int_size(n, call.kernel);
    if (!s.ok()) return s;
    n_ = static_cast<int>(n);
    size_t bytes = 0;
    s = sort(nullptr, bytes, nullptr, nullptr, nullptr, nullptr, nullptr);
    return s.ok() ? temp_.allocate(bytes) : s;
  }

  Status run(const KilnBaselineCall& call) override {
    size_t bytes = temp_.size();
    if constexpr (std::is_same_v<Kind, KeysOnly>) {
      return sort(temp_.get(), bytes, input<T>(call, 0), output<T>(call, 0), nullptr, nullptr,
                  stream_of(call));
    } else {
      return sort(temp_.get(), bytes, input<T>(call, 0), output<T>(call, 0), input<int>(call, 1),
                  output<int>(call, 1), stream_of(call));
    }
  }

 private:
  Status sort(void* temp, size_t& bytes, const T* keys, T* keys_out, const int* values,
              int* values_out, cudaStream_t stream) {
    constexpr int kBits = static_cast<int>(sizeof(T) * 8);
    if constexpr (std::is_same_v<Kind, KeysOnly>) {
      return cuda_status(
          cub::DeviceRadixSort::SortKeys(temp, bytes, keys, keys_out, n_, 0, kBits, stream),
          "cub::DeviceRadixSort::SortKeys");
    } else {
      return cuda_status(cub::DeviceRadixSort::SortPairs(temp, bytes, keys, keys_out, values,
                                                         values_out, n_, 0, kBits, stream),
                         "cub::DeviceRadixSort::SortPairs");
    }
  }

  int n_ = 0;
  DeviceBuffer temp_;
};

}  // namespace

std::vector<Entry> cub_sort_entries() {
  return {
      {"sort", kFloatDTypes, 1, 1, "cub::DeviceRadixSort::SortKeys",
       prepare_with<RadixSort, KeysOnly>()},
      {"sort_pairs", kFloatDTypes, 2, 2, "cub::DeviceRadixSort::SortPairs",
       prepare_with<RadixSort, WithValues>()},
  };
}

}  // namespace kiln::baselines
