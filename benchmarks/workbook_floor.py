"""The floor under the workbook table: the least CPU time a pure-Python program spends on a
period of the workbook table (shanghai and gor, 5,000 players / 100,000 games), step by step,
beside the bare python-calamine read of the same workbook and beside ours, measured in one run.

    python benchmarks/workbook_floor.py                              # both systems, best of 3
    python benchmarks/workbook_floor.py --repeat 5 --data /tmp/xlr-bench-floor
    python benchmarks/workbook_floor.py --doc docs/performance.md    # also write the table into the doc
                                                                     # (between its workbook-floor markers)

Issue 28 asks for ``xl-ratings process BOOK.xlsx --output OUT.xlsx`` within 2x the read. The
steps below are what any program that makes the same result sheets from the same workbook must
do at the least, each written as lean as plain Python goes and with no check at all:

1. **read**: python-calamine, every sheet (``workbook_bench.read_all``: the baseline);
2. **records**: one pass over the Players, Events and Games rows into tuples, ids to integer
   indices through a dict, round/result (and gor's handicap) cells to float;
3. **fingerprints**: one ``zlib.crc32`` per game row and per player row, over the row's values
   joined (``str``) and UTF-8 encoded, summed (the History's digests catch a changed period);
4. **rating**: the system's arithmetic only, over the tuples of 2 (below, ``least_shanghai`` and
   ``least_gor`` say which operations; the same number of the same kind as ours);
5. **XML** and **deflate**: ours' result sheets (every sheet of OUT not in the input, and any input
   sheet whose part changed), read back untimed as cell values and style ids; their
   ``<sheetData>`` made again (5a) with one f-string per cell (``<v>`` for numbers, inline strings
   XML-escaped for text, the cell reference and style attribute as ours writes them), joined and
   UTF-8 encoded; (5a′) with one f-string per row compiled for each sheet's columns, each distinct
   text encoded and each repeated number written once; both checked byte for byte against ours';
   (5a″) ours' own writer, ``xlsx.write.sheet_chunks``, on the same sheets. The floor takes the
   cheapest of the three, then deflates at zlib level 1 (5b, what ``xlsx.package`` writes);
6. **ours**: the whole ``process`` command in process (after one untimed run), as workbook_bench.

CPU seconds (``time.process_time``), each step the best of ``--repeat`` rounds, each round taking
its steps in turn (so a change of load touches them all alike), each step's time taking in the
dropping of what it returns. First ours and the read, nothing else held, each read right after a
run of ours: the state workbook_bench reads in. The read's time moves with the collector's state
(0.1-0.2 s on the loaded machine), so it is also taken with the collector paused, as ours reads,
and the floor and ours are given against both reads. Then the read once more, this benchmark's
tables held (the collector on), and steps 2-5 with the cyclic collector paused, as ours runs
(``engine.perf.gc_paused``). Each step of the floor is the cheapest program for it we could write
(for the XML, ours' own writer is among them), not a proof that none is cheaper.
What is left out of the floor (each only adds work): the checks and their notes, the Swiss rule
against unrated players, the champion's protection, the first rating and the pending list,
inactivity, gor's game and score sums, wins and fees, the rank standards, the ledger, the sheets'
heads and columns, the chart. (On these workbooks the least shanghai gives ours' new rating to
3,234 of the 4,995 players listed, the others moved by the rules left out; the least gor is
within 0.09 of ours for every player.)
"""

from __future__ import annotations

import argparse
import bisect
import contextlib
import gc
import io
import math
import os
import platform
import re
import sys
import time
import zlib
import zipfile
from collections import defaultdict
from collections.abc import Callable
from itertools import compress, islice, repeat
from operator import eq, itemgetter
from pathlib import Path
from typing import Any
from xml.etree import ElementTree
from xml.sax.saxutils import unescape

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from doc_table import write_doc  # noqa: E402
from workbook_bench import TODAY, book, read_all  # noqa: E402

