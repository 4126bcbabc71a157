// The decode attention kernels (decode_attention.cu), flash-decoding: `decode_attention` over a
// contiguous KV cache and `decode_attention_paged` over a paged one, for a few query tokens
// per sequence, GQA/MQA, f16/bf16 with the softmax and sums in f32.
//
// Shapes (the problem's dimensions, D0 .. D7 of the definitions):
//   decode_attention        [B, Hq, Hkv, Sq, S, D]
//     q [B, Hq, Sq, D], k and v [B, Hkv, S, D]; every sequence is S keys long (the cache
//     holds exactly the keys attended; ragged lengths are the paged kernel's).
//   decode_attention_paged  [B, Hq, Hkv, Sq, S, D, page_size] or [..., page_size, min_len]
//     q [B, Hq, Sq, D], k and v pages [P, Hkv, page_size, D] with P = B * ceil(S /
//     page_size) (at least 1), the block table [B, ceil(S / page_size)] (i32, pages drawn in
//     [0, P): any page, shared pages allowed) and lengths [B] (i32, drawn in [min_len, S];
//     min_len is S when not given, so that the bench's bytes are exact). Sequence b's key t
//     is in page table[b, t / page_size] at slot t % page_size; keys t >= lengths[b] are not
//     attended.
//     Lengths must be in [1, S] (0 gives zeros, the definition NaN).
// out [B, Hq, Sq, D] = softmax(q k^T / sqrt(D)) v per sequence and query head, query head h
// reading KV head h / (Hq / Hkv). Every query token attends every key of its sequence (no
// causal mask among the Sq tokens: they are queries over the cache as it stands).
#include <algorithm>
#include <cmath>
#include <numbers>
#include <string>

#include "kernels/cuda/decode_attention_match.h"
#include "kernels/cuda/plan.h"
#include "kernels/cuda/plan_helpers.h"
#include "kernels/cuda/registry.h"

