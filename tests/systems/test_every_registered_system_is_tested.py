"""A system registered is a system tested (issue 25, 5): the tests that run "every system" take
the names from the registry (``xl_ratings.systems.SYSTEMS``), so a fifth federation runs
through them; the tests that need per-system data fail here until the fifth has its own --
never skipped silently."""

import ast
from pathlib import Path

import pytest

from xl_ratings.systems import REGISTRY, SYSTEMS

TESTS = Path(__file__).resolve().parents[1]


def test_the_registry_names_each_system_by_its_record():
    assert SYSTEMS == tuple(REGISTRY) and all(REGISTRY[n].name == n for n in SYSTEMS)


@pytest.mark.parametrize("system", SYSTEMS)
def test_every_registered_system_has_its_end_to_end_test(system):
    """tests/e2e/test_<system>_end_to_end.py: a period built by hand, numbers worked from SPEC.md."""
    path = TESTS / "e2e" / f"test_{system}_end_to_end.py"
    assert path.exists(), f"{system} is registered: write {path.relative_to(TESTS.parent)}"
    tree = ast.parse(path.read_text(encoding="utf-8"))
    assert any(isinstance(n, ast.FunctionDef) and n.name.startswith("test_") for n in tree.body)


def _rulebooks_tested(path: Path) -> set[str]:
    """The rulebook modules a test file imports from ``xl_ratings.systems`` and uses in a test."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    imported = {a.asname or a.name for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)
                and n.module == "xl_ratings.systems" for a in n.names}
    used = {n.id for f in tree.body if isinstance(f, ast.FunctionDef) and f.name.startswith("test_")
            for n in ast.walk(f) if isinstance(n, ast.Name)}
    return imported & used & set(SYSTEMS)


@pytest.mark.parametrize("path", ["systems/test_spec_worked_examples.py", "systems/test_rule_tables_match_spec.py",
                                  "systems/test_rating_invariants.py"])
def test_every_registered_rulebook_has_its_spec_tests(path):
    """The worked examples, rule tables and invariants of SPEC.md: each registered rulebook in
    each file (a fifth system fails here until its SPEC section is tested)."""
    assert sorted(_rulebooks_tested(TESTS / path)) == sorted(SYSTEMS)


def test_the_rating_lists_expected_per_system_cover_the_registry():
    """What each system's numbers can fill in the rating-list layouts (tests/view/): one entry a system."""
    from test_rating_list_exports import FILLS

    assert sorted(FILLS) == sorted(SYSTEMS)
