# find_package(mlcp COMPONENTS bullet): mlcp::adapter_bullet links PkgConfig::MLCP_BULLET, Debian's
# double-precision Bullet (pkg-config module bullet-float64 of libbullet-dev, which also defines
# BT_USE_DOUBLE_PRECISION for its users). Clears mlcp_bullet_FOUND when it is missing.
find_package(PkgConfig QUIET)
if(PkgConfig_FOUND)
  pkg_check_modules(MLCP_BULLET QUIET IMPORTED_TARGET bullet-float64)
endif()
if(NOT TARGET PkgConfig::MLCP_BULLET)
  set(mlcp_bullet_FOUND FALSE)
  set(mlcp_bullet_NOT_FOUND_REASON
      "mlcp::adapter_bullet needs pkg-config and its module bullet-float64 (Debian libbullet-dev)")
endif()
