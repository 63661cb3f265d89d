"""Hong Kong names in Latin letters, as Hong Kong writes them: 陳大文 -> ``Chan Tai Man``.

For a Hong Kong workbook's player without a ``latin_name``, the pairing
programs' lists need a Latin name; Mandarin pinyin (``Chen Dawen``) is not
how anyone in Hong Kong spells it.  Here the name is read in Cantonese by
**ToJyutping** (PyPI ``ToJyutping``, by the Cantonese Computational
Linguistics Infrastructure Development Workgroup: pure Python, about 0.3 MB,
a maintained dictionary with the readings of words in context) and its
Jyutping written in the spelling of the Hong Kong government's romanisation
(the one identity cards carry): initials ``b d g z c j`` -> ``p t k ch ch y``,
finals ``aa`` -> ``a``, ``oeng`` -> ``eung``, ``eoi`` -> ``ui``, ``yu`` -> ``u``,
``yun`` -> ``uen``, ``ou`` -> ``o`` ...; surnames whose spelling that rule does
not give (``區`` Au, ``曾`` Tsang, ``李`` Lee, ``謝`` Tse ...) are in
:data:`SURNAMES`.

The government's spelling has variants the sound does not decide (``子`` is
``Tsz``, ``志`` is ``Chi``): a name made here is an approximation, said so in
the lists' notes ("romanised by Cantonese"); the officer's own spelling in
``latin_name`` always wins.  Not chosen: ``pycantonese`` (a 42 MB compiled
wheel with a corpus), ``cantonese-romanisation`` (government spelling, but
readings offered without order and no release since 2023).  Where ToJyutping
is not installed (xlwings Lite in the browser) the lists fall back to pinyin
and say so.
"""

from __future__ import annotations

#: Jyutping initial -> the government spelling (longest first when matching)
INITIALS = (("gw", "kw"), ("kw", "kw"), ("ng", "ng"), ("b", "p"), ("p", "p"), ("m", "m"), ("f", "f"),
            ("d", "t"), ("t", "t"), ("n", "n"), ("l", "l"), ("g", "k"), ("k", "k"), ("h", "h"), ("w", "w"),
            ("z", "ch"), ("c", "ch"), ("s", "s"), ("j", "y"))
#: Jyutping final -> the government spelling (a final not here is written as it is)
FINALS = {
    "aa": "a", "aai": "ai", "aau": "au", "aam": "am", "aan": "an", "aang": "ang", "aap": "ap", "aat": "at",
    "aak": "ak", "ou": "o", "oe": "oe", "oeng": "eung", "oek": "euk", "eoi": "ui", "eon": "un", "eot": "ut",
    "yu": "u", "yun": "uen", "yut": "uet",
}
#: (initial, final) pairs the government spells otherwise than initial + final
PAIRS = {("s", "i"): "sze", ("z", "eoi"): "tsui", ("c", "eoi"): "tsui", ("z", "ang"): "tsang",
         ("c", "ang"): "tsang", ("s", "yu"): "shu", ("j", "yu"): "yu", ("j", "i"): "yi"}
#: Surnames (traditional and simplified) whose usual spelling the rule above does not give.
SURNAMES = {
    "區": "Au", "区": "Au", "曾": "Tsang", "李": "Lee", "謝": "Tse", "谢": "Tse", "曹": "Tso", "潘": "Poon",
    "石": "Shek", "岑": "Shum", "沈": "Shum", "單": "Shin", "单": "Shin", "査": "Cha", "查": "Cha",
    "司徒": "Sze To", "歐陽": "Au Yeung", "欧阳": "Au Yeung", "上官": "Sheung Kwun", "諸葛": "Chu Kot",
    "诸葛": "Chu Kot", "余": "Yu", "俞": "Yu", "於": "Yu", "鍾": "Chung", "钟": "Chung", "鐘": "Chung",
    "蔣": "Cheung", "蒋": "Cheung", "邵": "Shiu", "舒": "Shu", "盛": "Shing", "佘": "Shea",
}


def syllable(jyutping: str) -> str:
    """One Jyutping syllable (tone digit allowed) in the government's spelling, lower case."""
    text = jyutping.rstrip("123456").lower()
    if text in ("m", "ng"):
        return text
    initial, spelled = "", ""
    for j, g in INITIALS:
        if text.startswith(j) and len(text) > len(j):
            initial, spelled = j, g
            break
    final = text[len(initial):]
    pair = PAIRS.get((initial, final))
    if pair is not None:
        return pair
    return spelled + FINALS.get(final, final)


def readings(name: str) -> list[str] | None:
    """Each character's Cantonese reading (Jyutping), or None: ToJyutping missing, or a
    character it cannot read."""
    try:
        import ToJyutping  # type: ignore[import-untyped]
    except ImportError:
        return None
    got = ToJyutping.get_jyutping_list(name)
    if not got or any(j is None for _, j in got):
        return None
    return [str(j) for _, j in got]


def cantonese(name: str, surname_length: int) -> tuple[str, str] | None:
    """(surname, given name) of a Chinese ``name`` (no spaces) in the Hong Kong spelling,
    each syllable capitalised: 陳大文 -> ("Chan", "Tai Man"); None when it cannot be read."""
    head, rest = name[:surname_length], name[surname_length:]
    sounds = readings(name)
    if sounds is None:
        return None
    surname = SURNAMES.get(head) or " ".join(syllable(s).capitalize() for s in sounds[:surname_length])
    given = " ".join(syllable(s).capitalize() for s in sounds[surname_length:len(head) + len(rest)])
    return surname, given


def available() -> bool:
    """Whether ToJyutping is installed (it is not in xlwings Lite's browser)."""
    try:
        import ToJyutping  # noqa: F401
    except ImportError:
        return False
    return True
