// What the report tests share: the fixture results folder, scratch folders, and reading the
// figures back out of the page's HTML text.
#pragma once

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <string>
#include <vector>

#include "tests/unit/test_files.h"

namespace kiln::report::testing {

// tests/report/results: kiln bench runs and leaderboard for an H100, kiln tune histories for
// an H100 and an H200 (tests/report/README.md lists the figures).
inline std::filesystem::path fixture_dir() {
  return std::filesystem::path(kiln::testing::source_dir()) / "tests/report/results";
}

// A fresh folder under the system's temporary folder, removed with the object.
class ScratchDir {
 public:
  ScratchDir() {
    static int next = 0;
    path_ = std::filesystem::temp_directory_path() /
            ("kiln_report_test_" + std::to_string(::getpid()) + "_" + std::to_string(next++));
    std::filesystem::remove_all(path_);
    std::filesystem::create_directories(path_);
  }
  ~ScratchDir() {
    std::error_code ec;
    std::filesystem::remove_all(path_, ec);
  }
  const std::filesystem::path& path() const { return path_; }
  // Writes `text` to path()/relative, creating folders; returns the file's path.
  std::string write(const std::string& relative, const std::string& text) const {
    auto file = path_ / relative;
    std::filesystem::create_directories(file.parent_path());
    std::ofstream(file) << text;
    return file.string();
  }

 private:
  std::filesystem::path path_;
};

// The text of an HTML fragment with its tags removed (character references left as they are).
inline std::string strip_tags(const std::string& html) {
  std::string out;
  bool in_tag = false;
  for (char c : html) {
    if (c == '<') in_tag = true;
    else if (c == '>') in_tag = false;
    else if (!in_tag) out += c;
  }
  return out;
}

// The rows of the leaderboard tables in `html`, one map per row from a cell's class ("kernel",
// "time", ...; a speed-up cell as "vs NAME" from its column heading) to the cell's text, each
// with "gpu" the heading of its section.
inline std::vector<std::map<std::string, std::string>> leaderboard_rows(const std::string& html) {
  std::vector<std::map<std::string, std::string>> rows;
  size_t at = 0;
  while ((at = html.find("<section class=\"gpu\"", at)) != std::string::npos) {
    size_t end = html.find("</section>", at);
    std::string section = html.substr(at, end - at);
    at = end;
    size_t h2 = section.find("<h2>");
    std::string gpu = strip_tags(section.substr(h2, section.find("</h2>") - h2));
    gpu = gpu.substr(0, gpu.find(" sm_"));
    std::vector<std::string> headings;
    for (size_t th = 0; (th = section.find("<th>", th)) != std::string::npos; ++th)
      headings.push_back(strip_tags(section.substr(th, section.find("</th>", th) - th)));
    for (size_t tr = section.find("<tbody>"); tr != std::string::npos &&
                                              (tr = section.find("<tr>", tr)) != std::string::npos;
         ++tr) {
      std::map<std::string, std::string> row{{"gpu", gpu}};
      size_t row_end = section.find("</tr>", tr);
      size_t column = 0;
      for (size_t td = section.find("<td", tr); td < row_end; td = section.find("<td", td + 1)) {
        size_t cls = section.find("class=\"", td) + 7;
        std::string name = section.substr(cls, section.find('"', cls) - cls);
        size_t open_end = section.find('>', td) + 1;
        std::string text =
            strip_tags(section.substr(open_end, section.find("</td>", td) - open_end));
        row[name == "speedup" ? headings.at(column) : name] = text;
        ++column;
      }
      rows.push_back(row);
    }
  }
  return rows;
}

}  // namespace kiln::report::testing
