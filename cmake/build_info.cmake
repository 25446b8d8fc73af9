# Writes OUT, a header defining AGC_COMMIT (the commit agc is built from, for
# `agc --version`), only when its content changes. Run at each build
# (CMakeLists.txt, target agc_build_info): `git rev-parse` in SOURCE, else
# the file SOURCE/.agc-commit (a source distribution's, written by
# scripts/wheels.sh), else "unknown".
set(commit "")
find_package(Git QUIET)
if(GIT_FOUND AND EXISTS "${SOURCE}/.git")
  execute_process(COMMAND "${GIT_EXECUTABLE}" -C "${SOURCE}" rev-parse
                          --short=12 HEAD
    OUTPUT_VARIABLE commit OUTPUT_STRIP_TRAILING_WHITESPACE
    RESULT_VARIABLE rc ERROR_QUIET)
  if(NOT rc EQUAL 0)
    set(commit "")
  endif()
endif()
if(commit STREQUAL "" AND EXISTS "${SOURCE}/.agc-commit")
  file(STRINGS "${SOURCE}/.agc-commit" commit LIMIT_COUNT 1)
endif()
if(commit STREQUAL "")
  set(commit "unknown")
endif()
set(text "#define AGC_COMMIT \"${commit}\"\n")
if(EXISTS "${OUT}")
  file(READ "${OUT}" have)
  if(have STREQUAL text)
    return()
  endif()
endif()
file(WRITE "${OUT}" "${text}")