BEGIN, END = "<!-- workbook-floor: begin -->", "<!-- workbook-floor: end -->"
INPUT = ("Players", "Events", "Games")
HEAD = {"Players": ["id", "name", "sex", "club", "rank", "rating", "games", "events", "peak", "title", "member"],
        "Events": ["event", "name", "start", "end", "format", "class", "level", "champion"],
        "Games": ["event", "date", "round", "player", "opponent", "result", "handicap"]}


# --------------------------------------------------------------------------- 2. records
def records(tables: dict, system: str) -> tuple[list, list, list]:
    """Players, events and games as tuples: (rating or None, sex, rank), (end, class) and
    (event, round, player, opponent, result[, handicap]) with integer indices; no check."""
    players, events, games = tables["Players"], tables["Events"], tables["Games"]
    pidx = {r[0]: i for i, r in enumerate(islice(players, 1, None))}
    eidx = {r[0]: i for i, r in enumerate(islice(events, 1, None))}
    ptab = [(float(rt) if rt != "" else None, sex, rank)
            for _, _, sex, _, rank, rt, _, _, _, _, _ in islice(players, 1, None)]
    etab = [(end, cls) for _, _, _, end, _, cls, _, _ in islice(events, 1, None)]
    gtab: list[tuple]
    if system == "gor":
        gtab = [(eidx[e], float(rd), pidx[a], pidx[b], float(s), float(h) if h != "" else 0.0)
                for e, _, rd, a, b, s, h in islice(games, 1, None)]
    else:
        gtab = [(eidx[e], float(rd), pidx[a], pidx[b], float(s)) for e, _, rd, a, b, s, _ in islice(games, 1, None)]
    return ptab, etab, gtab


# --------------------------------------------------------------------------- 3. fingerprints
def fingerprints(tables: dict) -> int:
    """One CRC-32 per game row and per player row (the row's values as text, joined, UTF-8)."""
    crc, join = zlib.crc32, "\t".join
    games = sum([crc(join(map(str, r)).encode()) for r in islice(tables["Games"], 1, None)])
    players = sum([crc(join(map(str, r)).encode()) for r in islice(tables["Players"], 1, None)])
    return games ^ players


# --------------------------------------------------------------------------- 4. the least rating
def _by_event(etab: list, gtab: list) -> tuple[list[list], list[int]]:
    """The games bucketed by event (one append a game), the events in date order."""
    buckets: list[list] = [[] for _ in etab]
    for g in gtab:
        buckets[g[0]].append(g)
    return buckets, sorted(range(len(etab)), key=lambda e: etab[e][0])


