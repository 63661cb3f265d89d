"""The layers you can see in the tree, enforced (issue 8, STYLE 1).

Every module's imports (module level and inside functions) are read with
``ast`` and checked against the rules of its folder:

* ``systems`` (rulebook math and period engines): nothing of the package but
  itself and ``errors``; the standard library only;
* ``engine`` (inputs, settings, ledger, periods, run): no files, no Excel, no
  words: never ``workbook``, ``excel``, ``view``, ``cli``, nor openpyxl,
  xlwings, calamine, pandas or numpy;
* ``view`` (facts -> sheets, JSON, HTML): never ``workbook``, ``excel``, ``cli``;
* ``excel`` (functions, ranges, kernels, one click): never the CLI;
* ``workbook`` (read, write, safety, templates, game lists): never ``excel`` or ``cli``;
* ``importers`` (tournament files -> records to append): never files of ours, Excel, the CLI;
* ``i18n`` (labels, messages, scripts): only ``errors`` and itself.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

PKG = Path(__file__).resolve().parents[1] / "xl_ratings"
IO_LIBS = {"openpyxl", "xlwings", "python_calamine", "pandas", "numpy", "pyarrow"}

# folder -> (package parts it may import, third-party libraries it must not import; None = stdlib only)
RULES: dict[str, tuple[set[str], set[str] | None]] = {
    "systems": ({"systems", "errors"}, None),
    "engine": ({"engine", "systems", "errors", "i18n"}, IO_LIBS),
    "i18n": ({"i18n", "errors"}, IO_LIBS | {"pypinyin", "jinja2"}),
    "view": ({"view", "engine", "systems", "errors", "i18n"}, IO_LIBS),
    "excel": ({"excel", "engine", "systems", "errors", "i18n", "view", "importers"}, set()),
    "workbook": ({"workbook", "engine", "systems", "errors", "i18n", "view", "importers"}, set()),
    "publish": ({"publish", "workbook", "engine", "systems", "errors", "i18n", "view"}, {"xlwings"}),
    "importers": ({"importers", "engine", "systems", "errors", "i18n"}, {"xlwings"}),
}
TOP = {"__init__", "errors", "cli", "udfs"}   # modules at the top of the package


def imports(path: Path) -> set[str]:
    """Absolute names imported by a module (relative imports resolved)."""
    rel = path.relative_to(PKG.parent).with_suffix("")
    parts = list(rel.parts)
    package = parts[:-1] if parts[-1] != "__init__" else parts[:-1]
    if parts[-1] == "__init__":
        package = parts[:-1]
    out = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[:len(package) - node.level + 1]
                mod = ".".join(base + ([node.module] if node.module else []))
                if node.module is None:   # from . import x
                    out |= {f"{mod}.{a.name}" for a in node.names}
                else:
                    out.add(mod)
            else:
                out.add(node.module or "")
    return out


def folder_of(path: Path) -> str:
    rel = path.relative_to(PKG)
    return rel.parts[0] if len(rel.parts) > 1 else rel.stem


def test_every_folder_has_a_rule():
    folders = {p.name for p in PKG.iterdir() if p.is_dir() and (p / "__init__.py").exists()}
    assert folders <= set(RULES), f"folders without a layering rule: {folders - set(RULES)}"
    modules = {p.stem for p in PKG.glob("*.py")}
    assert modules <= TOP, f"top-level modules without a rule: {modules - TOP}"


def test_every_module_respects_its_layer():
    problems = []
    for path in sorted(PKG.rglob("*.py")):
        folder = folder_of(path)
        if folder not in RULES:
            continue
        allowed, banned = RULES[folder]
        for name in imports(path):
            head = name.split(".")[0]
            if head == "xl_ratings":
                part = name.split(".")[1] if "." in name else ""
                if part and part not in allowed and part != "__version__":
                    problems.append(f"{path.relative_to(PKG)} imports {name}")
            elif head and head != "__future__":
                if banned is None and head not in sys.stdlib_module_names:
                    problems.append(f"{path.relative_to(PKG)} imports {name} (standard library only)")
                elif banned and head in banned:
                    problems.append(f"{path.relative_to(PKG)} imports {name}")
    assert problems == []


def test_the_rules_can_fail():
    """The checker sees a forbidden import (guards against a checker that passes everything)."""
    assert "xl_ratings.systems.errors" not in imports(PKG / "systems" / "shanghai.py")
    assert "xl_ratings.errors" in imports(PKG / "systems" / "shanghai.py")
    assert "xl_ratings.engine.run" in imports(PKG / "view" / "sheets.py")


def _loaded_after(statement: str) -> list[str]:
    code = (f"import sys; before = set(sys.modules); {statement}; "
            "print(' '.join(sorted(m.split('.')[0] for m in set(sys.modules) - before)))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return out.stdout.split()


def test_math_imports_only_the_standard_library():
    loaded = _loaded_after("import xl_ratings.systems")
    foreign = sorted({m for m in loaded if m not in sys.stdlib_module_names and m != "xl_ratings"})
    assert foreign == []


def test_engine_imports_no_files_or_excel_library():
    loaded = _loaded_after("import xl_ratings.engine, xl_ratings.view.sheets, xl_ratings.view.export")
    assert IO_LIBS.isdisjoint(loaded)
