// `kiln report`: the results folder as one static HTML page.
#include <fmt/format.h>

#include <filesystem>
#include <fstream>
#include <iostream>

#include "report/report_page.h"
#include "tools/kiln/commands.h"

namespace kiln::tools {

namespace {

Status write_page(const std::string& path, const std::string& html) {
  if (path == "-") {
    std::cout << html;
    return ok_status();
  }
  std::string tmp = path + ".tmp";
  {
    std::ofstream out(tmp, std::ios::binary);
    out << html;
    if (!out.flush()) return Error::invalid_argument(fmt::format("kiln report: cannot write {}", tmp));
  }
  std::error_code ec;
  std::filesystem::rename(tmp, path, ec);
  if (ec) {
    std::filesystem::remove(tmp, ec);
    return Error::invalid_argument(fmt::format("kiln report: cannot write {}", path));
  }
  return ok_status();
}

}  // namespace

int run_report(const ReportArgs& args) {
  auto page = report::report_page(args.results);
  if (!page.ok()) {
    std::cerr << page.error().message() << "\n";
    return 1;
  }
  Status written = write_page(args.output, page->html);
  if (!written.ok()) {
    std::cerr << written.error().message() << "\n";
    return 1;
  }
  if (args.output == "-") return 0;
  if (page->gpus == 0) {
    std::cerr << fmt::format("kiln report: nothing yet in {}; wrote {} saying so\n", args.results,
                             args.output);
  } else {
    std::cerr << fmt::format(
        "kiln report: wrote {} ({} GPU{}, {} leaderboard row{}, {} tune curve{}, from {} file{})\n",
        args.output, page->gpus, page->gpus == 1 ? "" : "s", page->rows,
        page->rows == 1 ? "" : "s", page->curves, page->curves == 1 ? "" : "s", page->files,
        page->files == 1 ? "" : "s");
  }
  return 0;
}

}  // namespace kiln::tools
