// KG_HOST_DEVICE: the qualifiers of the device routines that compile as host C++ too (so that
// host tests can run them against the interpreter); plain inline where CUDA is not compiling.
#pragma once

#if defined(__CUDACC__)
#define KG_HOST_DEVICE __host__ __device__ __forceinline__
#else
#define KG_HOST_DEVICE inline
#endif
