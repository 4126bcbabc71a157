// Reading kiln bench's result files (src/bench/results.h): every run in
// <dir>/<arch>/<kernel>.json and the sources kept in <dir>/leaderboard.json.
#pragma once

#include <filesystem>

#include <nlohmann/json.hpp>

#include "report/json_fields.h"
#include "report/records.h"
#include "support/error.h"

namespace kiln::report {

// Adds to `into` a Version for every correct run in <dir>/<arch>/<kernel>.json (every folder of
// `dir` but tune/), the GPU's roofs those runs measured, and the sources the leaderboard keeps
// for the fastest version per arch, kernel, dtype and shape (attached to the run with that time
// on that GPU, or added as a version of its own when no run file holds it). A missing folder or
// file adds nothing. Errors (invalid_argument) name the file: text that is not JSON, a file
// that is not a results file, a run without the fields a row needs.
Status read_bench_results(const std::filesystem::path& dir, Results& into);

// "4096x4096" for [4096, 4096], "scalar" for []; a string is returned as it is. Errors: any
// other JSON (named by `fields`).
Expected<std::string> shape_text(const JsonFields& fields, const char* key);

// The JSON document in `file`, or an error "FILE: error: not valid JSON: ..." (invalid_argument)
// or the reading error.
Expected<nlohmann::json> read_json_file(const std::filesystem::path& file);

}  // namespace kiln::report
