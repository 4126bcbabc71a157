// The finite check's kernels (finite_check.h).
#include "backend/cuda/finite_check.h"

#include <fmt/format.h>

#include <algorithm>

#include "ir/float_format.h"

namespace kiln::backend::cuda {

namespace {

// Elements each thread reads in the common case (the grid grows with the tensors up to 4
// blocks per SM, then each thread reads more).
constexpr int64_t kElementsPerThread = 16;
constexpr unsigned kCheckBlock = 256;

const char* unsigned_of_bytes(int bytes) {
  switch (bytes) {
    case 1: return "unsigned char";
    case 2: return "unsigned short";
    case 4: return "unsigned int";
    default: return "unsigned long long";
  }
}

// The launch reading every input: block b writes partial[i * gridDim.x + b] (1: its share of
// input i was finite).
std::string partial_kernel(const std::string& name, const std::vector<FiniteCheckInput>& inputs,
                           const std::vector<uint64_t>& masks) {
  std::string params, loops;
  for (size_t i = 0; i < inputs.size(); ++i) {
    const char* type = unsigned_of_bytes(inputs[i].value->type().element().storage_bytes());
    params += fmt::format("const {}* __restrict__ a{}, ", type, i);
    loops += fmt::format(
        "  bad = 0;\n"
        "  for (long long i = first; i < {1}LL; i += stride) bad |= (a{0}[i] & {2}ULL) == "
        "{2}ULL;\n"
        "  bad = __syncthreads_or(bad);\n"
        "  if (threadIdx.x == 0) partial[{0}LL * gridDim.x + blockIdx.x] = bad ? 0 : 1;\n",
        i, inputs[i].value->type().num_elements().value_or(0), masks[i]);
  }
  return fmt::format(
      "extern \"C\" __global__ void __launch_bounds__({0}) {1}({2}unsigned char* __restrict__ "
      "partial) {{\n"
      "  const long long stride = static_cast<long long>(gridDim.x) * blockDim.x;\n"
      "  const long long first = static_cast<long long>(blockIdx.x) * blockDim.x + "
      "threadIdx.x;\n"
      "  int bad;\n{3}}}\n",
      kCheckBlock, name, params, loops);
}

// One block folding each input's `blocks` partial bytes into its flag.
std::string combine_kernel(const std::string& name, size_t inputs, int64_t blocks) {
  return fmt::format(
      "extern \"C\" __global__ void __launch_bounds__({0}) {1}(const unsigned char* "
      "__restrict__ partial, unsigned char* __restrict__ flags) {{\n"
      "  for (int t = 0; t < {2}; ++t) {{\n"
      "    int bad = 0;\n"
      "    for (int i = threadIdx.x; i < {3}; i += blockDim.x) bad |= partial[t * {3} + i] == 0;\n"
      "    bad = __syncthreads_or(bad);\n"
      "    if (threadIdx.x == 0) flags[t] = bad ? 0 : 1;\n"
      "  }}\n}}\n",
      kCheckBlock, name, inputs, blocks);
}

void name_last_step(Lowerer& l, const char* what) {
  std::get<KernelStep>(l.current().steps.back()).what += what;
}

}  // namespace

std::optional<uint64_t> nonfinite_exponent_mask(const ir::ElementType& type) {
  int exponent = 0, mantissa = 0;
  if (type.kind() == ir::ElementKind::kF32) {
    exponent = 8;
    mantissa = 23;
  } else if (type.kind() == ir::ElementKind::kF64) {
    exponent = 11;
    mantissa = 52;
  } else {
    const std::optional<ir::FloatFormat> f = ir::float_format(type.kind());
    if (!f || f->specials != ir::FloatSpecials::kIeee) return std::nullopt;
    exponent = f->exponent_bits;
    mantissa = f->mantissa_bits;
  }
  return ((uint64_t{1} << exponent) - 1) << mantissa;
}

Status add_finite_check(Lowerer& l, const ir::Operation& op,
                        const std::vector<FiniteCheckInput>& inputs, const BufferRef& flags) {
  if (inputs.empty()) return Error::internal("cuda backend: a finite check of no tensor");
  std::vector<uint64_t> masks;
  int64_t most = 1;
  std::vector<KernelArg> args;
  for (const FiniteCheckInput& in : inputs) {
    const std::optional<uint64_t> mask = nonfinite_exponent_mask(in.value->type().element());
    if (!mask) {
      return Error::internal(fmt::format("cuda backend: {}: no finite check of {}",
                                         Lowerer::describe(op),
                                         ir::to_string(in.value->type().element())));
    }
    masks.push_back(*mask);
    most = std::max(most, in.value->type().num_elements().value_or(0));
    args.emplace_back(in.ref);
  }
  const int64_t cap = static_cast<int64_t>(std::max(1, l.options().device.sm_count)) * 4;
  const int64_t per_block = kCheckBlock * kElementsPerThread;
  const int64_t blocks = std::clamp<int64_t>((most + per_block - 1) / per_block, 1, cap);
  if (flags.bytes != static_cast<int64_t>(inputs.size())) {
    return Error::internal(fmt::format("cuda backend: {}: {} finite check flags for {} tensors",
                                       Lowerer::describe(op), flags.bytes, inputs.size()));
  }
  const int64_t count = static_cast<int64_t>(inputs.size());
  const BufferRef partial = blocks == 1 ? flags : l.scratch(blocks * count);
  args.emplace_back(partial);
  const std::string name = l.kernel_name() + "_finite_check";
  l.add_generated_kernel(name, partial_kernel(name, inputs, masks), blocks, kCheckBlock,
                         std::move(args), op);
  name_last_step(l, " (finite check)");
  if (blocks > 1) {
    const std::string combine = l.kernel_name() + "_finite_check_combine";
    l.add_generated_kernel(combine, combine_kernel(combine, inputs.size(), blocks), 1, kCheckBlock,
                           {partial, flags}, op);
    name_last_step(l, " (finite check: the blocks' verdicts)");
    l.release(partial);
  }
  return ok_status();
}

}  // namespace kiln::backend::cuda
