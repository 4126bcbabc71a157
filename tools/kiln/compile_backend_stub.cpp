// `kiln compile --backend` in a build without the CUDA layer (KILN_CUDA=OFF).
#include "tools/kiln/commands.h"

namespace kiln::tools {

Expected<std::string> compile_for_backend(const CompileArgs& args, const ir::Module&,
                                          const std::string&) {
  return Error::unavailable("kiln compile: this kiln was built without CUDA (KILN_CUDA=OFF); "
                            "--backend " + args.backend + " is not available");
}

}  // namespace kiln::tools
