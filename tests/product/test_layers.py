"""The layers you can see in the tree, enforced (issues 8 and 15, STYLE 1).

Every module's imports (module level and inside functions) are read with
``ast`` and checked against the rules of its folder:

* ``systems`` (rulebook math and period engines): nothing of the package but
  itself, ``errors`` and the message catalogue; the standard library only;
* ``engine`` (inputs, settings, ledger, periods, run): no files, no Excel, no
  words: never ``files`` (but its file-name rules), ``xlsx``, ``excel``,
  ``view``, ``jobs``, ``cli``, nor openpyxl, xlwings, calamine, pandas or numpy;
* ``view`` (facts -> sheets, JSON, HTML): never ``files``, ``xlsx``, ``excel``, ``jobs``, ``cli``;
* ``i18n`` (labels, the message machinery and catalogue, scripts): only itself (``errors`` is above it);
* ``importers`` (source files -> the neutral Tournament): never files of ours, Excel, the CLI,
  nor the workbook pipeline; of the files layer only :mod:`xl_ratings.files.source` (bounded reads,
  the zip limits);
* ``intake`` (the workbook pipeline: tournaments -> rows to append): of the importers only their
  output (:mod:`xl_ratings.importers.model`) and the formats' records; no file, no I/O library;
* ``files`` (path guards, atomic writes, the lock, sniffing): the standard
  library and ``errors`` only;
* ``xlsx`` (the OOXML codec): never ``jobs``, ``publish``, ``excel``, ``cli``;
* ``authoring`` (templates): never ``jobs``, ``publish``, ``excel``, ``cli``;
* ``publish`` (site, PDF): never ``jobs``, ``excel``, ``cli``;
* ``jobs`` (the use cases): everything but the front ends (``excel``, ``cli``);
* ``excel`` (functions, one click): never the CLI; of ``jobs`` only the pure use cases it shares
  with the command line (:data:`PYODIDE_SAFE_JOBS`), which import no file adapter
  (:func:`test_the_jobs_one_click_shares_are_pure`).
* ``libreoffice`` (the Calc extension): the Excel surface and what it uses, never ``jobs`` but through
  ``excel``, nor the file readers (openpyxl, calamine, pandas, NumPy).

And no import circle anywhere in the package (:func:`test_no_import_circle`).
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

from xl_ratings.excel import SHARED_JOBS

PKG = Path(__file__).resolve().parents[2] / "xl_ratings"
IO_LIBS = {"openpyxl", "xlwings", "python_calamine", "pandas", "numpy", "pyarrow"}

# folder -> (package parts it may import, third-party libraries it must not import; None = stdlib only)
RULES: dict[str, tuple[set[str], set[str] | None]] = {
    "systems": ({"systems", "errors", "i18n"}, None),
    "engine": ({"engine", "systems", "errors", "i18n", "files"}, IO_LIBS),
    "i18n": ({"i18n"}, IO_LIBS | {"pypinyin", "jinja2"}),
    "view": ({"view", "engine", "systems", "errors", "i18n"}, IO_LIBS),
    "importers": ({"importers", "engine", "systems", "errors", "i18n", "files"}, {"xlwings"}),
    "intake": ({"intake", "importers", "engine", "systems", "errors", "i18n"}, IO_LIBS),
    "files": ({"files", "errors"}, None),
    "xlsx": ({"xlsx", "files", "engine", "systems", "errors", "i18n", "view", "importers", "intake"}, set()),
    "authoring": ({"authoring", "xlsx", "files", "engine", "systems", "errors", "i18n", "view"}, set()),
    "publish": ({"publish", "xlsx", "files", "engine", "systems", "errors", "i18n", "view"}, {"xlwings"}),
    "jobs": ({"jobs", "authoring", "publish", "xlsx", "files", "importers", "intake", "engine", "systems", "errors",
              "i18n", "view"}, {"xlwings"}),
    "excel": ({"excel", "jobs", "engine", "systems", "errors", "i18n", "view", "importers", "intake", "files"}, set()),
    # the LibreOffice extension: the Excel surface's code run in LibreOffice's Python (build.py: the .oxt)
    "libreoffice": ({"libreoffice", "excel", "engine", "systems", "errors", "i18n", "view", "importers", "intake",
                     "files"}, IO_LIBS),
}
#: narrower rules inside a permitted folder: (folder, imported folder) -> the only modules allowed
ONLY: dict[tuple[str, str], tuple[str, ...]] = {
    ("systems", "i18n"): ("xl_ratings.i18n.catalogue",),     # the rulebooks' messages
    ("engine", "files"): ("xl_ratings.files.names",),        # file-name rules its messages quote
    ("importers", "files"): ("xl_ratings.files.source",),    # a source read within bounds, zips within limits
    # the parsers' output (and the formats' records) is all the workbook pipeline takes from the parsers
    ("intake", "importers"): ("xl_ratings.importers.model", "xl_ratings.importers.formats"),
    # the use cases one click shares (they load under Pyodide): rating the periods, importing
    ("excel", "jobs"): tuple(f"xl_ratings.jobs.{m}" for m in SHARED_JOBS),
}
#: the jobs modules the Excel surface may import: pure use cases (tables of cells in, edits and
#: problems out) that load under xlwings Lite (Pyodide) and from LibreOffice: never the file
#: adapters (files, xlsx, publish, authoring), nor a jobs module that uses them
PYODIDE_SAFE_JOBS = ONLY[("excel", "jobs")]
FILE_LAYERS = {"files", "xlsx", "publish", "authoring"}
TOP = {"__init__", "errors", "cli", "udfs"}   # modules at the top of the package


def _type_only(tree: ast.AST) -> set[ast.AST]:
    """The import nodes inside ``if TYPE_CHECKING:`` blocks (seen by the type checker only)."""
    out: set[ast.AST] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            out |= {n for stmt in node.body for n in ast.walk(stmt) if isinstance(n, (ast.Import, ast.ImportFrom))}
    return out


def imports(path: Path, type_only: bool = True) -> set[str]:
    """Absolute names imported by a module (relative imports resolved); ``type_only`` False:
    without the imports the type checker alone sees (``if TYPE_CHECKING:``)."""
    rel = path.relative_to(PKG.parent).with_suffix("")
    parts = list(rel.parts)
    package = parts[:-1] if parts[-1] != "__init__" else parts[:-1]
    if parts[-1] == "__init__":
        package = parts[:-1]
    out = set()
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skipped = set() if type_only else _type_only(tree)
    for node in ast.walk(tree):
        if node in skipped:
            continue
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
                elif (folder, part) in ONLY and not name.startswith(ONLY[folder, part]):
                    problems.append(f"{path.relative_to(PKG)} imports {name} (only {ONLY[folder, part]})")
            elif head and head != "__future__":
                if banned is None and head not in sys.stdlib_module_names:
                    problems.append(f"{path.relative_to(PKG)} imports {name} (standard library only)")
                elif banned and head in banned:
                    problems.append(f"{path.relative_to(PKG)} imports {name}")
    assert problems == []


def test_the_jobs_one_click_shares_are_pure():
    """excel/ imports only the Pyodide-safe jobs modules, and they import no file adapter, no
    third-party I/O library and no other jobs module but each other."""
    problems = []
    for module in PYODIDE_SAFE_JOBS:
        path = PKG.parent / (module.replace(".", "/") + ".py")
        for name in imports(path):
            parts = name.split(".")
            if parts[0] == "xl_ratings" and len(parts) > 1 and (
                    parts[1] in FILE_LAYERS or (parts[1] == "jobs" and not name.startswith(PYODIDE_SAFE_JOBS))):
                problems.append(f"{module} imports {name}")
            elif parts[0] in IO_LIBS:
                problems.append(f"{module} imports {name}")
    assert problems == []
    loaded = _loaded_after("import " + ", ".join(PYODIDE_SAFE_JOBS))
    assert IO_LIBS.isdisjoint(loaded) and not {"openpyxl", "python_calamine", "rich", "jinja2"} & set(loaded)


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


def _module_name(path: Path) -> str:
    return ".".join(path.relative_to(PKG.parent).with_suffix("").parts).removesuffix(".__init__")


def _graph(type_only: bool = False, parents: bool = False) -> dict[str, set[str]]:
    """module -> the package modules it imports (anywhere in it), names resolved to modules.

    ``type_only``: the imports only the type checker sees (``if TYPE_CHECKING:``) count too;
    ``parents``: importing ``a.b.c`` runs the packages ``a`` and ``a.b`` first, so they count
    as imported too (but the importer's own packages, already running)."""
    modules = {_module_name(p) for p in PKG.rglob("*.py")}
    graph = {}
    for path in PKG.rglob("*.py"):
        me = _module_name(path)
        deps = set()
        for name in imports(path, type_only=type_only):
            # "pkg.mod.name" -> the longest module prefix
            parts = name.split(".")
            for k in range(len(parts), 0, -1):
                if ".".join(parts[:k]) in modules:
                    deps.add(".".join(parts[:k]))
                    if parents:
                        deps |= {".".join(parts[:j]) for j in range(2, k)}
                    break
        deps.discard(me)
        graph[me] = {d for d in deps if not me.startswith(d + ".") and d != "xl_ratings"}
    return graph


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components with more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in graph.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))
    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def test_no_import_circle():
    """No two modules import each other, directly or through others (imports inside functions count:
    a circle there is a tangle of responsibilities even when Python tolerates it)."""
    assert _cycles(_graph()) == []


