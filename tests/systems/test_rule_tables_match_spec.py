"""Each rule table against its SPEC row."""

import pytest

from xl_ratings.systems.ranks import Rank, parse_rank
from xl_ratings.systems import gor, lianzhong, peng, shanghai


@pytest.mark.parametrize("d,pc", [(0, .50), (3, .50), (4, .51), (10, .51), (11, .52), (99, .64),
                                  (106, .64), (107, .65), (391, .91), (392, .92), (400, .92),
                                  (411, .92), (412, .92), (735, .92), (5000, .92)])
def test_shanghai_fide_table_with_400_cap(d, pc):
    assert shanghai.expected_score(d) == pc
    assert shanghai.expected_score(-d) == pytest.approx(1 - pc)


def test_shanghai_difference_rounded_half_away_before_lookup():
    assert shanghai.expected_score(3.5) == 0.51   # 4
    assert shanghai.expected_score(3.49) == 0.50  # 3
    assert shanghai.expected_score(-3.5) == 0.49  # -4


def test_shanghai_fide_table_is_monotone_and_complete():
    bounds = [b for b, _ in shanghai.FIDE_PD_TABLE]
    values = [v for _, v in shanghai.FIDE_PD_TABLE]
    assert bounds == sorted(bounds) and values == sorted(values)
    assert values[0] == 0.5 and values[-1] == 1.0 and len(values) == 51


@pytest.mark.parametrize("games,events,peak,k", [
    (0, 0, None, 25), (29, 2, 2300, 25), (30, 0, None, 15), (5, 3, None, 15),
    (100, 10, 2399, 15), (0, 0, 2400, 10), (100, 10, 2450, 10)])
def test_shanghai_k(games, events, peak, k):
    assert shanghai.k_factor(games, events, peak) == k


def test_shanghai_rank_standards():
    ladder = shanghai.DEFAULTS.ladder
    assert [ladder.value(r) for r in ["九段", "八段", "七段", "六段", "五段", "四段", "三段", "二段", "初段"]] == \
        [2560, 2520, 2480, 2440, 2400, 2360, 2320, 2280, 2240]
    assert [ladder.value(f"{n}级") for n in range(1, 11)] == [2200 - 40 * i for i in range(10)]
    assert ladder.standard(2339).chinese() == "三段"
    assert ladder.standard(1839) is None


def test_gor_rank_table():
    lad = gor.DEFAULTS.ladder
    assert lad.value("20k") == 100 and lad.value("19k") == 200 and lad.value("1k") == 2000
    assert lad.value("1D") == 2100 and lad.value("7D") == 2700


@pytest.mark.parametrize("r,a", [(100, 200), (2700, 70), (2300, 90), (0, 200), (3000, 70)])
def test_gor_a(r, a):
    assert gor.a_parameter(r) == a


@pytest.mark.parametrize("r,c", [(50, 116), (100, 116), (1850, 33), (2400, 15), (2700, 10),
                                 (3000, 10), (150, 113)])
def test_gor_con_interpolated(r, c):
    assert gor.con(r) == pytest.approx(c)


def test_gor_weights_floor_fees():
    assert [gor.class_weight(c) for c in ["A", "甲", "b", "乙", "C", "丙", None]] == \
        [1, 1, .75, .75, .5, .5, 1]
    assert gor.tournament_update(150, [150] * 5, [0] * 5) == 100
    assert gor.tournament_update(150, [150] * 5, [0] * 5, params=gor.GorParams(floor=-1e9)) < 0
    fees = [gor.registration_fee(n, member=False) for n in (0, 1, 20, 21, 90, 91, 500)]
    assert fees == [0, 30, 30, 31, 100, 100, 100]
    assert gor.registration_fee(50, member=True) == 0


def test_gor_cap_below_fee_cap():
    p = gor.GorParams(fee_cap=60)
    assert gor.registration_fee(80, False, p) == 60


@pytest.mark.parametrize("r,k", [(1999.9, 32), (2000, 24), (2399, 24), (2400, 16), (2799, 16),
                                 (2800, 8), (3500, 8)])
def test_lianzhong_k(r, k):
    assert lianzhong.k_factor(r) == k


@pytest.mark.parametrize("r,t", [(2250, "二级大师"), (2700, "二级大师"), (2000, "三级大师"),
                                 (1800, "一级棋士"), (1700, "二级棋士"), (1600, "三级棋士"),
                                 (1500, "四级棋士"), (1400, "五级棋士"), (1300, "六级棋士"),
                                 (1200, "七级棋士"), (1100, "八级棋士"), (1099, "九级棋士")])
