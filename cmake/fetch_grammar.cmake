# The Python grammar agc compiles in: tree-sitter-python, pinned. It is
# generated for ABI 14, which libtree-sitter 0.20.7 loads (0.25.x is ABI 15
# and is rejected). Its sources are never committed: this fetches the npm
# package (`npm pack`, checked against the SHA-256 below) and unpacks its
# LICENSE, package.json and src/ into DEST (a stamp file records the version,
# so a second call costs a file read).
#
#   cmake -DDEST=third_party/tree-sitter-python -P cmake/fetch_grammar.cmake
#
# scripts/setup.sh runs it that way; CMakeLists.txt includes this file and
# calls agc_fetch_grammar() when the source tree has no grammar (a git
# checkout built by `pip install .` or by pre-commit without setup.sh). A
# source distribution carries the grammar, so it builds with no fetch.
set(AGC_GRAMMAR_VERSION "0.23.6")
set(AGC_GRAMMAR_SHA256
    "aab5b860d93dbf84b37fed532f7dacc0468ede5387d0c74911d68f964287662a")

function(agc_fetch_grammar dest)
  set(stamp "${dest}/.agc-version")
  if(EXISTS "${stamp}" AND EXISTS "${dest}/src/parser.c")
    file(READ "${stamp}" have)
    string(STRIP "${have}" have)
    if(have STREQUAL AGC_GRAMMAR_VERSION)
      return()
    endif()
  endif()
  find_program(AGC_NPM npm)
  if(NOT AGC_NPM)
    message(FATAL_ERROR
      "The tree-sitter-python grammar is missing from ${dest} and npm is not "
      "installed to fetch it: run scripts/setup.sh (Debian), install npm, or "
      "build from agc's source distribution, which carries the grammar.")
  endif()
  message(STATUS "Fetching tree-sitter-python@${AGC_GRAMMAR_VERSION} (npm pack)")
  set(tmp "${dest}.fetch")
  file(REMOVE_RECURSE "${tmp}")
  file(MAKE_DIRECTORY "${tmp}")
  execute_process(
    COMMAND "${AGC_NPM}" pack --silent
            "tree-sitter-python@${AGC_GRAMMAR_VERSION}"
    WORKING_DIRECTORY "${tmp}"
    RESULT_VARIABLE rc OUTPUT_QUIET ERROR_VARIABLE err)
  set(tgz "${tmp}/tree-sitter-python-${AGC_GRAMMAR_VERSION}.tgz")
  if(NOT rc EQUAL 0 OR NOT EXISTS "${tgz}")
    message(FATAL_ERROR
      "npm pack tree-sitter-python@${AGC_GRAMMAR_VERSION} failed (${rc}): ${err}")
  endif()
  file(SHA256 "${tgz}" sum)
  if(NOT sum STREQUAL AGC_GRAMMAR_SHA256)
    message(FATAL_ERROR "tree-sitter-python-${AGC_GRAMMAR_VERSION}.tgz has "
      "SHA-256 ${sum}, expected ${AGC_GRAMMAR_SHA256}")
  endif()
  file(ARCHIVE_EXTRACT INPUT "${tgz}" DESTINATION "${tmp}/unpacked"
    PATTERNS package/LICENSE package/package.json package/src)
  if(NOT EXISTS "${tmp}/unpacked/package/src/parser.c"
     OR NOT EXISTS "${tmp}/unpacked/package/src/scanner.c")
    message(FATAL_ERROR "tree-sitter-python-${AGC_GRAMMAR_VERSION}.tgz has no "
      "src/parser.c and src/scanner.c")
  endif()
  file(REMOVE_RECURSE "${dest}")
  get_filename_component(parent "${dest}" DIRECTORY)
  file(MAKE_DIRECTORY "${parent}")
  file(RENAME "${tmp}/unpacked/package" "${dest}")
  file(REMOVE_RECURSE "${tmp}")
  file(WRITE "${stamp}" "${AGC_GRAMMAR_VERSION}\n")
endfunction()

if(CMAKE_SCRIPT_MODE_FILE)
  if(NOT DEFINED DEST)
    message(FATAL_ERROR "usage: cmake -DDEST=FOLDER -P ${CMAKE_SCRIPT_MODE_FILE}")
  endif()
  get_filename_component(dest "${DEST}" ABSOLUTE)
  agc_fetch_grammar("${dest}")
endif()
