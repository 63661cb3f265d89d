"""The rules under identity at the door (issue 17), as properties and named cases:
the canonical form of a name (FORMATS.md "Matching players"), near misses, the
Clubs sheet, and an event's fingerprint ("The same tournament twice")."""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from xl_ratings.engine.clubs import read_clubs
from xl_ratings.errors import InputErrors
from xl_ratings.i18n import simplified, traditional
from xl_ratings.i18n.canonical import canonical, club_key, doubtful, edit_distance, name_keys, plain
from xl_ratings.i18n.scripts import _tables, ambiguous, fold_exact, fold_loose
from xl_ratings.intake.fingerprint import Fingerprint, likeness
from xl_ratings.intake.matching import near_names
from xl_ratings.systems.sample_kit import GIVEN, SURNAMES

INVISIBLE = "\u200b\u200c\u200d\u200e\u200f\u2060\ufeff\u00ad\u202a\u202c"
HAN = sorted(set(SURNAMES + "".join(GIVEN)))
han_names = st.builds(lambda s, g: s + g, st.sampled_from(SURNAMES), st.sampled_from(GIVEN))
latin_words = st.text(alphabet="abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ", min_size=1, max_size=8)


# --------------------------------------------------------------------------- the canonical form
@given(st.text(max_size=20))
def test_canonical_is_idempotent(text):
    assert canonical(canonical(text)) == canonical(text)


@given(han_names, st.lists(st.sampled_from(INVISIBLE + " \u3000\t"), max_size=4), st.randoms())
def test_invisible_characters_and_spaces_inside_a_chinese_name_do_not_count(name, noise, rnd):
    chars = list(name)
    for c in noise:
        chars.insert(rnd.randint(1, len(chars) - 1) if len(chars) > 1 else 1, c)
    assert canonical("".join(chars)) == canonical(name)


@given(han_names)
def test_simplified_and_traditional_are_one_name_where_the_tables_say_so_one_to_one(name):
    """A traditional spelling folds to the simplified one when each of its characters is the one
    traditional form of its simplified character; else the two are a doubt (asked), never equal."""
    trad = traditional(name)
    if not any(ambiguous(c) for c in trad):
        assert canonical(trad) == canonical(name) == canonical(simplified(trad))
    else:
        assert canonical(trad) != canonical(name)
        assert doubtful(name_keys(trad), name_keys(name))


_TS = [(t, s) for t, s in ((chr(k), v) for k, v in _tables()[1].items())]


@settings(max_examples=300)
@given(st.sampled_from(_TS), st.sampled_from(_TS))
def test_folding_never_merges_two_spellings_the_tables_map_apart(one, other):
    """Two different traditional characters of one simplified character (鍾 and 鐘 both 钟) stay
    two; a traditional character folds only onto a simplified one no other character gives."""
    (t1, s1), (t2, s2) = one, other
    if t1 != t2 and s1 == s2:
        assert canonical(t1) != canonical(t2)
        assert not doubtful(name_keys("王" + t1), name_keys("王" + t2))   # as written: two names
    if canonical(t1) == canonical(t2):
        assert t1 == t2 or s1 == s2


@given(st.text(alphabet="钟鍾鐘于於游遊陈陳龙龍伟偉·・ '’", max_size=6))
def test_the_folds_are_idempotent(text):
    assert canonical(canonical(text)) == canonical(text)
    assert fold_loose(fold_loose(text)) == fold_loose(text)
    assert fold_exact(fold_exact(text)) == fold_exact(text)


def test_named_cases_of_issue_24():
    """Punctuation and width fold; script folding is one to one only."""
    assert canonical("阿依・古丽") == canonical("阿依•古丽") == canonical("阿依·古丽") == canonical("阿依 · 古丽") \
        == canonical("阿依．古丽") == canonical("阿依･古丽")
    assert canonical("O’Brien") == canonical("O'Brien") == canonical("Ｏ＇Ｂｒｉｅｎ")
    assert canonical("陳偉") == canonical("陈伟")          # 陳 is the one form of 陈
    for a, b in (("鍾", "鐘"), ("於", "于"), ("游", "遊")):   # different surnames in Hong Kong
        assert canonical(a + "偉") != canonical(b + "偉")
    assert doubtful(name_keys("钟伟"), name_keys("鍾偉")) and doubtful(name_keys("钟伟"), name_keys("鐘偉"))
    assert not doubtful(name_keys("鍾偉"), name_keys("鐘偉"))       # two traditional spellings: as written
    assert doubtful(name_keys("于伟"), name_keys("於偉")) and not doubtful(name_keys("于伟"), name_keys("于偉"))


@given(latin_words, latin_words)
def test_case_and_the_fide_comma_order_do_not_count(surname, first):
    written = f"{surname} {first}"
    assert name_keys(f"{surname.upper()}, {first.lower()}") >= {canonical(written), canonical(f"{first} {surname}")}
    assert canonical(written.swapcase()) == canonical(written)
    assert name_keys(written, surname) == name_keys(f"{surname}, {first}")     # an h9 says which is the surname


def test_named_cases_of_issue_17():
    assert canonical("龔 軍") == canonical("龚军") == canonical("\ufeff龔\u200b軍") == canonical("龔軍")
    assert canonical("ＺＨＡＮＧ　Wei") == canonical("zhang wei")
    assert name_keys("龔，軍") == name_keys("龔軍")                 # a CJK name keeps its one order
    assert name_keys("Zhang, Wei") & name_keys("Wei Zhang") and name_keys("Zhang, Wei") & name_keys("Zhang Wei")
    assert not name_keys("Zhang Wei") & name_keys("Wei Zhang")      # without the comma nobody says which is which
    assert plain("\ufeff龔 軍") == "龔軍" and plain("Tan  Ah Kow") == "Tan Ah Kow"
    assert club_key("Kowloon Go Club") == club_key("KOWLOON GOCLUB") and club_key("九龍棋社") == club_key("九龙 棋社")


