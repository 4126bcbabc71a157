// Block kernels of the element-wise ops: one typed loop per op and element type over a run of
// contiguous elements, shared by the ops themselves and by fused chains (elementwise_chain.h),
// so that a chain computes every element with exactly the code of the op it replaces.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

#include "interp/tensor.h"
#include "ir/operation.h"

namespace kiln::interp {

// What a kernel needs beyond its operands, fixed when the kernel is chosen for an op.
struct KernelParams {
  int bits = 0;              // the operands' bit width (sub-byte integers wrap to it)
  int direction = 0;         // compare: the comparison direction
  bool total_order = false;  // compare: TOTALORDER instead of FLOAT
  ir::ElementKind src = ir::ElementKind::kF32;  // convert: the storage kinds
  ir::ElementKind dst = ir::ElementKind::kF32;
  size_t element_bytes = 0;  // select: bytes per element moved
};

// out[i] = op(in[0][i], ..., in[k-1][i]) for i in [0, n). Every input holds n contiguous
// elements of the op's operand type; `out` has room for n elements of the result type and may
// not alias an input. Safe to call concurrently on disjoint ranges.
using BlockFn = void (*)(const KernelParams& params, const std::byte* const* in, std::byte* out,
                         int64_t n);

struct ElementwiseKernel {
  BlockFn fn = nullptr;
  KernelParams params;
};

// Chooses the kernel of an op for its operand and result types; nullopt when it has none for
// them (the op then runs, and fails, by its own interpreter function).
using KernelResolver = std::optional<ElementwiseKernel> (*)(const ir::Operation& op);

// Registers the resolver of an op name (before main() runs, like KILN_REGISTER_INTERP).
struct KernelRegistration {
  KernelRegistration(std::string_view op_name, KernelResolver resolver);
};

// The kernel of `op` (its element types, attributes), or nullopt when the op is not an
// element-wise op with a kernel for those types. Quantized ops have none.
std::optional<ElementwiseKernel> elementwise_kernel(const ir::Operation& op);

// Elements per block of a kernel call inside threaded loops and fused chains: small enough
// that a chain's temporaries stay in the L1/L2 caches.
inline constexpr int64_t kKernelBlock = 2048;

// Runs `kernel` on inputs of out's element count into `out`, threaded on large tensors.
void run_kernel(const ElementwiseKernel& kernel, std::span<const Tensor* const> in, Tensor& out);

}  // namespace kiln::interp

#define KILN_REGISTER_KERNEL(name, resolver)                                                   \
  static const ::kiln::interp::KernelRegistration KILN_CONCAT(kiln_kernel_reg_, __COUNTER__)( \
      name, resolver)