def least_shanghai(recs: tuple[list, list, list], table: tuple[float, ...], cap: int) -> list[int]:
    """Seed 001 §九, §十 over the tuples, as ``_summed`` does it: per game, whether the two are of one
    sex tested, each side's opponent rating gathered (a woman below 2240 counted at 2240 against a
    man, her games against men a group of their own) and its score added; per player and event, per
    group, N, the mean, D rounded half away from zero, the FIDE PC looked up (a table of every D:
    ``pc_table``) and ΔR = K·(W − N·PC) added, the counts kept; per player the new rating rounded
    half up. K is fixed for the period, as ours fixes it where the counts cannot change it (the
    workbooks' counts are blank: established players). Every game from the ratings at the period's start, an unrated player
    at the provisional 2200/2040 (their first rating, the Swiss rule, the champion's protection
    and inactivity left out)."""
    ptab, etab, gtab = recs
    r0 = [rt if rt is not None else (2040.0 if sex == "F" else 2200.0) for rt, sex, _ in ptab]
    woman = [sex == "F" for _, sex, _ in ptab]
    vs_man = [max(r, 2240.0) if w else r for r, w in zip(r0, woman)]
    low = [w and r < 2240.0 for r, w in zip(r0, woman)]
    # K for the period (ours' fixed_k): 25 while unrated; a rated player's blank counts are an
    # established player's (start_state), so 10 once the peak reached 2400, else 15
    k = [25.0 if rt is None else 10.0 if rt >= 2400 else 15.0 for rt, _, _ in ptab]
    delta = [0.0] * len(ptab)
    ngames, nevents = [0] * len(ptab), [0] * len(ptab)
    floor, copysign = math.floor, math.copysign
    buckets, order = _by_event(etab, gtab)
    for e in order:
        opps: dict[int, list[float]] = defaultdict(list)
        won: dict[int, float] = defaultdict(float)
        opps_m: dict[int, list[float]] = defaultdict(list)     # a low woman's games against men
        won_m: dict[int, float] = defaultdict(float)
        for _, _, a, b, s in buckets[e]:
            if woman[a] is woman[b]:
                opps[a].append(r0[b])
                won[a] += s
                opps[b].append(r0[a])
                won[b] += 1.0 - s
            else:
                if low[a]:
                    opps_m[a].append(vs_man[b])
                    won_m[a] += s
                else:
                    opps[a].append(vs_man[b])
                    won[a] += s
                if low[b]:
                    opps_m[b].append(vs_man[a])
                    won_m[b] += 1.0 - s
                else:
                    opps[b].append(vs_man[a])
                    won[b] += 1.0 - s
        for own, group, score in ((r0, opps, won), (vs_man, opps_m, won_m)):
            for p, v in group.items():
                n = len(v)
                x = own[p] - sum(v) / n
                d = int(copysign(floor(abs(x) + 0.5), x))
                we = n * table[(d if d < cap else cap) + cap if d > -cap else 0]
                delta[p] += k[p] * (score[p] - we)
                ngames[p] += n
        for p in opps.keys() | opps_m.keys():
            nevents[p] += 1
    return [floor(r + c + 0.5) for r, c in zip(r0, delta)]


RANK_GOR = {**{f"{n}k": 100.0 * (21 - n) for n in range(1, 21)}, **{f"{n}d": 2000.0 + 100 * n for n in range(1, 8)}}
CLASS = {"A": 1.0, "B": 0.75, "C": 0.5, "": 1.0}


def least_gor(recs: tuple[list, list, list], con_x: tuple[float, ...], con_y: tuple[float, ...]) -> list[float]:
    """Seed 002 (1)-(3) over the tuples, EGF style: tournaments in date order; per player and
    tournament con (表III, interpolated) and a = 205 − R/20 (clamped) from the rating at its start;
    per game the handicap tested, the lower rating found, S_E = 1/(e^(D/a) + 1) and 1 − S_E − ε,
    and con·(S − S_E)·weight added to both sides; at the tournament's end the sums applied, floor
    100 (``_sums``'s lean loop, without its game, score and S_E sums or the wins)."""
    ptab, etab, gtab = recs
    r = [rt if rt is not None else RANK_GOR[rank] for rt, _, rank in ptab]
    eps, exp, last = 0.014, math.exp, len(con_x) - 1
    buckets, order = _by_event(etab, gtab)
    for e in order:
        w = CLASS[etab[e][1]]
        games = buckets[e]
        entrants = set(map(itemgetter(2), games))
        entrants.update(map(itemgetter(3), games))
        con, low, acc = {}, {}, {}
        for p in entrants:
            rp = r[p]
            if rp <= con_x[0]:
                c = con_y[0]
            elif rp >= con_x[last]:
                c = con_y[last]
            else:
                i = bisect.bisect_right(con_x, rp)
                c = con_y[i - 1] + (con_y[i] - con_y[i - 1]) * (rp - con_x[i - 1]) / (con_x[i] - con_x[i - 1])
            con[p] = c
            low[p] = min(200.0, max(70.0, 205.0 - rp / 20.0))
            acc[p] = 0.0
        for _, _, a, b, s, h in games:
            ra, rb = r[a], r[b]
            if h:       # (none in these workbooks: the test is all a game pays)
                ra, rb = (ra + 100.0 * (h - 0.5), rb) if h > 0 else (ra, rb + 100.0 * (-h - 0.5))
            if ra < rb:
                se_a = 1.0 / (exp((rb - ra) / low[a]) + 1.0)
                se_b = 1.0 - se_a - eps
            elif rb < ra:
                se_b = 1.0 / (exp((ra - rb) / low[b]) + 1.0)
                se_a = 1.0 - se_b - eps
            else:
                se_a = se_b = 0.5 - eps / 2
            acc[a] += con[a] * (s - se_a) * w
            acc[b] += con[b] * ((1.0 - s) - se_b) * w
        for p, c in acc.items():
            r[p] = max(100.0, r[p] + c)
    return r


