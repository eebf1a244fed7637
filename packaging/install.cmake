# SPDX-License-Identifier: GPL-2.0
# cmake --install: the binary and, under share/ordercheck, what it reads
# (packaging/layout.cmake): the model headers, the Coccinelle rules, and
# each rule's page (testcases/<id>/README.md, the html report's links) with
# the cases it quotes and the docs it links to; and the man page.
install(TARGETS ordercheck RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(DIRECTORY ${CMAKE_SOURCE_DIR}/checker/include/
        DESTINATION ${ORDERCHECK_INSTALL_DATADIR}/include)
file(GLOB _cocci CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/rules/*.cocci)
install(FILES ${_cocci} DESTINATION ${ORDERCHECK_INSTALL_DATADIR}/cocci)
# a rule's folder is the one with a page and a bad case; the harness's,
# the CLI's and the editor's folders are tests, not pages
file(GLOB _pages CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/testcases/*/README.md)
foreach(p ${_pages})
  get_filename_component(_dir ${p} DIRECTORY)
  get_filename_component(_id ${_dir} NAME)
  if(EXISTS ${_dir}/bad.c)
    install(DIRECTORY ${_dir}/ DESTINATION ${ORDERCHECK_INSTALL_DATADIR}/rules/${_id}
            FILES_MATCHING PATTERN README.md PATTERN *.c)
  endif()
endforeach()
file(GLOB _docs CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/docs/*.md)
install(FILES ${_docs} DESTINATION ${ORDERCHECK_INSTALL_DATADIR}/docs)

# ordercheck(1), from the built binary's --help and --list-rules
set(_man ${CMAKE_BINARY_DIR}/share/man/man1/ordercheck.1)
add_custom_command(OUTPUT ${_man}
  COMMAND ${CMAKE_COMMAND} -E make_directory ${CMAKE_BINARY_DIR}/share/man/man1
  COMMAND sh ${CMAKE_SOURCE_DIR}/packaging/manpage.sh $<TARGET_FILE:ordercheck> ${_man}
  DEPENDS ordercheck ${CMAKE_SOURCE_DIR}/packaging/manpage.sh
  COMMENT "Writing ordercheck(1) from --help and --list-rules")
add_custom_target(manpage ALL DEPENDS ${_man})
install(FILES ${_man} DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)

# the licence, and the same in the form Debian packages carry it
install(FILES ${CMAKE_SOURCE_DIR}/LICENSE ${CMAKE_SOURCE_DIR}/packaging/copyright
        DESTINATION ${CMAKE_INSTALL_DOCDIR})
