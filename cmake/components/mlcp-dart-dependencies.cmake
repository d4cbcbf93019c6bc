# find_package(mlcp COMPONENTS dart): mlcp::adapter_dart links DART 6's target dart (Debian
# libdart-dev). Clears mlcp_dart_FOUND when it is missing.
find_package(DART 6.12 QUIET CONFIG)
if(NOT TARGET dart)
  set(mlcp_dart_FOUND FALSE)
  set(mlcp_dart_NOT_FOUND_REASON "mlcp::adapter_dart needs DART 6.12 or later (Debian libdart-dev)")
endif()
