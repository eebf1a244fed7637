# SPDX-License-Identifier: GPL-2.0
#
# repro.cmake - the `repro` target: build and run every testcases/*/repro.c
# and each dialect's testcases/*/repro-<dialect>.c, bad and fixed, through
# run-repro.sh, and show the code of those that ask for it through
# show-codegen.sh and herd7's verdict on their litmus form through
# show-herd.sh.  Included by the top-level CMakeLists.txt with
# include(testcases/harness/repro.cmake).
#
# Not part of `all` or `make check`: repros take seconds each, need two
# idle CPUs to mean much, and print measurements, not pass/fail.  A repro
# fails the target only when it does not build or run.  (ctest runs the
# dialects' repros briefly, testcases.cmake: check-repro.sh.)

set(ORDERCHECK_REPRO_DIR "${CMAKE_BINARY_DIR}/repro"
    CACHE PATH "Where `make repro` puts the repro binaries")

# CONFIGURE_DEPENDS: a new testcases/<id>/repro.c is picked up by the next
# build, without re-running cmake by hand.
file(GLOB ORDERCHECK_REPROS CONFIGURE_DEPENDS
     "${CMAKE_CURRENT_LIST_DIR}/../*/repro.c"
     "${CMAKE_CURRENT_LIST_DIR}/../*/repro-*.c")
list(SORT ORDERCHECK_REPROS)

# A repro with a "// codegen:" line also gets show-codegen.sh, which
# compiles it for x86-64 and arm64 with gcc and clang and reads the
# assembly.  The lines are read here, so each repro.c is a configure
# dependency: editing one re-runs cmake at the next build.
set(_repro_cmds)
foreach(_repro IN LISTS ORDERCHECK_REPROS)
  list(APPEND _repro_cmds
       COMMAND bash "${CMAKE_CURRENT_LIST_DIR}/run-repro.sh"
               "${_repro}" "${ORDERCHECK_REPRO_DIR}")
  set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS "${_repro}")
  file(STRINGS "${_repro}" _codegen REGEX "^// codegen:")
  if(_codegen)
    list(APPEND _repro_cmds
         COMMAND bash "${CMAKE_CURRENT_LIST_DIR}/show-codegen.sh"
                 "${_repro}" "${ORDERCHECK_REPRO_DIR}")
  endif()
  # herd7's verdict on the litmus form of both builds, for the outcomes
  # this CPU cannot show (the model is extracted where ctest keeps it)
  file(STRINGS "${_repro}" _litmus REGEX "^// litmus:")
  if(_litmus)
    list(APPEND _repro_cmds
         COMMAND bash "${CMAKE_CURRENT_LIST_DIR}/show-herd.sh"
                 "${_repro}" "${CMAKE_BINARY_DIR}/litmus-corpus")
  endif()
endforeach()

if(ORDERCHECK_REPROS)
  add_custom_target(repro
    ${_repro_cmds}
    COMMENT "Running the hardware repros (testcases/*/repro.c), bad and fixed, and their codegen"
    USES_TERMINAL
    VERBATIM)
else()
  add_custom_target(repro
    COMMAND ${CMAKE_COMMAND} -E echo "no testcases/*/repro.c found"
    VERBATIM)
endif()
unset(_repro_cmds)
unset(_repro)
unset(_codegen)
unset(_litmus)
