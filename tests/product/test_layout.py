"""The tests' own layout (tests/README.md): the tests mirror the package, and every test module
can be imported by its basename from any folder (tests/conftest.py puts every folder on
``sys.path``; pytest's default import mode names a module by its basename)."""

from collections import Counter
from pathlib import Path

TESTS = Path(__file__).resolve().parents[1]
PKG = TESTS.parent / "xl_ratings"


def test_no_test_module_stands_flat_in_tests():
    """A test goes in the folder of the layer it tests (tests/README.md), none in tests/ itself."""
    assert sorted(p.name for p in TESTS.glob("test_*.py")) == []


def test_test_basenames_are_unique_across_the_folders():
    """Two test_x.py in two folders would be one module to pytest (no __init__.py): the second
    fails to import, or one test module imports the other's helpers by mistake."""
    names = Counter(p.name for p in TESTS.rglob("test_*.py"))
    assert {n: c for n, c in names.items() if c > 1} == {}


def test_every_test_folder_is_a_package_layer_or_a_whole_product_folder():
    """tests/<folder> is a layer of xl_ratings/ (tests/systems/ for xl_ratings/systems/ ...) or
    one of the folders for what crosses them all (tests/README.md)."""
    layers = {p.name for p in PKG.iterdir() if p.is_dir() and (p / "__init__.py").exists()}
    whole = {"e2e", "product", "benchmarks"}
    folders = {p.parent.relative_to(TESTS).parts[0] for p in TESTS.rglob("test_*.py") if p.parent != TESTS}
    assert folders - layers - whole == set(), "a test folder that mirrors no layer: name it after one"
