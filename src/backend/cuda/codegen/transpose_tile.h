// Loop kernels that read a transpose through shared-memory tiles. A transpose that swaps the
// two innermost dimensions ([..., B, A] -> [..., A, B]) read element by element walks its
// operand with a stride of A: every warp touches 32 rows. Where such a transpose is computed
// inside a kernel whose roots all have its result's shape, each block takes a 32x32 tile of
// the innermost two dimensions (of one index of the leading ones): its threads compute the
// operand's tile along the operand's rows (coalesced) into shared memory (33 columns a row, so
// the column reads do not conflict on banks), then the roots' tile along their rows, reading
// the transpose from the tile. Everything else in the kernel is emitted as in the plain loop.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "backend/cuda/codegen/loop_kernel.h"

namespace kiln::backend::cuda {

// The transposes of `kernel` to tile: computed inside it (not a parameter), swapping the two
// innermost dimensions (the leading ones in place), of a result shaped as every root, whose
// two innermost dimensions are at least kMinTileSide; at most kMaxTileBytes of tiles.
std::vector<const ir::Operation*> tile_candidates(const LoopKernel& kernel);
constexpr int64_t kMinTileSide = 16;
constexpr int64_t kMaxTileBytes = 32 * 1024;

// The kernel body (its parameters p0.., roots o0..) over tiles, reading each of `transposes`
// (from tile_candidates) through its tile at the roots' own index. A read of one elsewhere (a
// broadcast of the transpose, a slice of it) is computed as the plain loop would, correctly,
// and the transpose is listed in `read_elsewhere`: its tile is then wasted work, and the
// caller emits again without it. Errors: the emitter's.
struct TiledBody {
  std::string text;
  std::vector<const ir::Operation*> read_elsewhere;  // empty when the tiles serve every read
  int64_t threads = 0;                               // a block of kLoopBlock per tile
};
Expected<TiledBody> emit_tiled_body(const LoopKernel& kernel,
                                    const std::vector<const ir::Operation*>& transposes);

}  // namespace kiln::backend::cuda
