"""Every worked example of SPEC.md, named after the seed example it comes from."""

import pytest

from xl_ratings.systems import gor, lianzhong, peng, shanghai


# --- seed 001 (shanghai) ---------------------------------------------------
def test_seed001_worked_check_2300_vs_four_2200_scoring_3_of_4():
    c = shanghai.tournament_change(2300, [2200, 2200, 2200, 2200], [1, 1, 1, 0],
                                   shanghai.k_factor(games=40, events=5, peak=2350))
    assert c.difference == 100
    assert shanghai.expected_score(100) == 0.64
    assert c.expected == pytest.approx(2.56)
    assert c.k == 15
    assert c.change == pytest.approx(6.6)


# --- seed 002 (gor) ----------------------------------------------------------
def test_seed002_example1_equal_13k_a_wins():
    assert gor.con(800) == 80
    assert gor.game_change(800, 800, 1) == pytest.approx(40)
    assert gor.game_change(800, 800, 0) == pytest.approx(-38.88)
    assert round(gor.game_change(800, 800, 0)) == -39
    # whoever is listed first: the winner is A
    assert gor.expected(800, 800, score=0) == pytest.approx(0.486)
    assert gor.expected(800, 800, score=1) == pytest.approx(0.5)


def test_seed002_example2_3d_beats_4d():
    assert gor.a_parameter(2300) == 90
    assert gor.expected(2300, 2400) == pytest.approx(0.2477, abs=5e-5)
    assert gor.game_change(2300, 2400, 1) == pytest.approx(13.54, abs=0.005)
    assert gor.expected(2400, 2300) == pytest.approx(0.7384, abs=1e-4)  # seed rounds S_E(A) first
    assert gor.game_change(2400, 2300, 0) == pytest.approx(-11.08, abs=0.006)


def test_seed002_example3_five_stone_handicap():
    assert gor.handicap_adjust(1850, 2400, 5) == (2300, 2400)
    assert gor.con(1850) == pytest.approx(33)
    assert gor.expected(1850, 2400, handicap=5) == pytest.approx(0.248, abs=5e-4)
    a_new = gor.tournament_update(1850, [2400], [1], [5])
    b_new = gor.tournament_update(2400, [1850], [0], [-5])
    assert a_new - 1850 == pytest.approx(24.8, abs=0.05)
    assert round(a_new) == 1875
    assert b_new - 2400 == pytest.approx(-11.07, abs=0.01)  # the seed's "21" is a typo
    assert round(b_new) == 2389


# --- seed 004 (lianzhong) -----------------------------------------------------
def test_seed004_worked_check_two_rated_1500():
    assert lianzhong.update(1500, 1500, 1, 20, 20).change == pytest.approx(16)
    assert lianzhong.update(1500, 1500, 0, 20, 20).change == pytest.approx(-16)


def test_seed004_worked_check_rated_beats_unrated_in_5th_game():
    rated = lianzhong.update(1500, 1500, 1, games=40, opponent_games=4)
    unrated = lianzhong.update(1500, 1500, 0, games=4, opponent_games=40)
    assert rated.change == pytest.approx(16 * 5 / 20 * 2 / 3)
    assert round(rated.change, 2) == 2.67
    assert unrated.change == pytest.approx(-28.8)


# --- seed 000 (peng) ------------------------------------------------------------
EX1_OPPONENTS = ["无级"] * 4 + ["5级"] * 3 + ["1级", "三段"] + ["三段", "5级"]
EX1_SCORES = [1] * 9 + [0, 0]


def test_seed000_example1_beginner_cumulative():
    total = peng.cumulative("无级", EX1_OPPONENTS, EX1_SCORES, tests=20 + 11)
    assert total == pytest.approx(60.2)
    assert peng.standard(total).chinese() == "10级"
    assert peng.label(total, certified="无级") == "10级格"


def test_seed000_example1_beginner_annual():
    assert peng.annual("无级", EX1_OPPONENTS, EX1_SCORES) == pytest.approx(87.4)


def test_seed000_example2_five_dan_annual():
    ops = ["九段", "九段", "八段", "八段", "七段"]
    assert peng.year_base("五段") == 571.42
    assert peng.annual("五段", ops, [1, 1, 1, 1, 0]) == pytest.approx(1035.42)
    # the seed's typo "七段16×7=113": a loss costs 16 × own multiplier (五段: 5) = 80
    assert peng.annual_points("五段", "七段", 0) == -80


def test_seed000_year_bases_and_typos():
    bases = {r: peng.year_base(r) for r in ["初段", "二段", "三段", "四段", "五段", "六段",
                                             "七段", "八段", "九段", "无级", "5级"]}
    assert bases == {"初段": 200, "二段": 200, "三段": 200, "四段": 333.33, "五段": 571.42,
                     "六段": 875, "七段": 1111.11, "八段": 2000, "九段": 2500, "无级": 0,
                     "5级": 110}


def test_seed000_grid_name_for_unconfirmed_dan():
    assert peng.label(620, certified="初段") == "二格"
    assert peng.label(620, certified="二段") == "二段"
    assert peng.label(620) == "二段"
