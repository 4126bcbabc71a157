// The reference run on the cpu backend.
#include "oracle/reference.h"

#include "backend/backend.h"
#include "backend/cpu/cpu_backend.h"

namespace kiln::oracle {

Expected<std::vector<interp::Tensor>> reference_run(const ir::Module& module,
                                                    const std::vector<interp::Tensor>& inputs,
                                                    std::string_view entry) {
  KILN_TRY(const backend::Backend* cpu, backend::find_backend("cpu"));
  backend::CompileOptions options;
  options.entry = std::string(entry);
  options.num_replicas = options.num_partitions = 1;
  KILN_TRY(auto executable, cpu->compile(module, options));
  std::vector<backend::Buffer> buffers;
  for (const interp::Tensor& t : inputs) {
    KILN_TRY(auto b, backend::cpu::to_buffer(t));
    buffers.push_back(std::move(b));
  }
  KILN_TRY(auto results, executable->run(buffers));
  std::vector<interp::Tensor> out;
  for (const backend::Buffer& b : results.outputs()) {
    if (!b.is_tensor()) {
      return Error::internal("oracle: @" + executable->entry() + " returns " +
                             ir::to_string(b.type()) + ", not a tensor");
    }
    KILN_TRY(auto v, backend::cpu::to_runtime_value(b));
    out.push_back(std::move(v.tensor()));
  }
  return out;
}

}  // namespace kiln::oracle
