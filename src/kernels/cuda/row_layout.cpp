// The row layout rule shared by the row-wise kernels' plans.
#include "kernels/cuda/row_layout.h"

#include <fmt/format.h>

#include <algorithm>
#include <bit>

#include "kernels/cuda/plan_helpers.h"

namespace kiln::kernels {

Expected<RowLayout> row_layout(int64_t C, ElementType t, const Config& c,
                               int64_t packs_per_thread) {
  const int64_t packs = std::max<int64_t>(ceil_div(C, 16 / element_bytes(t)), 1);
  auto pow2 = [](int64_t v) {
    return static_cast<int64_t>(std::bit_ceil(static_cast<uint64_t>(v)));
  };
  KILN_TRY(const int64_t row_threads, c.get("row_threads"));
  KILN_TRY(const int64_t block, c.get("block"));
  RowLayout l;
  l.threads = row_threads;
  KILN_TRY(l.items, c.get("items"));
  if (l.threads == 0) {
    l.threads = std::min<int64_t>(
        1024,
        pow2(ceil_div(packs, l.items != 0 ? l.items : std::max<int64_t>(packs_per_thread, 1))));
    if (l.items > 4) l.threads = std::min<int64_t>(l.threads, 512);  // as max_items says
  }
  const int64_t max_items = l.threads > 512 ? 4 : 8;
  if (l.items > max_items) {
    return Error::invalid_argument(
        fmt::format("rows: items = {} needs row_threads <= 512 (at most 4 packs per "
                    "thread at 1024 threads)",
                    l.items));
  }
  if (l.items == 0) {
    l.items = ceil_div(packs, l.threads);
    if (l.items > max_items) {
      l.items = 4;
      if (row_threads == 0) l.threads = 512;
    }
  }
  l.fits = l.threads * l.items >= packs;
  l.block = l.threads > 32 ? l.threads : std::max(block, l.threads);
  return l;
}

}  // namespace kiln::kernels
