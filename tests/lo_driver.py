"""Drives the headless LibreOffice of tests/libreoffice/test_libreoffice_calc.py over UNO: run by the Python that has
``uno`` (Debian: /usr/bin/python3 with python3-uno), a request as JSON on stdin, the answer as JSON
on stdout.

* ``{"op": "recalc", "path", "sheet", "cells": ["A1", …]}`` -> each cell's value, text and error code
  after the document is opened (the extension's job maps Excel's names) and recalculated;
* ``{"op": "config", "functions"}`` -> the menu's and toolbar's buttons, the Function Wizard's help;
* ``{"op": "click", "path", "commands", "hide": [[sheet, row], …]}`` -> the toolbar's commands run on the
  open document (rows hidden first), every sheet's cells before and after, what the officer was told,
  and the number formats of the sheets named in ``formats``; ``"fill": [{"sheet", "row", "typed": rows}]``
  types each cell first as the officer types it (``=4`` a formula, ``1.`` a number), ``"pasted": path``
  copies a file LibreOffice opens (a CSV read as its Text Import's defaults: comma, UTF-8) and pastes it;
* ``{"op": "convert", "path", "to", "filter"}`` -> the file LibreOffice opens, saved by it as ``to``;
* ``{"op": "report", "text"}`` -> the window a button tells the officer in
  (xl_ratings/libreoffice/report.py), shown over a document: what its field held, and whether the
  field is read-only, multi-line and scrolls.
"""

import json
import os
import sys
import time

import uno
from com.sun.star.beans import PropertyValue


def pv(name, value):
    p = PropertyValue()
    p.Name, p.Value = name, value
    return p


def connect(pipe):
    local = uno.getComponentContext()
    resolver = local.ServiceManager.createInstanceWithContext("com.sun.star.bridge.UnoUrlResolver", local)
    for _ in range(120):
        try:
            return resolver.resolve(f"uno:pipe,name={pipe};urp;StarOffice.ComponentContext")
        except Exception:
            time.sleep(0.5)
    raise RuntimeError("LibreOffice did not answer")


def open_doc(ctx, path):
    desktop = ctx.ServiceManager.createInstanceWithContext("com.sun.star.frame.Desktop", ctx)
    return desktop.loadComponentFromURL(uno.systemPathToFileUrl(path), "_blank", 0, (pv("Hidden", True),))


#: LibreOffice's Text Import as its dialog opens: comma, double quotes, UTF-8, from line 1, special numbers detected
CSV = (pv("FilterName", "Text - txt - csv (StarCalc)"), pv("FilterOptions", "44,34,76,1,,0,false,true"))


def open_source(ctx, path):
    """A file as LibreOffice opens it: a CSV through its Text Import."""
    desktop = ctx.ServiceManager.createInstanceWithContext("com.sun.star.frame.Desktop", ctx)
    extra = CSV if path.lower().endswith(".csv") else ()
    return desktop.loadComponentFromURL(uno.systemPathToFileUrl(path), "_blank", 0, (pv("Hidden", True), *extra))


def fill(ctx, doc, req):
    """Cells typed into a sheet (setFormula: as typed), or a file's first sheet copied and pasted there."""
    sh = doc.Sheets.getByName(req["sheet"])
    top = req.get("row", 1) - 1
    for i, row in enumerate(req.get("typed", [])):
        for j, v in enumerate(row):
            if v is not None:
                sh.getCellByPosition(j, top + i).setFormula(str(v))
    if "pasted" in req:
        src = open_source(ctx, req["pasted"])
        first = src.Sheets.getByIndex(0)
        cursor = first.createCursor()
        cursor.gotoEndOfUsedArea(False)
        a = cursor.getRangeAddress()
        copy = src.getCurrentController()
        copy.select(first.getCellRangeByPosition(0, 0, a.EndColumn, a.EndRow))
        here = doc.getCurrentController()
        here.select(sh.getCellByPosition(0, top))
        here.insertTransferable(copy.getTransferable())
        src.close(True)


def convert(ctx, req):
    doc = open_source(ctx, req["path"])
    doc.storeToURL(uno.systemPathToFileUrl(req["to"]), (pv("FilterName", req["filter"]),))
    doc.close(True)
    return {"saved": req["to"]}


