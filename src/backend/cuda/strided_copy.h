// A generated kernel that copies a tensor element by element from one strided layout into
// another, optionally into a larger destination with zeros around the source (explicit
// padding): the relayouts around cuDNN's convolutions and attention.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "backend/cuda/lowerer.h"

namespace kiln::backend::cuda {

// What a strided copy moves. Element `i` (a multi-index over `dims`, outermost first) of the
// destination, at sum(i[d] * dst_strides[d]), receives the source element i - pad_before at
// sum((i[d] - pad_before[d]) * src_strides[d]), or zero where i[d] - pad_before[d] falls
// outside [0, src_dims[d]) in any dim. `src_dims` and `pad_before` may be left empty: the
// source then has `dims` and no padding. Elements are moved as bits (1, 2, 4 or 8 bytes).
struct StridedCopy {
  std::vector<int64_t> dims, src_strides, dst_strides;
  std::vector<int64_t> src_dims, pad_before;
  int64_t elem_bytes = 4;
};

// A kernel step (not appended: the caller places it) of a module of its own, whose function is
// named `prefix` + a fresh kernel name, copying `copy` from `src` to `dst` with one thread an
// element of dst (grid-stride, at most 16 blocks per SM). Its `what` is the op's description
// followed by " (" + `what` + ")". Counted as a kernel of the program.
KernelStep strided_copy(Lowerer& l, const ir::Operation& op, const StridedCopy& copy,
                        const BufferRef& src, const BufferRef& dst, const std::string& prefix,
                        const std::string& what);

}  // namespace kiln::backend::cuda
