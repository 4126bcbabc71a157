// The pass interface: one named transformation of a module, the options every pass may read,
// the context it reports through, and the registry that finds a pass by its name.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "ir/operation.h"
#include "support/error.h"

namespace kiln::passes {

// What the pipeline asks of its passes.
struct PassOptions {
  int opt_level = 2;  // 0..3
  // O3: the fusion cost model accepts larger fusions and duplicates more.
  bool aggressive = false;
  // Constant folding leaves a result with more elements than this unfolded, so that folding
  // never makes a module much bigger than it was.
  int64_t fold_max_elements = 1 << 14;
  // Fusion passes record why each candidate was fused or not (PassContext::explain).
  bool explain = false;
};

// What one run of a pass sees and reports. Not thread-safe.
class PassContext {
 public:
  explicit PassContext(const PassOptions& options) : options_(options) {}
  const PassOptions& options() const { return options_; }
  // Adds n to the named counter of this pass run ("ops folded").
  void count(const std::string& statistic, int64_t n = 1) { stats_[statistic] += n; }
  // Records one line of explanation (kept only when options().explain is set).
  void explain(std::string line) {
    if (options_.explain) explanations_.push_back(std::move(line));
  }
  const std::map<std::string, int64_t>& statistics() const { return stats_; }
  const std::vector<std::string>& explanations() const { return explanations_; }

 private:
  const PassOptions& options_;
  std::map<std::string, int64_t> stats_;
  std::vector<std::string> explanations_;
};

// One transformation. A pass keeps the module verifiable: it reads a verified module and
// leaves one that still verifies and computes the same results (within the tolerances of its
// element types, for passes that reassociate nothing: exactly). Passes hold no state between
// runs, so one object may run on many modules, one at a time.
class Pass {
 public:
  virtual ~Pass() = default;
  // The command-line name, the same as the file and test stem with '-' for '_': "fuse-softmax".
  virtual std::string_view name() const = 0;
  // Transforms `module` in place; returns whether it changed anything. An error (a module the
  // pass cannot handle) may leave the module partly transformed but still valid IR.
  virtual Expected<bool> run(ir::Module& module, PassContext& context) const = 0;
};

// The registry: every pass registers itself with KILN_REGISTER_PASS in its own file.
struct PassInfo {
  std::string_view name;
  std::string_view summary;  // one line for `kiln compile --list-passes`
  std::unique_ptr<Pass> (*create)();
};

// The pass registered under `name`, or a not_found error listing the registered names.
Expected<std::unique_ptr<Pass>> create_pass(std::string_view name);
// Every registered pass, sorted by name.
std::vector<PassInfo> registered_passes();

struct PassRegistration {
  explicit PassRegistration(PassInfo info);
};

}  // namespace kiln::passes

// Registers `Class` (default-constructible, a Pass) under the name its name() returns, which
// must equal `pass_name`.
#define KILN_REGISTER_PASS(Class, pass_name, summary)                                     \
  static const ::kiln::passes::PassRegistration KILN_CONCAT(kiln_pass_registration_,      \
                                                            __COUNTER__)(                 \
      {pass_name, summary, []() -> std::unique_ptr<::kiln::passes::Pass> {                \
         return std::make_unique<Class>();                                                \
       }})