# --------------------------------------------------------------------------- 5. the result sheets
ROW = re.compile(r'<row r="(\d+)">(.*?)</row>', re.S)
CELL = re.compile(r'<c r="([A-Z]+)\d+"( s="\d+")?(?: t="inlineStr"><is><t(?: xml:space="preserve")?>(.*?)</t></is></c>'
                  r'|><v>([^<]*)</v></c>)', re.S)
NS = {"m": "http://schemas.openxmlformats.org/spreadsheetml/2006/main"}
REL = "{http://schemas.openxmlformats.org/officeDocument/2006/relationships}id"


def sheet_parts(zf: zipfile.ZipFile) -> dict[str, str]:
    """Sheet name -> its part in the package."""
    rels = ElementTree.fromstring(zf.read("xl/_rels/workbook.xml.rels"))
    target = {x.get("Id"): x.get("Target", "") for x in rels}
    wb = ElementTree.fromstring(zf.read("xl/workbook.xml"))
    out = {}
    for s in wb.iterfind("m:sheets/m:sheet", NS):
        t = target[s.get(REL)]
        out[s.get("name", "")] = t.lstrip("/") if t.startswith("/") else "xl/" + t
    return out


def sheet_data(part: bytes) -> bytes:
    """The ``<sheetData>`` element of a worksheet part."""
    i, j = part.index(b"<sheetData>"), part.index(b"</sheetData>") + len(b"</sheetData>")
    return part[i:j]


def result_sheets(source: Path, out: Path) -> list[tuple[str, list, bytes]]:
    """Ours' result sheets in ``out`` (untimed): (name, rows as (r, [(column, style attribute, value)]),
    ours' ``<sheetData>`` bytes); a number is an int or a float as its text says (ours writes an int
    with ``str``, a float with ``repr``)."""
    with zipfile.ZipFile(source) as zs, zipfile.ZipFile(out) as zo:
        given, made = sheet_parts(zs), sheet_parts(zo)
        sheets = []
        for name, part in made.items():
            data = zo.read(part)
            if name in given and zs.read(given[name]) == data:
                continue
            ours = sheet_data(data)
            rows = []
            for m in ROW.finditer(ours.decode("utf-8")):
                cells = []
                for c in CELL.finditer(m.group(2)):
                    col, style, text, num = c.groups()
                    if num is None:
                        value: object = unescape(text)
                    else:
                        value = int(num) if num.lstrip("-").isdigit() else float(num)
                    cells.append((col, style or "", value))
                rows.append((m.group(1), cells))
            sheets.append((name, rows, ours))
    return sheets


def sheets_xml(sheets: list[tuple[str, list, bytes]]) -> list[bytes]:
    """Each sheet's ``<sheetData>``: one f-string per cell, the rows joined, UTF-8 encoded."""
    out = []
    sp = ' xml:space="preserve"'
    for _, rows, _ in sheets:
        parts = [f'<row r="{r}">' + "".join([
            f'<c r="{c}{r}"{s} t="inlineStr"><is><t{"" if v.strip() is v else sp}>'
            f'{v.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")}</t></is></c>'
            if v.__class__ is str else f'<c r="{c}{r}"{s}><v>{v!r}</v></c>' for c, s, v in cells]) + "</row>"
            for r, cells in rows]
        out.append(("<sheetData>" + "".join(parts) + "</sheetData>").encode("utf-8"))
    return out


