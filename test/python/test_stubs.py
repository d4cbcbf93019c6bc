"""The type stubs (mlcp/_core.pyi, installed with the package) declare exactly what the
extension module has: every public name, every public member of every class."""

import ast
import pathlib

import mlcp
from mlcp import _core


def stub_tree() -> ast.Module:
    return ast.parse((pathlib.Path(_core.__file__).parent / "_core.pyi").read_text())


def declared(body) -> set:
    names = set()
    for node in body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names.add(node.target.id)
        elif isinstance(node, ast.Assign):
            names.update(t.id for t in node.targets if isinstance(t, ast.Name))
    return {n for n in names if not n.startswith("_")}


STUB_ONLY = {"ArrayLike", "Path", "Matrix"}  # type aliases of the stub itself


def test_every_public_name_is_declared():
    module = {n for n in dir(_core) if not n.startswith("_")}
    assert declared(stub_tree().body) - STUB_ONLY == module


def test_every_public_member_of_every_class_is_declared():
    for node in stub_tree().body:
        if not isinstance(node, ast.ClassDef):
            continue
        cls = getattr(_core, node.name)
        if node.name == "Status":
            assert declared(node.body) == set(cls.__members__)
            continue
        if issubclass(cls, BaseException):
            continue
        members = {n for n in dir(cls) if not n.startswith("_")}
        assert declared(node.body) == members, node.name


def test_the_package_exports_the_module():
    assert {n for n in mlcp.__all__ if n not in ("dynamics", "solver_options")} <= set(dir(_core))
    assert set(mlcp.dynamics.__all__) <= set(dir(_core))
