"""GBK and Big5 told apart by what the bytes read as (:mod:`xl_ratings.i18n.codepages`): the
names of a sample -- never its ASCII header alone -- in common characters of one script.
Real names both ways: the sample federations' surnames and given names, and Hong Kong's spelling
of them (:func:`xl_ratings.i18n.names.traditional_name`)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from xl_ratings.i18n.codepages import guess, plausibility
from xl_ratings.i18n.names import KEPT_SURNAMES, traditional_name
from xl_ratings.systems.sample_kit import GIVEN, SURNAMES

HEADER = "white,black,result,date\n"
NAME = st.builds(lambda s, g1, g2: s + g1 + g2, st.sampled_from(SURNAMES + "".join(KEPT_SURNAMES)),
                 st.sampled_from(GIVEN), st.sampled_from(GIVEN + [""]))


def game_lines(names: list[str]) -> str:
    return HEADER + "".join(f"{a},{b},1,2026-01-0{i % 9 + 1}\n"
                            for i, (a, b) in enumerate(zip(names, names[1:] + names[:1])))


def big5(text: str) -> bytes | None:
    try:
        return text.encode("big5hkscs")
    except UnicodeEncodeError:          # a character Big5 lacks: not a Big5 file
        return None


@settings(max_examples=200, deadline=None)
@given(names=st.lists(NAME, min_size=6, max_size=12, unique=True))     # a list of six people or more
def test_simplified_names_in_gbk_read_as_gb18030(names):
    got = guess([game_lines(names).encode("gbk")])
    assert got is not None and got.encoding == "gb18030", (names, got)


@settings(max_examples=200, deadline=None)
@given(names=st.lists(NAME, min_size=6, max_size=12, unique=True))     # a list of six people or more
def test_hong_kong_names_in_big5_read_as_big5(names):
    data = big5(game_lines([traditional_name(n) for n in names]))
    if data is None:
        return
    got = guess([data])
    assert got is not None and got.encoding == "big5hkscs", (names, got)


@settings(max_examples=300, deadline=None)
@given(names=st.lists(NAME, min_size=1, max_size=3), hong_kong=st.booleans())
def test_a_sure_guess_is_never_wrong(names, hong_kong):
    """However few the names (one name repeated, 党偉詩涵 on every line): a guess said to be sure
    is right; the others are told as doubtful."""
    text = game_lines([traditional_name(n) for n in names] if hong_kong else names)
    data = big5(text) if hong_kong else text.encode("gbk")
    if data is None:
        return
    got = guess([data])
    assert got is not None
    if got.sure:
        assert got.encoding == ("big5hkscs" if hong_kong else "gb18030"), (text, got)


def test_the_wrong_reading_of_real_names_is_told_by_its_characters():
    """陳大文 in Big5 read as GB18030 is 朝ゅ (kana, private use): implausible; read as Big5, itself."""
    data = "陳大文,李小明,張志強,鍾偉,黃嘉欣".encode("big5")
    wrong, right = data.decode("gb18030"), data.decode("big5hkscs")
    assert right == "陳大文,李小明,張志強,鍾偉,黃嘉欣"
    assert plausibility(right)[0] > 0.9 > 0.5 > plausibility(wrong)[0]
    assert guess([data]) is not None and guess([data]).encoding == "big5hkscs" and guess([data]).sure


def test_too_few_characters_are_never_sure():
    got = guess([(HEADER + "陳,李,1,2026-01-01\n").encode("big5")])
    assert got is not None and not got.sure and (got.chars, got.distinct) == (2, 2)
    many = guess([(HEADER + "党偉詩涵,党偉詩涵,1,2026-01-01\n" * 50).encode("big5hkscs")])
    assert many is not None and not many.sure and (many.chars, many.distinct) == (400, 4)


def test_nothing_read_gives_no_guess():
    assert guess([b"\xff\xff\xff"], ("big5hkscs",)) is None
