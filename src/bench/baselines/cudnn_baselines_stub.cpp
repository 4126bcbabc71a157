// The cuDNN table when CMake found no cuDNN: no entries, so its kernels are UNSUPPORTED, and no
// version.
#include "vendor_baselines.h"

namespace kiln::baselines {

std::vector<Entry> cudnn_entries() { return {}; }

std::string cudnn_version() { return {}; }

}  // namespace kiln::baselines