def by_columns(sheets: list[tuple[str, list, bytes]]) -> list[tuple[str, list, list] | None]:
    """Each sheet as :func:`lean_xml` takes it (untimed): its first row's cells, and its other rows
    as columns of values (None where ours wrote no cell), each with its column letter and its one
    style attribute; None for a sheet whose columns do not hold one style each."""
    out: list[tuple[str, list, list] | None] = []
    for _, rows, _ in sheets:
        if not rows or rows[0][0] != "1" or [r for r, _ in rows] != [str(i) for i in range(1, len(rows) + 1)]:
            out.append(None)
            continue
        letters = [c for c, _, _ in rows[0][1]]
        where = {c: j for j, c in enumerate(letters)}
        values: list[list] = [[None] * (len(rows) - 1) for _ in letters]
        styles: list[set] = [set() for _ in letters]
        ok = True
        for i, (_, cells) in enumerate(rows[1:]):
            for c, st, v in cells:
                if c not in where:
                    ok = False
                    break
                values[where[c]][i] = v
                styles[where[c]].add(st)
        ok = ok and all(len(x) <= 1 for x in styles)
        out.append(("".join(f'<c r="{c}1"{st} t="inlineStr"><is><t>{v}</t></is></c>' if isinstance(v, str)
                            else f'<c r="{c}1"{st}><v>{v!r}</v></c>' for c, st, v in rows[0][1]),
                    [(c, next(iter(x), ""), tuple(col)) for c, x, col in zip(letters, styles, values)],
                    []) if ok else None)
    return out


_NONE = type(None)


def lean_xml(sheets: list[tuple[str, list, list] | None], cells_xml: list[bytes]) -> list[bytes]:
    """Each sheet's ``<sheetData>`` with one f-string per *row*, compiled for the sheet's columns,
    each column looked at once: its type; its texts checked for ``& < >`` and end spaces joined,
    each distinct text encoded to UTF-8 once; a column whose numbers repeat written once per
    distinct number (ours' column writer's devices, without its checks); a sheet
    :func:`by_columns` could not lay out as it is in ``cells_xml``."""
    out = []
    for sheet, fallback in zip(sheets, cells_xml):
        if sheet is None:
            out.append(fallback)
            continue
        head, columns, _ = sheet
        args: list[tuple] = []
        cells: list[str] = []
        rows = 0
        for c, st, col in columns:
            rows = len(col)
            kinds = set(map(type, col))
            opt = _NONE in kinds
            kinds.discard(_NONE)
            if not kinds:
                continue
            x = f"x{len(args)}"
            if kinds == {str}:
                texts = list(filter(None, col))
                joined = "<".join(texts)
                if (joined.count("<") == len(texts) - 1 and "&" not in joined and ">" not in joined
                        and not joined.startswith(" ") and not joined.endswith(" ") and "< " not in joined
                        and " <" not in joined):
                    cell = f'<c r="{c}{{s}}"{st} t="inlineStr"><is><t>{{{x}}}</t></is></c>'
                else:
                    col = tuple(v and (' xml:space="preserve">' if e != e.strip() else ">") + e
                                for v in col for e in ((v or "").replace("&", "&amp;").replace("<", "&lt;")
                                                       .replace(">", "&gt;"),))
                    cell = f'<c r="{c}{{s}}"{st} t="inlineStr"><is><t{{{x}}}</t></is></c>'
                if not joined.isascii():        # each distinct text encoded once, as ours
                    got = {v: v.encode("utf-8").decode("latin-1") for v in set(col) if v}
                    col = tuple(map(got.get, col))
            elif kinds == {float} or kinds == {int}:
                if len(set(col)) * 2 <= len(col) and not (      # each distinct number written once (unless
                        0.0 in col and len(set(map(repr, compress(col, map(eq, col, repeat(0.0)))))) > 1):  # ±0.0)
                    known: dict[object, str | None] = {v: repr(v) for v in set(col)}
                    known[None] = None
                    col = tuple(map(known.__getitem__, col))
                    cell = f'<c r="{c}{{s}}"{st}><v>{{{x}}}</v></c>'
                else:
                    cell = f'<c r="{c}{{s}}"{st}><v>{{{x}!r}}</v></c>'
            elif kinds <= {int, float}:
                cell = f'<c r="{c}{{s}}"{st}><v>{{{x}!r}}</v></c>'
            else:
                raise TypeError(kinds)
            cells.append(f"{{f'{cell}' if {x} is not None else ''}}" if opt else cell)
            args.append(col)
        names = "".join(f"x{k}, " for k in range(len(args)))
        source = (f"def lines({names}):\n"
                  + '    return [f"""<row r="{s}">' + "".join(cells) + '</row>""" '
                  + f"for s, {names}in zip(map(str, range(2, {rows + 2})), {names})]\n")
        namespace: dict = {}
        exec(source, namespace)     # noqa: S102 -- column letters and style numbers only
        body = "".join(namespace["lines"](*args)).encode("latin-1")     # the texts are UTF-8 already
        out.append(f'<sheetData><row r="1">{head}</row>'.encode("utf-8") + body + b"</sheetData>")
    return out


