// prepare_module: a refined copy of a module with dynamic shapes, ready to lower.
#include "backend/cuda/specialize.h"

#include <fmt/format.h>

#include "ir/verifier.h"
#include "passes/pass_manager.h"
#include "passes/pipeline.h"
#include "passes/refine_shapes.h"

namespace kiln::backend::cuda {

namespace {

// refine-shapes' "cannot refine" in the backend's words, so that it reads as every other op
// the backend cannot compile.
Error in_backend_words(const Error& e) {
  if (e.kind() != ErrorKind::kUnimplemented) return e;
  return e.with_prefix("the cuda backend compiles static shapes only: ");
}

}  // namespace

Expected<PreparedModule> prepare_module(const ir::Module& module, const ir::Operation& entry,
                                        const std::vector<ir::Type>& inputs, int opt_level) {
  if (inputs.empty() && !passes::has_dynamic_shapes(module)) {
    return PreparedModule{nullptr, &module, &entry};
  }
  const std::string name = entry.attr_as<ir::StringAttr>("sym_name")->value;
  std::shared_ptr<ir::Module> copy = passes::clone_module(module);
  ir::Operation* func = copy->lookup_function(name);
  if (!func) return Error::internal("cuda: the copied module lost @" + name);
  passes::PassOptions options;
  passes::PassContext context(options);
  KILN_TRY(std::unique_ptr<passes::Pass> inline_calls, passes::create_pass("inline"));
  KILN_CHECK_OK(inline_calls->run(*copy, context));
  Status refined = inputs.empty() ? passes::refine_function(*copy, *func, context)
                                  : passes::specialize_function(*copy, *func, inputs, context);
  if (!refined.ok()) return in_backend_words(refined.error());
  if (Status valid = ir::verify(*copy); !valid.ok()) {
    return valid.error().with_prefix(
        "kiln: the program specialized to its input shapes does "
        "not verify: ");
  }
  if (!inputs.empty() && opt_level > 0) {
    KILN_CHECK_OK(passes::optimize(*copy, opt_level));
    func = copy->lookup_function(name);
  }
  return PreparedModule{copy, copy.get(), func};
}

}  // namespace kiln::backend::cuda
