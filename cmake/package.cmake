# CPack: `cpack -G DEB` in the build directory makes a Debian package of what `cmake --install`
# installs (the program, the library, headers, plugins, variants, DATC files, CMake package).
set(CPACK_PACKAGE_NAME dipadj)
set(CPACK_PACKAGE_VENDOR "the dipadj team")
set(CPACK_PACKAGE_CONTACT "the dipadj team <dipadj@users.noreply.github.com>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "${PROJECT_DESCRIPTION}")
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_RESOURCE_FILE_LICENSE ${PROJECT_SOURCE_DIR}/LICENSE)
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION games)
set(CPACK_DEBIAN_PACKAGE_HOMEPAGE ${PROJECT_HOMEPAGE_URL})
# The shared libraries the program, the core and the plugins need, as dpkg-shlibdeps finds them.
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
# Building plugins or programs against the installed headers needs these too.
set(CPACK_DEBIAN_PACKAGE_SUGGESTS "libboost-dev (>= 1.74), nlohmann-json3-dev (>= 3.10), cmake (>= 3.25)")
include(CPack)
