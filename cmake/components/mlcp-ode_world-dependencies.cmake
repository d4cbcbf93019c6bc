# find_package(mlcp COMPONENTS ode_world): mlcp::adapter_ode_world links PkgConfig::MLCP_ODE, Debian's
# double-precision ODE (pkg-config module ode of libode-dev). Clears mlcp_ode_world_FOUND when it
# is missing.
find_package(PkgConfig QUIET)
if(PkgConfig_FOUND)
  pkg_check_modules(MLCP_ODE QUIET IMPORTED_TARGET ode)
endif()
if(NOT TARGET PkgConfig::MLCP_ODE)
  set(mlcp_ode_world_FOUND FALSE)
  set(mlcp_ode_world_NOT_FOUND_REASON
      "mlcp::adapter_ode_world needs pkg-config and its module ode (Debian libode-dev)")
endif()