def test_lianzhong_titles(r, t):
    assert lianzhong.title(r, 20) == t
    assert lianzhong.title(r, 19) == "无称号"


def test_lianzhong_awarded_titles_stay():
    assert lianzhong.title(1900, 100, "一级大师") == "一级大师"
    assert lianzhong.title(1900, 100, "特级大师") == "特级大师"


def test_peng_ladder_values_stated_in_seed():
    by = {r.rank: r for r in peng.LADDER}
    stated = {"无级": (0, 1, 0.03125), "15级": (10, None, 0.04), "10级": (60, None, 0.09),
              "5级": (110, 1.2, 0.5), "2级": (180, None, 0.8), "1级": (200, 2, 0.9),
              "初段": (300, None, 1), "三段": (1000, 5, 3), "四段": (2000, 6, 4),
              "五段": (4000, 7, 5), "六段": (7000, 8, 6), "七段": (10000, 9, 7),
              "八段": (20000, 10, 8), "九段": (50000, 20, 9)}
    for name, (b, a, m) in stated.items():
        row = by[parse_rank(name)]
        assert row.basic == b and row.multiplier == m
        if a is not None:
            assert row.coefficient == a
    assert [by[Rank.kyu(n)].multiplier for n in (14, 13, 12, 11, 9, 8, 7, 6, 4, 3)] == \
        [0.05, 0.06, 0.07, 0.08, 0.1, 0.2, 0.3, 0.4, 0.6, 0.7]
    assert by[parse_rank("二段")].basic == 600
    assert len(peng.LADDER) == 25
    assert not by[parse_rank("14级")].stated and by[parse_rank("5级")].stated


def test_peng_event_levels():
    assert peng.level_covers("national", "五段") and not peng.level_covers("national", "四段")
    assert peng.level_covers("provincial", "1级") and peng.level_covers("provincial", "四段")
    assert not peng.level_covers("provincial", "2级") and not peng.level_covers("provincial", "五段")
    assert peng.level_covers("district", "2级") and peng.level_covers("district", "无级")
    assert not peng.level_covers("district", "1级")
    assert peng.level_covers(None, "九段") and peng.level_covers("", "无级")


def test_parameters_are_overridable_without_code():
    p = shanghai.ShanghaiParams(max_difference=350, k_new=30)
    assert shanghai.expected_score(400, p) == 0.89
    assert shanghai.k_factor(0, 0, None, p) == 30
    assert gor.game_change(800, 800, 0, params=gor.GorParams(epsilon=0)) == -40
    assert lianzhong.update(1500, 1500, 1, 0, 0, lianzhong.LianzhongParams(rated_games=0)).change == 16
    assert peng.annual_points("无级", "5级", 1, peng.PengParams(annual_win=10)) == 5


def test_defaults_are_pinned():
    """Every default, pinned: changing one must be a conscious act (and a note in
    docs/rules.md and CHANGELOG.md)."""
    s = shanghai.DEFAULTS
    assert (s.max_difference, s.k_new, s.k_established, s.k_top, s.k_top_rating, s.new_events,
            s.new_games, s.provisional_men, s.provisional_women, s.women_floor,
            s.inactive_max_games, s.inactive_window_months, s.first_rating_games,
            s.first_rating_window_years, s.k_first_rating) == \
        (400, 25, 15, 10, 2400, 3, 30, 2200, 2040, 2240, 4, 12, 9, 2, 25)
    g = gor.DEFAULTS
    assert (g.epsilon, g.a_intercept, g.a_divisor, g.a_min, g.a_max, g.floor, g.stone_value,
            g.stone_offset, g.certificate_wins, g.fee_annual, g.fee_free_games, g.fee_per_game,
            g.fee_paid_until_game, g.fee_cap) == \
        (0.014, 205, 20, 70, 200, 100, 100, 0.5, 10, 30, 20, 1, 90, 100)
    lz = lianzhong.DEFAULTS
    assert (lz.start, lz.scale, lz.rated_games, lz.rated_share, lz.unrated_numerator) == \
        (1400, 400, 20, 2 / 3, 41)
    pp = peng.DEFAULTS
    assert (pp.win_points, pp.draw_points, pp.annual_win, pp.annual_loss, pp.annual_draw_gain,
            pp.annual_draw_loss, pp.dan_base_min, pp.base_decimals) == (2, 1, 16, 16, 8, 8, 200, 2)
