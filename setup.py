"""Builds the extension module mlcp._core with the project's CMake build, as pybind11's
cmake_example does: build_ext configures (unless MLCP_CMAKE_BUILD_DIR names a configured build
folder, which it reuses) and builds the target mlcp_python, then copies the module into the
wheel; setuptools adds the pure-Python package adapters/python_binding/mlcp (pyproject.toml).

    pip install --no-build-isolation .                            # configures its own build
    MLCP_CMAKE_BUILD_DIR=build pip install --no-build-isolation .  # reuses build/

CMAKE_BUILD_PARALLEL_LEVEL sets the build's jobs (default: the processors), CMAKE_ARGS adds
configure options (e.g. "-DMLCP_ADAPTER_DART=OFF").
"""

import os
import re
import shlex
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

SOURCE_DIR = Path(__file__).resolve().parent


def project_version() -> str:
    """The version of project(mlcp VERSION x.y.z) in CMakeLists.txt, the one place it is set."""
    text = (SOURCE_DIR / "CMakeLists.txt").read_text()
    match = re.search(r"project\(\s*mlcp\s+VERSION\s+([0-9.]+)", text)
    if match is None:
        raise RuntimeError("CMakeLists.txt: no project(mlcp VERSION x.y.z) to read the version")
    return match.group(1)


class CMakeExtension(Extension):
    """An extension module that CMake builds (no sources for setuptools to compile)."""

    def __init__(self, name: str, target: str) -> None:
        super().__init__(name, sources=[])
        self.target = target


class CMakeBuild(build_ext):
    """build_ext as a CMake configure + build of the extension's target."""

    def build_extension(self, ext: CMakeExtension) -> None:
        reused = os.environ.get("MLCP_CMAKE_BUILD_DIR")
        if reused:
            build_dir = Path(reused).resolve()
            cache = build_dir / "CMakeCache.txt"
            if not cache.is_file():
                raise RuntimeError(f"MLCP_CMAKE_BUILD_DIR={reused}: not a configured CMake build "
                                   "folder (no CMakeCache.txt); configure it first or unset it")
            if not re.search(r"^MLCP_PYTHON:BOOL=ON$", cache.read_text(), re.MULTILINE):
                raise RuntimeError(f"MLCP_CMAKE_BUILD_DIR={reused}: the folder does not build the "
                                   "Python package (MLCP_PYTHON is not ON in its CMakeCache.txt)")
        else:
            build_dir = Path(self.build_temp).resolve() / "cmake"
            build_dir.mkdir(parents=True, exist_ok=True)
            self.configure(build_dir)
        jobs = os.environ.get("CMAKE_BUILD_PARALLEL_LEVEL", str(os.cpu_count() or 1))
        subprocess.run(["cmake", "--build", str(build_dir), "--target", ext.target, "-j", jobs],
                       check=True)
        built = build_dir / "adapters" / "python_binding" / "mlcp" / self.module_file_name(ext)
        if not built.is_file():
            raise RuntimeError(f"{built} was not built: the build folder's Python "
                               f"(MLCP_PYTHON) must be {sys.executable}'s version "
                               f"({sysconfig.get_config_var('EXT_SUFFIX')})")
        destination = Path(self.get_ext_fullpath(ext.name))
        destination.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(built, destination)

    def configure(self, build_dir: Path) -> None:
        """A build of the Python package alone, for this interpreter, with every adapter whose
        framework is found (the peers' solvers)."""
        arguments = [
            "cmake", "-S", str(SOURCE_DIR), "-B", str(build_dir),
            "-DCMAKE_BUILD_TYPE=Release",
            f"-DPython3_EXECUTABLE={sys.executable}",
            "-DMLCP_PYTHON=ON",
            "-DMLCP_BUILD_APPS=OFF", "-DMLCP_BUILD_TESTS=OFF", "-DMLCP_BUILD_BENCHMARKS=OFF",
        ]
        arguments += shlex.split(os.environ.get("CMAKE_ARGS", ""))
        subprocess.run(arguments, check=True)

    def module_file_name(self, ext: CMakeExtension) -> str:
        """_core.cpython-311-x86_64-linux-gnu.so: the module's file name for this interpreter."""
        return Path(self.get_ext_filename(ext.name)).name


setup(
    version=project_version(),
    ext_modules=[CMakeExtension("mlcp._core", target="mlcp_python")],
    cmdclass={"build_ext": CMakeBuild},
    options={"build": {"build_base": "build/python-wheel"}, "egg_info": {"egg_base": "build"}},
)
