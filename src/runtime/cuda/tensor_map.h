// TMA descriptors (CUtensorMap) for kernel arguments: what a plan says of a tensor's tiled view
// (TensorMap), the checked arguments of cuTensorMapEncodeTiled it implies for one device
// address (no GPU needed), and the encoding through the driver.
#pragma once

#include <cuda.h>

#include <array>
#include <cstdint>
#include <vector>

#include "runtime/cuda/driver.h"
#include "support/error.h"

namespace kiln::cuda {

// A tiled view of one of a plan's buffers for the bulk tensor copies (cp.async.bulk.tensor):
// the tensor's dimensions innermost first, the byte strides of dimensions 1.. (rank - 1 of
// them), the box one copy moves (elements per dimension) and how the box is swizzled in
// shared memory. Elements outside the tensor read as zero.
struct TensorMap {
  enum class Source : uint8_t { kInput, kOutput, kScratch };
  // kU8: any one-byte element (the f8 formats), copied as bytes.
  enum class Element : uint8_t { kF16, kBF16, kF32, kU8 };
  enum class Swizzle : uint8_t { kNone, k32B, k64B, k128B };
  Source source = Source::kInput;
  int64_t index = 0;  // which input, output or scratch buffer
  Element element = Element::kBF16;
  std::vector<uint64_t> dims, strides;
  std::vector<uint32_t> box;
  Swizzle swizzle = Swizzle::k128B;
  bool operator==(const TensorMap&) const = default;
};

// The bytes of one element.
uint32_t tensor_map_element_bytes(TensorMap::Element e);

// The bytes from the tensor's first element to just past its last (the strides' padding
// past the last row not counted): what the buffer under the view must hold at least. Assumes
// the shape rules tensor_map_encoding checks (dims >= 1, strides.size() == dims.size() - 1).
uint64_t tensor_map_span_bytes(const TensorMap& map);

// cuTensorMapEncodeTiled's arguments, in its order.
struct TensorMapEncoding {
  CUtensorMapDataType type = CU_TENSOR_MAP_DATA_TYPE_BFLOAT16;
  cuuint32_t rank = 0;
  CUdeviceptr address = 0;
  std::array<cuuint64_t, 5> dims{};
  std::array<cuuint64_t, 4> strides{};
  std::array<cuuint32_t, 5> box{}, element_strides{};
  CUtensorMapInterleave interleave = CU_TENSOR_MAP_INTERLEAVE_NONE;
  CUtensorMapSwizzle swizzle = CU_TENSOR_MAP_SWIZZLE_NONE;
  CUtensorMapL2promotion l2_promotion = CU_TENSOR_MAP_L2_PROMOTION_NONE;
  CUtensorMapFloatOOBfill oob_fill = CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE;  // zeros
};

// The encoding of `map` over the tensor at `address`, checked against the driver's rules:
// rank 1 to 5; the address 16-byte aligned; dimensions 1 to 2^32; strides multiples of 16
// below 2^40 and no smaller than the dimension below them spans; box sizes 1 to 256 (a box may
// reach past the tensor: those elements read as zero); the innermost box a multiple of 16
// bytes and, swizzled, at most the swizzle's span (32, 64 or 128 bytes). Every element is copied (element strides 1); 256-byte L2 promotion.
// Errors: invalid_argument "cuda: tensor map: ..." saying which rule fails.
Expected<TensorMapEncoding> tensor_map_encoding(const TensorMap& map, CUdeviceptr address);

// The descriptor, from the driver's cuTensorMapEncodeTiled. Errors: unavailable where the
// driver lacks the function (before CUDA 12.0), the driver's own.
Expected<CUtensorMap> encode_tensor_map(const Driver& driver, const TensorMapEncoding& encoding);

}  // namespace kiln::cuda
