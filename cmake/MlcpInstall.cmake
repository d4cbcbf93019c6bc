# Installs the libraries and a CMake package so that another project can do
#   find_package(mlcp CONFIG REQUIRED)
#   target_link_libraries(app PRIVATE mlcp::mlcp)
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

set(MLCP_INSTALL_CMAKEDIR ${CMAKE_INSTALL_LIBDIR}/cmake/mlcp)

install(EXPORT mlcpTargets NAMESPACE mlcp:: DESTINATION ${MLCP_INSTALL_CMAKEDIR})
configure_package_config_file(${PROJECT_SOURCE_DIR}/cmake/mlcpConfig.cmake.in
                              ${PROJECT_BINARY_DIR}/mlcpConfig.cmake
                              INSTALL_DESTINATION ${MLCP_INSTALL_CMAKEDIR})
write_basic_package_version_file(${PROJECT_BINARY_DIR}/mlcpConfigVersion.cmake
                                 COMPATIBILITY SameMajorVersion)
install(FILES ${PROJECT_BINARY_DIR}/mlcpConfig.cmake ${PROJECT_BINARY_DIR}/mlcpConfigVersion.cmake
        DESTINATION ${MLCP_INSTALL_CMAKEDIR})
