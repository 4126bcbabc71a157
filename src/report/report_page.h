// `kiln report`: a results folder (kiln bench's result files, kiln tune's histories) as one
// static HTML page.
#pragma once

#include <filesystem>
#include <string>

#include "support/error.h"

namespace kiln::report {

struct ReportPage {
  std::string html;
  size_t files = 0, gpus = 0, rows = 0, curves = 0;  // what it was made from and holds
};

// The page for the results in `dir` (see html_page.h). A folder that does not exist or holds
// nothing gives the page that says there is nothing yet. Errors: the readers' (a malformed file
// or line, named).
Expected<ReportPage> report_page(const std::filesystem::path& dir);

}  // namespace kiln::report
