"""The extension's UNO components (copied to the root of the ``.oxt``; LibreOffice's Python loads it):

* ``org.xlratings.Functions`` -- the Calc add-in: one method per Excel function (the type library
  ``XRatings.rdb`` declares them), each calling :func:`xl_ratings.libreoffice.functions.call`;
* ``org.xlratings.Commands`` -- the toolbar's and menu's commands
  (``org.xlratings:process``), :func:`xl_ratings.libreoffice.commands.run`; and the
  job run when a document opens (:mod:`xl_ratings.libreoffice.names`: Excel's names for the functions).

The ``pythonpath`` folder beside this file holds xl-ratings' pure-Python modules and the three
packages they need; it is put first on ``sys.path``, before any copy in the system's Python.
"""

from __future__ import annotations

import os
import sys
from typing import Any

import uno  # type: ignore[import-not-found]
import unohelper  # type: ignore[import-not-found]
from com.sun.star.frame import DispatchResultEvent, XDispatchProvider, XNotifyingDispatch  # type: ignore[import-not-found]
from com.sun.star.lang import XInitialization  # type: ignore[import-not-found]
from com.sun.star.task import XJob  # type: ignore[import-not-found]
from org.xlratings import XRatings  # type: ignore[import-not-found]

_HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "pythonpath")
if _HERE in sys.path:
    sys.path.remove(_HERE)
sys.path.insert(0, _HERE)

#: what to tell the officer when this Python cannot run xl-ratings: the catalogue's ``lo.python_lacks``
#: in both languages, put here by the build (this module must not need xl-ratings to say it)
LACKS = "xl-ratings needs Python 3.11 or later in LibreOffice ({python}): {problem}"
#: the buttons' commands, known without xl-ratings (xl_ratings.libreoffice.commands.COMMANDS)
BUTTONS = ("process", "import", "rating_list")
try:
    if sys.version_info < (3, 11):
        raise ImportError("Python " + ".".join(map(str, sys.version_info[:3])) + " < 3.11")
    from xl_ratings.libreoffice import commands, functions, names, report
    BROKEN = ""
except Exception as _e:     # LibreOffice's Python lacks what xl-ratings needs: register, and say so on a click
    commands = functions = names = report = None  # type: ignore[assignment]
    BROKEN = LACKS.replace("{python}", sys.version.split()[0]).replace("{problem}", f"{type(_e).__name__}: {_e}")

FUNCTIONS = "org.xlratings.Functions"
COMMANDS = "org.xlratings.Commands"
PROTOCOL = "org.xlratings:"


class Functions(unohelper.Base, XRatings):
    def __init__(self, ctx: Any) -> None:
        self.ctx = ctx


def _method(name: str) -> Any:
    def method(self: Any, *args: Any) -> Any:
        return functions.call(name, *args)
    method.__name__ = name
    return method


for _f in (functions.table() if functions is not None else ()):
    setattr(Functions, _f.name, _method(_f.name))


class Commands(unohelper.Base, XDispatchProvider, XNotifyingDispatch, XInitialization, XJob):
    """The protocol handler of ``org.xlratings:process`` (``import``, ``rating_list``): the toolbar's and
    the menu's buttons, on the document of the frame they were clicked in."""

    def __init__(self, ctx: Any) -> None:
        self.ctx = ctx
        self.frame: Any = None

    def initialize(self, args: Any) -> None:
        if args:
            self.frame = args[0]

    def queryDispatch(self, url: Any, target: str, flags: int) -> Any:  # noqa: N802 -- UNO's names
        return self if url.Protocol == PROTOCOL and url.Path in BUTTONS else None

    def queryDispatches(self, requests: Any) -> Any:  # noqa: N802
        return tuple(self.queryDispatch(r.FeatureURL, r.FrameName, r.SearchFlags) for r in requests)

    def dispatch(self, url: Any, args: Any) -> None:
        self.dispatchWithNotification(url, args, None)

    def dispatchWithNotification(self, url: Any, args: Any, listener: Any) -> None:  # noqa: N802
        """Run the command; what the officer is told goes to the report window, LibreOffice's standard
        output and the dispatch's result (what a macro or a test calling it gets back)."""
        doc = self.frame.getController().getModel() if self.frame is not None else None
        told = BROKEN or commands.run(url.Path, doc)
        print(told, flush=True)
        _show(self.ctx, doc, told)
        if listener is not None:
            success = uno.getConstantByName("com.sun.star.frame.DispatchResultState.SUCCESS")
            listener.dispatchFinished(DispatchResultEvent(self, success, told))

    def addStatusListener(self, listener: Any, url: Any) -> None:  # noqa: N802
        pass

    def removeStatusListener(self, listener: Any, url: Any) -> None:  # noqa: N802
        pass

    def execute(self, args: Any) -> Any:
        """The job run when a document is opened (Jobs.xcu): Excel's names for our functions."""
        try:
            env = next(a.Value for a in args if a.Name == "Environment")
            doc = next(e.Value for e in env if e.Name == "Model")
            if not BROKEN and commands.is_spreadsheet(doc):
                names.fix_document(doc, [f.name for f in functions.table()])
        except Exception:       # never stop a document from opening
            import traceback
            traceback.print_exc()
        return None


def _show(ctx: Any, doc: Any, text: str) -> None:
    """The whole text in a window whose field scrolls (:func:`xl_ratings.libreoffice.report.show`: a
    message box has no scroll bar, and a long import's checks and notes come last); the message box
    when xl-ratings cannot load (its one line).  Under --headless LibreOffice closes both at once."""
    try:
        window = doc.getCurrentController().getFrame().getContainerWindow()
    except Exception:       # no window to show it in: the standard output has it
        return
    if report is not None:
        try:
            report.show(ctx, text, window)
            return
        except Exception:
            import traceback
            traceback.print_exc()
    try:
        toolkit = ctx.ServiceManager.createInstanceWithContext("com.sun.star.awt.Toolkit", ctx)
        box_type = uno.Enum("com.sun.star.awt.MessageBoxType", "INFOBOX")
        box = toolkit.createMessageBox(window, box_type, 1, "xl-ratings", text[:2000])
        box.execute()
        box.dispose()
    except Exception:
        pass


g_ImplementationHelper = unohelper.ImplementationHelper()
g_ImplementationHelper.addImplementation(Functions, FUNCTIONS, ("com.sun.star.sheet.AddIn",))
g_ImplementationHelper.addImplementation(Commands, COMMANDS, ("com.sun.star.frame.ProtocolHandler",
                                                             "com.sun.star.task.Job"))