namespace kiln::kernels {

namespace {

// $K/$V: the caches in f32 as [B, Hkv, S, D] (%kf, %vf); the rest is shared. Query head h
// reads KV head h / (Hq / Hkv) through a gather (repeat_interleave); $MASK may drop keys.
constexpr const char* kAttentionBody = R"(func.func @main($ARGS) -> {out0} {
  %qf = stablehlo.convert %q : ({in0}) -> {in0:f32}$CACHE
  %h = stablehlo.iota dim = 0 : tensor<{D1}x1xi32>
  %nq = stablehlo.constant dense<{D1}> : tensor<{D1}x1xi32>
  %nkv = stablehlo.constant dense<{D2}> : tensor<{D1}x1xi32>
  %g = stablehlo.divide %nq, %nkv : tensor<{D1}x1xi32>
  %kvh = stablehlo.divide %h, %g : tensor<{D1}x1xi32>
  %kr = "stablehlo.gather"(%kf, %kvh) <{dimension_numbers = #stablehlo.gather<offset_dims = [0, 2, 3], collapsed_slice_dims = [1], start_index_map = [1], index_vector_dim = 1>, slice_sizes = array<i64: {D0}, 1, {D4}, {D5}>, indices_are_sorted = true}> : ($KV, tensor<{D1}x1xi32>) -> $KR
  %vr = "stablehlo.gather"(%vf, %kvh) <{dimension_numbers = #stablehlo.gather<offset_dims = [0, 2, 3], collapsed_slice_dims = [1], start_index_map = [1], index_vector_dim = 1>, slice_sizes = array<i64: {D0}, 1, {D4}, {D5}>, indices_are_sorted = true}> : ($KV, tensor<{D1}x1xi32>) -> $KR
  %raw = stablehlo.dot_general %qf, %kr, batching_dims = [0, 1] x [0, 1], contracting_dims = [3] x [3] : ({in0:f32}, $KR) -> $SC
  %d = stablehlo.constant dense<{D5}.0> : tensor<f32>
  %rs = stablehlo.rsqrt %d : tensor<f32>
  %scale = stablehlo.broadcast_in_dim %rs, dims = [] : (tensor<f32>) -> $SC
  %s = stablehlo.multiply %raw, %scale : $SC$MASK
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %m = stablehlo.reduce($SM init: %ninf) applies stablehlo.maximum across dimensions = [3] : ($SC, tensor<f32>) -> $ROW
  %mb = stablehlo.broadcast_in_dim %m, dims = [0, 1, 2] : ($ROW) -> $SC
  %x = stablehlo.subtract $SM, %mb : $SC
  %e = stablehlo.exponential %x : $SC
  %l = stablehlo.reduce(%e init: %zero) applies stablehlo.add across dimensions = [3] : ($SC, tensor<f32>) -> $ROW
  %lb = stablehlo.broadcast_in_dim %l, dims = [0, 1, 2] : ($ROW) -> $SC
  %p = stablehlo.divide %e, %lb : $SC
  %o = stablehlo.dot_general %p, %vr, batching_dims = [0, 1] x [0, 1], contracting_dims = [3] x [2] : ($SC, $KR) -> {out0:f32}
  %r = stablehlo.convert %o : ({out0:f32}) -> {out0}
  return %r : {out0}
}
)";

constexpr const char* kContiguousCache = R"(
  %kf = stablehlo.convert %k : ({in1}) -> $KV
  %vf = stablehlo.convert %v : ({in2}) -> $KV)";

// Key t of sequence b: page table[b, t / page_size] (a gather of the table's columns t /
// page_size for every b at once, then transposed: no slice of the batch dimension, which may
// be empty), slot t % page_size; both caches gathered at (page, slot) into [B, S, Hkv, D],
// then transposed.
constexpr const char* kPagedCache = R"(
  %t = stablehlo.iota dim = 0 : tensor<{D4}x1xi32>
  %psv = stablehlo.constant dense<{D6}> : tensor<{D4}x1xi32>
  %tp = stablehlo.divide %t, %psv : tensor<{D4}x1xi32>
  %pages = "stablehlo.gather"(%table, %tp) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [1], start_index_map = [1], index_vector_dim = 1>, slice_sizes = array<i64: {D0}, 1>, indices_are_sorted = true}> : ({in3}, tensor<{D4}x1xi32>) -> tensor<{D4}x{D0}xi32>
  %page = stablehlo.transpose %pages, dims = [1, 0] : (tensor<{D4}x{D0}xi32>) -> tensor<{D0}x{D4}xi32>
  %page1 = stablehlo.reshape %page : (tensor<{D0}x{D4}xi32>) -> $BS1
  %tb = stablehlo.iota dim = 1 : $BS1
  %ps = stablehlo.constant dense<{D6}> : $BS1
  %slot = stablehlo.remainder %tb, %ps : $BS1
  %at = stablehlo.concatenate %page1, %slot, dim = 2 : ($BS1, $BS1) -> tensor<{D0}x{D4}x2xi32>
  %kg = "stablehlo.gather"(%k, %at) <{dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0, 2], start_index_map = [0, 2], index_vector_dim = 2>, slice_sizes = array<i64: 1, {D2}, 1, {D5}>, indices_are_sorted = false}> : ({in1}, tensor<{D0}x{D4}x2xi32>) -> $BSKV
  %vg = "stablehlo.gather"(%v, %at) <{dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0, 2], start_index_map = [0, 2], index_vector_dim = 2>, slice_sizes = array<i64: 1, {D2}, 1, {D5}>, indices_are_sorted = false}> : ({in2}, tensor<{D0}x{D4}x2xi32>) -> $BSKV
  %kt = stablehlo.transpose %kg, dims = [0, 2, 1, 3] : ($BSKV) -> tensor<{D0}x{D2}x{D4}x{D5}x{T}>
  %vt = stablehlo.transpose %vg, dims = [0, 2, 1, 3] : ($BSKV) -> tensor<{D0}x{D2}x{D4}x{D5}x{T}>
  %kf = stablehlo.convert %kt : (tensor<{D0}x{D2}x{D4}x{D5}x{T}>) -> $KV
  %vf = stablehlo.convert %vt : (tensor<{D0}x{D2}x{D4}x{D5}x{T}>) -> $KV)";

// Keys at or past the sequence's length score -inf.
constexpr const char* kLengthMask = R"(
  %pos = stablehlo.iota dim = 3 : $SCI
  %lenb = stablehlo.broadcast_in_dim %lengths, dims = [0] : ({in4}) -> $SCI
  %live = stablehlo.compare LT, %pos, %lenb : ($SCI, $SCI) -> tensor<{D0}x{D1}x{D3}x{D4}xi1>
  %masked = stablehlo.constant dense<0xFF800000> : $SC
  %sm = stablehlo.select %live, %s, %masked : tensor<{D0}x{D1}x{D3}x{D4}xi1>, $SC)";

