# lit configuration of the pass tests: each .mlir file under this folder holds RUN lines that
# run `kiln compile` and check its output with LLVM's FileCheck (the way MLIR tests passes).
# Parameters (set by CTest, see tests/CMakeLists.txt): kiln=PATH, filecheck=PATH.
import os

import lit.formats

config.name = "kiln-passes"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".mlir", ".test"]
config.excludes = ["inputs"]
config.test_source_root = os.path.dirname(__file__)

kiln = lit_config.params.get("kiln")
filecheck = lit_config.params.get("filecheck")
if not kiln or not filecheck:
    lit_config.fatal("run with --param kiln=PATH --param filecheck=PATH")
config.test_exec_root = os.path.join(os.path.dirname(kiln), "lit")
path = [os.path.dirname(kiln), os.path.dirname(filecheck), config.environment.get("PATH", "")]
config.environment["PATH"] = os.pathsep.join(path)
for name in ("ASAN_OPTIONS", "UBSAN_OPTIONS", "LSAN_OPTIONS"):
    if name in os.environ:
        config.environment[name] = os.environ[name]
