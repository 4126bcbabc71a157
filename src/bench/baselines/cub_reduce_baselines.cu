// CUB's reductions as baselines: sum/max/min/prod of every element
// (cub::DeviceReduce::Reduce), of each row of [R, C] (cub::DeviceSegmentedReduce::Reduce with
// row offsets), and argmax/argmin of each row (cub::DeviceSegmentedReduce::ArgMax/ArgMin, then
// a small kernel that keeps the index of each key-value pair). All accumulate in f32.
#include <cub/device/device_reduce.cuh>
#include <cub/device/device_segmented_reduce.cuh>
#include <cub/version.cuh>

#include "cub_common.cuh"

namespace kiln::baselines {
namespace {

// x (any shape) -> rank-0 result.
template <class T, class Op>
class ReduceAll final : public Baseline {
 public:
  Status prepare(const KilnBaselineCall& call) {
    int64_t n = num_elements(call.inputs[0]);
    Status s = check_int_size(n, call.kernel);
    if (!s.ok()) return s;
    n_ = static_cast<int>(n);
    size_t bytes = 0;
    s = cuda_status(cub::DeviceReduce::Reduce(nullptr, bytes, static_cast<const T*>(nullptr),
                                              static_cast<T*>(nullptr), n_, Op{}, Op::init()),
                    "cub::DeviceReduce::Reduce");
    return s.ok() ? temp_.allocate(bytes) : s;
  }

  Status run(const KilnBaselineCall& call) override {
    size_t bytes = temp_.size();
    return cuda_status(
        cub::DeviceReduce::Reduce(temp_.get(), bytes, input<T>(call, 0), output<T>(call, 0), n_,
                                  Op{}, Op::init(), stream_of(call)),
        "cub::DeviceReduce::Reduce");
  }

 private:
  int n_ = 0;
  DeviceBuffer temp_;
};

// The rows and offsets of an [R, C] input, checked against CUB's int offsets.
Status row_shape(const KilnBaselineCall& call, int& rows, int& cols) {
  const KilnBaselineTensor& x = call.inputs[0];
  if (x.rank != 2) return Status::error(std::string("cub: ") + call.kernel + " wants [R, C]");
  Status s = check_int_size(x.shape[0] * x.shape[1], call.kernel);
  rows = static_cast<int>(x.shape[0]);
  cols = static_cast<int>(x.shape[1]);
  return s;
}

// x [R, C] -> [R], reducing each row.
template <class T, class Op>
class ReduceRows final : public Baseline {
 public:
  Status prepare(const KilnBaselineCall& call) {
    int cols = 0;
    Status s = row_shape(call, rows_, cols);
    if (s.ok()) s = make_row_offsets(offsets_, rows_, cols);
    if (!s.ok()) return s;
    size_t bytes = 0;
    const int* offsets = static_cast<const int*>(offsets_.get());
    s = cuda_status(cub::DeviceSegmentedReduce::Reduce(
                        nullptr, bytes, static_cast<const T*>(nullptr), static_cast<T*>(nullptr),
                        rows_, offsets, offsets + 1, Op{}, Op::init()),
                    "cub::DeviceSegmentedReduce::Reduce");
    return s.ok() ? temp_.allocate(bytes) : s;
  }

  Status run(const KilnBaselineCall& call) override {
    size_t bytes = temp_.size();
    const int* offsets = static_cast<const int*>(offsets_.get());
    return cuda_status(cub::DeviceSegmentedReduce::Reduce(
                           temp_.get(), bytes, input<T>(call, 0), output<T>(call, 0), rows_,
                           offsets, offsets + 1, Op{}, Op::init(), stream_of(call)),
                       "cub::DeviceSegmentedReduce::Reduce");
  }

