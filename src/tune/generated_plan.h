// A program the cuda backend lowered, as a kernel library plan: its launches (generated
// kernels, in stream order) over the problem's inputs and outputs and scratch buffers for the
// values between them, so that the bench and the tuner run generated code like a library
// kernel (`kiln tune --new`).
#pragma once

#include <string>

#include "backend/cuda/program.h"
#include "runtime/cuda/launcher.h"

namespace kiln::tune {

// The plan of `program` (lowered from a function of tensors in, tensors out): each KernelStep
// a launch named "<name>.<function>" of its module's source with the module's NVRTC options
// (generated code's exact arithmetic, or a library module's own); an entry input read in place
// is Arg::input, a result's bytes Arg::output, any other arena bytes a scratch buffer of their
// own (one per offset). Errors (unimplemented, in words): a step that is not a kernel launch
// (a cuBLASLt GEMM, a copy, control flow, cuFFT, cuDNN, a host step), a kernel reading the
// constants buffer or an input at an offset, a result that no kernel writes (an input or a
// constant returned as it is).
Expected<cuda::Plan> plan_of_program(const backend::cuda::LoweredProgram& program,
                                     const std::string& name);

}  // namespace kiln::tune