def report(ctx, req):
    import importlib.util
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "xl_ratings", "libreoffice", "report.py")
    spec = importlib.util.spec_from_file_location("xlr_report", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    desktop = ctx.ServiceManager.createInstanceWithContext("com.sun.star.frame.Desktop", ctx)
    doc = desktop.loadComponentFromURL("private:factory/scalc", "_blank", 0, (pv("Hidden", True),))
    window = doc.getCurrentController().getFrame().getContainerWindow()
    shown = module.show(ctx, req["text"], window)
    field = module.build(ctx, req["text"]).getModel().getByName("text")
    doc.close(True)
    return {"shown": shown, "read_only": field.ReadOnly, "multi_line": field.MultiLine, "scrolls": field.VScroll}


def sheets(doc):
    out = {}
    for i in range(doc.Sheets.Count):
        sh = doc.Sheets.getByIndex(i)
        cursor = sh.createCursor()
        cursor.gotoEndOfUsedArea(False)
        a = cursor.getRangeAddress()
        out[sh.Name] = [list(r) for r in sh.getCellRangeByPosition(0, 0, a.EndColumn, a.EndRow).getDataArray()]
    return out


def formats(doc, names):
    """Each sheet's number formats other than General, by (row, column) from 0, as format codes."""
    codes = doc.NumberFormats
    out = {}
    for name in names:
        if not doc.Sheets.hasByName(name):
            continue
        sh = doc.Sheets.getByName(name)
        cursor = sh.createCursor()
        cursor.gotoEndOfUsedArea(False)
        a = cursor.getRangeAddress()
        found = {}
        parts = sh.getCellRangeByPosition(0, 0, a.EndColumn, a.EndRow).getCellFormatRanges()
        for k in range(parts.getCount()):
            part = parts.getByIndex(k)
            code = codes.getByKey(part.NumberFormat).FormatString
            if code != "General":
                r = part.getRangeAddress()
                for row in range(r.StartRow, r.EndRow + 1):
                    for col in range(r.StartColumn, r.EndColumn + 1):
                        found[f"{row},{col}"] = code
        out[name] = found
    return out


def recalc(ctx, req):
    doc = open_doc(ctx, req["path"])
    doc.calculateAll()
    sh = doc.Sheets.getByName(req["sheet"])
    out = []
    for name in req["cells"]:
        c = sh.getCellRangeByName(name)
        out.append({"value": c.getValue(), "text": c.getString(), "error": c.getError(), "formula": c.getFormula()})
    doc.close(True)
    return out


def click(ctx, req):
    doc = open_doc(ctx, req["path"])
    for name, row in req.get("hide", []):
        doc.Sheets.getByName(name).getRows().getByIndex(row - 1).IsVisible = False
    for part in req.get("fill", []):
        fill(ctx, doc, part)
    before = sheets(doc)
    frame = doc.getCurrentController().getFrame()
    helper = ctx.ServiceManager.createInstanceWithContext("com.sun.star.frame.DispatchHelper", ctx)
    told = [helper.executeDispatch(frame, "org.xlratings:" + c, "", 0, ()).Result for c in req["commands"]]
    out = {"told": told, "before": before, "after": sheets(doc), "formats": formats(doc, req.get("formats", [])),
           "active": doc.getCurrentController().getActiveSheet().Name}
    doc.close(True)
    return out


def _node(ctx, path):
    provider = ctx.ServiceManager.createInstanceWithContext("com.sun.star.configuration.ConfigurationProvider", ctx)
    return provider.createInstanceWithArguments("com.sun.star.configuration.ConfigurationAccess",
                                                (pv("nodepath", path),))


def config(ctx, req):
    """The menu's and toolbar's buttons as LibreOffice's configuration holds them, and the Function
    Wizard's description of each function (its name, description and arguments' names and help)."""
    ui = "/org.openoffice.Office.Addons/AddonUI/"
    menu = _node(ctx, ui + "OfficeMenuBar/org.xlratings.menu")
    items = menu.getByName("Submenu")
    toolbar = _node(ctx, ui + "OfficeToolBar/org.xlratings.toolbar")
    buttons = lambda s: [[s.getByName(n).URL, s.getByName(n).Title] for n in sorted(s.getElementNames())]
    wizard = {}
    fd = ctx.ServiceManager.createInstanceWithContext("com.sun.star.sheet.FunctionDescriptions", ctx)
    for i in range(fd.getCount()):
        d = {p.Name: p.Value for p in fd.getByIndex(i)}
        if d["Name"] in req["functions"]:
            wizard[d["Name"]] = [d["Description"], [[a.Name, a.Description, a.IsOptional] for a in d["Arguments"]]]
    return {"menu": [menu.Title, buttons(items)], "toolbar": buttons(toolbar), "wizard": wizard}


def main():
    req = json.load(sys.stdin)
    ctx = connect(req["pipe"])
    answer = {"recalc": recalc, "click": click, "config": config, "convert": convert, "report": report,
              "ping": lambda ctx, req: {"ok": True}}[req["op"]](ctx, req)
    sys.stdout.write(json.dumps(answer, ensure_ascii=False))
    sys.stdout.flush()
    os._exit(0)         # pyuno's teardown of a remote bridge may crash at exit: the answer is out


if __name__ == "__main__":
    main()
