"""The message machinery: a catalogue entry (:class:`Message`), what calling it gives
(:class:`Text`: two templates and the parameters, told in either language and script),
lists of texts (:func:`joined`) and the catalogue itself (:data:`CATALOGUE`, filled by
:func:`message` as the topic modules of :mod:`.catalogue` are imported).

The bottom of the package's words: the standard library and :mod:`xl_ratings.i18n`
(the scripts) only.  :mod:`xl_ratings.errors` builds on it (an error keeps its
:class:`Text`), never the other way round.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from string import Formatter
from typing import Any, Protocol

from . import SIMPLIFIED, to_lang


class Place(Protocol):
    """A place a message can be told at (:class:`xl_ratings.errors.Where`): itself in words."""

    def text(self) -> "Text": ...


class _Count(int):
    """A whole-number parameter: ``{games:game|games}`` in a template is ``1 game``, ``3 games``
    (English has a plural, Chinese none: its template writes ``{games}`` 局); any other format as an int's."""

    def __format__(self, spec: str) -> str:
        if "|" in spec:
            one, many = spec.split("|", 1)
            return f"{int(self)} {one if self == 1 else many}"
        return int(self).__format__(spec)


def _filled(template: str, params: tuple[tuple[str, Any], ...], side: str, lang: str) -> str:
    """``template`` (already in ``lang``'s script) with ``params`` put in: a parameter that is itself
    a :class:`Text` in the same language (``side`` en or zh) and script; a whole number as a
    :class:`_Count` (its plural); every other value as given."""
    values = {k: (v.en_in(lang) if side == "en" else v.zh_in(lang)) if isinstance(v, Text) else
              _Count(v) if type(v) is int else v
              for k, v in params}
    return template.format(**values) if values or "{" in template else template


@dataclass(frozen=True)
class Text:
    """One user-facing message, made by the catalogue (:mod:`xl_ratings.i18n.catalogue`):
    ``M.NAME(param=...)``.

    It keeps the entry's two templates and the parameters apart, so that the
    Chinese is put in the run's script (:meth:`zh_in`: traditional for the Hong
    Kong workbooks) *before* the parameters go in: names, clubs and values are
    shown as written.  ``en`` is the English, ``zh`` the simplified Chinese;
    ``str()`` gives the English.  A parameter may itself be a Text (a message
    within a message): it is told in the same language and script.
    """

    id: str
    en_template: str
    zh_template: str
    params: tuple[tuple[str, Any], ...] = ()

    @property
    def en(self) -> str:
        return self.en_in(SIMPLIFIED)

    def en_in(self, lang: str) -> str:
        """The English; the Chinese spellings it names (胜/和/负, 特级大师: what may be typed) in
        ``lang``'s script, like the rest of the run."""
        return _filled(to_lang(self.en_template, lang), self.params, "en", lang)

    @property
    def zh(self) -> str:
        """The Chinese, simplified."""
        return self.zh_in(SIMPLIFIED)

    def zh_in(self, lang: str) -> str:
        """The Chinese in ``lang``'s script (zh-Hans, or zh-Hant: OpenCC s2hk), parameters as given."""
        return _filled(to_lang(self.zh_template, lang), self.params, "zh", lang)

    def __str__(self) -> str:
        return self.en

    def both(self, lang: str = SIMPLIFIED) -> str:
        """English, then the Chinese in ``lang``'s script (one line, as notes and summaries print them)."""
        en, zh = self.en_in(lang), self.zh_in(lang)
        return f"{en} — {zh}" if zh and zh != en else en

    def checks_line(self, lang: str = SIMPLIFIED) -> str:
        """The Chinese first, the English in brackets: a line of the Checks sheet."""
        return f"{self.zh_in(lang)} ({self.en_in(lang)})"

    def at(self, where: Place) -> "Text":
        """This message at a place ("file x, line 3: …"), both languages; itself if the place is unknown."""
        place = where.text()
        if not place.params:
            return self
        return Text(self.id, "{where}: {text}", "{where}：{text}", (("where", place), ("text", self)))

    def param(self, name: str) -> Any:
        """The value given for parameter ``name`` (None if none)."""
        return next((v for k, v in self.params if k == name), None)


#: the characters a file name may hold and still be typed bare in a command (sh, cmd and PowerShell
#: alike): letters of any script, digits and ``_.-/\\:+=@,``
_BARE = re.compile(r"[\w.\-/\\:+=@,]+")


def command_word(word: str) -> str:
    """``word`` (a file name) as a command a message suggests must have it typed: bare when it can
    be (``club.xlsx``), else in double quotes (``"改動 測試.xlsx"``: a space would split it in two),
    which sh, cmd and PowerShell read alike; a name holding a character double quotes leave
    special to sh (``$`` `` ` `` ``"`` ``\\`` ``!``) in single quotes, as sh reads it."""
    if _BARE.fullmatch(word):
        return word
    if any(c in word for c in '$`"\\!'):
        return "'" + word.replace("'", "'\\''") + "'"
    return f'"{word}"'


def joined(parts: "Sequence[Text | str]", en_sep: str = ", ", zh_sep: str = "、") -> Text:
    """Several texts (or names) as one list, each told in the language it is shown in."""
    names = [f"p{i}" for i in range(len(parts))]
    return Text("errors.joined", en_sep.join(f"{{{n}}}" for n in names), zh_sep.join(f"{{{n}}}" for n in names),
                tuple(zip(names, parts)))


@dataclass(frozen=True)
class Message:
    """A catalogue entry: an id, English and Chinese (simplified) texts with the same
    named parameters; calling it with the parameters gives a :class:`Text`."""

    id: str
    en: str
    zh: str
    params: frozenset[str] = field(init=False, repr=False, compare=False)   #: the named parameters

    def __post_init__(self) -> None:
        fields = {f.split(".")[0].split("[")[0] for _, f, _, _ in Formatter().parse(self.en) if f}
        object.__setattr__(self, "params", frozenset(fields))

    def __call__(self, **params: Any) -> Text:
        if params.keys() != self.params:     # at the call site, not later where it is shown
            raise TypeError(f"message {self.id!r} takes {sorted(self.params)}, given {sorted(params)}")
        return Text(self.id, self.en, self.zh, tuple(params.items()))


#: every catalogue entry, by id (declared in the topic modules: :mod:`xl_ratings.i18n.catalogue`)
CATALOGUE: dict[str, Message] = {}


def message(id: str, en: str, zh: str) -> Message:
    """Declare one catalogue entry (at import of its topic module); an id is declared once."""
    if id in CATALOGUE:
        raise RuntimeError(f"message id {id!r} is declared twice")
    entry = CATALOGUE[id] = Message(id, en, zh)
    return entry


__all__ = ["CATALOGUE", "Message", "Place", "Text", "command_word", "joined", "message"]