std::string attention_definition(bool paged) {
  std::string text = replace_all(kAttentionBody, "$CACHE", paged ? kPagedCache : kContiguousCache);
  // Paged: the masked scores %sm; contiguous: the scores %s as they are.
  text = replace_all(text, "$MASK", paged ? kLengthMask : "");
  text = replace_all(text, "$SM", paged ? "%sm" : "%s");
  text = replace_all(text, "$ARGS",
                     paged ? "%q: {in0}, %k: {in1}, %v: {in2}, %table: {in3}, %lengths: {in4}"
                           : "%q: {in0}, %k: {in1}, %v: {in2}");
  text = replace_all(text, "$BSKV", "tensor<{D0}x{D4}x{D2}x{D5}x{T}>");
  text = replace_all(text, "$BS1", "tensor<{D0}x{D4}x1xi32>");
  text = replace_all(text, "$KV", "tensor<{D0}x{D2}x{D4}x{D5}xf32>");
  text = replace_all(text, "$KR", "tensor<{D0}x{D1}x{D4}x{D5}xf32>");
  text = replace_all(text, "$SCI", "tensor<{D0}x{D1}x{D3}x{D4}xi32>");
  text = replace_all(text, "$SC", "tensor<{D0}x{D1}x{D3}x{D4}xf32>");
  return replace_all(text, "$ROW", "tensor<{D0}x{D1}x{D3}xf32>");
}

// The sizes every decode problem has.
struct DecodeDims {
  int64_t b, hq, hkv, sq, s, d;
  int64_t page_size = 0, min_len = 0;  // the paged kernel's
  int64_t max_pages() const { return ceil_div(s, page_size); }
  int64_t rows() const { return hq / hkv * sq; }  // query rows of one KV head
};

DecodeDims dims_of(const Problem& p) {
  const Shape& s = p.shape;
  DecodeDims d{s[0], s[1], s[2], s[3], s[4], s[5]};
  if (s.size() > 6) d.page_size = s[6];
  d.min_len = s.size() > 7 ? s[7] : d.s;
  return d;
}

Expected<Problem> decode_problem(const char* name, bool paged, const Shape& shape, ElementType t) {
  const size_t rank = shape.size();
  const bool rank_ok = paged ? rank == 7 || rank == 8 : rank == 6;
  auto bad = [&](std::string_view why) {
    return Error::invalid_argument(
        fmt::format("{}: the shape is [B, Hq, Hkv, Sq, S, D{}] {}; got {}", name,
                    paged ? ", page_size(, min_len)" : "", why, shape_string(shape)));
  };
  if (!rank_ok) return bad("");
  for (int64_t x : shape) {
    if (x < 0) return bad("with no negative sizes");
  }
  Problem p{shape, t, {}, {}};
  const DecodeDims d = dims_of(p);
  if (d.hkv < 1 || d.hq < d.hkv || d.hq % d.hkv != 0) return bad("with Hq a multiple of Hkv >= 1");
  if (d.sq < 1 || d.sq > 16) return bad("with Sq in [1, 16]");
  if (d.s < 1 || d.s > (int64_t{1} << 31) - 1) return bad("with S in [1, 2^31 - 1]");
  if (d.d < 8 || d.d > 256 || (d.d & (d.d - 1)) != 0)
    return bad("with D a power of two from 8 to 256");
  if (d.hq > 65535 || d.b > 65535) return bad("with B and Hq at most 65535");
  const Shape q = {d.b, d.hq, d.sq, d.d};
  p.outputs = {{t, q}};
  if (!paged) {
    const Shape kv = {d.b, d.hkv, d.s, d.d};
    p.inputs = {{t, q}, {t, kv}, {t, kv}};
    return p;
  }
  if (d.page_size < 1 || d.page_size > 4096) return bad("with page_size in [1, 4096]");
  if (d.min_len < 1 || d.min_len > d.s) return bad("with min_len in [1, S]");
  // The pool: a page per key block of every sequence, at least one (the definition's gather
  // takes a page even of an empty batch).
  const int64_t pages = std::max<int64_t>(d.b * d.max_pages(), 1);
  if (pages > (int64_t{1} << 31) - 1) return bad("with at most 2^31 - 1 pages");
  const Shape kv = {pages, d.hkv, d.page_size, d.d};
  const ElementType i32 = ElementKind::kSI32;
  p.inputs = {{t, q},
              {t, kv},
              {t, kv},
              {i32, {d.b, d.max_pages()}, 0, static_cast<double>(pages)},
              {i32, {d.b}, static_cast<double>(d.min_len), static_cast<double>(d.s + 1)}};
  return p;
}

