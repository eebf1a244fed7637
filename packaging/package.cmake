# SPDX-License-Identifier: GPL-2.0
# cpack -G DEB (in the build tree): a Debian package of what
# packaging/install.cmake installs, under /usr. testcases/install/deb.sh
# builds and installs it, and checks the Depends below against what
# dpkg-shlibdeps says the binary links. They are named here rather than
# found by CPack's SHLIBDEPS, which runs file(1) on every installed file
# (a minute, for some 300 rule pages), and because one is no link: clang's
# builtin headers (stddef.h, stdatomic.h), which every parse needs from
# ORDERCHECK_RESOURCE_DIR, come with libclang-common-N-dev.
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME ordercheck)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_CONTACT "ordercheck developers <dev@ordercheck.invalid>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY
    "static checker for memory-ordering bugs in lockless C")
set(CPACK_DEBIAN_PACKAGE_DESCRIPTION
    "ordercheck finds memory-ordering bugs in lockless C: Linux-kernel code
(READ_ONCE/WRITE_ONCE, smp_* barriers, atomic_t, bitops, RCU), C11
<stdatomic.h> and GCC __atomic code, and userspace libraries written like
the kernel. It reads a build's compile_commands.json, checks each function,
pairs accesses across the tree by herd7's verdicts, and reports in clang's
format, SARIF, GitLab code quality or html; also as kbuild's checker.")
set(CPACK_RESOURCE_FILE_LICENSE ${CMAKE_SOURCE_DIR}/LICENSE)
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION devel)
set(ORDERCHECK_DEB_DEPENDS
    "libc6, libclang1-${LIBCLANG_MAJOR}, libclang-common-${LIBCLANG_MAJOR}-dev, libsqlite3-0, libjansson4"
    CACHE STRING "the Debian package's Depends")
set(CPACK_DEBIAN_PACKAGE_DEPENDS ${ORDERCHECK_DEB_DEPENDS})
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "coccinelle, sparse")
include(CPack)