def _levenshtein(a: str, b: str) -> int:
    row = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        prev, row[0] = row[0], i
        for j, cb in enumerate(b, 1):
            prev, row[j] = row[j], min(row[j] + 1, row[j - 1] + 1, prev + (ca != cb))
    return row[-1]


@settings(max_examples=300)
@given(st.text(alphabet="abc林天佑祐", max_size=7), st.text(alphabet="abc林天佑祐", max_size=7), st.integers(0, 3))
def test_the_banded_edit_distance_is_levenshtein_up_to_its_limit(a, b, limit):
    assert edit_distance(a, b, limit) == min(_levenshtein(a, b), limit + 1)


# --------------------------------------------------------------------------- near misses
@pytest.mark.parametrize("a, b, near", [
    ("林天祐", "林天佑", True),      # seed example of issue 17: one character, same club
    ("王伟", "王玮", True),          # two characters: only a character of the same sound
    ("王伟", "王芳", False),
    ("王", "汪", False),
    ("林天佑", "林天佑", False),     # the same name is a match, not a near miss
    ("zhang wei", "wei zhang", True),
    ("chauvin robin", "chauvin robim", True),
    ("chauvin robin", "chauvin marc", False),
    ("li na", "li nb", True),
    ("li na", "lu nb", False),
])
def test_near_names(a, b, near):
    assert near_names(canonical(a), canonical(b)) is near


# --------------------------------------------------------------------------- the Clubs sheet
def test_clubs_are_found_by_code_name_or_alias_in_any_script():
    clubs = read_clubs({"Clubs": [["代码 code", "名称 name", "别名 aliases"],
                                  ["KLN", "九龍棋社", "九龍; Kowloon Go Club；九龙"],
                                  ["HKI", "港島學界", None]]})
    for word in ("KLN", "kln", "九龙棋社", "Kowloon  go club", "九龍", "九龙"):
        assert clubs.name(word) == "九龍棋社", word
    assert clubs.key("KLN") == clubs.key("九龍棋社") != clubs.key("HKI")
    assert clubs.find("XYZ") is None and clubs.name("XYZ") == "XYZ"


def test_a_club_word_naming_two_clubs_is_refused_where_it_stands():
    with pytest.raises(InputErrors) as e:
        read_clubs({"Clubs": [["code", "name", "aliases"], ["KLN", "九龍棋社", "九龍"], ["NT", "新界棋會", "九龙"],
                              ["X", None, "x"]]}, "hk.xlsx")
    problems = {(err.where.row, err.where.column) for err in e.value.errors}
    assert problems == {(3, "aliases"), (4, "name")}


# --------------------------------------------------------------------------- fingerprints
GAMES = [(1, "A", "B", 1), (1, "C", "D", 0.5), (2, "A", "C", 0), (2, "B", "D", "+"), (3, "A", "D", 1), (3, "B", "C", 0)]


def flipped(games):
    flip = {1: 0, 0: 1, 0.5: 0.5, "+": "-", "-": "+"}
    return [(r, b, a, flip[x]) for r, a, b, x in games]


@given(st.permutations(range(len(GAMES))), st.lists(st.booleans(), min_size=len(GAMES), max_size=len(GAMES)))
def test_a_tournament_is_its_games_in_any_order_from_either_side(order, sides):
    games = [flipped([GAMES[k]])[0] if side else GAMES[k] for k, side in zip(order, sides)]
    alike = likeness(Fingerprint.of(GAMES), Fingerprint.of(games))
    assert alike is not None and alike.same_games and alike.alike == 6


def test_pairings_tell_a_corrected_or_longer_event_and_not_a_monthly_round_robin():
    corrected = [(1, "A", "B", 0)] + GAMES[1:]
    alike = likeness(Fingerprint.of(GAMES), Fingerprint.of(corrected))
    assert alike is not None and not alike.same_games and (alike.alike, alike.differ) == (5, 1)
    first_rounds = GAMES[:4]
    assert likeness(Fingerprint.of(first_rounds), Fingerprint.of(GAMES)) is not None
    # the same four players' round robin without rounds, another month, other results: two tournaments
    no_rounds = [(None, a, b, x) for _, a, b, x in GAMES]
    other_month = [(None, a, b, 1) for _, a, b, _ in GAMES]
    assert likeness(Fingerprint.of(no_rounds), Fingerprint.of(other_month)) is None
    assert likeness(Fingerprint.of(no_rounds), Fingerprint.of(list(reversed(no_rounds)))) is not None
    # another Swiss of the same club: round 1 alike, the rest not
    rnd = random.Random(17)
    other = [(r, *rnd.sample("ABCD", 2), 1) for r in (2, 3) for _ in range(2)]
    assert likeness(Fingerprint.of(GAMES[:2] + other), Fingerprint.of(GAMES)) is None


def test_rounds_written_otherwise_are_one_round():
    as_text = [(str(r), a, b, x) for r, a, b, x in GAMES]
    as_float = [(float(r), a, b, x) for r, a, b, x in GAMES]
    assert all(likeness(Fingerprint.of(GAMES), Fingerprint.of(g)) for g in (as_text, as_float))
    assert list(itertools.islice(Fingerprint.of(GAMES).unrounded, 1))
