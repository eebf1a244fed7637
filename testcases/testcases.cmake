# SPDX-License-Identifier: GPL-2.0
# One ctest per test file under testcases/<rule-id>/ (all .c but repro*.c),
# and one per subdirectory (its files checked together, as one tree):
#   verify-<id>-<file>     ordercheck --verify FILE           must pass
#   fix-<id>               --fix-diff on bad.c equals fix.expected
#   cocci-<id>-report/patch   spatch on bad.c equals report/patch.expected
#   sparse-<id>-<file>     for annotated*.c: sparse warns exactly on the
#                          lines that expect an ordercheck finding
set(OC_TESTCASES ${CMAKE_CURRENT_LIST_DIR})

# herd7, the memory-model simulator (scripts/install-deps.sh builds it into
# /opt/herd7): on PATH or there. The tests that run it get its path (empty:
# not found) and whether it is required; they skip without it, or fail
# with -DORDERCHECK_REQUIRE_HERD7=ON (.ci/run). ordercheck itself does not
# need it.
find_program(HERD7 herd7 PATHS /opt/herd7/bin)
if(HERD7)
  message(STATUS "herd7: ${HERD7}")
  set(_herd7 ${HERD7})
elseif(ORDERCHECK_REQUIRE_HERD7)
  message(WARNING "herd7 not found (PATH, /opt/herd7/bin): the tests that "
                  "need it will fail (ORDERCHECK_REQUIRE_HERD7=ON)")
  set(_herd7 "")
else()
  message(STATUS "herd7 not found (PATH, /opt/herd7/bin): its tests are skipped")
  set(_herd7 "")
endif()
if(ORDERCHECK_REQUIRE_HERD7)
  set(_herd7_required 1)
else()
  set(_herd7_required 0)
endif()
set(OC_HERD7_ENV "ORDERCHECK_HERD7=${_herd7}"
                 "ORDERCHECK_HERD7_REQUIRED=${_herd7_required}"
                 "ORDERCHECK_LITMUS_CACHE=${CMAKE_BINARY_DIR}/litmus-corpus")

