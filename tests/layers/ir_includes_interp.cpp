// A file that the ir layer must not be able to compile: it includes the interpreter, a layer above
// ir. The test layers/forbidden_include_fails builds it and expects the compiler to stop here.
#include "interp/tensor.h"
