// libFuzzer target: any bytes given to the parser produce a module or an error, never a
// crash, hang or leak; a module that verifies prints to text that parses again.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

#include "frontend/parser.h"
#include "ir/printer.h"
#include "ir/verifier.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string text(reinterpret_cast<const char*>(data), size);
  auto module = kiln::frontend::parse_module_text(text, "fuzz.mlir");
  if (!module.ok()) return 0;
  if (!kiln::ir::verify(**module).ok()) return 0;
  std::string printed = kiln::ir::print_module(**module);
  auto again = kiln::frontend::parse_module_text(printed, "printed.mlir");
  if (!again.ok()) std::abort();  // the printer wrote text the parser rejects
  return 0;
}
