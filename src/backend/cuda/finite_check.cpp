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

// Blocks [first, first + count) read input `index`.
struct BlockRange {
  int64_t first = 0, count = 1;
};

// The launch reading every input, all at once: the blocks of input i (ranges[i]) stride over
// it alone, and block b writes partial[b] (1: its share was finite).
std::string partial_kernel(const std::string& name, const std::vector<FiniteCheckInput>& inputs,
                           const std::vector<uint64_t>& masks,
                           const std::vector<BlockRange>& ranges) {
  std::string params, branches;
  for (size_t i = 0; i < inputs.size(); ++i) {
    const char* type = unsigned_of_bytes(inputs[i].value->type().element().storage_bytes());
    params += fmt::format("const {}* __restrict__ a{}, ", type, i);
    branches += fmt::format(
        "  {5}if (b < {3}LL) {{\n"
        "    const long long stride = {4}LL * blockDim.x;\n"
        "#pragma unroll 4\n"
        "    for (long long i = (b - {6}LL) * blockDim.x + threadIdx.x; i < {1}LL; i += stride)\n"
        "      bad |= (a{0}[i] & {2}ULL) == {2}ULL;\n"
        "  }}\n",
        i, inputs[i].value->type().num_elements().value_or(0), masks[i],
        ranges[i].first + ranges[i].count, ranges[i].count, i == 0 ? "" : "else ",
        ranges[i].first);
  }
  return fmt::format(
      "extern \"C\" __global__ void __launch_bounds__({0}) {1}({2}unsigned char* __restrict__ "
      "partial) {{\n"
      "  const long long b = blockIdx.x;\n"
      "  int bad = 0;\n{3}"
      "  bad = __syncthreads_or(bad);\n"
      "  if (threadIdx.x == 0) partial[b] = bad ? 0 : 1;\n}}\n",
      kCheckBlock, name, params, branches);
}

// One block folding each input's partial bytes (its block range) into its flag.
std::string combine_kernel(const std::string& name, const std::vector<BlockRange>& ranges) {
  std::string folds;
  for (size_t t = 0; t < ranges.size(); ++t) {
    folds += fmt::format(
        "  bad = 0;\n"
        "  for (int i = threadIdx.x; i < {2}; i += blockDim.x) bad |= partial[{1} + i] == 0;\n"
        "  bad = __syncthreads_or(bad);\n"
        "  if (threadIdx.x == 0) flags[{0}] = bad ? 0 : 1;\n",
        t, ranges[t].first, ranges[t].count);
  }
  return fmt::format(
      "extern \"C\" __global__ void __launch_bounds__({0}) {1}(const unsigned char* "
      "__restrict__ partial, unsigned char* __restrict__ flags) {{\n"
      "  int bad;\n{2}}}\n",
      kCheckBlock, name, folds);
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
  std::vector<KernelArg> args;
  std::vector<BlockRange> ranges;
  const int64_t cap = static_cast<int64_t>(std::max(1, l.options().device.sm_count)) * 4;
  const int64_t per_block = kCheckBlock * kElementsPerThread;
  int64_t blocks = 0;
  for (const FiniteCheckInput& in : inputs) {
    const std::optional<uint64_t> mask = nonfinite_exponent_mask(in.value->type().element());
    if (!mask) {
      return Error::internal(fmt::format("cuda backend: {}: no finite check of {}",
                                         Lowerer::describe(op),
                                         ir::to_string(in.value->type().element())));
    }
    masks.push_back(*mask);
    const int64_t n = in.value->type().num_elements().value_or(0);
    ranges.push_back({blocks, std::clamp<int64_t>((n + per_block - 1) / per_block, 1, cap)});
    blocks += ranges.back().count;
    args.emplace_back(in.ref);
  }
  if (flags.bytes != static_cast<int64_t>(inputs.size())) {
    return Error::internal(fmt::format("cuda backend: {}: {} finite check flags for {} tensors",
                                       Lowerer::describe(op), flags.bytes, inputs.size()));
  }
  // A block per tensor: the blocks' bytes are the flags.
  const bool one_each = blocks == static_cast<int64_t>(inputs.size());
  const BufferRef partial = one_each ? flags : l.scratch(blocks);
  args.emplace_back(partial);
  const std::string name = l.kernel_name() + "_finite_check";
  l.add_generated_kernel(name, partial_kernel(name, inputs, masks, ranges), blocks, kCheckBlock,
                         std::move(args), op);
  name_last_step(l, " (finite check)");
  if (!one_each) {
    const std::string combine = l.kernel_name() + "_finite_check_combine";
    l.add_generated_kernel(combine, combine_kernel(combine, ranges), 1, kCheckBlock,
                           {partial, flags}, op);
    name_last_step(l, " (finite check: the blocks' verdicts)");
    l.release(partial);
  }
  return ok_status();
}

}  // namespace kiln::backend::cuda
