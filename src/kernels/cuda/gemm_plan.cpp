// The Hopper GEMM's plan (gemm_plan.h): knobs and tile rules into gemm.cu's launches.
#include "kernels/cuda/gemm_plan.h"

#include <algorithm>
#include <string>

#include "kernels/cuda/gemm_tiles.h"
#include "kernels/cuda/plan.h"
#include "kernels/cuda/plan_helpers.h"

namespace kiln::kernels {

namespace {

// A grid-stride launch of one of gemm.cu's helper kernels over `count` elements.
Expected<Launch> gemm_helper_launch(const char* function, const std::vector<std::string>& defines,
                                    int64_t count) {
  KILN_TRY(Launch l, library_launch("gemm", function));
  l.defines = defines;
  KILN_TRY(l.grid[0], grid_dim(std::min<int64_t>(ceil_div(count, 256), 65536)));
  l.block = {256, 1, 1};
  return l;
}

// The tiled view of input `index`, a batch of [rows, cols] matrices: TMA needs 16-byte aligned
// rows, so a matrix whose rows are not (cols not a multiple of 8) is first copied to scratch
// memory with rows round_up(cols, 8) apart. Boxes of `box_cols` x `box_rows`, 128-byte swizzle.
Expected<cuda::TensorMap> gemm_operand_map(Plan& plan, const std::vector<std::string>& defines,
                                           const Problem& p, int64_t index, int64_t box_cols,
                                           int64_t box_rows) {
  const Shape& s = p.inputs[static_cast<size_t>(index)].shape;
  const int64_t batches = s[0], rows = s[1], cols = s[2];
  const int64_t ld = ceil_div(cols, 8) * 8;
  cuda::TensorMap map;
  map.source = cuda::TensorMap::Source::kInput;
  map.index = index;
  if (ld != cols) {
    KILN_TRY(Launch pad, gemm_helper_launch("gemm_pad_rows", defines, batches * rows * cols));
    map.source = cuda::TensorMap::Source::kScratch;
    map.index = std::ssize(plan.scratch_bytes);
    plan.scratch_bytes.push_back(static_cast<size_t>(batches * rows * ld) * 2);
    pad.args = {Arg::input(index), Arg::scratch(map.index), Arg::i64(batches * rows),
                Arg::i64(cols), Arg::i64(ld)};
    plan.launches.push_back(std::move(pad));
  }
  map.element = tensor_map_element16(p.dtype);
  map.dims = {static_cast<uint64_t>(cols), static_cast<uint64_t>(rows),
              static_cast<uint64_t>(batches)};
  map.strides = {static_cast<uint64_t>(ld * 2), static_cast<uint64_t>(rows * ld * 2)};
  map.box = {static_cast<uint32_t>(box_cols), static_cast<uint32_t>(box_rows), 1};
  map.swizzle = cuda::TensorMap::Swizzle::k128B;
  return map;
}

// C [B, M, N] in 64 x 64 boxes, the staging buffers' 128-byte swizzle (tma_store).
cuda::TensorMap gemm_output_map(const Problem& p, const GemmDims& d) {
  cuda::TensorMap out;
  out.source = cuda::TensorMap::Source::kOutput;
  out.index = 0;
  out.element = tensor_map_element16(p.dtype);
  out.dims = {static_cast<uint64_t>(d.n), static_cast<uint64_t>(d.m),
              static_cast<uint64_t>(d.batches)};
  out.strides = {static_cast<uint64_t>(d.n * 2), static_cast<uint64_t>(d.m * d.n * 2)};
  out.box = {64, 64, 1};
  out.swizzle = cuda::TensorMap::Swizzle::k128B;
  return out;
}

// gemm_split_finish over `outputs` elements of C (rows of n): the epilogue of the sum of
// `splits` partial products read from `partials` (0 splits: of a zero product, `partials`
// unread), the epilogue's operands after C.
Expected<Launch> gemm_finish_launch(const std::vector<std::string>& defines,
                                    const std::vector<Arg>& epilogue_args, Arg partials,
                                    int64_t outputs, int64_t n, int64_t splits) {
  KILN_TRY(Launch finish, gemm_helper_launch("gemm_split_finish", defines, outputs));
  finish.args = {std::move(partials), Arg::output(0)};
  finish.args.insert(finish.args.end(), epilogue_args.begin(), epilogue_args.end());
  finish.args.push_back(Arg::i64(outputs));
  finish.args.push_back(Arg::i64(n));
  finish.args.push_back(Arg::i32(splits));
  return finish;
}

// The shared memory a block asks for, or an error where the device cannot give it.
Expected<int64_t> gemm_checked_shared_bytes(const GemmForm& g, int64_t block_n, int64_t stages,
                                            bool tma_store, int64_t ctas_per_sm,
                                            const PlanContext& context) {
  const int64_t shared = gemm_shared_bytes(block_n, stages, tma_store);
  // Each block also holds 1 KiB the system reserves (CUDA guide, shared memory per SM).
  if (ctas_per_sm > 1 && ctas_per_sm * (shared + 1024) > context.device.shared_memory_per_sm) {
    return Error::invalid_argument(fmt::format(
        "kernels: {}: ctas_per_sm={} with stages={} needs {} bytes of shared memory a block; "
        "the device gives an SM {}",
        g.name, ctas_per_sm, stages, shared, context.device.shared_memory_per_sm));
  }
  if (shared > context.device.shared_memory_per_block_optin) {
    return Error::invalid_argument(fmt::format(
        "kernels: {}: block_n={} with stages={}{} needs {} bytes of shared memory; the device "
        "gives a block {}",
        g.name, block_n, stages, tma_store ? " and tma_store=1" : "", shared,
        context.device.shared_memory_per_block_optin));
  }
  return shared;
}

}  // namespace

Expected<Plan> gemm_plan(const GemmForm& g, const Problem& p, const Config& c,
                         const PlanContext& context) {
  const GemmDims d = gemm_dims(p.shape);
  KILN_TRY(int64_t block_n, c.get("block_n"));
  KILN_TRY(const int64_t stages, c.get("stages"));
  KILN_TRY(const int64_t raster, c.get("raster"));
  KILN_TRY(const int64_t persistent, c.get("persistent"));
  KILN_TRY(const int64_t tma_store_knob, c.get("tma_store"));
  KILN_TRY(int64_t splits, c.get("split_k"));
  KILN_TRY(const int64_t short_grid, c.get("short_grid"));
  KILN_TRY(const int64_t ctas_per_sm, c.get("ctas_per_sm"));
  // TMA stores need C's rows 16-byte aligned; other widths store directly. Two blocks an SM
  // take 128 x 64 tiles and store directly (two rings with C's staging buffers would not fit).
  bool tma_store = tma_store_knob == 1 && d.n % 8 == 0 && ctas_per_sm == 1;
  if (ctas_per_sm == 2) {
    if (block_n != 0 && block_n != 64) {
      return Error::invalid_argument(fmt::format(
          "kernels: {}: ctas_per_sm=2 takes block_n=64 (32 accumulators a thread in ~80 "
          "registers), not {}",
          g.name, block_n));
    }
    block_n = 64;
  }
  const GemmTiling tiling =
      gemm_tiling(d, block_n, splits, short_grid == 1, stages, tma_store, context);
  block_n = tiling.block_n;
  splits = tiling.splits;
  // Split K's partials go out in f32 from the registers; its finish launch writes C.
  if (splits > 1) tma_store = false;
  const std::vector<std::string> defines = {dtype_define(p.dtype),
                                            define("BLOCK_N", block_n),
                                            define("STAGES", stages),
                                            define("B_K_MAJOR", g.nt ? 1 : 0),
                                            define("TMA_STORE", tma_store ? 1 : 0),
                                            define("EPILOGUE", static_cast<int64_t>(g.epilogue)),
                                            define("SPLIT_K", splits > 1 ? 1 : 0),
                                            define("CTAS_PER_SM", ctas_per_sm)};
  // The epilogue's operands, after C in both kernels.
  std::vector<Arg> epilogue_args;
  if (g.epilogue != GemmForm::Epilogue::kNone) epilogue_args.push_back(Arg::input(2));
  if (g.epilogue == GemmForm::Epilogue::kBiasResidual) epilogue_args.push_back(Arg::input(3));
  Plan plan;
  const int64_t outputs = d.batches * d.m * d.n;
  if (outputs == 0 || d.k == 0) {
    // The epilogue of a zero product: the finish of no splits (no partials: a null pointer).
    KILN_TRY(Launch zero, gemm_finish_launch(defines, epilogue_args, Arg::i64(0), outputs, d.n, 0));
    plan.launches.push_back(std::move(zero));
    return plan;
  }
  KILN_TRY(const int64_t shared,
           gemm_checked_shared_bytes(g, block_n, stages, tma_store, ctas_per_sm, context));
  KILN_TRY(cuda::TensorMap a, gemm_operand_map(plan, defines, p, 0, kGemmBlockK, kGemmBlockM));
  KILN_TRY(cuda::TensorMap b, g.nt ? gemm_operand_map(plan, defines, p, 1, kGemmBlockK, block_n)
                                   : gemm_operand_map(plan, defines, p, 1, 64, kGemmBlockK));
  const int64_t tiles = d.batches * ceil_div(d.m, kGemmBlockM) * ceil_div(d.n, block_n);
  const int64_t slots = std::max(context.device.sm_count, 1) * ctas_per_sm;  // blocks at once
  KILN_TRY(Launch l, library_launch("gemm", "gemm_sm90"));
  l.defines = defines;
  const int64_t units = tiles * splits;
  KILN_TRY(l.grid[0], grid_dim(persistent ? std::min(units, slots) : units));
  l.block = {static_cast<unsigned>(kGemmThreads), 1, 1};
  l.shared_bytes = static_cast<unsigned>(shared);
  l.args = {Arg::tensor_map(std::move(a)), Arg::tensor_map(std::move(b))};
  if (tma_store) l.args.push_back(Arg::tensor_map(gemm_output_map(p, d)));
  l.args.push_back(Arg::output(0));
  l.args.insert(l.args.end(), epilogue_args.begin(), epilogue_args.end());
  int64_t partials = -1;  // split K's scratch buffer: [splits, B, M, N] in f32
  if (splits > 1) {
    partials = std::ssize(plan.scratch_bytes);
    plan.scratch_bytes.push_back(static_cast<size_t>(splits * outputs) * 4);
    l.args.push_back(Arg::scratch(partials));
    l.args.push_back(Arg::i32(splits));
  }
  for (int64_t v : {d.batches, d.m, d.n, d.k}) l.args.push_back(Arg::i64(v));
  l.args.push_back(Arg::i32(raster));
  plan.launches.push_back(std::move(l));
  if (splits > 1) {
    KILN_TRY(Launch finish, gemm_finish_launch(defines, epilogue_args, Arg::scratch(partials),
                                               outputs, d.n, splits));
    plan.launches.push_back(std::move(finish));
  }
  return plan;
}

}  // namespace kiln::kernels
