// The pass manager: ordered runs, per-pass timing, verification and printing between passes.
#include "passes/pass_manager.h"

#include <chrono>

#include "ir/rewriter.h"
#include "ir/verifier.h"

namespace kiln::passes {

double PipelineReport::total_milliseconds() const {
  double total = 0;
  for (const PassRecord& r : passes) total += r.milliseconds;
  return total;
}

Status PassManager::add(std::string_view name) {
  KILN_TRY(auto pass, create_pass(name));
  passes_.push_back(std::move(pass));
  return ok_status();
}

Expected<PipelineReport> PassManager::run(ir::Module& module) const {
  PipelineReport report;
  for (const auto& pass : passes_) {
    const std::string name(pass->name());
    PassContext context(options_.pass_options);
    auto start = std::chrono::steady_clock::now();
    Expected<bool> changed = pass->run(module, context);
    std::chrono::duration<double, std::milli> elapsed = std::chrono::steady_clock::now() - start;
    if (!changed.ok()) return changed.error().with_prefix("passes: " + name + ": ");
    report.passes.push_back({name, elapsed.count(), *changed, context.statistics()});
    for (const std::string& line : context.explanations()) {
      report.explanations.push_back(name + ": " + line);
    }
    if (options_.verify_each) {
      Status valid = ir::verify(module);
      if (!valid.ok()) {
        return Error::internal("passes: the module is invalid after '" + name +
                               "': " + valid.error().message());
      }
    }
    if (options_.printer && (options_.print_after_all || options_.print_after.count(name))) {
      options_.printer(name, module);
    }
  }
  return report;
}

std::unique_ptr<ir::Module> clone_module(const ir::Module& module) {
  ir::ValueMap map;
  // The module's unused `#alias` definitions are not copied: they only reprint the input.
  return std::make_unique<ir::Module>(ir::clone_op(module.op(), map));
}

}  // namespace kiln::passes
