// kiln::Error, kiln::Expected<T> and kiln::Status, the error values every API function returns
// (see src/support/error.h for their contract; the public headers reach them only through here).
#pragma once

#include "support/error.h"
