"""Pictures for docs/excel.md, rendered by LibreOffice (there is no Excel here):

    python docs/make_excel_screenshots.py [OUT_DIR]     # default: docs/

- excel-functions.png: a worked sheet of the Excel functions -- the inputs, the
  formula as typed in Excel (column F, as text) and the value xl_ratings computes
  for it (column G: what Excel shows in the cell once the functions are loaded);
- excel-checks.png: the Checks sheet one click writes on the Hong Kong (gor) workbook
  when two cells are wrong (xlwings Lite's dispatch, as tests/excel/test_one_click_checks.py
  runs it): every problem, where it is, in English and traditional Chinese.

Needs libreoffice-calc-nogui, poppler-utils and fonts-noto-cjk.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

import openpyxl  # noqa: E402
from openpyxl.styles import Alignment, Font, PatternFill  # noqa: E402

from xl_ratings import udfs  # noqa: E402

HEAD = Font(bold=True, color="FFFFFF")
FILL = PatternFill("solid", fgColor="1F4E78")
RESULT = PatternFill("solid", fgColor="E2EFDA")

#: (what, inputs B..E, the formula typed in G's row, the function and its arguments)
WORKED = [
    ("Expected score (FIDE table)", [2300, 2200, "fide", ""], '=ELO_EXPECTED(B2, C2, D2)',
     udfs.elo_expected, (2300, 2200, "fide")),
    ("Expected score (logistic)", [2300, 2200, "", ""], "=ELO_EXPECTED(B3, C3)", udfs.elo_expected, (2300, 2200)),
    ("Shanghai K (12 games, 1 event)", [12, 1, "", ""], '=SHANGHAI_K(B4, C4, "")', udfs.shanghai_k, (12, 1, "")),
    ("ΔR: 2300 vs 2200 ×4, W W W L, K 15", [2300, "2200 ×4", "W,W,W,L", 15], "=ELO_DELTA(B5, I5:L5, I6:L6, E5)",
     udfs.elo_delta, (2300, [[2200] * 4], [["W", "W", "W", "L"]], 15)),
    ("Lianzhong K", [2100, "", "", ""], "=LIANZHONG_K(B7)", udfs.lianzhong_k, (2100,)),
    ("Lianzhong after a loss (4 games)", [1500, 1500, 0, 4], "=LIANZHONG_UPDATE(B8, C8, D8, E8, 40)",
     udfs.lianzhong_update, (1500, 1500, 0, 4, 40)),
    ("Lianzhong title", [2250, 30, "", ""], "=LIANZHONG_TITLE(B9, C9)", udfs.lianzhong_title, (2250, 30)),
    ("GoR expected, 5 stones", [1850, 2400, 5, ""], "=GOR_EXPECTED(B10, C10, D10)", udfs.gor_expected,
     (1850, 2400, 5)),
    ("GoR after a win", [2300, 2400, 1, ""], "=GOR_UPDATE(B11, C11, D11)", udfs.gor_update, (2300, 2400, 1)),
    ("Peng base of 四段", ["四段", "", "", ""], "=PENG_BASE(B12)", udfs.peng_base, ("四段",)),
    ("Rank standard (peng, 初段)", [620, "peng", "初段", ""], "=RANK_STANDARD(B13, C13, D13)",
     udfs.rank_standard, (620, "peng", "初段")),
    ("Rating of 三段 (shanghai)", ["三段", "shanghai", "", ""], "=RANK_RATING(B14, C14)", udfs.rank_rating,
     ("三段", "shanghai")),
]


def functions_book(path: Path) -> None:
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Functions"
    ws.append(["what", "B", "C", "D", "E", "formula typed in Excel", "result"])
    for what, inputs, formula, fn, args in WORKED:
        value = fn(*args)
        ws.append([what, *inputs, formula, round(value, 4) if isinstance(value, float) else value])
        ws.cell(ws.max_row, 6).data_type = "s"   # the formula shown as text (LibreOffice has no such function)
        if formula.startswith("=ELO_DELTA"):   # the games of row 5, right of the table
            ws.append(["  (games in I5:L6)", "", "", "", "", "", ""])
    ws["I5"], ws["J5"], ws["K5"], ws["L5"] = 2200, 2200, 2200, 2200
    ws["I6"], ws["J6"], ws["K6"], ws["L6"] = "W", "W", "W", "L"
    for cell in ws[1]:
        cell.font, cell.fill = HEAD, FILL
    for row in ws.iter_rows(min_row=2):
        row[6].fill = RESULT
        row[6].font = Font(bold=True)
        row[5].font = Font(name="DejaVu Sans Mono", size=9)
    for col, width in zip("ABCDEFGHIJKL", (34, 9, 9, 9, 6, 38, 11, 2, 6, 6, 6, 6)):
        ws.column_dimensions[col].width = width
    ws.page_setup.orientation = "landscape"
    ws.page_setup.fitToWidth = 1
    ws.sheet_properties.pageSetUpPr.fitToPage = True
    wb.save(path)


def checks_book(path: Path, work: Path) -> None:
    from test_one_click_checks import spoil
    from test_script_dispatch import replay, run_script

    from xl_ratings.xlsx.read import read_tables

    tables = spoil(read_tables(ROOT / "workbook_templates" / "gor.xlsx"))
    sheets, actions = run_script("process_period", tables, "gor.xlsx", work)
    report = replay(sheets, actions)["Checks"]
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Checks"
    for row in report:
        ws.append(row)
    for cell in ws[1]:
        cell.font, cell.fill = HEAD, FILL
    for col, width in zip("ABCDEF", (58, 40, 12, 7, 12, 10)):
        ws.column_dimensions[col].width = width
    for row in ws.iter_rows(min_row=2):
        ws.row_dimensions[row[0].row].height = 32
        for cell in row:
            cell.alignment = Alignment(wrap_text=True, vertical="top")
    ws.page_setup.orientation = "landscape"
    ws.sheet_properties.pageSetUpPr.fitToPage = True
    ws.page_setup.fitToHeight = 1
    wb.save(path)


def content_box(ppm: bytes, margin: int = 14) -> tuple[int, int, int, int]:
    """(x, y, width, height) of what is not white on a binary PPM page, with a margin."""
    parts = ppm.split(maxsplit=4)
    w, h, pixels = int(parts[1]), int(parts[2]), parts[4]
    row_len = 3 * w
    ys = [y for y in range(h) if pixels[y * row_len:(y + 1) * row_len].strip(b"\xff")]
    xs = [len(line) - len(line.lstrip(b"\xff")) for line in
          (pixels[y * row_len:(y + 1) * row_len] for y in ys)]
    ends = [len(line.rstrip(b"\xff")) for line in (pixels[y * row_len:(y + 1) * row_len] for y in ys)]
    x0, x1 = max(min(xs) // 3 - margin, 0), min(max(ends) // 3 + margin, w)
    y0, y1 = max(ys[0] - margin, 0), min(ys[-1] + margin, h)
    return x0, y0, x1 - x0, y1 - y0


def render(xlsx: Path, png: Path, work: Path, dpi: int = 130) -> None:
    """The sheet printed by LibreOffice, page 1, cropped to what is on it."""
    subprocess.run(["soffice", "--headless", "--norestore", f"-env:UserInstallation=file://{work}/lo",
                    "--convert-to", "pdf", "--outdir", str(work), str(xlsx)], check=True, capture_output=True)
    pdf = str(work / (xlsx.stem + ".pdf"))
    ppm = subprocess.run(["pdftoppm", "-r", str(dpi), "-singlefile", "-f", "1", pdf], check=True,
                         capture_output=True).stdout
    x, y, w, h = content_box(ppm)
    subprocess.run(["pdftoppm", "-png", "-r", str(dpi), "-singlefile", "-f", "1", "-x", str(x), "-y", str(y),
                    "-W", str(w), "-H", str(h), pdf, str(work / xlsx.stem)], check=True)
    shutil.copy(work / (xlsx.stem + ".png"), png)


def main(out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        functions_book(work / "excel-functions.xlsx")
        checks_book(work / "excel-checks.xlsx", work)
        for name in ("excel-functions", "excel-checks"):
            render(work / f"{name}.xlsx", out / f"{name}.png", work)
            print(out / f"{name}.png")


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else HERE)
