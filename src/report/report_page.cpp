// Reading a results folder and writing its page.
#include "report/report_page.h"

#include <fmt/format.h>

#include "report/bench_results.h"
#include "report/html_page.h"
#include "report/leaderboard.h"
#include "report/tune_history.h"

namespace kiln::report {

Expected<ReportPage> report_page(const std::filesystem::path& dir) {
  Results results;
  KILN_CHECK_OK(read_bench_results(dir, results));
  KILN_CHECK_OK(read_tune_histories(dir, results));
  std::string label = fmt::format("{} ({} file{})", dir.string(), results.files_read,
                                  results.files_read == 1 ? "" : "s");
  std::vector<GpuBoard> boards = build_boards(results);
  ReportPage page{html_page(boards, label), static_cast<size_t>(results.files_read),
                  boards.size()};
  for (const GpuBoard& b : boards) {
    page.rows += b.rows.size();
    page.curves += b.curves.size();
  }
  return page;
}

}  // namespace kiln::report