// Keys attended per sequence: S, or for the paged kernel the mean of the lengths drawn.
double mean_length(const DecodeDims& d) {
  return d.page_size == 0 ? static_cast<double>(d.s) : (d.min_len + d.s) / 2.0;
}

// K and V read once for the keys attended, q read and out written once (the block table and
// lengths too, for the paged kernel).
double decode_bytes(const Problem& p) {
  const DecodeDims d = dims_of(p);
  const double e = static_cast<double>(element_bytes(p.dtype));
  double bytes = 2.0 * static_cast<double>(d.b * d.hkv * d.d) * mean_length(d) * e;
  bytes += 2.0 * static_cast<double>(p.outputs[0].bytes());
  for (size_t i = 3; i < p.inputs.size(); ++i) bytes += static_cast<double>(p.inputs[i].bytes());
  return bytes;
}

// q k^T and p v: 2 D flops each per query row and key.
double decode_flops(const Problem& p) {
  const DecodeDims d = dims_of(p);
  return 4.0 * static_cast<double>(d.b * d.hq * d.sq * d.d) * mean_length(d);
}

// The split count that fills `slots` resident blocks best: of 1 .. twice the fewest splits
// that fill them once (at most `max_splits`), the one whose last wave is fullest (the fewest
// where several tie); 1 where the blocks fill the device already.
int64_t decode_attention_splits(int64_t blocks, int64_t max_splits, int64_t slots) {
  if (blocks <= 0 || max_splits <= 1 || blocks >= slots) return 1;
  const int64_t most = std::min(2 * ceil_div(slots, blocks), max_splits);
  int64_t best = 1;
  double best_use = 0;
  for (int64_t s = 1; s <= most; ++s) {
    const int64_t n = blocks * s;
    const double use = static_cast<double>(n) / static_cast<double>(ceil_div(n, slots) * slots);
    if (use > best_use + 1e-9) best = s, best_use = use;
  }
  return best;
}

