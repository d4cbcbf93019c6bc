# Installs the CMake package so that another project can do
#   find_package(mlcp CONFIG REQUIRED [COMPONENTS compare bullet dart ode verosim])
#   target_link_libraries(app PRIVATE mlcp::mlcp [mlcp::compare mlcp::adapter_bullet ...])
# The libraries install themselves into the export set mlcpTargets; the components have their
# own export sets (libcompare/CMakeLists.txt, cmake/MlcpInstallAdapter.cmake).
include(CMakePackageConfigHelpers)

install(EXPORT mlcpTargets NAMESPACE mlcp:: DESTINATION ${MLCP_INSTALL_CMAKEDIR})
configure_package_config_file(${PROJECT_SOURCE_DIR}/cmake/mlcpConfig.cmake.in
                              ${PROJECT_BINARY_DIR}/mlcpConfig.cmake
                              INSTALL_DESTINATION ${MLCP_INSTALL_CMAKEDIR})
write_basic_package_version_file(${PROJECT_BINARY_DIR}/mlcpConfigVersion.cmake
                                 COMPATIBILITY SameMajorVersion)
install(FILES ${PROJECT_BINARY_DIR}/mlcpConfig.cmake ${PROJECT_BINARY_DIR}/mlcpConfigVersion.cmake
        DESTINATION ${MLCP_INSTALL_CMAKEDIR})
