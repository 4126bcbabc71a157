// The strided copy kernel's generator (strided_copy.h).
#include "backend/cuda/strided_copy.h"

#include <fmt/format.h>

#include <algorithm>

#include "backend/cuda/codegen/loop_kernel.h"

namespace kiln::backend::cuda {

namespace {

const char* bits_type(int64_t elem_bytes) {
  switch (elem_bytes) {
    case 1: return "unsigned char";
    case 2: return "unsigned short";
    case 4: return "unsigned int";
    default: return "unsigned long long";
  }
}

// The loop body: the element's destination offset `d`, source offset `s` and, where the
// source is smaller than the destination or shifted, whether it lies inside it.
std::string copy_body(const StridedCopy& c) {
  std::string body;
  for (size_t i = c.dims.size(); i-- > 0;) {
    body += fmt::format("    x = rest % {0}LL;\n    rest /= {0}LL;\n    d += x * {1}LL;\n",
                        std::max<int64_t>(c.dims[i], 1), c.dst_strides[i]);
    const int64_t before = c.pad_before.empty() ? 0 : c.pad_before[i];
    const int64_t extent = c.src_dims.empty() ? c.dims[i] : c.src_dims[i];
    if (before != 0 || extent != c.dims[i]) {
      body += fmt::format("    x -= {0}LL;\n    inside = inside && x >= 0 && x < {1}LL;\n",
                          before, extent);
    }
    body += fmt::format("    s += x * {}LL;\n", c.src_strides[i]);
  }
  return body;
}

}  // namespace

KernelStep strided_copy(Lowerer& l, const ir::Operation& op, const StridedCopy& copy,
                        const BufferRef& src, const BufferRef& dst, const std::string& prefix,
                        const std::string& what) {
  const std::string name = prefix + l.kernel_name();
  const char* type = bits_type(copy.elem_bytes);
  int64_t count = 1;
  for (int64_t n : copy.dims) count *= n;
  const std::string source = fmt::format(
      "extern \"C\" __global__ void __launch_bounds__({0}) {1}(const {4}* __restrict__ in, {4}* "
      "__restrict__ out) {{\n"
      "  const long long stride = static_cast<long long>(gridDim.x) * blockDim.x;\n"
      "  for (long long i = static_cast<long long>(blockIdx.x) * blockDim.x + threadIdx.x; i < "
      "{2}LL; i += stride) {{\n"
      "    long long rest = i, s = 0, d = 0, x = 0;\n    bool inside = true;\n{3}"
      "    out[d] = inside ? in[s] : static_cast<{4}>(0);\n  }}\n}}\n",
      kLoopBlock, name, count, copy_body(copy), type);
  KernelStep step;
  step.module = l.add_module(name, source, {name});
  step.function = name;
  const int64_t blocks = (count + kLoopBlock - 1) / kLoopBlock;
  const int64_t cap = static_cast<int64_t>(std::max(1, l.options().device.sm_count)) * 16;
  step.grid = {static_cast<unsigned>(std::max<int64_t>(1, std::min(blocks, cap))), 1, 1};
  step.block = {kLoopBlock, 1, 1};
  step.args = {src, dst};
  step.what = Lowerer::describe(op) + " (" + what + ")";
  l.count_kernel();
  return step;
}

}  // namespace kiln::backend::cuda