def test_the_circle_check_can_fail():
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert _cycles({"a": {"b"}, "b": set()}) == []


# --------------------------------------------------------------------------- issue 25: order, circles, names

#: The layers, bottom first: a module imports only from its own layer or the layers below
#: (an arrow that runs up is a layer that knows of its users).  ``errors`` stands on the
#: message machinery of ``i18n``; ``intake`` (the workbook pipeline) on the parsers' output.
ORDER = ("i18n", "errors", "files", "systems", "engine", "view", "importers", "intake", "xlsx", "authoring",
         "publish", "jobs", "excel", "libreoffice", "cli", "udfs", "__init__")


def _layer(module: str) -> str:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else "__init__"


def upward_arrows(graph: dict[str, set[str]]) -> list[str]:
    """Every import (type-only ones too) from a module to a module of a higher layer."""
    rank = {layer: i for i, layer in enumerate(ORDER)}
    return sorted(f"{a} -> {b}" for a, deps in graph.items() for b in deps
                  if rank[_layer(b)] > rank[_layer(a)])


def test_every_layer_has_its_place():
    layers = {_layer(m) for m in _graph()}
    assert layers == set(ORDER), f"layers without a place in ORDER: {layers - set(ORDER)}"


def test_no_arrow_runs_up_the_layers():
    """Nothing imports from a layer above its own, not even for the type checker alone."""
    assert upward_arrows(_graph(type_only=True, parents=True)) == []


