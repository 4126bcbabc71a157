// Writing the report page.
#include "report/html_page.h"

#include <fmt/format.h>

#include "report/charts.h"
#include "report/html_text.h"

namespace kiln::report {

namespace {

constexpr const char* kStyle = R"(
body { font: 14px/1.4 system-ui, sans-serif; margin: 2em auto; max-width: 1200px; color: #222; }
h1 { font-size: 1.6em; } h2 { margin-top: 2em; border-bottom: 1px solid #ccc; }
table { border-collapse: collapse; width: 100%; }
th, td { padding: 3px 8px; border-bottom: 1px solid #eee; text-align: left; vertical-align: top; }
th { cursor: pointer; background: #f4f4f4; user-select: none; }
td.time, td.roof, td.speedup { text-align: right; font-variant-numeric: tabular-nums; }
td.from { color: #666; font-size: 0.9em; }
pre { max-height: 30em; overflow: auto; background: #f8f8f8; padding: 0.5em; font-size: 12px; }
figure { display: inline-block; margin: 0.5em 1em 0.5em 0; vertical-align: top; }
figcaption { font-size: 0.9em; max-width: 420px; }
svg text { font: 11px system-ui, sans-serif; fill: #333; }
svg .frame { fill: none; stroke: #999; } svg .grid { stroke: #eee; }
svg .best { stroke: #1f77b4; stroke-width: 2; } svg .improved circle { fill: #1f77b4; }
svg .roof { stroke: #d62728; stroke-width: 2; stroke-dasharray: 6 3; }
svg .kernel circle { fill: #2ca02c; fill-opacity: 0.8; }
svg text.roof-label { fill: #d62728; }
.empty, .note { color: #666; }
)";

// Sorting a leaderboard by a column when its heading is clicked (numbers by value).
constexpr const char* kScript = R"(
document.querySelectorAll('table.leaderboard th').forEach((th, col) => {
  th.addEventListener('click', () => {
    const body = th.closest('table').tBodies[0];
    const value = (row) => {
      const text = row.cells[col].textContent.trim();
      const n = parseFloat(text);
      return Number.isNaN(n) ? text : n;
    };
    const dir = th.dataset.dir === 'asc' ? -1 : 1;
    th.dataset.dir = dir === 1 ? 'asc' : 'desc';
    Array.from(body.rows)
      .sort((a, b) => { const x = value(a), y = value(b); return (x < y ? -1 : x > y ? 1 : 0) * dir; })
      .forEach((row) => body.appendChild(row));
  });
});
)";

std::string version_cell(const Version& v) {
  std::string summary = v.knobs.empty() ? "source" : "knobs " + v.knobs;
  std::string inside = v.source.empty()
                           ? "<p class=\"note\">The source of this version was not kept.</p>"
                           : "<pre><code>" + escape_html(v.source) + "</code></pre>";
  return fmt::format("<details><summary>{}</summary>{}</details>", escape_html(summary), inside);
}

std::string leaderboard_table(const GpuBoard& b) {
  std::string s = "<table class=\"leaderboard\">\n<thead><tr><th>kernel</th><th>dtype</th>"
                  "<th>shape</th><th>time (ms)</th><th>% of roof</th>";
  for (const std::string& name : b.baseline_names)
    s += fmt::format("<th>vs {}</th>", escape_html(name));
  s += "<th>from</th><th>version</th></tr></thead>\n<tbody>\n";
  for (const Version& v : b.rows) {
    s += fmt::format(
        "<tr><td class=\"kernel\">{}</td><td class=\"dtype\">{}</td><td class=\"shape\">{}</td>"
        "<td class=\"time\">{}</td><td class=\"roof\">{}</td>",
        escape_html(v.kernel), escape_html(v.dtype), escape_html(v.shape), ms_text(v.median_ms),
        v.roof_fraction > 0 ? percent_text(v.roof_fraction) : "-");
    for (const std::string& name : b.baseline_names) {
      const BaselineTime* t = nullptr;
      for (const BaselineTime& bt : v.baselines)
        if (bt.name == name) t = &bt;
      if (!t) {
        s += "<td class=\"speedup\">-</td>";
        continue;
      }
      std::string who = t->who.empty() ? name : t->who;
      s += fmt::format("<td class=\"speedup\" title=\"{}: {} ms\">{}</td>", escape_html(who),
                       ms_text(t->median_ms), speedup_text(speedup_over(v, *t)));
    }
    s += fmt::format("<td class=\"from\">{}</td><td class=\"version\">{}</td></tr>\n",
                     escape_html(v.origin), version_cell(v));
  }
  return s + "</tbody></table>\n";
}

std::string roofs_line(const Roofs& r) {
  if (r.copy_bytes_per_s <= 0 && r.gemm_flops_per_s <= 0)
    return "<p class=\"roofs note\">Roofs not measured on this GPU (kiln bench measures them).</p>\n";
  std::string copy = r.copy_bytes_per_s > 0
                         ? fmt::format("copy {:.3f} TB/s", r.copy_bytes_per_s / 1e12)
                         : "copy not measured";
  std::string gemm = r.gemm_flops_per_s > 0
                         ? fmt::format("GEMM {:.0f} TFLOP/s{}", r.gemm_flops_per_s / 1e12,
                                       r.gemm_how.empty() ? "" : " (" + r.gemm_how + ")")
                         : "GEMM not measured";
  return fmt::format("<p class=\"roofs\">Measured roofs: {}; {}.</p>\n", escape_html(copy),
                     escape_html(gemm));
}

std::string curve_figure(const Curve& c) {
  std::string what = fmt::format("{} {} {}", c.kernel, c.dtype, c.shape);
  if (c.first_ms <= 0) {
    return fmt::format(
        "<figure class=\"curve\"><figcaption>{}: no attempt timed yet ({} attempts).</figcaption>"
        "</figure>\n",
        escape_html(what), c.attempts);
  }
  return fmt::format(
      "<figure class=\"curve\">{}<figcaption>{}: best {} at round {} ({} ms \u2192 {} ms), {} "
      "attempts.</figcaption></figure>\n",
      best_so_far_svg(c), escape_html(what), speedup_text(c.first_ms / c.best_ms), c.best_round,
      ms_text(c.first_ms), ms_text(c.best_ms), c.attempts);
}

std::string gpu_section(const GpuBoard& b, size_t index) {
  std::string s = fmt::format("<section class=\"gpu\" id=\"gpu-{}\">\n<h2>{}{}</h2>\n", index,
                              escape_html(b.gpu),
                              b.arch.empty() ? "" : " <small>" + escape_html(b.arch) + "</small>");
  s += roofs_line(b.roofs);
  if (b.rows.empty()) {
    s += "<p class=\"note\">No version measured and kept yet.</p>\n";
  } else {
    s += leaderboard_table(b);
  }
  if (!b.curves.empty()) {
    s += "<h3>Best so far (kiln tune)</h3>\n";
    for (const Curve& c : b.curves) s += curve_figure(c);
  }
  s += "<h3>Roofline</h3>\n";
  std::string roofline = roofline_svg(b);
  s += roofline.empty() ? "<p class=\"note\">No version has both a FLOP and a byte rate yet.</p>\n"
                        : "<figure class=\"roofline\">" + roofline + "</figure>\n";
  return s + "</section>\n";
}

}  // namespace

std::string html_page(const std::vector<GpuBoard>& boards, const std::string& source_label) {
  std::string s = fmt::format(
      "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
      "<title>kiln leaderboard</title>\n<style>{}</style>\n</head>\n<body>\n"
      "<h1>kiln leaderboard</h1>\n<p class=\"from\">From {}.</p>\n",
      kStyle, escape_html(source_label));
  if (boards.empty()) {
    s += "<p class=\"empty\">Nothing measured yet: no kiln bench results and no kiln tune "
         "histories. Run <code>kiln bench NAME</code> or <code>kiln tune NAME</code> first.</p>\n";
  } else {
    s += "<nav><ul>\n";
    for (size_t i = 0; i < boards.size(); ++i)
      s += fmt::format("<li><a href=\"#gpu-{}\">{}</a></li>\n", i, escape_html(boards[i].gpu));
    s += "</ul></nav>\n";
    for (size_t i = 0; i < boards.size(); ++i) s += gpu_section(boards[i], i);
  }
  return s + "<script>" + kScript + "</script>\n</body>\n</html>\n";
}

}  // namespace kiln::report
