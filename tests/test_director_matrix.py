"""The summary matrix of laws-wbf2017.md §3.2 ("obligations created by auction rectifications"), row by row:
who must pass and for how long, whether L26B may apply, whether L16C applies, and the post-play review."""

from __future__ import annotations

from typing import Any

import pytest

from director_helpers import auction, call, change, choose, expose, judge, obligations, replay

IB = [call("N", "1S"), call("E", "1H"), choose("S", "reject")]
TV62 = [*IB, call("E", "P"), judge("comparable", False)]

#: law row → (events, obligations, L26B offenders, L16C applies, review flags)
MATRIX: dict[str, tuple[list[dict[str, Any]], dict[str, str], set[str], bool, set[str]]] = {
    "24B/C": ([call("N", "1C"), call("E", "P"), expose("S", "SK"), judge("partner_could_see", True)],
              {"N": "pass_next"}, set(), False, {"72C"}),
    "25A": ([call("N", "P"), call("E", "P"), call("S", "1S"), change("S", "1NT"), judge("unintended", True)],
            {}, set(), False, set()),
    "25B": ([call("N", "P"), call("E", "P"), call("S", "1S"), change("S", "1NT"), judge("unintended", False),
             choose("W", "reject")], {}, {"S"}, True, set()),
    "27B1(a)": ([*IB, call("E", "2H")], {}, set(), False, {"27D"}),
    "27B1(b)": ([*IB, call("E", "X"), judge("comparable", True)], {}, set(), False, {"27D"}),
    "27B2": (TV62, {"W": "pass_rest"}, {"E"}, True, {"72C"}),
    "27B3": ([*IB, call("E", "X"), judge("comparable", False)], {"W": "pass_rest"}, {"E"}, True, {"72C"}),
    "27B4": ([*IB, call("E", "1D"), choose("S", "reject")], {"W": "pass_rest"}, {"E"}, True, {"72C"}),
    "28B": ([call("E", "1S"), call("N", "1C")], {}, set(), True, set()),
    "30A": ([call("E", "P"), choose("S", "cancel")], {"E": "pass_next"}, set(), True, {"72C"}),
    "30B1(b)(i)": ([call("S", "P"), choose("W", "cancel"), call("N", "1C"), call("E", "P"), call("S", "P"),
                    judge("comparable", True)], {}, set(), False, {"23C"}),
    "30B1(b)(ii)": ([call("S", "P"), choose("W", "cancel"), call("N", "1C"), call("E", "P"), call("S", "1H"),
                     judge("comparable", False)], {"N": "pass_next"}, {"S"}, True, {"72C"}),
    "31A1": ([call("E", "1S"), choose("S", "cancel"), call("N", "P"), call("E", "1S")], {}, set(), False, set()),
    "32A1": ([*auction("N", "1H P"), call("W", "X"), choose("N", "cancel"), call("S", "P"), call("W", "X")],
             {}, set(), False, set()),
    "31A2(a)": ([call("E", "1S"), choose("S", "cancel"), call("N", "1D"), call("E", "1S"),
                 judge("comparable", True)], {}, set(), False, {"23C"}),
    "31A2(b)": ([call("E", "1S"), choose("S", "cancel"), call("N", "1D"), call("E", "2C"),
                 judge("comparable", False)], {"W": "pass_next"}, {"E"}, True, {"72C"}),
    "32A2(a)": ([*auction("N", "1H P"), call("W", "X"), choose("N", "cancel"), call("S", "2H"), call("W", "X"),
                 judge("comparable", True)], {}, set(), False, {"23C"}),
    "32A2(b)": ([*auction("N", "1H P"), call("W", "X"), choose("N", "cancel"), call("S", "2H"), call("W", "2S"),
                 judge("comparable", False)], {"E": "pass_next"}, {"W"}, True, {"72C"}),
    "36A": ([*auction("N", "1H P X"), call("W", "2C")], {}, set(), True, set()),
    "36B": ([*auction("N", "1H P X"), choose(None, "cancel")], {"N": "pass_rest"}, {"S"}, True, {"72C"}),
    "37A": ([*TV62, call("S", "2S"), call("W", "3D"), call("N", "3S")], {"W": "pass_rest"}, {"E"}, True, {"72C"}),
    "37B": ([*TV62, call("S", "2S"), call("W", "3D"), choose(None, "cancel")],
            {"E": "pass_rest", "W": "pass_rest"}, {"E", "W"}, True, {"72C"}),
    "38": ([*auction("N", "1C P"), call("S", "8S"), choose(None, "cancel")],
           {"N": "pass_rest", "S": "pass_rest"}, {"S"}, True, {"72C"}),
    "38D": ([*auction("N", "1C P"), call("S", "8S"), call("W", "P")],
            {"N": "pass_rest", "S": "pass_rest"}, set(), True, set()),
    "39B": ([*auction("N", "4S P P P"), call("S", "5S")], {}, set(), False, set()),
    "39C": ([*auction("N", "4S P P P"), call("W", "5H"), choose(None, "cancel")], {}, {"W"}, True, set()),
}  # fmt: skip


@pytest.mark.parametrize("row", list(MATRIX))
def test_summary_matrix(row: str) -> None:
    events, must_pass, lead_penalty, ui, review = MATRIX[row]
    da = replay(*events)
    if row != "39C":  # 39C ends with declarer's L26B choice pending
        assert da.pending is None, row
    assert obligations(da) == must_pass
    offenders = {o.letter for o, _ in da.lead_penalties} | {r.offender.letter for r in da.lead_restrictions}
    assert offenders == lead_penalty
    assert bool(da.information) == ui
    assert set(da.review) == {f"REVIEW({r})" for r in review}
    assert ("REVIEW(16C)" in da.review_flags) == ui
