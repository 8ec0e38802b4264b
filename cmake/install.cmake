# What `cmake --install` puts where (GNUInstallDirs): the program, the core library and its
# headers, the plugins, the bundled variants and DATC case files, the CMake package, a pkg-config
# file and the documentation. The layout is relative: the installed tree can be moved.
include(CMakePackageConfigHelpers)

install(TARGETS dipadj_core EXPORT dipadjTargets
        LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
        INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(DIRECTORY core/include/dipadj DESTINATION ${CMAKE_INSTALL_INCLUDEDIR} FILES_MATCHING PATTERN "*.hpp" PATTERN "*.h")
install(FILES ${PROJECT_BINARY_DIR}/core/include/dipadj/version.hpp DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/dipadj)

install(DIRECTORY variants/ DESTINATION ${DIPADJ_INSTALL_VARIANTS_DIR})
install(DIRECTORY datc/ DESTINATION ${DIPADJ_INSTALL_DATC_DIR})
install(DIRECTORY docs/ DESTINATION ${CMAKE_INSTALL_DOCDIR})
install(FILES README.md LICENSE NOTICE CHANGELOG.md DESTINATION ${CMAKE_INSTALL_DOCDIR})

# The CMake package: find_package(dipadj CONFIG) gives dipadj::core and dipadj_add_plugin().
install(EXPORT dipadjTargets NAMESPACE dipadj:: DESTINATION ${DIPADJ_INSTALL_CMAKE_DIR})
configure_package_config_file(cmake/dipadjConfig.cmake.in ${PROJECT_BINARY_DIR}/dipadjConfig.cmake
                              INSTALL_DESTINATION ${DIPADJ_INSTALL_CMAKE_DIR}
                              PATH_VARS DIPADJ_INSTALL_PLUGIN_DIR DIPADJ_INSTALL_VARIANTS_DIR)
# While the major version is 0, a minor version may break the interface: only the same minor is compatible.
write_basic_package_version_file(${PROJECT_BINARY_DIR}/dipadjConfigVersion.cmake
                                 COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/dipadjConfig.cmake ${PROJECT_BINARY_DIR}/dipadjConfigVersion.cmake
              cmake/dipadjPlugin.cmake
        DESTINATION ${DIPADJ_INSTALL_CMAKE_DIR})

# pkg-config: the prefix is found from the .pc file's own place, so this too survives a move.
file(RELATIVE_PATH dipadj_pc_to_prefix "/prefix/${CMAKE_INSTALL_LIBDIR}/pkgconfig" "/prefix")
string(REGEX REPLACE "/$" "" dipadj_pc_to_prefix "${dipadj_pc_to_prefix}")
configure_file(cmake/dipadj.pc.in ${PROJECT_BINARY_DIR}/dipadj.pc @ONLY)
install(FILES ${PROJECT_BINARY_DIR}/dipadj.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
