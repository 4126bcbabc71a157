// TMA descriptors: cuTensorMapEncodeTiled's arguments checked on the host, then encoded.
#include "runtime/cuda/tensor_map.h"

#include <fmt/format.h>

namespace kiln::cuda {

namespace {

Error bad(std::string what) { return Error::invalid_argument("cuda: tensor map: " + what); }

CUtensorMapDataType data_type(TensorMap::Element e) {
  switch (e) {
    case TensorMap::Element::kF16: return CU_TENSOR_MAP_DATA_TYPE_FLOAT16;
    case TensorMap::Element::kBF16: return CU_TENSOR_MAP_DATA_TYPE_BFLOAT16;
    case TensorMap::Element::kF32: return CU_TENSOR_MAP_DATA_TYPE_FLOAT32;
    case TensorMap::Element::kU8: return CU_TENSOR_MAP_DATA_TYPE_UINT8;
  }
  return CU_TENSOR_MAP_DATA_TYPE_BFLOAT16;
}

// The swizzle and the bytes of its span (0: none).
std::pair<CUtensorMapSwizzle, uint32_t> swizzle_mode(TensorMap::Swizzle s) {
  switch (s) {
    case TensorMap::Swizzle::kNone: return {CU_TENSOR_MAP_SWIZZLE_NONE, 0};
    case TensorMap::Swizzle::k32B: return {CU_TENSOR_MAP_SWIZZLE_32B, 32};
    case TensorMap::Swizzle::k64B: return {CU_TENSOR_MAP_SWIZZLE_64B, 64};
    case TensorMap::Swizzle::k128B: return {CU_TENSOR_MAP_SWIZZLE_128B, 128};
  }
  return {CU_TENSOR_MAP_SWIZZLE_NONE, 0};
}

}  // namespace

uint32_t tensor_map_element_bytes(TensorMap::Element e) {
  return e == TensorMap::Element::kF32 ? 4 : e == TensorMap::Element::kU8 ? 1 : 2;
}

uint64_t tensor_map_span_bytes(const TensorMap& map) {
  if (map.dims.empty()) return 0;
  uint64_t span = map.dims[0] * tensor_map_element_bytes(map.element);
  for (size_t d = 1; d < map.dims.size() && d - 1 < map.strides.size(); ++d) {
    span += (map.dims[d] - 1) * map.strides[d - 1];
  }
  return span;
}

Expected<TensorMapEncoding> tensor_map_encoding(const TensorMap& map, CUdeviceptr address) {
  const size_t rank = map.dims.size();
  if (rank < 1 || rank > 5) return bad(fmt::format("rank {} is not 1 to 5", rank));
  if (map.strides.size() != rank - 1 || map.box.size() != rank) {
    return bad(fmt::format("rank {} needs {} strides and {} box sizes, given {} and {}", rank,
                           rank - 1, rank, map.strides.size(), map.box.size()));
  }
  if (address % 16 != 0) return bad(fmt::format("address {:#x} is not 16-byte aligned", address));
  TensorMapEncoding e;
  e.type = data_type(map.element);
  e.rank = static_cast<cuuint32_t>(rank);
  e.address = address;
  const uint64_t element = tensor_map_element_bytes(map.element);
  uint64_t spanned = element;  // bytes of one step of the dimension below
  for (size_t d = 0; d < rank; ++d) {
    const uint64_t n = map.dims[d];
    if (n < 1 || n > (uint64_t{1} << 32)) {
      return bad(fmt::format("dimension {} has {} elements (1 to 2^32)", d, n));
    }
    if (d > 0) {
      const uint64_t s = map.strides[d - 1];
      if (s % 16 != 0 || s >= (uint64_t{1} << 40)) {
        return bad(fmt::format("the stride of dimension {} ({} bytes) is not a multiple of 16 "
                               "below 2^40", d, s));
      }
      if (s < spanned) {
        return bad(fmt::format("the stride of dimension {} ({} bytes) is below the {} bytes "
                               "that dimension {} spans", d, s, spanned, d - 1));
      }
      e.strides[d - 1] = s;
    }
    const uint32_t b = map.box[d];
    if (b < 1 || b > 256) return bad(fmt::format("box size {} of dimension {} is not 1 to 256", b, d));
    e.dims[d] = n;
    e.box[d] = b;
    e.element_strides[d] = 1;
    spanned = (d == 0 ? element : e.strides[d - 1]) * n;
  }
  const uint64_t inner = e.box[0] * element;
  if (inner % 16 != 0) return bad(fmt::format("the inner box ({} bytes) is not a multiple of 16", inner));
  const auto [swizzle, span] = swizzle_mode(map.swizzle);
  if (span != 0 && inner > span) {
    return bad(fmt::format("the inner box ({} bytes) exceeds the {}-byte swizzle", inner, span));
  }
  e.swizzle = swizzle;
  e.l2_promotion = CU_TENSOR_MAP_L2_PROMOTION_L2_256B;
  e.oob_fill = CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE;
  return e;
}

Expected<CUtensorMap> encode_tensor_map(const Driver& driver, const TensorMapEncoding& e) {
  if (!driver.cuTensorMapEncodeTiled) {
    return Error::unavailable(
        "cuda: the CUDA driver lacks cuTensorMapEncodeTiled (CUDA 12.0 or newer); update the "
        "driver to run TMA kernels");
  }
  CUtensorMap map;
  KILN_CU(&driver, cuTensorMapEncodeTiled, &map, e.type, e.rank,
          reinterpret_cast<void*>(e.address), e.dims.data(), e.strides.data(), e.box.data(),
          e.element_strides.data(), e.interleave, e.swizzle, e.l2_promotion, e.oob_fill);
  return map;
}

}  // namespace kiln::cuda
