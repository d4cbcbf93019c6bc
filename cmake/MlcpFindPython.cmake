# Finds what the Python package (adapters/python_binding) builds with: a Python 3 interpreter with its
# headers (FindPython3, Development.Module) and pybind11's CMake package (Debian pybind11-dev).
# Sets MLCP_PYTHON_FOUND, and MLCP_PYTHON_EXECUTABLE (cached) for the tests.
#
# The interpreter is Debian's /usr/bin/python3 when it exists: python3-numpy, -scipy, -pandas,
# -dask and -matplotlib are installed for it, and a python3 earlier on PATH (pyenv's) has none of
# them. -DPython3_EXECUTABLE=PATH chooses another.
if(NOT DEFINED Python3_EXECUTABLE AND EXISTS /usr/bin/python3)
  set(Python3_EXECUTABLE /usr/bin/python3)
endif()
find_package(Python3 3.8 QUIET COMPONENTS Interpreter Development.Module)
if(Python3_FOUND)
  set(PYBIND11_FINDPYTHON ON)  # pybind11 uses the Python3 found above
  find_package(pybind11 2.6 CONFIG QUIET)
endif()
if(Python3_FOUND AND pybind11_FOUND)
  set(MLCP_PYTHON_FOUND TRUE)
  set(MLCP_PYTHON_EXECUTABLE ${Python3_EXECUTABLE} CACHE INTERNAL "Interpreter of the Python tests")
else()
  set(MLCP_PYTHON_FOUND FALSE)
endif()
