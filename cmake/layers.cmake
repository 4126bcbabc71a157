# Layer boundaries as build errors: each layer's target sees only the source folders it may use.
#
# kiln_layer(TARGET SEES folder...) gives TARGET a private include root of its own,
# ${CMAKE_BINARY_DIR}/layers/TARGET, holding links to exactly the folders of src/ it may include
# ("ir", "kernels/cuda", ...), so `#include "interp/tensor.h"` in a file of src/ir fails to
# compile instead of quietly coupling two layers. Includes resolve against that root only (no
# target exports src/ as a whole); `tests/layers/` shows a forbidden include failing.
function(kiln_layer target)
  cmake_parse_arguments(PARSE_ARGV 1 LAYER "" "" "SEES")
  set(root ${CMAKE_BINARY_DIR}/layers/${target})
  file(REMOVE_RECURSE ${root})
  foreach(folder IN LISTS LAYER_SEES)
    cmake_path(GET folder PARENT_PATH parent)
    file(MAKE_DIRECTORY ${root}/${parent})
    file(CREATE_LINK ${PROJECT_SOURCE_DIR}/src/${folder} ${root}/${folder} SYMBOLIC)
  endforeach()
  target_include_directories(${target} PRIVATE ${root})
endfunction()
