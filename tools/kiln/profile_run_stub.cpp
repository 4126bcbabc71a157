// `kiln run --profile` in a build without the CUDA layer (KILN_CUDA=OFF).
#include "tools/kiln/commands.h"

namespace kiln::tools {

Status profile_available() {
  return Error::unavailable("kiln run --profile: this kiln was built without CUDA (KILN_CUDA=OFF); "
                            "profiling is for the cuda backend");
}

Expected<std::vector<ProfileRow>> profile_run(const Executable&, const std::vector<Value>&) {
  return profile_available().take_error();
}

}  // namespace kiln::tools
