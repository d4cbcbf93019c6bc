"""Fixtures of the Python package's tests: the shared problem files (skipped when absent), the
built command line and the C++ reference program (both given by ctest's environment)."""

import os
import pathlib

import pytest


def _path_from_environment(variable: str) -> pathlib.Path:
    value = os.environ.get(variable)
    if not value:
        pytest.skip(f"{variable} is not set (run through ctest)")
    return pathlib.Path(value)


@pytest.fixture(scope="session")
def shared_data() -> pathlib.Path:
    """../shared/data of the checkout; tests that read it skip when it is absent."""
    path = _path_from_environment("MLCP_SHARED_DATA")
    if not path.is_dir():
        pytest.skip(f"{path} is absent")
    return path


@pytest.fixture(scope="session")
def captured(shared_data: pathlib.Path) -> list:
    """The problems captured from Bullet and DART (BLCP files), sorted."""
    files = sorted((shared_data / "captured").rglob("*.blcp"))
    if not files:
        pytest.skip("no captured problems in the shared data")
    return files


@pytest.fixture(scope="session")
def cli() -> pathlib.Path:
    """The built `mlcp` command line."""
    return _path_from_environment("MLCP_CLI")


@pytest.fixture(scope="session")
def cpp_solutions() -> pathlib.Path:
    """test/python/cpp_solutions.cpp, built."""
    return _path_from_environment("MLCP_CPP_SOLUTIONS")
