// Inline SVG charts.
#include "report/svg_plot.h"

#include <fmt/format.h>

#include <cmath>

#include "report/html_text.h"

namespace kiln::report {

namespace {

// Margins around the plotting area, in pixels: room for tick labels and axis labels.
constexpr int kLeft = 64, kRight = 16, kTop = 12, kBottom = 44;

std::vector<double> ticks(const Axis& a) {
  std::vector<double> out;
  if (a.log) {
    for (double t = std::pow(10.0, std::ceil(std::log10(a.lo) - 1e-9)); t <= a.hi * (1 + 1e-9);
         t *= 10)
      out.push_back(t);
    return out;
  }
  double step = (a.hi - a.lo) / 5;
  double p = std::pow(10.0, std::floor(std::log10(step)));
  step = step / p <= 1 ? p : step / p <= 2 ? 2 * p : step / p <= 5 ? 5 * p : 10 * p;
  for (double t = std::ceil(a.lo / step - 1e-9) * step; t <= a.hi + 1e-9 * step; t += step)
    out.push_back(std::abs(t) < 1e-12 * step ? 0 : t);
  return out;
}

}  // namespace

Axis log_axis(double lo, double hi, std::string label) {
  double l = std::pow(10.0, std::floor(std::log10(lo)));
  double h = std::pow(10.0, std::ceil(std::log10(hi)));
  if (h <= l) h = l * 10;
  return {l, h, true, std::move(label)};
}

Axis linear_axis(double lo, double hi, std::string label) {
  if (hi <= lo) {
    double pad = lo == 0 ? 1 : std::abs(lo) * 0.1;
    lo -= pad;
    hi += pad;
  }
  Axis a{lo, hi, false, std::move(label)};
  std::vector<double> t = ticks(a);
  double step = t.size() > 1 ? t[1] - t[0] : (hi - lo);
  a.lo = std::floor(lo / step + 1e-9) * step;
  a.hi = std::ceil(hi / step - 1e-9) * step;
  return a;
}

SvgPlot::SvgPlot(Axis x, Axis y, int width, int height)
    : x_(std::move(x)), y_(std::move(y)), width_(width), height_(height) {}

double SvgPlot::px(double x) const {
  double f = x_.log ? (std::log10(x) - std::log10(x_.lo)) / (std::log10(x_.hi) - std::log10(x_.lo))
                    : (x - x_.lo) / (x_.hi - x_.lo);
  return kLeft + f * (width_ - kLeft - kRight);
}

double SvgPlot::py(double y) const {
  double f = y_.log ? (std::log10(y) - std::log10(y_.lo)) / (std::log10(y_.hi) - std::log10(y_.lo))
                    : (y - y_.lo) / (y_.hi - y_.lo);
  return height_ - kBottom - f * (height_ - kTop - kBottom);
}

void SvgPlot::line(const Points& points, std::string_view css_class, std::string_view tooltip) {
  std::string coords;
  for (const auto& [x, y] : points) coords += fmt::format("{:.1f},{:.1f} ", px(x), py(y));
  body_ += fmt::format("<polyline class=\"{}\" fill=\"none\" points=\"{}\">", escape_html(css_class),
                       coords);
  if (!tooltip.empty()) body_ += fmt::format("<title>{}</title>", escape_html(tooltip));
  body_ += "</polyline>\n";
}

void SvgPlot::point(double x, double y, std::string_view css_class, std::string_view label,
                    std::string_view tooltip) {
  body_ += fmt::format("<g class=\"{}\"><circle cx=\"{:.1f}\" cy=\"{:.1f}\" r=\"4\"/>",
                       escape_html(css_class), px(x), py(y));
  if (!label.empty()) {
    body_ += fmt::format("<text x=\"{:.1f}\" y=\"{:.1f}\">{}</text>", px(x) + 6, py(y) - 6,
                         escape_html(label));
  }
  body_ += fmt::format("<title>{}</title></g>\n", escape_html(tooltip));
}

void SvgPlot::text(double x, double y, std::string_view text, std::string_view css_class,
                   std::string_view anchor, double dy) {
  body_ += fmt::format(
      "<text class=\"{}\" x=\"{:.1f}\" y=\"{:.1f}\" text-anchor=\"{}\">{}</text>\n",
      escape_html(css_class), px(x), py(y) + dy, escape_html(anchor), escape_html(text));
}

std::string SvgPlot::axes() const {
  std::string s;
  double x0 = kLeft, x1 = width_ - kRight, y0 = height_ - kBottom, y1 = kTop;
  s += fmt::format("<rect class=\"frame\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\"/>\n", x0, y1,
                   x1 - x0, y0 - y1);
  for (double t : ticks(x_)) {
    s += fmt::format(
        "<line class=\"grid\" x1=\"{0:.1f}\" x2=\"{0:.1f}\" y1=\"{1}\" y2=\"{2}\"/>"
        "<text class=\"tick\" x=\"{0:.1f}\" y=\"{3}\" text-anchor=\"middle\">{4:g}</text>\n",
        px(t), y1, y0, y0 + 16, t);
  }
  for (double t : ticks(y_)) {
    s += fmt::format(
        "<line class=\"grid\" x1=\"{0}\" x2=\"{1}\" y1=\"{2:.1f}\" y2=\"{2:.1f}\"/>"
        "<text class=\"tick\" x=\"{3}\" y=\"{4:.1f}\" text-anchor=\"end\">{5:g}</text>\n",
        x0, x1, py(t), x0 - 6, py(t) + 4, t);
  }
  s += fmt::format("<text class=\"axis\" x=\"{:.1f}\" y=\"{}\" text-anchor=\"middle\">{}</text>\n",
                   (x0 + x1) / 2, height_ - 8, escape_html(x_.label));
  s += fmt::format(
      "<text class=\"axis\" transform=\"translate(14,{:.1f}) rotate(-90)\" "
      "text-anchor=\"middle\">{}</text>\n",
      (y0 + y1) / 2, escape_html(y_.label));
  return s;
}

std::string SvgPlot::svg(std::string_view title) const {
  return fmt::format(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" role=\"img\" aria-label=\"{0}\" width=\"{1}\" "
      "height=\"{2}\" viewBox=\"0 0 {1} {2}\">\n{3}{4}</svg>\n",
      escape_html(title), width_, height_, axes(), body_);
}

}  // namespace kiln::report
