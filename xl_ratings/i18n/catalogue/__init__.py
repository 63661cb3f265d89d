"""The message catalogue: every user-facing message, once, in both languages.

An entry has an id, an English text and a Chinese text (simplified; the Hong
Kong workbooks get it in traditional characters through
:func:`xl_ratings.i18n.to_lang`, chosen once per run), with the same named
parameters in both::

    from xl_ratings.i18n.catalogue import imports as M

    raise RatingInputError(M.ROUND_NOT_WHOLE(round=r), where=...)

A call gives a :class:`Text`, which keeps the two templates and the parameters
apart: ``text.zh_in(lang)`` puts the template in the run's script first, then
the parameters (names and values are shown as written); ``text.both(lang)``
is "English — 中文".  A check's id is its rule id (:mod:`.checks`).

Entries are declared with :func:`message` (:mod:`xl_ratings.i18n.text`) in the
topic modules of this package (``sheets``, ``workbooks``, ``imports``, ``sources``,
``publish``, ``checks``, ``excel``, ``run``, ``rules``, ``cli``, ``libreoffice``) and in
:mod:`xl_ratings.files.messages` (the files layer imports nothing of ours but
:mod:`xl_ratings.errors`); an id is declared once in the whole package (a test
imports every topic and checks that each entry has both languages and the
same parameters in each).  Never derive one language's text from the other's
wording: an English edit must not silently lose its Chinese.

Standard library only (the rulebooks import it).
"""

from __future__ import annotations

import importlib

from ..text import CATALOGUE, Message, Text, message

#: the topic modules: this package's, and the files layer's own (standard library only)
TOPICS = tuple(f"{__name__}.{t}" for t in ("sheets", "workbooks", "imports", "sources", "publish", "checks",
                                              "excel", "run", "rules", "cli", "libreoffice", "identity")) + \
    ("xl_ratings.files.messages",)


def load_all() -> dict[str, Message]:
    """Import every topic module (for the completeness test and the docs)."""
    for topic in TOPICS:
        importlib.import_module(topic)
    return CATALOGUE


__all__ = ["CATALOGUE", "Message", "message", "load_all", "Text"]
