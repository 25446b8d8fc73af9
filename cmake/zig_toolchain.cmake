# Cross-compiling agc with Zig's toolchain (`zig cc`, `zig c++`), for the
# portable wheels (scripts/wheels.sh):
#   cmake -DCMAKE_TOOLCHAIN_FILE=cmake/zig_toolchain.cmake \
#         -DAGC_ZIG=/path/to/zig -DAGC_ZIG_TARGET=aarch64-linux-gnu.2.17 ...
# AGC_ZIG is the zig executable (the ziglang package from PyPI carries it),
# AGC_ZIG_TARGET a Zig target triple. CMake takes a compiler as one program,
# so this writes small wrappers with the target baked in, into the build
# folder.
if(NOT AGC_ZIG OR NOT AGC_ZIG_TARGET)
  message(FATAL_ERROR "zig_toolchain.cmake needs -DAGC_ZIG and -DAGC_ZIG_TARGET")
endif()
# try_compile's projects see these too.
set(CMAKE_TRY_COMPILE_PLATFORM_VARIABLES AGC_ZIG AGC_ZIG_TARGET)

string(REGEX MATCH "^[^-]+" _arch "${AGC_ZIG_TARGET}")
if(AGC_ZIG_TARGET MATCHES "-windows")
  set(CMAKE_SYSTEM_NAME Windows)
elseif(AGC_ZIG_TARGET MATCHES "-macos")
  set(CMAKE_SYSTEM_NAME Darwin)
else()
  set(CMAKE_SYSTEM_NAME Linux)
endif()
if(_arch STREQUAL "aarch64" AND CMAKE_SYSTEM_NAME STREQUAL "Darwin")
  set(CMAKE_SYSTEM_PROCESSOR arm64)
else()
  set(CMAKE_SYSTEM_PROCESSOR "${_arch}")
endif()

set(_wrappers "${CMAKE_BINARY_DIR}/zig-wrappers")
if(CMAKE_BINARY_DIR MATCHES "CMakeFiles/CMakeScratch")
  # A try_compile project: the outer build's wrappers.
  string(REGEX REPLACE "/CMakeFiles/CMakeScratch.*" "/zig-wrappers" _wrappers
    "${CMAKE_BINARY_DIR}")
endif()
foreach(tool cc c++ ar ranlib)
  set(_file "${_wrappers}/${tool}")
  if(tool MATCHES "^(cc|c\\+\\+)$")
    set(_args "${tool} -target ${AGC_ZIG_TARGET}")
  else()
    set(_args "${tool}")
  endif()
  set(_text "#!/bin/sh\nexec \"${AGC_ZIG}\" ${_args} \"$@\"\n")
  set(_have "")
  if(EXISTS "${_file}")
    file(READ "${_file}" _have)
  endif()
  if(NOT _have STREQUAL _text)
    file(WRITE "${_file}" "${_text}")
    file(CHMOD "${_file}" PERMISSIONS OWNER_READ OWNER_WRITE OWNER_EXECUTE
      GROUP_READ GROUP_EXECUTE WORLD_READ WORLD_EXECUTE)
  endif()
endforeach()
set(CMAKE_C_COMPILER "${_wrappers}/cc")
set(CMAKE_CXX_COMPILER "${_wrappers}/c++")
set(CMAKE_AR "${_wrappers}/ar" CACHE FILEPATH "" FORCE)
set(CMAKE_RANLIB "${_wrappers}/ranlib" CACHE FILEPATH "" FORCE)
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)
