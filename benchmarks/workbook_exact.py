"""Byte for byte the same outputs: ``xl-ratings process`` on the benchmark workbooks
(benchmarks/bigbook.py, written by workbook_bench.py into ``--bench``), every template, the demo
workbooks and the templates with bad cells, formulas and hidden rows (their refusals); each run's
exit code and printed text, the SHA-256 of its JSON export and of every part of its output
workbook (the source stamp and the demo's creation times left out: they change by design), and
a second run over the output (its fingerprints compared).  Run before and after a change that
must not change a result, and compare:

    python benchmarks/workbook_exact.py before.json --bench /tmp/xl-ratings-bench
    ... the change ...
    python benchmarks/workbook_exact.py after.json --bench /tmp/xl-ratings-bench --against before.json
"""
import contextlib, hashlib, io, json, os, shutil, sys, zipfile, tempfile
from pathlib import Path
os.environ["XL_RATINGS_TODAY"] = "2026-12-31"
from xl_ratings.cli import main

repo = Path(__file__).resolve().parents[1]
out_manifest = Path(sys.argv[1])
bench = Path(sys.argv[sys.argv.index("--bench") + 1]) if "--bench" in sys.argv else Path("/tmp/xl-ratings-bench")
against = Path(sys.argv[sys.argv.index("--against") + 1]) if "--against" in sys.argv else None
work = Path(tempfile.mkdtemp(prefix="xlr-exact-"))

def run(argv):
    o, e = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(o), contextlib.redirect_stderr(e):
        try:
            rc = main([str(a) for a in argv])
        except SystemExit as x:
            rc = x.code
    return rc, o.getvalue().replace(str(work), "<W>"), e.getvalue().replace(str(work), "<W>")

books = []
for s in ("shanghai", "gor"):
    p = bench / f"{s}_5000_100000.xlsx"
    if p.exists():
        books.append(p)
books += sorted((repo / "workbook_templates").glob("*.xls[xm]"))
rc, _, _ = run(["demo", "--dir", work / "demo"])
books += sorted((work / "demo").glob("*.xls[xm]"))
import re
def stable(name, data):
    """The part without what differs from run to run by design: the source stamp (the input's
    path and time) and the demo workbooks' creation times."""
    if name == "xl/workbook.xml":
        return re.sub(rb'(<definedName name="XLRATINGS_SOURCE"[^>]*>)[^<]*', rb"\\1", data)
    if name == "docProps/core.xml":
        return re.sub(rb"(<dcterms:(?:created|modified)[^>]*>)[^<]*", rb"\\1", data)
    return data
MUTATIONS = {
    "games_bad_cells": lambda wb: [wb["Games"].__setitem__(k, v) for k, v in (
        ("F3", "x"), ("D4", "NOBODY"), ("E5", wb["Games"]["D5"].value), ("B6", "2019-01-01"), ("B7", "soon"),
        ("G8", 2.5), ("C9", "final"), ("A10", "NOEVENT"), ("D11", "sh001"), ("H12", "purple"), ("C13", None),
        ("D14", " "), ("F15", 3), ("D16", "\u200bSH001"))],
    "games_repeat": lambda wb: [wb["Games"].cell(wb["Games"].max_row + 1, c + 1, v.value)
                                for c, v in enumerate(wb["Games"][2])],
    "players_bad_cells": lambda wb: [wb["Players"].__setitem__(k, v) for k, v in (
        ("A4", wb["Players"]["A3"].value), ("A5", str(wb["Players"]["A2"].value).lower()), ("D6", "X"),
        ("G7", -5), ("G8", "1500"), ("F9", "99Q"), ("L10", "maybe"), ("B11", None), ("A12", "ID\u200b9"),
        ("H13", 2.5))],
    "events_bad_cells": lambda wb: [wb["Events"].__setitem__(k, v) for k, v in (
        ("E2", "knockout"), ("C3", "2030-01-01"), ("D4", None), ("H2", "NOBODY"))],
    "formula_in_a_read_column": lambda wb: [wb["Games"].__setitem__("F3", "=1-F2"), wb["Players"].__setitem__("G3", "=G2-100")],
    "hidden_row": lambda wb: setattr(wb["Games"].row_dimensions[5], "hidden", True),
}
def mutated(src, key, fn):
    import openpyxl
    wb = openpyxl.load_workbook(src, keep_vba=src.suffix == ".xlsm")
    fn(wb)
    dst = work / f"{src.stem}_{key}{src.suffix}"
    wb.save(dst)
    return dst
for t in ("shanghai.xlsx", "gor.xlsx", "peng.xlsx", "lianzhong.xlsx"):
    for key, fn in MUTATIONS.items():
        books.append(mutated(repo / "workbook_templates" / t, key, fn))
manifest = {}
for src in books:
    name = src.name if src.parent != work / "demo" else "demo/" + src.name
    book = work / ("in_" + src.name.replace("/", "_"))
    shutil.copy(src, book)
    out = work / ("out_" + src.stem + src.suffix)
    js = work / ("out_" + src.stem + ".json")
    rc, so, se = run(["process", book, "--output", out, "--json", js])
    entry = {"rc": rc, "stdout": so, "stderr": se}
    if js.exists():
        entry["json"] = hashlib.sha256(js.read_bytes()).hexdigest()
    if out.exists():
        with zipfile.ZipFile(out) as z:
            entry["parts"] = {n: hashlib.sha256(stable(n, z.read(n))).hexdigest() for n in sorted(z.namelist())}
    # processed again in place: the fingerprints of the periods just written are compared (nothing changed)
    if out.exists():
        rc2, so2, se2 = run(["process", out, "--output", work / ("again_" + out.name)])
        entry["again"] = {"rc": rc2, "stdout": so2, "stderr": se2}
    manifest[name] = entry
    print(name, rc, len(entry.get("parts", {})), flush=True)
out_manifest.write_text(json.dumps(manifest, indent=1, ensure_ascii=False, sort_keys=True))
shutil.rmtree(work)
if against is not None:
    before = json.loads(against.read_text())
    differ = sorted(k for k in set(before) | set(manifest) if before.get(k) != manifest.get(k))
    for k in differ:
        a, b = before.get(k, {}), manifest.get(k, {})
        print("DIFFERS:", k, sorted(f for f in set(a) | set(b) if a.get(f) != b.get(f)))
    print(f"{len(manifest)} workbooks: " + ("all the same, byte for byte" if not differ else f"{len(differ)} differ"))
    sys.exit(1 if differ else 0)
