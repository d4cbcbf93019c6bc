#!/usr/bin/env bash
# The Python package as users install it: `pip install --no-build-isolation .` (pyproject.toml,
# setup.py) into a fresh virtual environment over Debian's Python, then the import and the
# Python tests against that install, not the build tree's PYTHONPATH. The wheel is packed from
# the configured build folder BUILD_DIR (MLCP_CMAKE_BUILD_DIR: its mlcp_python target is brought
# up to date, nothing else compiles); the tests take the command line and the C++ reference
# program from it. No network: --no-index, and numpy etc. come from Debian's site-packages.
# test_cluster.py is left out: its dask-worker processes run Debian's dask-worker script, which
# imports mlcp from PYTHONPATH, not from the environment (ctest runs it on the build tree).
#
#   test/python/installed_package.sh BUILD_DIR [VENV_DIR]
set -euo pipefail
build=$(realpath "${1:?usage: installed_package.sh BUILD_DIR [VENV_DIR]}")
source_dir=$(realpath "$(dirname "$0")/../..")
venv=${2:-$(mktemp -d)/venv}
rm -rf "$venv"
/usr/bin/python3 -m venv --system-site-packages "$venv"
venv=$(realpath "$venv")
(cd "$source_dir" && MLCP_CMAKE_BUILD_DIR="$build" \
  "$venv/bin/pip" install --quiet --no-index --no-build-isolation .)
cd /  # nothing named mlcp on sys.path but the installed package
env -u PYTHONPATH "$venv/bin/python" - "$venv" <<'END'
import sys, mlcp
assert mlcp.__file__.startswith(sys.argv[1]), mlcp.__file__
print("installed mlcp", mlcp.__version__, "from", mlcp.__file__)
END
cd "$source_dir/test/python"
env -u PYTHONPATH OMP_NUM_THREADS=1 OPENBLAS_NUM_THREADS=1 MKL_NUM_THREADS=1 \
  PYTHONDONTWRITEBYTECODE=1 MLCP_SHARED_DATA="$source_dir/../shared/data" \
  MLCP_CLI="$build/apps/mlcp/mlcp" MLCP_CPP_SOLUTIONS="$build/test/python/mlcp_test_cpp_solutions" \
  "$venv/bin/python" -m pytest -q -p no:cacheprovider --ignore=test_cluster.py .
