// The vendor plugin built without the cuDNN frontend's headers: no cuDNN attention baselines
// (flash_attention's cudnn baseline is then UNSUPPORTED).
#include "vendor_baselines.h"

namespace kiln::baselines {

std::vector<Entry> cudnn_attention_entries() { return {}; }

}  // namespace kiln::baselines
