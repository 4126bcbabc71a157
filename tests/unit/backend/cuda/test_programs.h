// The programs the cuda backend's tests go over (every check-dialect chunk and JAX export in
// the repository), and how an error the backend may give (it lacks an op) is told from one it
// must not (anything else).
#pragma once

#include <algorithm>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "kiln/kiln.h"
#include "tests/unit/test_files.h"

namespace kiln::backend::cuda::testing {

// The optimisation levels every program is lowered at: as written, and the default pipeline.
inline constexpr int kLevels[] = {0, 2};

// Every file of test programs, sorted within each folder: the check-dialect files (split into
// chunks at `// -----` lines, Source::chunks()) and the JAX exports (one chunk each).
inline std::vector<std::string> program_files() {
  return ::kiln::testing::mlir_files(
      {"tests/e2e", "tests/ops", "tests/jax/programs", "tests/jax/patterns"});
}

// What an unimplemented error of the cuda backend says it lacks: `what` is the op it names
// ("stablehlo.fft", from "FILE:L:C: error: the cuda backend cannot compile 'stablehlo.fft'
// (why)"), else its message past "error: " (dynamic shapes, a process grid); `why` the reason
// in parentheses after the op, if any.
struct Missing {
  std::string what, why;
};

// The Missing of an unimplemented error of the cuda backend; nullopt for any other error (an
// internal error, NVRTC's, another kind): a bug a test fails on.
inline std::optional<Missing> missing_feature(const ::kiln::Error& error) {
  if (error.kind() != ErrorKind::kUnimplemented) return std::nullopt;
  // The first line: a diagnostic may go on with the source line and a caret.
  const std::string m = error.message().substr(0, error.message().find('\n'));
  if (m.find("the cuda backend") == std::string::npos) return std::nullopt;
  // An op the backend lacks, or one whose dynamic shapes refine-shapes cannot make static.
  std::string named = "cannot compile '";
  if (m.find(named) == std::string::npos) named = "cannot refine '";
  if (size_t at = m.find(named); at != std::string::npos) {
    size_t begin = at + named.size();
    size_t end = m.find('\'', begin);
    if (end != std::string::npos) {
      Missing missing{m.substr(begin, end - begin), ""};
      size_t open = m.find(" (", end), close = m.rfind(')');
      if (open != std::string::npos && close != std::string::npos && close > open) {
        missing.why = m.substr(open + 2, close - open - 2);
      }
      return missing;
    }
  }
  size_t at = m.find("error: ");
  std::string what = at == std::string::npos ? m : m.substr(at + 7);
  return Missing{what, ""};
}

// The element type a "... does not hold T elements ..." reason names, or "".
inline std::string missing_element_type(const std::string& why) {
  const std::string lead = "does not hold ";
  size_t at = why.find(lead);
  if (at == std::string::npos) return "";
  size_t begin = at + lead.size();
  std::string type = why.substr(begin, why.find(" elements", begin) - begin);
  // Quantized types by their kind, not each scale and zero point.
  return type.starts_with("!quant.uniform") ? "!quant.uniform" : type;
}

// One chunk ready to compile, or why it is not a program (it does not parse or verify, or has
// no @main and several functions): such chunks are counted, not compiled.
struct Chunk {
  std::string where;  // "tests/e2e/stablehlo_ops/pad.mlir:12"
  std::optional<::kiln::Module> module;
  std::string not_a_program;
};

// The chunks of `path` (relative names in `where`).
inline std::vector<Chunk> read_chunks(const std::string& path) {
  std::vector<Chunk> out;
  Expected<::kiln::Source> source = ::kiln::Source::read_file(path);
  if (!source.ok()) {
    out.push_back({path, std::nullopt, source.error().message()});
    return out;
  }
  const std::string rel =
      path.substr(std::min(path.size(), ::kiln::testing::source_dir().size() + 1));
  for (::kiln::SourceRange range : source->chunks()) {
    Chunk c;
    std::string where = source->where(range.begin);
    c.where = rel + where.substr(std::min(where.size(), where.rfind(':')));
    Expected<::kiln::Module> module = source->parse(range);
    if (!module.ok()) {
      c.not_a_program = module.error().message();
    } else if (Status s = module->verify(); !s.ok()) {
      c.not_a_program = s.error().message();
    } else if (Expected<std::string> e = module->entry_function(""); !e.ok()) {
      c.not_a_program = e.error().message();
    } else {
      c.module = std::move(*module);
    }
    out.push_back(std::move(c));
  }
  return out;
}

// How often each missing op or feature was met, and where first.
struct MissingTally {
  struct Entry {
    int64_t count = 0;
    std::string first;  // "FILE:LINE O2", and why where the error says
  };
  std::map<std::string, Entry> entries;

  void add(const std::string& what, const std::string& where) {
    Entry& e = entries[what];
    if (e.count++ == 0) e.first = where;
  }
  // The entries, most frequent first (ties by name).
  std::vector<std::pair<std::string, Entry>> by_count() const {
    std::vector<std::pair<std::string, Entry>> v(entries.begin(), entries.end());
    std::stable_sort(v.begin(), v.end(),
                     [](const auto& a, const auto& b) { return a.second.count > b.second.count; });
    return v;
  }
};

}  // namespace kiln::backend::cuda::testing
