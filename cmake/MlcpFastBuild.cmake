# Compile time (docs/build-times.md). With MLCP_FAST_BUILD (the default) a library compiles its
# sources in unity batches (CMake's UNITY_BUILD: a few .cpp files per compilation, so that Eigen's
# and fmt's headers are parsed and their templates instantiated and optimised once per batch) and
# with a precompiled header of the third-party and standard headers its sources include. Off, every
# source compiles on its own and includes only what it names, which is the build that shows a
# missing #include.
option(MLCP_FAST_BUILD "Unity builds and precompiled headers (docs/build-times.md)" ON)
set(MLCP_UNITY_BATCH_SIZE 8 CACHE STRING "Sources per unity compilation with MLCP_FAST_BUILD")

# The headers of the precompiled header of every library: the standard library's most included
# headers, Eigen and fmt.
set(MLCP_PCH_COMMON_HEADERS
    <algorithm> <cmath> <cstdint> <functional> <limits> <memory> <optional> <stdexcept> <string>
    <string_view> <utility> <vector> <Eigen/Core> <fmt/format.h>)

# mlcp_fast_build(<target> [NO_PCH] [HEADERS <header>...] [SKIP <source>...]): compiles <target> in
# unity batches with a precompiled header of MLCP_PCH_COMMON_HEADERS and HEADERS (third-party
# headers that most of its sources include). NO_PCH: unity batches only, for a target of one or two
# batches, where building the precompiled header costs what it saves. SKIP lists the sources that
# must compile alone and without the precompiled header (their own compile options, or macros set
# before their includes).
function(mlcp_fast_build target)
  cmake_parse_arguments(ARG "NO_PCH" "" "HEADERS;SKIP" ${ARGN})
  if(NOT MLCP_FAST_BUILD)
    return()
  endif()
  set_target_properties(${target} PROPERTIES UNITY_BUILD ON
                                             UNITY_BUILD_BATCH_SIZE ${MLCP_UNITY_BATCH_SIZE})
  if(NOT ARG_NO_PCH)
    target_precompile_headers(${target} PRIVATE ${MLCP_PCH_COMMON_HEADERS} ${ARG_HEADERS})
  endif()
  if(ARG_SKIP)
    set_source_files_properties(${ARG_SKIP} TARGET_DIRECTORY ${target}
                                PROPERTIES SKIP_UNITY_BUILD_INCLUSION ON
                                           SKIP_PRECOMPILE_HEADERS ON)
  endif()
endfunction()
