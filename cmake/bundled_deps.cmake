# AGC_DEPS=bundled (see CMakeLists.txt): agc's libraries compiled in from
# third_party/portable/, which scripts/fetch_portable_sources.sh fills from
# the pins of scripts/portable_sources.txt and the source distribution
# carries. Defines:
#   tree_sitter_runtime   tree-sitter's runtime (lib/src/lib.c), static
#   agc_bundled_headers   CLI11, nlohmann/json, spdlog and fmt (header-only:
#                         no SPDLOG_COMPILED_LIB, FMT_HEADER_ONLY), toml++, dtl
#   mimalloc_static       mimalloc (src/static.c), static
# and links the C++ runtime statically where the compiler links it
# dynamically by default (GCC, Clang with libstdc++; Zig's toolchain, which
# scripts/wheels.sh uses, always links its libc++ statically).
set(_portable "${AGC_PORTABLE_DIR}")
foreach(need tree-sitter/lib/src/lib.c mimalloc/src/static.c
             include/CLI/CLI.hpp include/nlohmann/json.hpp
             include/spdlog/spdlog.h include/fmt/format-inl.h
             include/toml++/toml.h include/dtl/dtl.hpp)
  if(NOT EXISTS "${_portable}/${need}")
    message(FATAL_ERROR "${_portable}/${need} is missing: run "
      "scripts/fetch_portable_sources.sh")
  endif()
endforeach()

add_library(tree_sitter_runtime STATIC "${_portable}/tree-sitter/lib/src/lib.c")
target_include_directories(tree_sitter_runtime
  PRIVATE "${_portable}/tree-sitter/lib/src"
  PUBLIC "${_portable}/tree-sitter/lib/include")
target_compile_definitions(tree_sitter_runtime PRIVATE
  _POSIX_C_SOURCE=200112L _DEFAULT_SOURCE)
target_compile_options(tree_sitter_runtime PRIVATE -w)
set_target_properties(tree_sitter_runtime PROPERTIES C_STANDARD 11
  POSITION_INDEPENDENT_CODE ON)

add_library(agc_bundled_headers INTERFACE)
target_include_directories(agc_bundled_headers SYSTEM INTERFACE
  "${_portable}/include")
target_compile_definitions(agc_bundled_headers INTERFACE FMT_HEADER_ONLY
  SPDLOG_FMT_EXTERNAL)
if(CMAKE_SYSTEM_NAME STREQUAL "Linux")
  # spdlog 1.10 calls fstat64 on 64-bit Linux; musl 1.2.4+ declares the
  # *64 names only under _LARGEFILE64_SOURCE (glibc: the same functions).
  target_compile_definitions(agc_bundled_headers INTERFACE
    _LARGEFILE64_SOURCE)
endif()

add_library(mimalloc_static STATIC "${_portable}/mimalloc/src/static.c")
target_include_directories(mimalloc_static
  PUBLIC "${_portable}/mimalloc/include")
target_compile_definitions(mimalloc_static PRIVATE MI_STATIC_LIB NDEBUG)
target_compile_options(mimalloc_static PRIVATE -w)
set_target_properties(mimalloc_static PROPERTIES C_STANDARD 11)
if(WIN32)
  target_link_libraries(mimalloc_static PUBLIC psapi shell32 user32 advapi32
    bcrypt)
endif()
if(APPLE AND AGC_ZIG)
  # Zig's macOS headers have no <sys/syscall.h>; cmake/darwin_shims has one
  # that gives mimalloc what Apple's gives it (see there).
  target_include_directories(mimalloc_static SYSTEM PRIVATE
    "${CMAKE_SOURCE_DIR}/cmake/darwin_shims")
endif()

option(AGC_STATIC_CXX_RUNTIME
  "Link the C++ runtime statically (AGC_DEPS=bundled)" ON)
if(AGC_STATIC_CXX_RUNTIME AND NOT AGC_ZIG AND NOT MSVC AND NOT APPLE)
  add_link_options(-static-libstdc++ -static-libgcc)
endif()
