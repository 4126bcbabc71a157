// CUB's prefix sums as baselines: scan_inclusive and scan_exclusive over [N]
// (cub::DeviceScan::InclusiveScan / ExclusiveScan) and scan_rows over [R, C]
// (cub::DeviceScan::InclusiveScanByKey, keyed by the row index), all accumulating in f32.
#include <thrust/iterator/counting_iterator.h>
#include <thrust/iterator/transform_iterator.h>

#include <cub/device/device_scan.cuh>

#include "cub_common.cuh"

namespace kiln::baselines {
namespace {

struct Inclusive {};
struct Exclusive {};

// x [N] -> [N]. The combiner's f32 result (and the exclusive scan's f32 seed) make CUB's
// accumulator f32.
template <class T, class Kind>
class Scan final : public Baseline {
 public:
  Status prepare(const KilnBaselineCall& call) {
    int64_t n = num_elements(call.inputs[0]);
    Status s = check_int_size(n, call.kernel);
    if (!s.ok()) return s;
    n_ = static_cast<int>(n);
    size_t bytes = 0;
    s = scan(nullptr, bytes, nullptr, nullptr, nullptr);
    return s.ok() ? temp_.allocate(bytes) : s;
  }

  Status run(const KilnBaselineCall& call) override {
    size_t bytes = temp_.size();
    return scan(temp_.get(), bytes, input<T>(call, 0), output<T>(call, 0), stream_of(call));
  }

 private:
  Status scan(void* temp, size_t& bytes, const T* x, T* y, cudaStream_t stream) {
    if constexpr (std::is_same_v<Kind, Inclusive>) {
      return cuda_status(cub::DeviceScan::InclusiveScan(temp, bytes, x, y, SumOp{}, n_, stream),
                         "cub::DeviceScan::InclusiveScan");
    } else {
      return cuda_status(
          cub::DeviceScan::ExclusiveScan(temp, bytes, x, y, SumOp{}, 0.0f, n_, stream),
          "cub::DeviceScan::ExclusiveScan");
    }
  }

  int n_ = 0;
  DeviceBuffer temp_;
};

// The row of a flat index: the key of InclusiveScanByKey, so that the scan restarts per row.
struct RowOf {
  int cols;
  __host__ __device__ int operator()(int i) const { return i / cols; }
};

// x [R, C] -> [R, C], an inclusive sum along each row.
template <class T>
class ScanRows final : public Baseline {
 public:
  Status prepare(const KilnBaselineCall& call) {
    const KilnBaselineTensor& x = call.inputs[0];
    if (x.rank != 2) return Status::error("cub: scan_rows wants [R, C]");
    Status s = check_int_size(x.shape[0] * x.shape[1], call.kernel);
    if (!s.ok()) return s;
    n_ = static_cast<int>(x.shape[0] * x.shape[1]);
    cols_ = static_cast<int>(x.shape[1]);
    size_t bytes = 0;
    s = scan(nullptr, bytes, nullptr, nullptr, nullptr);
    return s.ok() ? temp_.allocate(bytes) : s;
  }

  Status run(const KilnBaselineCall& call) override {
    size_t bytes = temp_.size();
    return scan(temp_.get(), bytes, input<T>(call, 0), output<T>(call, 0), stream_of(call));
  }

 private:
  Status scan(void* temp, size_t& bytes, const T* x, T* y, cudaStream_t stream) {
    auto keys = thrust::make_transform_iterator(thrust::counting_iterator<int>(0),
                                                RowOf{cols_ > 0 ? cols_ : 1});
    return cuda_status(cub::DeviceScan::InclusiveScanByKey(temp, bytes, keys, x, y, SumOp{}, n_,
                                                           ::cuda::std::equal_to<>{}, stream),
                       "cub::DeviceScan::InclusiveScanByKey");
  }

  int n_ = 0, cols_ = 1;
  DeviceBuffer temp_;
};

}  // namespace

std::vector<Entry> cub_scan_entries() {
  return {
      {"scan_inclusive", kFloatDTypes, 1, 1, "cub::DeviceScan::InclusiveScan",
       prepare_with<Scan, Inclusive>()},
      {"scan_exclusive", kFloatDTypes, 1, 1, "cub::DeviceScan::ExclusiveScan",
       prepare_with<Scan, Exclusive>()},
      {"scan_rows", kFloatDTypes, 1, 1, "cub::DeviceScan::InclusiveScanByKey",
       prepare_with<ScanRows>()},
  };
}

}  // namespace kiln::baselines
