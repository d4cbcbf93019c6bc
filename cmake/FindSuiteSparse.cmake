# Finds the parts of SuiteSparse the sparse solvers use: CHOLMOD (sparse Cholesky, its
# update/downdate and row add/delete) and KLU (sparse LU that refactors without allocating),
# from Debian's libsuitesparse-dev (5.x, which ships no CMake package). Defines
#   SuiteSparse_FOUND, SuiteSparse_INCLUDE_DIR, SuiteSparse_LIBRARIES (library files, so that an
#   installed static libmlcp links them without this module),
#   and the imported target SuiteSparse::SuiteSparse (include directory and libraries).
find_path(SuiteSparse_INCLUDE_DIR cholmod.h PATH_SUFFIXES suitesparse)
find_library(SuiteSparse_CHOLMOD_LIBRARY NAMES cholmod)
find_library(SuiteSparse_KLU_LIBRARY NAMES klu)
find_library(SuiteSparse_CONFIG_LIBRARY NAMES suitesparseconfig)

include(FindPackageHandleStandardArgs)
find_package_handle_standard_args(SuiteSparse
  REQUIRED_VARS SuiteSparse_INCLUDE_DIR SuiteSparse_CHOLMOD_LIBRARY SuiteSparse_KLU_LIBRARY
                SuiteSparse_CONFIG_LIBRARY)

if(SuiteSparse_FOUND)
  set(SuiteSparse_LIBRARIES ${SuiteSparse_KLU_LIBRARY} ${SuiteSparse_CHOLMOD_LIBRARY}
                            ${SuiteSparse_CONFIG_LIBRARY})
  if(NOT TARGET SuiteSparse::SuiteSparse)
    add_library(SuiteSparse::SuiteSparse INTERFACE IMPORTED)
    set_target_properties(SuiteSparse::SuiteSparse PROPERTIES
      INTERFACE_INCLUDE_DIRECTORIES "${SuiteSparse_INCLUDE_DIR}"
      INTERFACE_LINK_LIBRARIES "${SuiteSparse_LIBRARIES}")
  endif()
endif()
mark_as_advanced(SuiteSparse_INCLUDE_DIR SuiteSparse_CHOLMOD_LIBRARY SuiteSparse_KLU_LIBRARY
                 SuiteSparse_CONFIG_LIBRARY)
