// A small chart drawn as inline SVG: two axes (linear or logarithmic) with ticks, lines, points
// with labels and tooltips. All text is escaped.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace kiln::report {

struct Axis {
  double lo = 0, hi = 1;  // lo < hi; both > 0 on a log axis
  bool log = false;
  std::string label;
};

// A log axis from the power of ten at or below `lo` to the one at or above `hi` (lo, hi > 0).
Axis log_axis(double lo, double hi, std::string label);
// A linear axis over [lo, hi] widened to whole steps of 1, 2 or 5 × 10^k (about five ticks).
Axis linear_axis(double lo, double hi, std::string label);

class SvgPlot {
 public:
  SvgPlot(Axis x, Axis y, int width = 520, int height = 320);

  using Points = std::vector<std::pair<double, double>>;
  // A polyline through `points` (data coordinates), styled by `css_class`, with a tooltip.
  void line(const Points& points, std::string_view css_class, std::string_view tooltip = "");
  // A dot at (x, y) with `label` written beside it and `tooltip` on hover.
  void point(double x, double y, std::string_view css_class, std::string_view label,
             std::string_view tooltip);
  // Text at (x, y), data coordinates, moved `dy` pixels down; `anchor` is SVG's text-anchor
  // (start, middle, end).
  void text(double x, double y, std::string_view text, std::string_view css_class,
            std::string_view anchor = "start", double dy = 0);

  // The chart as an <svg> element; `title` is its accessible name.
  std::string svg(std::string_view title) const;

 private:
  double px(double x) const;
  double py(double y) const;
  std::string axes() const;

  Axis x_, y_;
  int width_, height_;
  std::string body_;
};

}  // namespace kiln::report
