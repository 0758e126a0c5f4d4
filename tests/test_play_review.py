"""The end-of-board review (L12C1, L43B3, L64C): vector TV149 of laws-wbf2017.md §12.14, adjusted and weighted
scores, and the final score with every step and its law."""

from __future__ import annotations

import pytest

from contractbridge.cards import Seat
from contractbridge.contract import Contract
from contractbridge.deal import Vulnerability
from contractbridge.errors import RulingError, ScoringError
from contractbridge.laws.wbf17.play.procedure import dummy_intervened
from contractbridge.laws.wbf17.play.review import Adjusted, Flag, NoDamage, Result, Weighted, settle

N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST
FOUR_S = Contract.parse("4S")


def test_tv149_dummy_who_looked_at_a_card_draws_attention_only_defenders_adjusted_l43b3() -> None:
    ruling = dummy_intervened(N, S, broke_a2=True, offender=W)
    assert ruling.law == "43B3" and ruling.review == ("43B3",) and ruling.option_ids == ("no_rectification",)
    # EW gained from W's revoke: 4S went one down at the table; without it, it makes
    table = Result(FOUR_S, S, 9)
    final = settle(
        table,
        Vulnerability.NONE,
        flags=[Flag("43B3", "W's revoke")],
        answers={"43B3": Adjusted(ns=None, ew=Result(FOUR_S, S, 10))},
    )
    assert (final.ns, final.ew) == (-50, -420) and not final.balanced  # NS keep their table score
    assert [s.law for s in final.steps] == ["77", "43B3, 12C1(b)"] and "EW" in final.steps[-1].text


def test_l43a1b_dummy_may_not_draw_attention_l43b2a_warning() -> None:
    assert dummy_intervened(N, S, broke_a2=False, offender=W).law == "43A1(b)"
    warned = dummy_intervened(N, S, broke_a2=True, warned=True)
    assert warned.law == "43B2(a)" and set(warned.choosers) == {E, W}


def test_no_damage_leaves_the_table_score_l12b1() -> None:
    final = settle(Result(FOUR_S, S, 10), Vulnerability.NONE, flags=[Flag("27D")], answers={"27D": NoDamage()})
    assert (final.ns, final.ew) == (420, -420) and final.balanced and "no damage" in final.explain()


def test_adjusted_for_both_sides_l12c1b() -> None:
    final = settle(
        Result(FOUR_S, S, 10),
        Vulnerability.NONE,
        flags=[Flag("16B")],
        answers={"16B": Adjusted(Result(Contract.parse("3S"), S, 10), Result(Contract.parse("3S"), S, 10))},
    )
    assert (final.ns, final.ew) == (170, -170)


def test_weighted_score_l12c1c() -> None:
    weighted = Weighted(((0.6, Result(FOUR_S, S, 10)), (0.4, Result(FOUR_S, S, 9))))
    final = settle(Result(FOUR_S, S, 9), Vulnerability.NONE, flags=[Flag("70")], answers={"70": weighted})
    assert final.ns == pytest.approx(0.6 * 420 - 0.4 * 50) and final.ew == pytest.approx(-final.ns)
    assert "12C1(c)" in final.steps[-1].law and "0.6 × 4S by S, 10 tricks" in final.steps[-1].text


def test_weighted_needs_weights_summing_to_one() -> None:
    with pytest.raises(ScoringError):
        Weighted(((0.5, Result(FOUR_S, S, 10)),))


def test_every_flag_must_be_settled_and_only_those() -> None:
    with pytest.raises(RulingError, match="64C"):
        settle(Result(FOUR_S, S, 10), Vulnerability.NONE, flags=[Flag("64C")])
    with pytest.raises(RulingError, match="not raised"):
        settle(Result(FOUR_S, S, 10), Vulnerability.NONE, answers={"64C": NoDamage()})
