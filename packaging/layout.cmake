# SPDX-License-Identifier: GPL-2.0
# Where the binary finds its files: share/ordercheck as seen from bin/
# (ORDERCHECK_DATA_REL, checker/src/datadir.c), the same in an install and
# in the build tree, so that no path of this machine is compiled in.
#
#   PREFIX/bin/ordercheck                        BUILD/bin/ordercheck
#   PREFIX/share/ordercheck/include/ordercheck/  BUILD/share/ordercheck/include -> checker/include
#   PREFIX/share/ordercheck/cocci/*.cocci        BUILD/share/ordercheck/cocci -> rules
#   PREFIX/share/ordercheck/rules/<id>/          BUILD/share/ordercheck/rules -> testcases
#   PREFIX/share/ordercheck/docs/                BUILD/share/ordercheck/docs -> docs
#
# BUILD/ordercheck links to bin/ordercheck, where scripts and users have
# always run it. The build tree's entries are links into the sources, so
# an edited model header or rule is seen without building.
include(GNUInstallDirs)
set(ORDERCHECK_INSTALL_DATADIR ${CMAKE_INSTALL_DATADIR}/ordercheck)
file(RELATIVE_PATH ORDERCHECK_DATA_REL ${CMAKE_INSTALL_FULL_BINDIR}
     ${CMAKE_INSTALL_FULL_DATADIR}/ordercheck)

# the build tree's bin/, and share/ordercheck where bin/ sees it
set(ORDERCHECK_BUILD_BINDIR ${CMAKE_BINARY_DIR}/bin)
get_filename_component(ORDERCHECK_BUILD_DATADIR
                       ${ORDERCHECK_BUILD_BINDIR}/${ORDERCHECK_DATA_REL} ABSOLUTE)
string(FIND "${ORDERCHECK_BUILD_DATADIR}/" "${CMAKE_BINARY_DIR}/" _in_build)
if(NOT _in_build EQUAL 0)
  message(FATAL_ERROR "CMAKE_INSTALL_BINDIR and CMAKE_INSTALL_DATADIR put "
                      "share/ordercheck at ${ORDERCHECK_DATA_REL} from bin/, "
                      "outside a build tree laid out the same way")
endif()

# name -> the source folder the build tree links it to
set(_data_links include=checker/include cocci=rules rules=testcases docs=docs)
file(MAKE_DIRECTORY ${ORDERCHECK_BUILD_DATADIR} ${ORDERCHECK_BUILD_BINDIR})
foreach(l ${_data_links})
  string(REPLACE "=" ";" l ${l})
  list(GET l 0 _name)
  list(GET l 1 _src)
  file(REMOVE ${ORDERCHECK_BUILD_DATADIR}/${_name})
  file(CREATE_LINK ${CMAKE_SOURCE_DIR}/${_src}
       ${ORDERCHECK_BUILD_DATADIR}/${_name} SYMBOLIC)
endforeach()
file(REMOVE ${CMAKE_BINARY_DIR}/ordercheck)
file(RELATIVE_PATH _bin ${CMAKE_BINARY_DIR} ${ORDERCHECK_BUILD_BINDIR}/ordercheck)
file(CREATE_LINK ${_bin} ${CMAKE_BINARY_DIR}/ordercheck SYMBOLIC)