def deflate(parts: list[bytes]) -> int:
    """Raw deflate at zlib level 1, as ``xlsx.package`` writes a changed part."""
    n = 0
    for data in parts:
        comp = zlib.compressobj(1, zlib.DEFLATED, -15)
        n += len(comp.compress(data)) + len(comp.flush())
    return n


def one_pass(tables: dict) -> int:
    """The yardstick: one pass over every input cell doing one comparison each (a list built)."""
    n = 0
    for name in INPUT:
        n += len([v == "" for r in tables[name] for v in r])
    return n


# --------------------------------------------------------------------------- measuring
def cpu(fn: Callable[..., object], *args: object, paused: bool = True) -> float:
    """CPU seconds of ``fn(*args)`` and of dropping what it returns (as workbook_bench times the
    read: a program frees what it made, ours within its time), the collector paused unless told."""
    was = gc.isenabled()
    if paused:
        gc.disable()
    try:
        t = time.process_time()
        fn(*args)
        return time.process_time() - t
    finally:
        if was:
            gc.enable()


STEPS = ("read", "read, the collector paused", "read, the tables held", "records", "fingerprints", "rating", "XML",
         "XML, row by row", "deflate", "ours: XML", "ours", "pass")


def measure(system: str, players: int, games: int, data: Path, repeat: int) -> dict:
    from xl_ratings.cli import main
    from xl_ratings.systems import gor, shanghai

    path = book(system, players, games, data)
    out = data / f"{system}_{players}_{games}_floor_out.xlsx"
    os.environ["XL_RATINGS_TODAY"] = TODAY

    def process() -> None:
        with contextlib.redirect_stdout(io.StringIO()):
            assert main(["process", str(path), "--output", str(out)]) == 0
    from xl_ratings.xlsx import write

    made_by_ours: list[tuple] = []
    chunks = write.sheet_chunks

    def kept(*args: Any) -> list[bytes]:     # ours' writer's arguments, kept to time it again alone
        made_by_ours.append(args)
        return chunks(*args)
    process()       # untimed: the modules a run imports lazily, loaded
    best = dict.fromkeys(STEPS, math.inf)
    # ours and the read first, nothing else held, the read right after ours: as workbook_bench takes them
    first: tuple[tuple[str, Callable[..., object], tuple, bool], ...] = (
        ("ours", process, (), False), ("read", read_all, (path,), False),
        ("ours", process, (), False), ("read, the collector paused", read_all, (path,), True))
    for _ in range(repeat):
        for step, fn, args, paused in first:
            best[step] = min(best[step], cpu(fn, *args, paused=paused))
    setattr(write, "sheet_chunks", kept)
    try:
        process()       # untimed: the result sheets to write again, and ours' writer's arguments
    finally:
        setattr(write, "sheet_chunks", chunks)

    def ours_xml() -> int:
        """Ours' writer alone over the same sheets, each sheet's columns made anew (as each run)."""
        n = 0
        for args in made_by_ours:
            args[0].__dict__.pop("_columns", None)
            n += len(chunks(*args))
        return n
    sheets = result_sheets(path, out)
    made = sheets_xml(sheets)
    laid = by_columns(sheets)
    lean = lean_xml(laid, made)
    for (name, _, ours), xml, xml2 in zip(sheets, made, lean):
        assert xml == ours, f"{system}: the floor's {name} differs from ours'"
        assert xml2 == ours, f"{system}: the floor's {name}, row by row, differs from ours'"
    tables = read_all(path)
    for name in INPUT:
        assert tables[name][0] == HEAD[name], f"{path}: {name}'s head is not bigbook's"
    cells = sum(len(r) for name in INPUT for r in tables[name])
    rate: Callable[[tuple], object]
    if system == "gor":
        xs, ys = gor.DEFAULTS.con_columns
        rate = lambda recs: least_gor(recs, xs, ys)     # noqa: E731
    else:
        table, cap = shanghai.pc_table(shanghai.DEFAULTS), shanghai.DEFAULTS.max_difference
        assert table is not None
        rate = lambda recs: least_shanghai(recs, table, cap)     # noqa: E731
    recs = records(tables, system)
    steps: dict[str, tuple[Callable[..., object], tuple, bool]] = {     # (the function, its arguments, paused)
        "read, the tables held": (read_all, (path,), False),
        "records": (records, (tables, system), True),
        "fingerprints": (fingerprints, (tables,), True),
        "rating": (rate, (recs,), True),
        "XML": (sheets_xml, (sheets,), True),
        "XML, row by row": (lean_xml, (laid, made), True),
        "deflate": (deflate, (made,), True),
        "ours: XML": (ours_xml, (), True),
        "pass": (one_pass, (tables,), True)}
    for _ in range(repeat):     # then the floor's steps, in turn
        for step, (fn, args, paused) in steps.items():
            s = cpu(fn, *args, paused=paused)
            best[step] = min(best[step], s)
    return {"system": system, "players": players, "games": games, "cells": cells,
            "out_cells": sum(len(c) for _, rows, _ in sheets for _, c in rows),
            "sheets": [name for name, _, _ in sheets], "xml_mb": sum(map(len, made)) / 1e6, **best}


