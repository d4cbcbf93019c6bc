# Installs the build tree into a prefix, then configures, builds and runs test/install/consumer
# against it, asking for the components in COMPONENTS (comma-separated: those built, compare and
# the adapters); then checks that asking for an adapter that was not installed fails
# find_package with a message naming it; when the Python package was built (PYTHON set), imports
# the installed one and solves with it. Variables: BUILD_DIR, SOURCE_DIR, WORK_DIR, COMPONENTS,
# and PYTHON (the interpreter) with PYTHON_DIR (MLCP_PYTHON_INSTALL_DIR) or neither.
cmake_minimum_required(VERSION 3.22)  # script mode: today's policies (IN_LIST)
file(REMOVE_RECURSE ${WORK_DIR})
string(REPLACE "," ";" components "${COMPONENTS}")

# run(<command...>): runs it and stops the test with its output when it fails.
function(run)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE result OUTPUT_VARIABLE out ERROR_VARIABLE out)
  if(NOT result EQUAL 0)
    message(FATAL_ERROR "failed (${result}): ${ARGN}\n${out}")
  endif()
  message(STATUS "${out}")
endfunction()

# configure(<build dir> <components> <result var> <output var>): configures the consumer.
function(configure dir components result_var output_var)
  execute_process(COMMAND ${CMAKE_COMMAND} -S ${SOURCE_DIR}/test/install/consumer -B ${dir}
                          -DCMAKE_PREFIX_PATH=${WORK_DIR}/prefix -DCMAKE_BUILD_TYPE=Release
                          "-DMLCP_CONSUMER_COMPONENTS=${components}"
                  RESULT_VARIABLE result OUTPUT_VARIABLE out ERROR_VARIABLE out)
  set(${result_var} ${result} PARENT_SCOPE)
  set(${output_var} "${out}" PARENT_SCOPE)
endfunction()

run(${CMAKE_COMMAND} --install ${BUILD_DIR} --prefix ${WORK_DIR}/prefix --component Unspecified)

configure(${WORK_DIR}/build "${components}" result out)
if(NOT result EQUAL 0)
  message(FATAL_ERROR "configuring the consumer with COMPONENTS ${components} failed:\n${out}")
endif()
run(${CMAKE_COMMAND} --build ${WORK_DIR}/build)
run(${WORK_DIR}/build/consumer)
if(compare IN_LIST components)
  run(${WORK_DIR}/build/compare_run)
endif()
foreach(framework IN ITEMS bullet dart ode_world)
  if(framework IN_LIST components)
    run(${WORK_DIR}/build/${framework}_world)
  endif()
endforeach()

configure(${WORK_DIR}/build-missing "absent" result out)
if(result EQUAL 0 OR NOT out MATCHES "installed without the adapter 'absent'")
  message(FATAL_ERROR "find_package(mlcp COMPONENTS absent) did not fail as expected:\n${out}")
endif()
message(STATUS "find_package(mlcp REQUIRED COMPONENTS absent) fails as expected")

if(PYTHON)
  set(package ${WORK_DIR}/prefix/${PYTHON_DIR}/mlcp)
  foreach(file IN ITEMS __init__.py _core.pyi py.typed batch/__main__.py)
    if(NOT EXISTS ${package}/${file})
      message(FATAL_ERROR "the installed Python package lacks ${file} (in ${package})")
    endif()
  endforeach()
  # One statement per line: run() passes its arguments on as a list, which a ';' would split.
  run(${CMAKE_COMMAND} -E env PYTHONPATH=${WORK_DIR}/prefix/${PYTHON_DIR} PYTHONDONTWRITEBYTECODE=1
      ${PYTHON} -c "import mlcp, mlcp.batch
assert mlcp.__file__.startswith('${WORK_DIR}'), mlcp.__file__
r = mlcp.solve(mlcp.random_problem(n=24), 'dantzig')
assert r.succeeded, r
print('installed', mlcp.__name__, 'solves:', r)")
endif()
