// The cuda backend's executable for an entry that takes dynamic shapes: at the first run of
// each signature of concrete input shapes it specializes a copy of the module to them
// (refine-shapes), lowers and compiles it, and keeps the result for later runs of that
// signature — what a runtime built on stablehlo-refine-shapes does.
#pragma once

#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "backend/backend.h"
#include "backend/cuda/executable.h"

namespace kiln::backend::cuda {

class SpecializingExecutable final : public Executable {
 public:
  // Runs `entry` of `module` (which must outlive this and stay unchanged) compiled with
  // `options` (the grid and time limit already checked: check_options).
  SpecializingExecutable(const ir::Module& module, const ir::Operation& entry,
                         CompileOptions options);

  const std::string& entry() const override { return entry_; }
  // The entry's own types, `?` kept.
  const std::vector<ir::Type>& input_types() const override { return input_types_; }
  const std::vector<ir::Type>& output_types() const override { return output_types_; }
  // The grid (CompileOptions, else the module's attributes); each specialization runs on it.
  int64_t num_replicas() const override { return replicas_; }
  int64_t num_partitions() const override { return partitions_; }

  // Runs the specialization for the input buffers' types, compiling it first at the first
  // run of those types. Errors: invalid_argument for inputs that do not fit the entry's
  // types (naming the input) or a failed shape assertion; the specialization's compile errors
  // (kept: a later run of the same shapes gets the same error without compiling again);
  // invalid_argument for a grid whose processes' inputs differ in types;
  // CudaExecutable::run_each's. Thread-safe: runs may overlap; a run of new shapes compiles
  // while runs of other shapes go on, and runs of the same new shapes wait for one compile.
  Expected<RunResults> run_each(const std::vector<std::vector<Buffer>>& inputs) const override;

  // The input's device copy is made by the specialization that runs it, so callers hand host
  // buffers: device buffers are read back first (backend.h).
  bool takes_device_buffers() const override { return false; }

  // unimplemented, in words: each input shape compiles at run time, so there is no one
  // program to save.
  Status save(const std::string& path) const override;

  // The specialization for `inputs` (static types, one per entry argument), compiled now if it
  // was not yet; owned by this executable. Errors: run_each's. Thread-safe.
  Expected<const CudaExecutable*> specialization(const std::vector<ir::Type>& inputs) const;
  // How many signatures have been compiled (or failed to compile) so far. Thread-safe.
  size_t num_specializations() const;

 private:
  struct Specialization {
    std::mutex mutex;  // held while compiling
    bool done = false;
    Expected<std::unique_ptr<CudaExecutable>> result = Error::internal("not compiled");
  };

  const ir::Module& module_;
  std::string entry_;
  CompileOptions options_;
  int64_t replicas_ = 1, partitions_ = 1;
  std::vector<ir::Type> input_types_, output_types_;
  mutable std::mutex mutex_;  // guards specializations_ (the map, not its entries)
  mutable std::map<std::string, std::shared_ptr<Specialization>> specializations_;
};

}  // namespace kiln::backend::cuda