// The split kernel over (splits, Hkv * row tiles, B), and the combine kernel where there are
// several splits (finish 0; finish 1: the split kernel's last block of each row tile merges
// them, a count per row tile in the plan's state). The split count: the knob's, or (0) enough
// blocks for blocks_per_sm on every SM (decode_attention_splits), each split at least
// min_split_keys keys (the tuning table's, else 4 steps of the block's lane groups).
Expected<Plan> decode_plan(bool paged, const Problem& p, const Config& c,
                           const PlanContext& context) {
  const DecodeDims d = dims_of(p);
  KILN_TRY(const int64_t block, c.get("block"));
  KILN_TRY(const int64_t unroll, c.get("unroll"));
  KILN_TRY(const int64_t rows_knob, c.get("rows"));
  KILN_TRY(const int64_t mma_knob, c.get("mma"));
  // The tensor-core path (mma 1) where D is 16 .. 128: tiles of 16 rows (padded), each warp
  // 16 keys a step; elsewhere the CUDA-core path.
  const bool mma = mma_knob == 1 && d.d >= 16 && d.d <= 128;
  // No idle rows where there are fewer (the CUDA-core path).
  const int64_t rows = mma ? 16 : std::min(rows_knob, d.rows());
  KILN_TRY(const int64_t knob_splits, c.get("splits"));
  KILN_TRY(const int64_t per_sm, c.get("blocks_per_sm"));
  const int64_t row_tiles = ceil_div(d.rows(), rows);
  const int64_t lane_groups = block / 32 * (32 / (d.d / 8));
  const int64_t step = mma ? block / 32 * 16 : lane_groups * unroll;
  const int64_t min_keys = std::max<int64_t>(context.tuned.get_or("min_split_keys", 4 * step), 1);
  const int64_t blocks = d.b * d.hkv * row_tiles;
  // The ring of `stages` steps of K and V packs (16 bytes a thread each; 1: none, the steps
  // loaded into registers), then the merge. The tensor-core path: each warp's 16 keys of K
  // and V a stage, the merge area over them once they are used.
  const int64_t merge_smem = (block / 32) * rows * (d.d + 2) * 4;
  const int64_t elem = static_cast<int64_t>(element_bytes(p.dtype));
  auto smem_of = [&](int64_t stages) {
    if (mma) return std::max(stages * (block / 32) * 2 * 16 * d.d * elem, merge_smem);
    return (stages > 1 ? stages * unroll * 2 * block * 16 : 0) + merge_smem;
  };
  const int64_t smem_limit = std::max<int64_t>(context.device.shared_memory_per_block_optin,
                                               context.device.shared_memory_per_block);
  KILN_TRY(int64_t stages, c.get("stages"));
  if (stages == 0) {
    // Measured on the H100 (bench/KERNEL_NOTES.md): 2 for one query token (B8 S32768 0.468 ->
    // 0.367 ms against registers), 3 for several (Sq 4: 0.589 at 2, 0.562 at 3); fewer where
    // the ring would not fit. The tensor-core path: 3 (unmeasured), at least 2.
    stages = d.sq > 1 || mma ? 3 : 2;
    while (stages > (mma ? 2 : 1) && smem_of(stages) > smem_limit) --stages;
  }
  if (mma) stages = std::max<int64_t>(stages, 2);  // it reads K and V through the ring
  const int64_t smem = smem_of(stages);
  if (smem > smem_limit) {
    return Error::invalid_argument(
        fmt::format("decode_attention: {} bytes of shared memory exceed the device's", smem));
  }
  int64_t splits = knob_splits;
  if (splits == 0) {
    // The tensor-core path's ring may hold fewer blocks on an SM than blocks_per_sm (the
    // shared memory an SM has, 1 KB of each block's reserved): aim for what fits.
    int64_t resident = per_sm;
    if (mma && context.device.shared_memory_per_sm > 0) {
      resident =
          std::clamp<int64_t>(context.device.shared_memory_per_sm / (smem + 1024), 1, per_sm);
    }
    splits = decode_attention_splits(blocks, ceil_div(d.s, min_keys),
                                     resident * std::max(context.device.sm_count, 1));
  }
  // Whole steps per split; the last split may be shorter.
  const int64_t keys_per_split = ceil_div(ceil_div(d.s, std::min(splits, d.s)), step) * step;
  splits = ceil_div(d.s, keys_per_split);
  KILN_TRY(unsigned gx, grid_dim(splits));
  KILN_TRY(unsigned gy, grid_dim(d.hkv * row_tiles, 65535));
  KILN_TRY(unsigned gz, grid_dim(d.b, 65535));
  const int64_t partial_rows = d.b * d.hkv * splits * d.rows();
  const std::vector<size_t> scratch = {
      static_cast<size_t>(splits > 1 ? partial_rows * d.d * 4 : 16),
      static_cast<size_t>(splits > 1 ? partial_rows * 2 * 4 : 16)};
  std::vector<std::string> defines = {dtype_define(p.dtype), define("HEAD_DIM", d.d),
                                      define("BLOCK_THREADS", block), define("ROWS", rows),
                                      define("UNROLL", unroll)};
  KILN_TRY(const int64_t finish, c.get("finish"));
  const bool one_launch = splits > 1 && finish == 1;
  // Off by default in the source: passed only when on (the plans of the defaults unchanged).
  if (stages > 1) defines.push_back(define("STAGES", stages));
  if (one_launch) defines.push_back(define("FINISH", 1));
  if (mma) defines.push_back(define("MMA", 1));
  KILN_TRY(const int64_t merge_loads, c.get("merge_loads"));
  if (splits > 1 && merge_loads > 1) defines.push_back(define("MERGE_LOADS", merge_loads));
  if (paged) defines.push_back(define("PAGE_SIZE", d.page_size));
  KILN_TRY(Launch split, library_launch("decode_attention", paged ? "decode_attention_paged_split"
                                                                  : "decode_attention_split"));
  split.defines = defines;
  split.grid = {gx, gy, gz};
  split.block = {static_cast<unsigned>(block), 1, 1};
  split.shared_bytes = static_cast<unsigned>(smem);
  const double scale_log2 = static_cast<double>((1.0f / std::sqrt(static_cast<float>(d.d))) *
                                                std::numbers::log2e_v<float>);
  const Arg hkv = Arg::i32(d.hkv), group = Arg::i32(d.hq / d.hkv), sq = Arg::i32(d.sq);
  if (paged) {
    split.args = {Arg::input(0),
                  Arg::input(1),
                  Arg::input(2),
                  Arg::input(3),
                  Arg::input(4),
                  Arg::output(0),
                  Arg::scratch(0),
                  Arg::scratch(1),
                  Arg::i64(d.s),
                  Arg::i64(d.max_pages()),
                  hkv,
                  group,
                  sq,
                  Arg::i64(keys_per_split),
                  Arg::f32(scale_log2)};
  } else {
    split.args = {Arg::input(0),
                  Arg::input(1),
                  Arg::input(2),
                  Arg::output(0),
                  Arg::scratch(0),
                  Arg::scratch(1),
                  Arg::i64(d.s),
                  hkv,
                  group,
                  sq,
                  Arg::i64(keys_per_split),
                  Arg::f32(scale_log2)};
  }
  if (splits == 1) return Plan{scratch, {split}};
  if (one_launch) {
    split.args.push_back(Arg::state(0));  // a count per (b, h, row tile)
    return Plan{scratch, {split}, {static_cast<size_t>(blocks) * 4}};
  }
  KILN_TRY(Launch combine, library_launch("decode_attention", "decode_attention_combine"));
  combine.defines = defines;
  const int64_t out_rows = d.b * d.hq * d.sq;
  KILN_TRY(combine.grid[0], grid_dim(ceil_div(out_rows, block / 32)));
  combine.block = {static_cast<unsigned>(block), 1, 1};
  combine.args = {
      Arg::scratch(0), Arg::scratch(1), Arg::output(0), Arg::i64(out_rows), hkv, group, sq,
      Arg::i32(splits)};
  return Plan{scratch, {split, combine}};
}

