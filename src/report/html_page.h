// The report as one static HTML page: styles and the one small script inline, no fetches.
#pragma once

#include <string>
#include <vector>

#include "report/leaderboard.h"

namespace kiln::report {

// The page for `boards` (one section per GPU: leaderboard table, best-so-far curves,
// roofline). `source_label` names where the figures came from ("results/, 3 files"). With no
// boards the page says there is nothing yet.
std::string html_page(const std::vector<GpuBoard>& boards, const std::string& source_label);

}  // namespace kiln::report
