// The pass manager: runs passes in order on a module, times each one, verifies after each
// when asked, and hands the module to a printer after the passes that were named.
#pragma once

#include <functional>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "passes/pass.h"

namespace kiln::passes {

// What one pass run did.
struct PassRecord {
  std::string pass;
  double milliseconds = 0;
  bool changed = false;
  std::map<std::string, int64_t> statistics;
};

// What a whole run did, pass by pass, with the explanations the passes recorded.
struct PipelineReport {
  std::vector<PassRecord> passes;
  std::vector<std::string> explanations;
  double total_milliseconds() const;
};

struct PassManagerOptions {
  PassOptions pass_options;
  // Run ir::verify after every pass; a failure names the pass. On by default in builds with
  // assertions (debug), off in release builds.
#ifdef NDEBUG
  bool verify_each = false;
#else
  bool verify_each = true;
#endif
  // Called after each pass named in print_after (every pass with print_after_all) with the
  // pass's name and the module as it left it.
  std::function<void(const std::string& pass, const ir::Module& module)> printer;
  std::set<std::string> print_after;
  bool print_after_all = false;
};

// An ordered list of passes. Not thread-safe; run() may be called on many modules in turn.
class PassManager {
 public:
  explicit PassManager(PassManagerOptions options = {}) : options_(std::move(options)) {}
  void add(std::unique_ptr<Pass> pass) { passes_.push_back(std::move(pass)); }
  // Adds the registered pass `name` (not_found for a name no pass has).
  Status add(std::string_view name);
  const std::vector<std::unique_ptr<Pass>>& passes() const { return passes_; }
  PassManagerOptions& options() { return options_; }

  // Runs every pass on `module` in order. Errors: the first pass's error, prefixed with its
  // name ("passes: cse: ..."), and with verify_each a module that no longer verifies
  // ("passes: the module is invalid after 'cse': ..."), which is a bug in that pass.
  Expected<PipelineReport> run(ir::Module& module) const;

 private:
  PassManagerOptions options_;
  std::vector<std::unique_ptr<Pass>> passes_;
};

// A deep copy of a module (passes run on the copy when the original must stay as written).
std::unique_ptr<ir::Module> clone_module(const ir::Module& module);

}  // namespace kiln::passes