FLOOR = ("read", "records", "fingerprints", "rating", "XML", "deflate")
WHAT = {"read": "1. read: python-calamine, every sheet (the baseline)",
        "read, the collector paused": "(the read again, the cyclic collector paused as ours pauses it)",
        "read, the tables held": "(the read again, with this benchmark's tables held, as steps 2-5 run)",
        "records": "2. records: Players, Events, Games rows to tuples (ids to indices, cells to float)",
        "fingerprints": "3. fingerprints: one CRC-32 per game row and per player row",
        "rating": "4. rating: the system's arithmetic only, over the tuples",
        "XML": "5a. XML: the result sheets' `<sheetData>`, one f-string per cell, joined, encoded",
        "XML, row by row": "5a′. XML again: one f-string per row, compiled per sheet from its columns",
        "deflate": "5b. deflate: those parts at zlib level 1",
        "ours: XML": "5a″. XML by ours' writer alone (`xlsx.write.sheet_chunks`, the whole parts, columns made anew)"}


def floor_of(r: dict) -> float:
    """The floor: steps 1-4, the cheapest of 5a, 5a′ and 5a″, 5b."""
    return sum(r[s] for s in FLOOR if s != "XML") + min(r["XML"], r["XML, row by row"], r["ours: XML"])


def arithmetic(r: dict, read: float, floor: float, against: str) -> str:
    """The budget line: what 2× the read leaves after the floor, per input cell and in passes."""
    budget, per_pass, cells = 2 * read - floor, r["pass"], r["cells"]
    if budget <= 0:
        return (f"Against {against} ({read:.3f} s), 2× is {2 * read:.3f} s: the floor alone is over it by "
                f"{-budget:.3f} s, and nothing is left for what the floor leaves out.")
    return (f"Against {against} ({read:.3f} s), 2× is {2 * read:.3f} s: the floor leaves {budget:.3f} s for all that "
            f"it leaves out, {budget / cells * 1e9:.0f} ns per input cell, {budget / per_pass:.1f} passes over the "
            f"input cells at one comparison a cell.")


