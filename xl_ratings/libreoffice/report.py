"""What a button tells the officer, shown in LibreOffice: the whole text in a window of its own.

LibreOffice's message box has no scroll bar, and one cut to its first characters hid the end of a
long report -- an import's checks and notes (the champion against the points, a place cell not
read) come after the lists of new players, and a crosstable's summary passes 2,000 characters.
:func:`show` puts the whole text in a read-only field that scrolls, with an OK button (labelled in
LibreOffice's own language, as its message box's): nothing cut.

Only UNO's services, by name (no ``uno`` import, no xl-ratings module): LibreOffice's Python runs
it from the extension's components, and a test's Python with python3-uno builds the same window in
a running LibreOffice (tests/lo_driver.py) and reads its field back.
"""

from __future__ import annotations

from typing import Any

WIDTH, HEIGHT = 330, 210        #: the window, in LibreOffice's dialog units (about 660 x 360 pixels)
_MARGIN, _BUTTON_W, _BUTTON_H = 4, 50, 14
_OK = 1                         #: com.sun.star.awt.PushButtonType.OK: closes the window


def build(ctx: Any, text: str, title: str = "xl-ratings") -> Any:
    """The window holding ``text`` whole (not shown yet): its control ``text`` is the field."""
    smgr = ctx.ServiceManager
    model = smgr.createInstanceWithContext("com.sun.star.awt.UnoControlDialogModel", ctx)
    model.Title, model.Width, model.Height = title, WIDTH, HEIGHT
    field = model.createInstance("com.sun.star.awt.UnoControlEditModel")
    field.PositionX, field.PositionY = _MARGIN, _MARGIN
    field.Width, field.Height = WIDTH - 2 * _MARGIN, HEIGHT - 3 * _MARGIN - _BUTTON_H
    field.MultiLine, field.ReadOnly, field.VScroll, field.HScroll = True, True, True, False
    field.Text = text
    model.insertByName("text", field)
    ok = model.createInstance("com.sun.star.awt.UnoControlButtonModel")
    ok.PositionX, ok.PositionY = WIDTH - _MARGIN - _BUTTON_W, HEIGHT - _MARGIN - _BUTTON_H
    ok.Width, ok.Height = _BUTTON_W, _BUTTON_H
    ok.PushButtonType, ok.DefaultButton = _OK, True      # no label: LibreOffice's own (确定), as its message box's
    model.insertByName("ok", ok)
    dialog = smgr.createInstanceWithContext("com.sun.star.awt.UnoControlDialog", ctx)
    dialog.setModel(model)
    return dialog


def show(ctx: Any, text: str, parent: Any = None, title: str = "xl-ratings") -> str:
    """Show ``text`` in its window over ``parent`` (a window's peer, or None) until the officer
    presses OK (under ``--headless`` LibreOffice closes it at once); what its field held."""
    dialog = build(ctx, text, title)
    toolkit = ctx.ServiceManager.createInstanceWithContext("com.sun.star.awt.Toolkit", ctx)
    dialog.createPeer(toolkit, parent)
    try:
        dialog.execute()
        return str(dialog.getModel().getByName("text").Text)
    finally:
        dialog.dispose()
