// tile_candidates and emit_tiled_body: transposes through shared memory in loop kernels.
#include "backend/cuda/codegen/transpose_tile.h"

#include <fmt/format.h>

#include <algorithm>
#include <set>

#include "backend/cuda/codegen/emitter.h"
#include "interp/ops/op_helpers.h"

namespace kiln::backend::cuda {

namespace {

constexpr int kTile = 32;                                   // a warp along a tile's row
constexpr int kRowsAtOnce = static_cast<int>(kLoopBlock) / kTile;  // a block's warps

// The shape every root has, or empty where they differ.
std::vector<int64_t> common_root_shape(const LoopKernel& kernel) {
  if (kernel.roots.empty()) return {};
  const std::vector<int64_t> shape = kernel.roots[0]->type().shape();
  for (const ir::Value* r : kernel.roots) {
    if (r->type().shape() != shape) return {};
  }
  return shape;
}

// Whether `op` transposes the two innermost dimensions of its operand and no other.
bool swaps_innermost(const ir::Operation& op) {
  if (op.name() != "stablehlo.transpose") return false;
  const std::vector<int64_t> perm = interp::attr_ints(op, "permutation");
  const size_t r = perm.size();
  if (r < 2) return false;
  for (size_t k = 0; k + 2 < r; ++k) {
    if (perm[k] != static_cast<int64_t>(k)) return false;
  }
  return perm[r - 2] == static_cast<int64_t>(r - 1) && perm[r - 1] == static_cast<int64_t>(r - 2);
}

// Bytes of one element in the tile (the compute type: float for the narrow floats).
int tile_element_bytes(const ir::Value* v) {
  Expected<ScalarType> t = Emitter::scalar_type(v->type(), nullptr);
  if (!t.ok()) return 0;
  return t->narrow ? 4 : t->bytes;
}

void collect_transposes(const ir::Value* v, const std::set<const ir::Value*>& params,
                        const std::vector<int64_t>& shape, std::set<const ir::Value*>& seen,
                        std::vector<const ir::Operation*>& found) {
  if (params.count(v) || !seen.insert(v).second) return;
  const ir::Operation* op = v->defining_op();
  if (!op) return;
  if (swaps_innermost(*op) && op->result(0)->type().shape() == shape) found.push_back(op);
  for (const ir::Value* o : op->operands()) collect_transposes(o, params, shape, seen, found);
}

std::string joined_linear(const std::string& outer, int64_t rows, const std::string& row,
                          int64_t cols, const std::string& col) {
  return fmt::format("({} * {} + {}) * {} + {}", outer, rows, row, cols, col);
}

}  // namespace

std::vector<const ir::Operation*> tile_candidates(const LoopKernel& kernel) {
  const std::vector<int64_t> shape = common_root_shape(kernel);
  const size_t r = shape.size();
  if (r < 2 || shape[r - 1] < kMinTileSide || shape[r - 2] < kMinTileSide) return {};
  const std::set<const ir::Value*> params(kernel.params.begin(), kernel.params.end());
  std::set<const ir::Value*> seen;
  std::vector<const ir::Operation*> found;
  for (const ir::Value* root : kernel.roots) collect_transposes(root, params, shape, seen, found);
  std::vector<const ir::Operation*> chosen;
  int64_t bytes = 0;
  for (const ir::Operation* op : found) {
    const int64_t b = int64_t{kTile} * (kTile + 1) * tile_element_bytes(op->result(0));
    if (b == 0 || bytes + b > kMaxTileBytes) continue;
    bytes += b;
    chosen.push_back(op);
  }
  return chosen;
}

Expected<TiledBody> emit_tiled_body(const LoopKernel& kernel,
                                    const std::vector<const ir::Operation*>& transposes) {
  const std::vector<int64_t> shape = common_root_shape(kernel);
  const size_t rank = shape.size();
  const int64_t rows = shape[rank - 2], cols = shape[rank - 1];
  const std::vector<int64_t> outer_shape(shape.begin(), shape.end() - 2);
  int64_t outer = 1;
  for (int64_t d : outer_shape) outer *= d;
  const int64_t tiles_a = (rows + kTile - 1) / kTile, tiles_b = (cols + kTile - 1) / kTile;
  TiledBody result;
  result.threads = outer * tiles_a * tiles_b * kLoopBlock;

  CodeWriter body;
  Emitter e(body);
  bind_loop_params(e, kernel);
  std::vector<std::string> tiles;
  for (const ir::Operation* op : transposes) {
    KILN_TRY(ScalarType t, Emitter::scalar_type(op->result(0)->type(), op));
    tiles.push_back(fmt::format("tile{}", tiles.size()));
    body.line(fmt::format("__shared__ __align__(16) unsigned char {}_bytes[{} * {} * sizeof({})];",
                          tiles.back(), kTile, kTile + 1, t.compute));
    body.line(fmt::format("{0}* const {1} = reinterpret_cast<{0}*>({1}_bytes);", t.compute,
                          tiles.back()));
  }
  body.line(fmt::format("const int tx = threadIdx.x % {0}, ty = threadIdx.x / {0};", kTile));
  body.open(fmt::format("for (i64 tile = blockIdx.x; tile < {}; tile += gridDim.x)",
                        outer * tiles_a * tiles_b));
  body.line(fmt::format("const i64 tile_b = tile % {};", tiles_b));
  body.line(fmt::format("const i64 tile_a = (tile / {}) % {};", tiles_b, tiles_a));
  body.line(fmt::format("const i64 outer = tile / {};", tiles_b * tiles_a));
  Index outer_index = Index::of_linear(outer_shape, "outer");
  std::vector<std::string> outer_dims = e.dims(outer_index);

  // The operands' tiles, along the operands' rows: element (outer, b, a) at [b % 32][a % 32].
  body.open(fmt::format("for (int row = ty; row < {}; row += {})", kTile, kRowsAtOnce));
  body.line(fmt::format("const i64 in_b = tile_b * {0} + row, in_a = tile_a * {0} + tx;", kTile));
  body.open(fmt::format("if (in_b < {} && in_a < {})", cols, rows));
  for (size_t k = 0; k < transposes.size(); ++k) {
    const ir::Value* operand = transposes[k]->operand(0);
    e.push_scope();
    std::vector<std::string> dims = outer_dims;
    dims.insert(dims.end(), {"in_b", "in_a"});
    Index at = Index::of_dims(operand->type().shape(), dims);
    at.linear = e.let("i64", joined_linear("outer", cols, "in_b", rows, "in_a"));
    KILN_TRY(std::string x, e.emit(operand, at));
    body.line(fmt::format("{}[row * {} + tx] = {};", tiles[k], kTile + 1, x));
    e.pop_scope();
  }
  body.close();
  body.close();
  body.line("__syncthreads();");

  // The roots' tile, along their rows: element (outer, a, b) reads the tiles at [b % 32][a % 32].
  body.open(fmt::format("for (int row = ty; row < {}; row += {})", kTile, kRowsAtOnce));
  body.line(fmt::format("const i64 out_a = tile_a * {0} + row, out_b = tile_b * {0} + tx;", kTile));
  body.open(fmt::format("if (out_a < {} && out_b < {})", rows, cols));
  e.push_scope();
  std::vector<std::string> dims = outer_dims;
  dims.insert(dims.end(), {"out_a", "out_b"});
  Index at = Index::of_dims(shape, dims);
  at.linear = e.let("i64", joined_linear("outer", rows, "out_a", cols, "out_b"));
  const std::string own = at.linear;
  const ElementalRule transpose_rule = find_elemental_rule("stablehlo.transpose");
  std::set<const ir::Operation*> elsewhere;
  for (size_t k = 0; k < transposes.size(); ++k) {
    const ir::Operation* op = transposes[k];
    const std::string tile = tiles[k];
    e.bind_view(op->result(0), [&, op, tile](Emitter& em, Index& index) -> Expected<std::string> {
      if (index.shape == shape && index.linear == own) {
        return fmt::format("{}[tx * {} + row]", tile, kTile + 1);
      }
      elsewhere.insert(op);
      return transpose_rule(em, *op, 0, index);
    });
  }
  for (size_t r = 0; r < kernel.roots.size(); ++r) {
    const ir::Value* v = kernel.roots[r];
    KILN_TRY(ScalarType t, Emitter::scalar_type(v->type(), v->defining_op()));
    KILN_TRY(std::string x, e.emit(v, at));
    body.line(t.store(fmt::format("o{}", r), own, x));
  }
  for (const ir::Operation* op : transposes) e.unbind(op->result(0));
  e.pop_scope();
  body.close();
  body.close();
  // The next tile overwrites what this one's threads may still read.
  body.line("__syncthreads();");
  body.close();
  result.text = body.text();
  for (const ir::Operation* op : transposes) {
    if (elsewhere.count(op)) result.read_elsewhere.push_back(op);
  }
  return result;
}

}  // namespace kiln::backend::cuda