def test_no_circle_even_for_the_type_checker():
    """No circle between modules counting the imports inside ``if TYPE_CHECKING:`` too (a type-only
    circle is a tangle of responsibilities all the same), nor through the packages an import runs."""
    assert _cycles(_graph(type_only=True)) == []
    assert _cycles(_graph(type_only=True, parents=True)) == []


def test_the_order_and_circle_checks_can_fail(tmp_path, monkeypatch):
    assert upward_arrows({"xl_ratings.errors": {"xl_ratings.engine.run"}, "xl_ratings.engine.run": set()}) == [
        "xl_ratings.errors -> xl_ratings.engine.run"]
    assert upward_arrows({"xl_ratings.engine.run": {"xl_ratings.errors"}}) == []
    # a package whose only circle is a type-only one, as systems/ had (base <-> records)
    fake = tmp_path / "xl_ratings"
    (fake / "systems").mkdir(parents=True)
    for name, text in {"__init__.py": "", "systems/__init__.py": "", "errors.py": "",
                       "systems/base.py": "from .records import Player\n",
                       "systems/records.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
                                             "    from .base import System\nfrom ..errors import x\n"}.items():
        (fake / name).write_text(text)
    monkeypatch.setattr(sys.modules[__name__], "PKG", fake)
    assert _cycles(_graph()) == []
    assert _cycles(_graph(type_only=True)) == [["xl_ratings.systems.base", "xl_ratings.systems.records"]]
    (fake / "errors.py").write_text("from .systems import base\n")     # an arrow up, through a package
    assert "xl_ratings.errors -> xl_ratings.systems" in upward_arrows(_graph(parents=True))


def private_crossings() -> list[str]:
    """Names with a leading underscore (not dunders) taken from another module of the package: by
    ``from m import _x``, or as ``m._x`` of a module imported by name."""
    out = []
    for path in sorted(PKG.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        modules = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and (node.level or (node.module or "").startswith("xl_ratings")):
                for a in node.names:
                    if a.name.startswith("_") and not a.name.startswith("__"):
                        out.append(f"{path.relative_to(PKG)}: {a.name}")
                    modules.add(a.asname or a.name)
            elif isinstance(node, ast.Import):
                modules |= {a.asname or a.name for a in node.names if a.name.startswith("xl_ratings")}
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in modules:
                if node.attr.startswith("_") and not node.attr.startswith("__"):
                    out.append(f"{path.relative_to(PKG)}: {node.value.id}.{node.attr}")
    return out


def test_no_private_name_crosses_modules():
    """A module's private names are its own: what another module needs is public (issue 25)."""
    assert private_crossings() == []


def test_the_private_name_check_can_fail(tmp_path, monkeypatch):
    fake = tmp_path / "xl_ratings"
    fake.mkdir()
    (fake / "a.py").write_text("from .b import _hidden\nfrom . import c\nc._inner()\nc.__name__\n")
    monkeypatch.setattr(sys.modules[__name__], "PKG", fake)
    assert private_crossings() == ["a.py: _hidden", "a.py: c._inner"]


def test_the_architecture_page_lists_the_layers_in_their_order():
    """docs/architecture.md's folder listing is :data:`ORDER`, bottom first: the page says what the test checks."""
    text = (PKG.parent / "docs" / "architecture.md").read_text(encoding="utf-8")
    block = text.split("```\nxl_ratings/\n", 1)[1].split("```", 1)[0]
    listed = [m.rstrip("/").removesuffix(".py") for m in (ln.split()[0] for ln in block.splitlines()
                                                           if ln.startswith("  ") and not ln.startswith("   "))]
    assert listed == [layer for layer in ORDER if layer != "__init__"]
