# How other builds find the installed runtime: pkg-config files (asrt: the
# allocator and the helpers; asrt_core: the helpers alone) and a CMake
# package, find_package(asrt) giving asrt::asrt and asrt::asrt_core (and
# their static forms asrt::asrt_static, asrt::asrt_core_static).
include(CMakePackageConfigHelpers)

# The pkg-config files find the prefix from where they are installed, so
# `cmake --install --prefix P` of any build works; multiarch libdirs too.
file(RELATIVE_PATH ASRT_PC_TO_PREFIX ${CMAKE_INSTALL_FULL_LIBDIR}/pkgconfig ${CMAKE_INSTALL_PREFIX})
string(REGEX REPLACE "/$" "" ASRT_PC_TO_PREFIX "${ASRT_PC_TO_PREFIX}")
set(ASRT_PC_LIBS_PRIVATE "-pthread")
if(CMAKE_DL_LIBS)
  string(APPEND ASRT_PC_LIBS_PRIVATE " -l${CMAKE_DL_LIBS}")
endif()
foreach(pc asrt asrt_core)
  if(TARGET ${pc})
    configure_file(${CMAKE_CURRENT_SOURCE_DIR}/${pc}.pc.in ${CMAKE_CURRENT_BINARY_DIR}/${pc}.pc @ONLY)
    install(FILES ${CMAKE_CURRENT_BINARY_DIR}/${pc}.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
  endif()
endforeach()

set(ASRT_CMAKE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/asrt)
install(EXPORT asrtTargets NAMESPACE asrt:: DESTINATION ${ASRT_CMAKE_DIR})
configure_package_config_file(${CMAKE_CURRENT_SOURCE_DIR}/asrtConfig.cmake.in
  ${CMAKE_CURRENT_BINARY_DIR}/asrtConfig.cmake INSTALL_DESTINATION ${ASRT_CMAKE_DIR})
write_basic_package_version_file(${CMAKE_CURRENT_BINARY_DIR}/asrtConfigVersion.cmake
  VERSION ${PROJECT_VERSION} COMPATIBILITY SameMajorVersion)
install(FILES ${CMAKE_CURRENT_BINARY_DIR}/asrtConfig.cmake ${CMAKE_CURRENT_BINARY_DIR}/asrtConfigVersion.cmake
  DESTINATION ${ASRT_CMAKE_DIR})
