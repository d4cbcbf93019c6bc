# mlcp_install_adapter(<name> [EXPORT <set>]): installs mlcp_adapter_<name>, exported as
# mlcp::adapter_<name>, and its headers mlcp/adapters/<name>/. With EXPORT the target joins that
# export set (adapters/common joins mlcpTargets). Without it the adapter is the package component
# <name>: its own mlcp-<name>-targets.cmake, which find_package(mlcp COMPONENTS <name>) loads after
# cmake/components/mlcp-<name>-dependencies.cmake (the framework it links), when that file exists.
# An adapter that is not built is not installed, so asking for its component fails cleanly.
function(mlcp_install_adapter name)
  cmake_parse_arguments(ARG "" "EXPORT" "" ${ARGN})
  set(target mlcp_adapter_${name})
  set(export ${ARG_EXPORT})
  if(NOT export)
    set(export mlcp_${name}Targets)
  endif()
  set_target_properties(${target} PROPERTIES EXPORT_NAME adapter_${name})
  install(TARGETS ${target} EXPORT ${export}
          ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
          LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
          RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
  install(DIRECTORY ${CMAKE_CURRENT_SOURCE_DIR}/include/mlcp/adapters/${name}
          DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/mlcp/adapters)
  if(ARG_EXPORT)
    return()
  endif()
  install(EXPORT ${export} NAMESPACE mlcp:: DESTINATION ${MLCP_INSTALL_CMAKEDIR}
          FILE mlcp-${name}-targets.cmake)
  set(dependencies ${PROJECT_SOURCE_DIR}/cmake/components/mlcp-${name}-dependencies.cmake)
  if(EXISTS ${dependencies})
    install(FILES ${dependencies} DESTINATION ${MLCP_INSTALL_CMAKEDIR})
  endif()
endfunction()
