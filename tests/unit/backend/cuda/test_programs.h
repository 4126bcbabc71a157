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

// What an unimplemented error of the cuda backend says it lacks: the op it names
// ("stablehlo.fft", from "FILE:L:C: error: the cuda backend cannot compile 'stablehlo.fft'
// (...)"), else what its message says past "error: " (dynamic shapes, a process grid). nullopt
// for any other error: an internal error, NVRTC's, a wrong kind — a bug a test fails on.
inline std::optional<std::string> missing_feature(const ::kiln::Error& error) {
  if (error.kind() != ErrorKind::kUnimplemented) return std::nullopt;
  const std::string& m = error.message();
  if (m.find("the cuda backend") == std::string::npos) return std::nullopt;
  const std::string named = "cannot compile '";
  if (size_t at = m.find(named); at != std::string::npos) {
    size_t begin = at + named.size();
    size_t end = m.find('\'', begin);
    if (end != std::string::npos) return m.substr(begin, end - begin);
  }
  size_t at = m.find("error: ");
  std::string what = at == std::string::npos ? m : m.substr(at + 7);
  return what.substr(0, what.find('\n'));
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
  const std::string rel = path.substr(std::min(path.size(), ::kiln::testing::source_dir().size() + 1));
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
    std::string first;  // "FILE:LINE O2"
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
