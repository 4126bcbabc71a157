// Best-so-far curves and rooflines.
#include "report/charts.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "report/html_text.h"
#include "report/svg_plot.h"

namespace kiln::report {

std::string best_so_far_svg(const Curve& c) {
  if (c.points.empty()) return "";
  double lo = 1, hi = 1;
  for (const auto& [round, s] : c.points) {
    lo = std::min(lo, s);
    hi = std::max(hi, s);
  }
  double first = static_cast<double>(c.points.front().first);
  double last = static_cast<double>(c.points.back().first);
  if (last <= first) last = first + 1;
  SvgPlot plot(linear_axis(first, last, "round"),
               linear_axis(lo, hi, "speed-up over the first attempt"), 420, 240);
  SvgPlot::Points steps;
  double level = 0;
  for (const auto& [round, s] : c.points) {
    double r = static_cast<double>(round);
    if (!steps.empty()) steps.emplace_back(r, steps.back().second);
    steps.emplace_back(r, s);
    if (s != level) {
      plot.point(r, s, "improved", "",
                 fmt::format("round {}: {} over the first attempt", round, speedup_text(s)));
      level = s;
    }
  }
  if (c.points.back().first == c.points.front().first) steps.emplace_back(last, level);
  plot.line(steps, "best");
  return plot.svg(fmt::format("best so far: {} {} {}", c.kernel, c.dtype, c.shape));
}

std::string roofline_svg(const GpuBoard& b) {
  std::vector<const Version*> rows;
  for (const Version& v : b.rows) {
    if (v.flop_rate > 0 && v.byte_rate > 0) rows.push_back(&v);
  }
  if (rows.empty()) return "";
  const double bw = b.roofs.copy_bytes_per_s, peak = b.roofs.gemm_flops_per_s / 1e12;
  double x_lo = 1e300, x_hi = 0, y_lo = 1e300, y_hi = 0;
  for (const Version* v : rows) {
    double ai = v->flop_rate / v->byte_rate, tf = v->flop_rate / 1e12;
    x_lo = std::min(x_lo, ai), x_hi = std::max(x_hi, ai);
    y_lo = std::min(y_lo, tf), y_hi = std::max(y_hi, tf);
  }
  if (peak > 0) y_hi = std::max(y_hi, peak);
  if (bw > 0 && peak > 0) x_hi = std::max(x_hi, peak * 1e12 / bw);  // the ridge point
  Axis x = log_axis(x_lo, x_hi, "arithmetic intensity (FLOP/byte)");
  Axis y = log_axis(y_lo, y_hi, "achieved TFLOP/s");
  SvgPlot plot(x, y);
  if (bw > 0) {
    // The copy roof, from where it enters the chart to the ridge (or the right edge).
    double start = std::max(x.lo, y.lo * 1e12 / bw);
    double end = peak > 0 ? std::min(x.hi, peak * 1e12 / bw) : x.hi;
    end = std::min(end, y.hi * 1e12 / bw);
    if (start < end) {
      std::string what = fmt::format("copy {:.3f} TB/s", bw / 1e12);
      plot.line({{start, start * bw / 1e12}, {end, end * bw / 1e12}}, "roof", what);
      double mid = std::sqrt(start * end);  // halfway along on the log axis
      plot.text(mid, mid * bw / 1e12, what, "roof-label", "start", -4);
    }
  }
  if (peak > 0) {
    double start = bw > 0 ? std::max(x.lo, peak * 1e12 / bw) : x.lo;
    std::string what = fmt::format("GEMM {:.0f} TFLOP/s", peak);
    plot.line({{start, peak}, {x.hi, peak}}, "roof", what);
    plot.text(x.hi, peak, what, "roof-label", "end", 14);  // under the line, at the right
  }
  for (const Version* v : rows) {
    double ai = v->flop_rate / v->byte_rate, tf = v->flop_rate / 1e12;
    plot.point(ai, tf, "kernel", v->kernel + " " + v->dtype,
               fmt::format("{} {} {}: {:.3g} FLOP/byte, {:.3g} TFLOP/s, {} of the roof",
                           v->kernel, v->dtype, v->shape, ai, tf, percent_text(v->roof_fraction)));
  }
  return plot.svg("roofline: " + b.gpu);
}

}  // namespace kiln::report
