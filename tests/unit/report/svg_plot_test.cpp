// Inline SVG charts: axes, ticks, escaping.
#include "report/svg_plot.h"

#include <gtest/gtest.h>

namespace kiln::report {
namespace {

TEST(SvgAxis, LogAxisSpansWholePowersOfTen) {
  Axis a = log_axis(0.3, 250, "x");
  EXPECT_DOUBLE_EQ(a.lo, 0.1);
  EXPECT_DOUBLE_EQ(a.hi, 1000);
  EXPECT_TRUE(a.log);
  Axis one = log_axis(10, 10, "x");  // a single value still gets a decade
  EXPECT_DOUBLE_EQ(one.lo, 10);
  EXPECT_DOUBLE_EQ(one.hi, 100);
}

TEST(SvgAxis, LinearAxisWidensToWholeSteps) {
  Axis a = linear_axis(1, 1.63, "y");  // steps of 0.2: five ticks
  EXPECT_NEAR(a.lo, 1.0, 1e-12);
  EXPECT_NEAR(a.hi, 1.8, 1e-12);
  Axis flat = linear_axis(1, 1, "y");
  EXPECT_LT(flat.lo, 1);
  EXPECT_GT(flat.hi, 1);
}

TEST(SvgPlot, TicksLabelsAndEscapedText) {
  SvgPlot plot(log_axis(1, 100, "intensity <FLOP/byte>"), linear_axis(0, 10, "rate & more"));
  plot.point(10, 5, "kernel", "a<b", "tip \"quoted\"");
  plot.line({{1, 0}, {100, 10}}, "roof", "copy");
  std::string svg = plot.svg("chart <1>");
  EXPECT_NE(svg.find("aria-label=\"chart &lt;1&gt;\""), std::string::npos);
  EXPECT_NE(svg.find(">intensity &lt;FLOP/byte&gt;</text>"), std::string::npos);
  EXPECT_NE(svg.find(">rate &amp; more</text>"), std::string::npos);
  EXPECT_NE(svg.find(">a&lt;b</text>"), std::string::npos);
  EXPECT_NE(svg.find("<title>tip &quot;quoted&quot;</title>"), std::string::npos);
  for (const char* tick : {">1</text>", ">10</text>", ">100</text>"})
    EXPECT_NE(svg.find(tick), std::string::npos) << tick;
  // The point sits where the axes put it: x = 10 halfway along the 1..100 log axis (64 to 504
  // px), y = 5 halfway up the 0..10 linear one (276 to 12 px).
  EXPECT_NE(svg.find("<circle cx=\"284.0\" cy=\"144.0\""), std::string::npos) << svg;
}

}  // namespace
}  // namespace kiln::report