def table(r: dict, repeat: int) -> str:
    read, paused = r["read"], r["read, the collector paused"]
    floor = floor_of(r)
    floor_p = floor - read + paused         # the floor with the read the collector paused
    lines = [f"**{r['system']}**, {r['players']:,} players / {r['games']:,} games: {r['cells']:,} input cells "
             f"(Players, Events, Games), {r['out_cells']:,} result cells written "
             f"({r['xml_mb']:.1f} MB of `<sheetData>` XML, byte for byte ours').",
             "",
             "| step | CPU s | × the read |", "|---|---:|---:|"]
    for s in ("read", "read, the collector paused", "read, the tables held", "records", "fingerprints", "rating",
              "XML", "XML, row by row", "deflate", "ours: XML"):
        lines.append(f"| {WHAT[s]} | {r[s]:.3f} | {r[s] / read:.2f}× |")
    lines += [f"| **the floor** (1 + 2 + 3 + 4 + the cheapest 5a + 5b) | {floor:.3f} | {floor / read:.2f}× |",
              f"| **ours**: `xl-ratings process BOOK.xlsx --output OUT.xlsx`, in process | {r['ours']:.3f} "
              f"| {r['ours'] / read:.2f}× |",
              f"| ours minus the floor (checks, notes, standards, pending lists, ledger, chart …) "
              f"| {r['ours'] - floor:.3f} | {(r['ours'] - floor) / read:.2f}× |",
              f"| the floor with the read the collector paused, × that read | {floor_p:.3f} | {floor_p / paused:.2f}× |",
              f"| ours, × the read the collector paused | {r['ours']:.3f} | {r['ours'] / paused:.2f}× |",
              "",
              f"One pass over the {r['cells']:,} input cells doing one comparison each (a list comprehension): "
              f"{r['pass']:.3f} s, {r['pass'] / r['cells'] * 1e9:.0f} ns a cell. "
              + arithmetic(r, read, floor, "the read as workbook_bench takes it") + " "
              + arithmetic(r, paused, floor_p, "the read with the collector paused")]
    return "\n".join(lines)


def tables_text(rows: list[dict], repeat: int) -> str:
    head = (f"Measured with `python benchmarks/workbook_floor.py` (best of {repeat}; CPU seconds, user + system) on "
            f"{platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}.")
    return "\n\n".join([head] + [table(r, repeat) for r in rows])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--sizes", default="5000:100000", help="PLAYERS:GAMES,... (default 5000:100000)")
    ap.add_argument("--systems", default="shanghai,gor")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--data", default="/tmp/xl-ratings-bench")
    ap.add_argument("--doc", help="write the tables into this document, between its markers")
    args = ap.parse_args()
    data = Path(args.data)
    data.mkdir(parents=True, exist_ok=True)
    rows = []
    for size in args.sizes.split(","):
        players, games = (int(x) for x in size.split(":"))
        for system in args.systems.split(","):
            r = measure(system.strip(), players, games, data, args.repeat)
            rows.append(r)
            print(f"{r['system']:<9} {players:>6} / {games:>7}: read {r['read']:.3f} s, floor "
                  f"{floor_of(r):.3f} s, ours {r['ours']:.3f} s", flush=True)
    text = tables_text(rows, args.repeat)
    print(text)
    if args.doc:
        write_doc(Path(args.doc), text, BEGIN, END)


if __name__ == "__main__":
    main()
