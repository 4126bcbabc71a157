// How a row of a row-wise kernel (softmax, logsumexp, the norms) maps onto threads: the rule
// their plans share, so that one measurement tunes them all.
#pragma once

#include "kernels/cuda/spec.h"

namespace kiln::kernels {

// `threads` per row (1..32 lanes of a warp, or a whole block of `block`), each holding
// `items` 16-byte packs at a time; `fits`: the whole row at once, kept in registers.
struct RowLayout {
  int64_t threads = 0, block = 0, items = 0;
  bool fits = false;
};

// The layout for rows of C elements of type t. About `packs_per_thread` packs a thread (the
// tuning table's; 2 on sm_90, measured from 1024 to 8192 columns): rows of up to 32 x that
// many packs take lanes of a warp, longer ones a block of up to 1024 threads. A row fits in
// registers up to 4096 packs (1024 threads x 4; 8 at <= 512 threads); longer rows go in steps of 4
// packs a thread on 512 threads, read twice. The knobs row_threads, items and block, where set
// (non-zero), override (items above 4 with row_threads unset caps the threads at 512); errors name
// a knob combination that cannot work.
Expected<RowLayout> row_layout(int64_t C, ElementType t, const Config& c, int64_t packs_per_thread);

}  // namespace kiln::kernels