 private:
  int rows_ = 0;
  DeviceBuffer offsets_, temp_;
};

template <class T>
__global__ void keep_index(const cub::KeyValuePair<int, T>* pairs, int* index, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) index[i] = pairs[i].key;
}

struct Max {};
struct Min {};

// x [R, C] -> i32 [R]: the first index of each row's maximum (or minimum).
template <class T, class Which>
class ArgRows final : public Baseline {
 public:
  Status prepare(const KilnBaselineCall& call) {
    int cols = 0;
    Status s = row_shape(call, rows_, cols);
    if (s.ok()) s = make_row_offsets(offsets_, rows_, cols);
    if (s.ok()) s = pairs_.allocate(static_cast<size_t>(rows_) * sizeof(Pair));
    if (!s.ok()) return s;
    size_t bytes = 0;
    s = reduce(nullptr, bytes, nullptr, nullptr);
    return s.ok() ? temp_.allocate(bytes) : s;
  }

  Status run(const KilnBaselineCall& call) override {
    size_t bytes = temp_.size();
    Status s = reduce(temp_.get(), bytes, input<T>(call, 0), stream_of(call));
    if (!s.ok() || rows_ == 0) return s;
    keep_index<<<(rows_ + 255) / 256, 256, 0, stream_of(call)>>>(
        static_cast<const Pair*>(pairs_.get()), output<int>(call, 0), rows_);
    return cuda_status(cudaGetLastError(), "keep_index");
  }

 private:
  using Pair = cub::KeyValuePair<int, T>;

  Status reduce(void* temp, size_t& bytes, const T* x, cudaStream_t stream) {
    const int* offsets = static_cast<const int*>(offsets_.get());
    Pair* pairs = static_cast<Pair*>(pairs_.get());
    if constexpr (std::is_same_v<Which, Max>) {
      return cuda_status(cub::DeviceSegmentedReduce::ArgMax(temp, bytes, x, pairs, rows_, offsets,
                                                            offsets + 1, stream),
                         "cub::DeviceSegmentedReduce::ArgMax");
    } else {
      return cuda_status(cub::DeviceSegmentedReduce::ArgMin(temp, bytes, x, pairs, rows_, offsets,
                                                            offsets + 1, stream),
                         "cub::DeviceSegmentedReduce::ArgMin");
    }
  }

  int rows_ = 0;
  DeviceBuffer offsets_, pairs_, temp_;
};

}  // namespace

std::string cub_version() {
  return "CUB " + std::to_string(CUB_MAJOR_VERSION) + "." + std::to_string(CUB_MINOR_VERSION) +
         "." + std::to_string(CUB_SUBMINOR_VERSION);
}

std::vector<Entry> cub_reduce_entries() {
  const char* all = "cub::DeviceReduce::Reduce";
  const char* rows = "cub::DeviceSegmentedReduce::Reduce";
  return {
      {"sum", kFloatDTypes, 1, 1, all, prepare_with<ReduceAll, SumOp>()},
      {"max", kFloatDTypes, 1, 1, all, prepare_with<ReduceAll, MaxOp>()},
      {"min", kFloatDTypes, 1, 1, all, prepare_with<ReduceAll, MinOp>()},
      {"prod", kFloatDTypes, 1, 1, all, prepare_with<ReduceAll, ProdOp>()},
      {"sum_rows", kFloatDTypes, 1, 1, rows, prepare_with<ReduceRows, SumOp>()},
      {"max_rows", kFloatDTypes, 1, 1, rows, prepare_with<ReduceRows, MaxOp>()},
      {"min_rows", kFloatDTypes, 1, 1, rows, prepare_with<ReduceRows, MinOp>()},
      {"prod_rows", kFloatDTypes, 1, 1, rows, prepare_with<ReduceRows, ProdOp>()},
      {"argmax", kFloatDTypes, 1, 1, "cub::DeviceSegmentedReduce::ArgMax",
       prepare_with<ArgRows, Max>()},
      {"argmin", kFloatDTypes, 1, 1, "cub::DeviceSegmentedReduce::ArgMin",
       prepare_with<ArgRows, Min>()},
  };
}

}  // namespace kiln::baselines
