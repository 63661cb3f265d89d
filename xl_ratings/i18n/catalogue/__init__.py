"""The message catalogue: every user-facing message, once, in both languages.

An entry has an id, an English text and a Chinese text (simplified; the Hong
Kong workbooks get it in traditional characters through
:func:`xl_ratings.i18n.to_lang`, chosen once per run), with the same named
parameters in both::

    from xl_ratings.i18n.catalogue import imports as M

    raise RatingInputError(M.ROUND_NOT_WHOLE(round=r), where=...)

Entries are declared with :func:`message` in the topic modules of this
package (``sheets``, ``files``, ``imports``, ``publish``, ``checks``,
``excel``, ``run``); an id is declared once in the whole package (a test
imports every topic and checks that each entry has both languages and the
same parameters in each).  Never derive one language's text from the other's
wording: an English edit must not silently lose its Chinese.

Standard library only (the rulebooks import it).
"""

from __future__ import annotations

import string
from dataclasses import dataclass
from typing import Any

from ...errors import Text

#: every entry of every topic module, by id
CATALOGUE: dict[str, "Message"] = {}

TOPICS = ("sheets", "files", "imports", "publish", "checks", "excel", "run", "rules")


def _fields(template: str) -> frozenset[str]:
    return frozenset(name.split(".")[0].split("[")[0]
                     for _, name, _, _ in string.Formatter().parse(template) if name)


@dataclass(frozen=True)
class Message:
    """A catalogue entry; calling it with the named parameters gives a :class:`~xl_ratings.errors.Text`."""

    id: str
    en: str
    zh: str

    @property
    def fields(self) -> frozenset[str]:
        return _fields(self.en) | _fields(self.zh)

    def __call__(self, **params: Any) -> Text:
        return Text(self.id, self.en.format(**params), self.zh.format(**params))


def message(id: str, en: str, zh: str) -> Message:
    """Declare one entry (at import of its topic module)."""
    if id in CATALOGUE:
        raise RuntimeError(f"message id {id!r} is declared twice")
    entry = Message(id, en, zh)
    CATALOGUE[id] = entry
    return entry


def load_all() -> dict[str, Message]:
    """Import every topic module (for the completeness test and the docs)."""
    import importlib

    for topic in TOPICS:
        importlib.import_module(f"{__name__}.{topic}")
    return CATALOGUE


__all__ = ["CATALOGUE", "Message", "message", "load_all", "Text"]
