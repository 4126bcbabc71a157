// The vendor plugin built without the cuDNN frontend's headers: no cuDNN conv2d baseline
// (conv2d's cudnn baseline is then UNSUPPORTED).
#include "vendor_baselines.h"

namespace kiln::baselines {

std::vector<Entry> cudnn_conv2d_entries() { return {}; }

}  // namespace kiln::baselines