# oc_rule_cases(DIR OUT): the case files of a rule folder, its .c files but
# repro.c and the dialects' repro-<dialect>.c, or nothing when DIR is not one. A rule folder is found by its
# files: a case file there carries an expectation (expect-warning,
# expect-no-diagnostics, ...). Integration folders (cli/, lsp/, facts/,
# ...) and harness/ have none, so a new one needs no mention here;
# testcases/harness/catalogue.py applies the same test.
function(oc_rule_cases dir out)
  set(_found "")
  set(_expects FALSE)
  file(GLOB _files ${dir}/*.c)
  foreach(f ${_files})
    get_filename_component(n ${f} NAME_WE)
    if(NOT n MATCHES "^repro(-|$)")
      list(APPEND _found ${f})
      file(STRINGS ${f} _lines REGEX "expect-" LIMIT_COUNT 1)
      if(_lines)
        set(_expects TRUE)
      endif()
    endif()
  endforeach()
  if(NOT _expects)
    set(_found "")
  endif()
  set(${out} "${_found}" PARENT_SCOPE)
endfunction()

# The cases of a userspace dialect are written against its installed
# headers (scripts/install-deps.sh): ck*.c against Concurrency Kit's
# (/usr/include/ck_pr.h), dpdk*.c against DPDK's, with the flags of
# `pkg-config --cflags libdpdk` after "--". Without the headers they are
# skipped.
find_path(OC_CK_INCLUDE ck_pr.h)
find_program(OC_PKG_CONFIG pkg-config)
set(OC_DPDK_CFLAGS "")
if(OC_PKG_CONFIG)
  execute_process(COMMAND ${OC_PKG_CONFIG} --cflags libdpdk
                  OUTPUT_VARIABLE _dpdk_cflags RESULT_VARIABLE _dpdk_rc
                  OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
  if(_dpdk_rc EQUAL 0)
    separate_arguments(OC_DPDK_CFLAGS UNIX_COMMAND "${_dpdk_cflags}")
  endif()
endif()
# oc_dialect_flags(NAME OUT SKIP): the compiler flags of case NAME, and
# whether its dialect's headers are missing.
function(oc_dialect_flags name out skip)
  set(${out} "" PARENT_SCOPE)
  set(${skip} FALSE PARENT_SCOPE)
  if(name MATCHES "^ck" AND NOT OC_CK_INCLUDE)
    set(${skip} TRUE PARENT_SCOPE)
  elseif(name MATCHES "^dpdk")
    if(OC_DPDK_CFLAGS)
      set(${out} -- ${OC_DPDK_CFLAGS} PARENT_SCOPE)
    else()
      set(${skip} TRUE PARENT_SCOPE)
    endif()
  endif()
endfunction()

file(GLOB _rule_dirs LIST_DIRECTORIES true CONFIGURE_DEPENDS ${OC_TESTCASES}/*)
find_program(SPATCH spatch)
find_program(SPARSE sparse)
foreach(dir ${_rule_dirs})
  get_filename_component(id ${dir} NAME)
  if(NOT IS_DIRECTORY ${dir})
    continue()
  endif()
  oc_rule_cases(${dir} _cases)
  if(NOT _cases)
    continue()
  endif()
  foreach(case ${_cases})
    get_filename_component(name ${case} NAME_WE)
    oc_dialect_flags(${name} _flags _skip)
    if(_skip)
      add_test(NAME verify-${id}-${name}
               COMMAND ${CMAKE_COMMAND} -E echo "${name}: the dialect's headers are not installed")
      set_tests_properties(verify-${id}-${name} PROPERTIES SKIP_RETURN_CODE 0)
      continue()
    endif()
    add_test(NAME verify-${id}-${name}
             COMMAND ordercheck --verify ${case} ${_flags}
             WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
  endforeach()
  # two-files/ and other subdirectories: one test over all their files
  # together, for the pairing rules (writer and reader in different TUs)
  file(GLOB _subdirs LIST_DIRECTORIES true ${dir}/*)
  foreach(sub ${_subdirs})
    if(NOT IS_DIRECTORY ${sub})
      continue()
    endif()
    get_filename_component(subname ${sub} NAME)
    file(GLOB _files ${sub}/*.c)
    if(NOT _files)
      continue()
    endif()
    add_test(NAME verify-${id}-${subname}
             COMMAND ordercheck --verify ${_files}
             WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
  endforeach()
  if(EXISTS ${dir}/fix.expected)
    add_test(NAME fix-${id}
             COMMAND ${OC_TESTCASES}/harness/compare-output.sh ${dir}/fix.expected
                     $<TARGET_FILE:ordercheck> --fix-diff -W${id} testcases/${id}/bad.c
             WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
  endif()
  # __rcu-annotated cases: sparse must agree with the expectations
  file(GLOB _annotated ${dir}/annotated*.c)
  foreach(case ${_annotated})
    get_filename_component(name ${case} NAME_WE)
    if(SPARSE)
      add_test(NAME sparse-${id}-${name}
               COMMAND ${OC_TESTCASES}/harness/run-sparse.sh ${case}
               WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
    else()
      add_test(NAME sparse-${id}-${name} COMMAND ${CMAKE_COMMAND} -E echo "sparse not found")
      set_tests_properties(sparse-${id}-${name} PROPERTIES SKIP_RETURN_CODE 0)
    endif()
  endforeach()
  if(EXISTS ${CMAKE_SOURCE_DIR}/rules/${id}.cocci)
    foreach(mode report patch)
      if(EXISTS ${dir}/${mode}.expected)
        if(SPATCH)
          add_test(NAME cocci-${id}-${mode}
                   COMMAND ${OC_TESTCASES}/harness/run-cocci.sh ${mode} ${id}
                   WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
        else()
          add_test(NAME cocci-${id}-${mode} COMMAND ${CMAKE_COMMAND} -E echo "spatch not found")
          set_tests_properties(cocci-${id}-${mode} PROPERTIES SKIP_RETURN_CODE 0)
        endif()
      endif()
    endforeach()
  endif()
endforeach()

# rules/run-tree.sh's prefilter (the rules' Tokens and Require lines)
# keeps every file a rule reports on in testcases/ (fast, no spatch), and
# changes no report over all of testcases/ (-full: every rule twice).
add_test(NAME cocci-prefilter
         COMMAND ${OC_TESTCASES}/harness/cocci-prefilter.sh
         WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
add_test(NAME cocci-prefilter-full
         COMMAND ${OC_TESTCASES}/harness/cocci-prefilter.sh --full
         WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
set_tests_properties(cocci-prefilter-full PROPERTIES SKIP_RETURN_CODE 77 TIMEOUT 900)

# The catalogue: registry, testcases/<id>/, rule pages, README's rules
# table and rules/*.cocci agree (testcases/harness/catalogue.py).
find_program(OC_PYTHON3 python3)
if(OC_PYTHON3)
  add_test(NAME catalogue
           COMMAND ${OC_PYTHON3} ${OC_TESTCASES}/harness/catalogue.py
                   $<TARGET_FILE:ordercheck>)
else()
  add_test(NAME catalogue COMMAND ${CMAKE_COMMAND} -E echo "python3 not found")
  set_tests_properties(catalogue PROPERTIES SKIP_RETURN_CODE 0)
endif()

# A primitive behind a user macro (in the file, or in a header) is the
# same primitive: every rule case, rewritten so, gives the same findings
# and IR (testcases/harness/metamorphic_macros.py).
if(OC_PYTHON3)
  add_test(NAME metamorphic-macros
           COMMAND ${OC_PYTHON3} ${OC_TESTCASES}/harness/metamorphic_macros.py
                   $<TARGET_FILE:ordercheck> ${OC_TESTCASES})
endif()

# C11's atomics wrapped as real projects wrap them give the events and
# findings of the direct spelling: the same harness, its C11 rewrites
# alone on one rule's cases (fast: ~5 s). Named by token pasting, as
# mimalloc's mi_atomic(name) (C, D); C11's names defined over the GCC
# builtins where <stdatomic.h> is missing (E).
if(OC_PYTHON3)
  add_test(NAME metamorphic-c11-pasted
           COMMAND ${OC_PYTHON3} ${OC_TESTCASES}/harness/metamorphic_macros.py
                   --variants CD $<TARGET_FILE:ordercheck> ${OC_TESTCASES}
                   pair-missing-acquire)
  add_test(NAME metamorphic-c11-own
           COMMAND ${OC_PYTHON3} ${OC_TESTCASES}/harness/metamorphic_macros.py
                   --variants E $<TARGET_FILE:ordercheck> ${OC_TESTCASES}
                   pair-missing-acquire)
endif()

# checker/src's folders include each other one way only.
if(OC_PYTHON3)
  add_test(NAME include-graph
           COMMAND ${OC_PYTHON3} ${OC_TESTCASES}/harness/include_graph.py
                   ${CMAKE_SOURCE_DIR}/checker/src)
  set_tests_properties(include-graph PROPERTIES LABELS fast)
endif()

# The bundled real input of the README's first command.
add_test(NAME example-linux-6.1-excerpts
         COMMAND ${OC_TESTCASES}/harness/compare-output.sh
                 ${CMAKE_SOURCE_DIR}/examples/linux-6.1-excerpts.expected
                 $<TARGET_FILE:ordercheck> examples/linux-6.1-excerpts.c
         WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})

# The vocabulary's rows as events (testcases/dump-ir): --dump-ir of one
# file per API group (wait/wake, RCU lists, refcounts, locks, bit locks,
# seqcounts, per-CPU) against its .expected.
file(GLOB _dump_ir_cases ${OC_TESTCASES}/dump-ir/*.c)
foreach(case ${_dump_ir_cases})
  get_filename_component(name ${case} NAME_WE)
  add_test(NAME dump-ir-${name}
           COMMAND ${OC_TESTCASES}/harness/compare-output.sh
                   ${OC_TESTCASES}/dump-ir/${name}.expected
                   $<TARGET_FILE:ordercheck> --dump-ir testcases/dump-ir/${name}.c
           WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
endforeach()

# Command-line behaviour: bad input, isolation, output stability; non-utf8:
# bytes that are not UTF-8 quoted in every output format, LSP included;
# verify-*: --verify itself, on inputs that must fail it as well as pass.
foreach(case unknown-flag unknown-rule no-files missing-file missing-database
        malformed-database file-not-in-database does-not-parse clean-exit-zero
        header-once blanked-bodies stable-order crash-loses-one-file timeout-loses-one-file
        json non-utf8 fix-in-place explain opt-in-remarks report-special-file
        verify-notes verify-header verify-known-to-fail output-is-input
        herd-missing binary-input publish-no-reader)
  add_test(NAME cli-${case}
           COMMAND ${OC_TESTCASES}/cli/run.sh $<TARGET_FILE:ordercheck> ${case})
endforeach()
# How the analysis grows with a TU's functions, in the build users run:
# under AddressSanitizer the same code grows 9.6x for 4x the functions
# (allocation costs that an uninstrumented build does not have), which
# says nothing of the algorithm.
if(NOT ORDERCHECK_SANITIZE)
  add_test(NAME cli-tu-linear
           COMMAND ${OC_TESTCASES}/cli/run.sh $<TARGET_FILE:ordercheck>
                   tu-linear)
endif()
# The table of bad input (cli/bad_inputs.py): baselines that are not,
# damaged facts stores, broken compile databases, untracked files under
# --changed-since; each row its exit status and message.
if(OC_PYTHON3)
  add_test(NAME cli-bad-inputs
           COMMAND ${OC_PYTHON3} ${OC_TESTCASES}/cli/bad_inputs.py
                   $<TARGET_FILE:ordercheck>)
  set_tests_properties(cli-bad-inputs PROPERTIES TIMEOUT 300)
  # the sources build with a user's -fsanitize=address,undefined -O1 too
  add_test(NAME cli-user-cflags
           COMMAND ${OC_PYTHON3} ${OC_TESTCASES}/cli/user_cflags.py
                   ${CMAKE_BINARY_DIR})
  set_tests_properties(cli-user-cflags PROPERTIES LABELS slow TIMEOUT 900)
endif()

# The html report (report/report_test.py): testcases of every family as a
# page, its structure read by python (fast), then by headless Chromium with
# scripts on and off and as a screenshot (77: no chromium, skipped).
if(OC_PYTHON3)
  add_test(NAME report-html
           COMMAND ${OC_PYTHON3} ${OC_TESTCASES}/report/report_test.py
                   $<TARGET_FILE:ordercheck> structure
           WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
  add_test(NAME report-chromium
           COMMAND ${OC_PYTHON3} ${OC_TESTCASES}/report/report_test.py
                   $<TARGET_FILE:ordercheck> chromium
           WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
  set_tests_properties(report-chromium PROPERTIES SKIP_RETURN_CODE 77
                       TIMEOUT 300)
  # the page's details, one test each (report/html_items_test.py)
  foreach(item tabs fixit labels outcome c11 paths errors)
    add_test(NAME report-html-${item}
             COMMAND ${OC_PYTHON3} ${OC_TESTCASES}/report/html_items_test.py
                     $<TARGET_FILE:ordercheck> ${item}
             WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
  endforeach()
endif()

# What CI uses: SARIF (validated), code quality, fingerprints, suppressions,
# baselines, --fail-on, --changed-since. 77: a tool is missing, skipped.
foreach(case sarif-valid sarif-validator-catches fingerprints-survive-moves
        codeclimate suppressions baseline fail-on changed-since
        changed-since-config changed-since-names changed-since-unreadable
        with-sparse with-cocci)
  add_test(NAME ci-${case}
           COMMAND ${OC_TESTCASES}/ci/run.sh $<TARGET_FILE:ordercheck> ${case})
  set_tests_properties(ci-${case} PROPERTIES SKIP_RETURN_CODE 77)
endforeach()

# ordercheck as kbuild's CHECK= on a real Linux 6.1 tree (77: no
# linux-source-6.1 tarball, skipped). The tree lives in the build dir.
add_test(NAME kbuild-linux-6.1
         COMMAND ${OC_TESTCASES}/kbuild/run.sh $<TARGET_FILE:ordercheck>
                 ${CMAKE_BINARY_DIR}/linux-kbuild)
set_tests_properties(kbuild-linux-6.1 PROPERTIES SKIP_RETURN_CODE 77 TIMEOUT 1200)

# The language server (testcases/lsp): a scripted client on real pipes,
# alone and wrapping the real clangd, and Neovim's own LSP client.
# 77: clangd, nvim or python3 is missing, skipped.
add_test(NAME lsp-unit COMMAND ordercheck_lsp_unit_tests)
set_tests_properties(lsp-unit PROPERTIES TIMEOUT 60)
foreach(case standalone lifecycle bad-input commands encodings compile-commands
        worker-crash recheck recheck-headers recheck-main recheck-whole wrap wrap-bad-input wrap-commands clangd-dies
        editor-wrapper)
  if(OC_PYTHON3)
    add_test(NAME lsp-${case}
             COMMAND ${OC_PYTHON3} ${OC_TESTCASES}/lsp/test_lsp.py
                     $<TARGET_FILE:ordercheck> ${case})
    set_tests_properties(lsp-${case} PROPERTIES SKIP_RETURN_CODE 77 TIMEOUT 300)
  else()
    add_test(NAME lsp-${case} COMMAND ${CMAKE_COMMAND} -E echo "python3 not found")
    set_tests_properties(lsp-${case} PROPERTIES SKIP_RETURN_CODE 0)
  endif()
endforeach()
add_test(NAME lsp-neovim
         COMMAND ${OC_TESTCASES}/lsp/run-nvim.sh $<TARGET_FILE:ordercheck>)
set_tests_properties(lsp-neovim PROPERTIES SKIP_RETURN_CODE 77 TIMEOUT 300)

# The facts store and the pairing pass around it (testcases/facts):
# unchanged files not parsed again, invalidation, merging, bad stores,
# litmus tests (syntax-checked when linux-kernel.def is at hand), --herd.
foreach(case reuse touched header-changed one-file-pairs-with-store
        command-changed merge shard pair-only memo memo-null pair-timeout pair-cap two-cwds corrupt-store litmus herd
        header-callee-order header-context
        duplicate-entry stale-row unreadable-row foreign-store old-schema-store)
  add_test(NAME facts-${case}
           COMMAND ${OC_TESTCASES}/facts/run.sh $<TARGET_FILE:ordercheck> ${case})
  set_tests_properties(facts-${case} PROPERTIES SKIP_RETURN_CODE 77)
endforeach()
set_tests_properties(facts-herd PROPERTIES ENVIRONMENT "${OC_HERD7_ENV}" LABELS herd7)

# integration/ci's GitHub workflow and GitLab job, their steps run here on a
# small C project in a git repository (testcases/ci-integration). 77: git,
# cmake, a C compiler, python3 or PyYAML is missing, skipped.
foreach(case github-sarif gitlab-codeclimate changed-since baseline
        missing-database github-sharded gitlab-sharded)
  add_test(NAME ci-integration-${case}
           COMMAND ${OC_TESTCASES}/ci-integration/run.sh $<TARGET_FILE:ordercheck> ${case})
  set_tests_properties(ci-integration-${case} PROPERTIES SKIP_RETURN_CODE 77)
endforeach()

# litmus_check.py, our syntax checker for litmus tests (testcases/litmus), on
# Linux 6.1's litmus tests and linux-kernel.def out of the linux-source-6.1
# tarball (extracted once into the build dir), on broken files that must
# fail with the expected error, and on our own C11 and LKMM files.
# 77: no tarball or no python3, skipped.
foreach(case corpus negative good)
  add_test(NAME litmus-${case}
           COMMAND ${OC_TESTCASES}/litmus/run.sh ${case} ${CMAKE_BINARY_DIR}/litmus-corpus)
  set_tests_properties(litmus-${case} PROPERTIES SKIP_RETURN_CODE 77 TIMEOUT 300)
endforeach()

# The herd7 verdict table, checker/src/vocab/verdicts.def (written by
# tools/verdicts/gen-verdicts.py; testcases/verdicts/run.sh): regenerated
# with herd7 it is the committed one (label slow: 1325 herd7 tests, 5 to
# 10 s); it agrees with the kernel's own litmus tests, and herd7 with
# those tests' "Result:" lines, and with those of the rules' own
# testcases/<id>/*.litmus (rules-herd); litmus_check.py accepts every generated
# test; it compiles. The kernel's model comes from the linux-source-6.1
# tarball, as for litmus-*. 77: no herd7 or no tarball, skipped (the
# herd7 ones fail instead when herd7 is required).
foreach(case table kernel kernel-herd rules-herd parse compile)
  add_test(NAME verdicts-${case}
           COMMAND ${OC_TESTCASES}/verdicts/run.sh ${case} ${CMAKE_BINARY_DIR}/litmus-corpus)
  set_tests_properties(verdicts-${case} PROPERTIES SKIP_RETURN_CODE 77 TIMEOUT 300
                       ENVIRONMENT "${OC_HERD7_ENV}")
endforeach()
set_tests_properties(verdicts-kernel-herd verdicts-rules-herd PROPERTIES LABELS herd7)
set_tests_properties(verdicts-table PROPERTIES LABELS "herd7;slow" TIMEOUT 600)

# scripts/add-rule.sh in a copy of the checkout: the skeleton builds, the
# catalogue stays whole, only the new bad.c fails (testcases/add-rule).
# 77: no git, cmake, a C compiler or python3, skipped.
add_test(NAME add-rule COMMAND ${OC_TESTCASES}/add-rule/run.sh)
set_tests_properties(add-rule PROPERTIES SKIP_RETURN_CODE 77 TIMEOUT 1800)

# Building and installing it as a user does (testcases/install): -Werror
# only where asked for.
add_test(NAME install-werror COMMAND ${OC_TESTCASES}/install/werror.sh)
set_tests_properties(install-werror PROPERTIES SKIP_RETURN_CODE 77)
# cmake --install into a scratch prefix, then every format, --with-cocci
# and kbuild mode from there, the source and build trees hidden.
add_test(NAME install-tree
         COMMAND ${OC_TESTCASES}/install/run.sh ${CMAKE_BINARY_DIR})
set_tests_properties(install-tree PROPERTIES SKIP_RETURN_CODE 77)
# ordercheck(1), installed, whole: every option and rule
add_test(NAME install-man
         COMMAND ${OC_TESTCASES}/install/man.sh ${CMAKE_BINARY_DIR})
set_tests_properties(install-man PROPERTIES SKIP_RETURN_CODE 77)
# LICENSE, the licence the sources name, installed
add_test(NAME install-license
         COMMAND ${OC_TESTCASES}/install/license.sh ${CMAKE_BINARY_DIR})
set_tests_properties(install-license PROPERTIES SKIP_RETURN_CODE 77)
# cpack -G DEB, installed by dpkg into a scratch root, run from there
add_test(NAME install-deb
         COMMAND ${OC_TESTCASES}/install/deb.sh ${CMAKE_BINARY_DIR})
set_tests_properties(install-deb PROPERTIES SKIP_RETURN_CODE 77)

# Labels: fast (seconds each: make check, ctest -L fast) and slow (make
# check-all runs both). Slow is a test of more than about 10 s or one that
# runs a heavy outside program: a Linux tree or the linux-source tarball,
# the SARIF validator, clangd or Neovim, spatch over every rule, a build.
# The figures: ctest -j1 on 2 CPUs shared with a kernel build. A test that
# matches nothing here is fast (verdicts-kernel, -kernel-herd, -parse,
# -compile: 0.4 to 4 s once the tarball is extracted).
set(OC_SLOW_TESTS
  "^kbuild-"                                       # 9 min preparing the tree, then ~1 min
  "^ci-integration-"                               # CI steps on a git project: 9-47 s
  "^ci-with-cocci$"                                # spatch, every rule: 68 s
  "^cocci-prefilter-full$"                         # spatch, every rule twice: 2-4 min
  "^ci-sarif-"                                     # the .NET SARIF validator: 6-10 s
  "^litmus-"                                       # the tarball, extracted; negative: 27 s
  "^lsp-(wrap|wrap-.*|clangd-dies|editor-wrapper|neovim)$"  # clangd, Neovim
  "^add-rule$"                                     # builds a copy: minutes
  "^metamorphic-macros$"                           # 6 runs per case: ~2 min
  "^report-chromium$"                              # 4 Chromium starts: ~15-30 s
  "^install-deb$"                                  # cpack (make preinstall), dpkg: 10-30 s
)
# Labels given where a test is added are kept (herd7), and one labelled
# slow there (verdicts-table) stays slow.
get_property(_tests DIRECTORY PROPERTY TESTS)
foreach(t ${_tests})
  get_test_property(${t} LABELS _labels)
  if(NOT _labels)
    set(_labels "")
  endif()
  if(NOT "slow" IN_LIST _labels)
    set(_speed fast)
    foreach(re ${OC_SLOW_TESTS})
      if(t MATCHES "${re}")
        set(_speed slow)
      endif()
    endforeach()
    list(APPEND _labels ${_speed})
  endif()
  set_tests_properties(${t} PROPERTIES LABELS "${_labels}")
endforeach()

# The dialects' repros (testcases/<id>/repro-<dialect>.c: liburcu, CK,
# DPDK), their primitives run for real against the installed library, bad
# and fixed, a few seconds each (testcases/harness/check-repro.sh): the
# fixed build must never show the outcome it forbids; the bad build must
# show it where the CPU can (repro-shows: outcome, x86-64), else its count
# is printed. 77: the library is not installed, skipped.
file(GLOB _dialect_repros CONFIGURE_DEPENDS ${OC_TESTCASES}/*/repro-*.c)
foreach(repro ${_dialect_repros})
  get_filename_component(_dir ${repro} DIRECTORY)
  get_filename_component(id ${_dir} NAME)
  get_filename_component(name ${repro} NAME_WE)
  string(REGEX REPLACE "^repro-" "" name ${name})
  add_test(NAME repro-${id}-${name}
           COMMAND ${OC_TESTCASES}/harness/check-repro.sh ${repro}
                   ${CMAKE_BINARY_DIR}/repro-test)
  set_tests_properties(repro-${id}-${name} PROPERTIES LABELS fast
                       SKIP_RETURN_CODE 77 TIMEOUT 120 RUN_SERIAL TRUE)
endforeach()

# The R shape's repro as a test too: x86-64's TSO shows its outcome (a
# later load passing an earlier store), so its builds are held to the
# same bar. The other kernel repros run through `make repro` only.
add_test(NAME repro-r-needs-order
         COMMAND ${OC_TESTCASES}/harness/check-repro.sh
                 ${OC_TESTCASES}/r-needs-order/repro.c
                 ${CMAKE_BINARY_DIR}/repro-test)
set_tests_properties(repro-r-needs-order PROPERTIES LABELS fast
                     TIMEOUT 120 RUN_SERIAL TRUE)

# liburcu's own code as installed (scripts/urcu-real-code.sh, judged in
# rules/FINDINGS-urcu.md): no warning; skipped without liburcu-dev.
add_test(NAME urcu-real-code
         COMMAND ${CMAKE_SOURCE_DIR}/scripts/urcu-real-code.sh $<TARGET_FILE:ordercheck>)
set_tests_properties(urcu-real-code PROPERTIES LABELS fast SKIP_RETURN_CODE 77)
