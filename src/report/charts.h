// The report's two charts as inline SVG: a tune lineage's best-so-far curve and a GPU's
// roofline.
#pragma once

#include <string>

#include "report/leaderboard.h"

namespace kiln::report {

// Round against speed-up over the first timed attempt, as a step line with a dot at each
// improvement. "" when the curve has no points.
std::string best_so_far_svg(const Curve& curve);

// Arithmetic intensity (FLOP/byte) against achieved TFLOP/s, log-log: one dot per leaderboard
// row with both rates, and the measured roofs (copy rate × intensity, the GEMM rate) as lines.
// "" when no row has both rates.
std::string roofline_svg(const GpuBoard& board);

}  // namespace kiln::report
