// The vectorized form of a loop kernel's loop over roots of one shape: each thread takes
// `lanes` consecutive elements per iteration, reads every parameter the roots read at their
// own linear index with 16-byte loads (common.cuh's Pack), computes the lanes' elements one by
// one (other parameters — broadcasts, slices, transposes — read with their own indexing, per
// lane) and writes each root with 16-byte stores. It runs only where every such pointer is
// 16-byte aligned, checked at run time (device inputs are read in place from the caller's
// pointers, which need not be): a uniform branch, else the scalar loop does everything. The
// scalar loop also takes the tail, the elements past the last whole vector.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "backend/cuda/codegen/emitter.h"
#include "backend/cuda/codegen/loop_kernel.h"

namespace kiln::backend::cuda {

struct VectorLoop {
  int lanes = 0;               // elements per thread per iteration: 16 / the narrowest element
  std::vector<size_t> params;  // indices into LoopKernel::params read as 16-byte packs
};

// The plan for the roots `roots` (indices into kernel.roots) of `elements` elements each,
// given the parameter loads a scalar emission of their loop made (`loads`, over the loop's
// index "i"), or nullopt where vector code gains nothing: fewer than 16384 elements (a launch-bound
// kernel; the vector loop would only double what NVRTC compiles), every
// element 16 bytes wide (complex<f64>: a scalar access is one 16-byte load already), or a root
// that loops per element (a reduce, an elemental dot: its code once per lane). Every
// element type vectorizes: the lanes load and store through ScalarType::load / store as the
// scalar loop does (bool, sub-byte integers a byte each, narrow floats through their codecs),
// only the memory access changes.
std::optional<VectorLoop> plan_vector_loop(const LoopKernel& kernel,
                                           const std::vector<size_t>& roots, int64_t elements,
                                           const std::vector<Emitter::ParamLoad>& loads);

// Writes, into the kernel body `e` emits into (which declares `stride`, the grid's threads),
// the run-time alignment check and the vector loop under it; returns the C++ name of the i64
// where the scalar loop must start (the first element past the vectors, or 0 when a pointer
// is not aligned). Errors: the emitter's.
Expected<std::string> emit_vector_loop(Emitter& e, const LoopKernel& kernel,
                                       const std::vector<size_t>& roots,
                                       const std::vector<int64_t>& shape, const VectorLoop& plan);

}  // namespace kiln::backend::cuda