KernelSpec decode_spec(bool paged) {
  KernelSpec s;
  s.name = paged ? "decode_attention_paged" : "decode_attention";
  s.group = "attention";
  s.summary = paged ? "softmax(q k^T / sqrt(D)) v over a paged KV cache (block table, per-"
                      "sequence lengths), GQA, Sq = 1..16: [B, Hq, Hkv, Sq, S, D, page_size]"
                    : "softmax(q k^T / sqrt(D)) v over a contiguous KV cache, GQA, Sq = "
                      "1..16: [B, Hq, Hkv, Sq, S, D]";
  s.impl = paged ? "decode_attention_paged_sm90_split_kv" : "decode_attention_sm90_split_kv";
  s.dtypes = {ElementKind::kF16, ElementKind::kBF16};
  if (paged) {
    s.bench_shapes = {{8, 32, 8, 1, 4096, 128, 16},   {8, 32, 8, 1, 32768, 128, 16},
                      {32, 32, 8, 1, 8192, 128, 16},  {64, 32, 8, 1, 4096, 128, 16},
                      {64, 32, 8, 1, 16384, 128, 64}, {16, 32, 8, 4, 8192, 128, 16}};
    // The first is the compile test's: the bench's D and rows. The tiny ones run on the
    // interpreter in the unit tests too. Ragged lengths (min_len 1) and pages (37 keys in
    // pages of 4, 20 in pages of 3, 300 in pages of 7), S = 1 in pages of 1, empty batch, MQA
    // at Sq = 4, GQA 8:1 at S = 1000, D = 16, 64, 128, 256. Few distinct (D, rows, page
    // size): each is an NVRTC compile per knob variant.
    s.check_shapes = {{4, 16, 2, 1, 1000, 128, 16, 1},   {2, 2, 1, 2, 37, 16, 4, 1},
                      {2, 8, 2, 1, 20, 16, 3, 1},        {1, 4, 4, 1, 1, 16, 1},
                      {0, 4, 1, 1, 16, 64, 16},          {3, 8, 1, 4, 37, 64, 16, 1},
                      {2, 32, 8, 1, 777, 256, 32, 700},  {5, 16, 8, 2, 300, 128, 7, 1},
                      {2, 16, 4, 1, 3000, 128, 16, 2900}};
  } else {
    s.bench_shapes = {{8, 32, 8, 1, 4096, 128},   {8, 32, 8, 1, 32768, 128},
                      {32, 32, 8, 1, 8192, 128},  {64, 32, 8, 1, 4096, 128},
                      {64, 32, 8, 1, 16384, 128}, {16, 32, 8, 4, 8192, 128}};
    // GQA 8:1 at S = 1000 first (the compile test's), MHA at S = 1, MQA at Sq = 4 (S = 37),
    // Sq = 2, empty batch, 3 query tokens over 37 keys at D = 256, S = 4099 and 513 (not
    // multiples of any step).
    s.check_shapes = {{1, 16, 2, 1, 1000, 128}, {2, 4, 4, 1, 1, 64},   {1, 8, 1, 4, 37, 16},
                      {1, 4, 2, 2, 300, 16},    {1, 8, 1, 1, 37, 16},  {0, 4, 1, 1, 16, 64},
                      {2, 8, 1, 4, 37, 64},     {2, 4, 2, 3, 37, 256}, {3, 16, 4, 1, 4099, 128},
                      {2, 12, 3, 2, 513, 128}};
  }
  s.stablehlo = attention_definition(paged);
  s.make_problem = [paged, name = paged ? "decode_attention_paged" : "decode_attention"](
                       const Shape& shape, ElementType t) {
    return decode_problem(name, paged, shape, t);
  };
  s.flops = decode_flops;
  s.bytes = decode_bytes;
  // The default tolerances: the outputs are weighted means of values in [-1, 1), whose f32
  // sums differ from the interpreter's far below one rounding to f16/bf16. The tensor-core
  // path (mma 1) rounds the weights p to f16/bf16 for p v (the sum l stays f32), as flash
  // attention does: at most 2^-11 (f16) or 2^-9 (bf16) of max |v|, within 2e-3 and 1.6e-2.
  s.knobs = {
      {"block", {64, 128, 256}, 128, "threads per block"},
      {"unroll", {2, 4, 8}, 2, "keys per lane group loaded before any is used"},
      {"rows",
       {1, 2, 4, 8},
       4,
       "query rows of a KV head per block, at most (more rows: more tiles, each reading K/V)"},
      {"splits",
       {0, 1, 2, 4, 8, 16, 32, 64, 128},
       0,
       "splits of the keys; 0 from the SM count and the problem"},
      {"blocks_per_sm", {2, 3, 4, 8}, 4, "blocks per SM to aim for when splitting (splits=0)"},
      {"stages",
       {0, 1, 2, 3, 4},
       0,
       "1: each step's K and V loaded into registers; 2..4: a ring of that many steps in "
       "shared memory filled by cp.async (stages - 1 steps in flight); 0: 2 for one query "
       "token, 3 for several (as measured), fewer where the ring does not fit"},
      {"finish",
       {0, 1},
       1,
       "several splits: 0, merged by a second launch; 1, by the last split block of each row "
       "tile (one launch; measured neutral to 3% faster)"},
      {"mma",
       {0, 1},
       1,
       "1 (D 16..128): q k^T and p v on tensor cores (mma.sync m16n8k16), a block's 16 query "
       "rows (padded) as the A tile, 16 keys a warp step through a ring of `stages` (at least "
       "2; rows and unroll not used; measured faster at every bench shape but two paged ones "
       "within 3%, H100); 0: CUDA cores (and any D past 128)"},
      {"merge_loads",
       {1, 4},
       1,
       "several splits: splits whose partial (m, l, O) the merge (combine kernel or finish) "
       "loads before using any (1: each split's O loaded after its m, two L2 round trips a "
       "split in the last block's tail)"}};
  s.baselines = {"torch"};
  s.plan = [paged](const Problem& p, const Config& c, const PlanContext& context) {
    return decode_plan(paged, p, c, context);
  };
  // The contiguous kernel computes a kiln.attention of a short query over a long cache; the
  // paged one reads a block table no composite has.
  if (!paged) {
    s.op = "kiln.attention";
    s.match = [](const KernelSpec& spec, const ir::Operation& op) {
      return decode_attention_match(spec, op);
    };
  }
  return s;
}

std::vector<KernelSpec> decode_attention_specs() { return {decode_spec(false), decode_spec(true)}; }

}  // namespace

KILN_REGISTER_KERNELS(decode_attention_specs);

}  // namespace kiln::kernels
