# Fails when a source includes a header through "../": such a path would reach around the include
# roots that keep each layer to the folders beneath it (cmake/layers.cmake).
file(GLOB_RECURSE sources ${ROOT}/src/*.h ${ROOT}/src/*.cpp ${ROOT}/src/*.cu ${ROOT}/src/*.cuh
     ${ROOT}/include/*.h ${ROOT}/tools/*.h ${ROOT}/tools/*.cpp)
set(found "")
foreach(source IN LISTS sources)
  file(STRINGS ${source} lines REGEX "^[ \t]*#[ \t]*include[ \t]*\"\\.\\./")
  foreach(line IN LISTS lines)
    file(RELATIVE_PATH where ${ROOT} ${source})
    string(APPEND found "  ${where}: ${line}\n")
  endforeach()
endforeach()
if(found)
  message(FATAL_ERROR "includes that leave their layer through \"../\":\n${found}")
endif()
message(STATUS "no \"../\" includes in ${ROOT}")
