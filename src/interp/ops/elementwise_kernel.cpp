// The registry of element-wise block kernels and the threaded loop that runs one on tensors.
#include "interp/ops/elementwise_kernel.h"

#include <algorithm>
#include <vector>

#include "interp/ops/op_helpers.h"
#include "interp/quantized.h"

namespace kiln::interp {

namespace {

// Indexed by ir::OpId::index(); filled before main() runs, read-only afterwards.
std::vector<KernelResolver>& kernel_table() {
  static std::vector<KernelResolver> table;
  return table;
}

}  // namespace

KernelRegistration::KernelRegistration(std::string_view op_name, KernelResolver resolver) {
  uint32_t index = ir::OpId::of(op_name).index();
  std::vector<KernelResolver>& table = kernel_table();
  if (table.size() <= index) table.resize(index + 1, nullptr);
  if (!table[index]) table[index] = resolver;
}

std::optional<ElementwiseKernel> elementwise_kernel(const ir::Operation& op) {
  const std::vector<KernelResolver>& table = kernel_table();
  uint32_t index = op.id().index();
  if (index >= table.size() || !table[index] || needs_dequantize(op)) return std::nullopt;
  for (const ir::Value* v : op.operands()) {
    if (!v->type().is_tensor() || !v->type().is_static()) return std::nullopt;
  }
  for (const auto& r : op.results()) {
    if (!r->type().is_tensor() || !r->type().is_static()) return std::nullopt;
  }
  return table[index](op);
}

void run_kernel(const ElementwiseKernel& kernel, std::span<const Tensor* const> in, Tensor& out) {
  constexpr size_t kMaxInputs = 3;
  const size_t arity = std::min(in.size(), kMaxInputs);
  size_t in_bytes[kMaxInputs] = {};
  const std::byte* base[kMaxInputs] = {};
  for (size_t k = 0; k < arity; ++k) {
    in_bytes[k] = in[k]->element_bytes();
    base[k] = in[k]->raw();
  }
  const size_t out_bytes = out.element_bytes();
  std::byte* dst = out.raw();
  parallel_for(out.num_elements(), kParallelGrain, [&](int64_t begin, int64_t end) {
    // Blocks keep each call short, so that a thread's inputs and output stream through
    // the cache together.
    for (int64_t b = begin; b < end; b += kKernelBlock) {
      int64_t n = std::min(kKernelBlock, end - b);
      const std::byte* ptrs[kMaxInputs] = {};
      for (size_t k = 0; k < arity; ++k) ptrs[k] = base[k] + static_cast<size_t>(b) * in_bytes[k];
      kernel.fn(kernel.params, ptrs, dst + static_cast<size_t>(b) * out_bytes, n);
    }
  });
}

}  // namespace kiln::interp
