"""The same irregularity ruled under each historic edition side by side: the rulings (and the scores) differ
exactly where laws-historic.md Appendix C says they differ, and agree everywhere else."""

from __future__ import annotations

from typing import Any

import pytest

from contractbridge.cards import Seat, Side
from contractbridge.contract import Contract
from contractbridge.errors import EventLogError, RulingError
from contractbridge.laws import edition
from contractbridge.laws.nbb30 import Moment, PlayersAuction, Revoke
from contractbridge.scoring.rubber import rubber_rules

EDITIONS = ("NBB30", "EST30", "NL36", "NL75")
N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST


def ruled(name: str, *events: dict[str, Any]) -> PlayersAuction:
    return PlayersAuction.from_events(list(events), Seat.NORTH, name)


def shape(da: PlayersAuction) -> tuple[str, str | None, tuple[str, ...]]:
    assert da.pending is not None
    return (
        da.pending.irregularity,
        None if da.pending.chooser is None else da.pending.chooser.letter,
        tuple(o.id for o in da.pending.options),
    )


def call(seat: str, c: str) -> dict[str, Any]:
    return {"event": "call", "seat": seat, "call": c}


# Each row: an irregularity, and per edition the (irregularity, chooser, options) and the citation.
AUCTION_CASES: list[tuple[str, list[dict[str, Any]], dict[str, str]]] = [
    # a bid out of turn at partner's turn before any bid: the same rule in every book (R39(1), EST-L13)
    ("bid out of turn", [call("S", "1S")],
     {"NBB30": "NBB R39(1)", "EST30": "EST-L13", "NL36": "NBB R39(1)", "NL75": "NBB R39(1)"}),
    # an insufficient bid: the same automatic penalty (R40(1), EST-L14); NL75 borrows NBB (M4)
    ("insufficient bid", [call("N", "1S"), call("E", "1H")],
     {"NBB30": "NBB R40(1)", "EST30": "EST-L14", "NL36": "NBB R40(1)", "NL75": "NBB R40(1)"}),
    # a bid of eight: R42(a) / EST-L16 item 1
    ("bid above seven", [call("N", "8S")],
     {"NBB30": "NBB R42(a)", "EST30": "EST-L16 item 1", "NL36": "NBB R42(a)", "NL75": "NBB R42(a)"}),
]  # fmt: skip


@pytest.mark.parametrize(("what", "events", "laws"), AUCTION_CASES, ids=[c[0] for c in AUCTION_CASES])
def test_auction_irregularity_side_by_side(what: str, events: list[dict[str, Any]], laws: dict[str, str]) -> None:
    """Appendix C has no auction-penalty difference for these: same shape, each book's own citation (NL36
    and NL75 borrow NBB30's, reported by ``borrowings``)."""
    shapes = {name: shape(ruled(name, *events)) for name in EDITIONS}
    assert len(set(shapes.values())) == 1, shapes
    for name in EDITIONS:
        assert ruled(name, *events).pending.law == laws[name]  # type: ignore[union-attr]
    assert edition("NL75").borrowings()["ib_attention"] == "NBB30"  # type: ignore[attr-defined]
    assert edition("EST30").borrowings() == {} and edition("NBB30").borrowings() == {}  # type: ignore[attr-defined]
    assert edition("NL75").source_of("call") == "NBB30" and edition("EST30").source_of("call") == "NBB30"


def test_where_the_auction_differs_appendix_c_4_5_6_7() -> None:
    """4: wrong suit named in a double; 5: review after the auction; 6: exposure window; 7: EST-L48."""
    wrong_suit = {n: ruled(n, call("N", "3H"), {"event": "call", "seat": "E", "call": "X", "names": "3D"}).pending
                  for n in EDITIONS}  # fmt: skip
    assert [n for n, p in wrong_suit.items() if p is None] == ["NL75"]
    assert ruled("EST30", call("N", "8S"), call("E", "P")).pending is None  # EST-L48: right lost
    with pytest.raises(EventLogError):  # NBB: the LHO must choose first
        ruled("NBB30", call("N", "8S"), call("E", "P"))
    review = {n: _may_review_as_dummy(n) for n in EDITIONS}
    assert review == {"NBB30": True, "EST30": False, "NL36": True, "NL75": False}
    closed = [call("N", "1S"), call("E", "P"), call("S", "P"), call("W", "P")]
    exposed = {"event": "expose", "seat": "E", "cards": ["DQ"]}
    window = {n: ruled(n, *closed, exposed).pending is not None for n in EDITIONS}
    assert window == {"NBB30": False, "EST30": True, "NL36": False, "NL75": False}


def _may_review_as_dummy(name: str) -> bool:
    da = ruled(name, call("N", "1S"), call("E", "P"), call("S", "P"), call("W", "P"))
    try:
        da.ask_review(S, Moment.CLOSED, first_turn_to_play=True)
    except RulingError:
        return False
    return True


@pytest.mark.parametrize(
    ("name", "tricks", "score"),
    # 4S by S, 9 tricks in play; E-W revoked at trick 10 and won 10 and 13: 2 / 1 / 2 tricks transferred
    [("NBB30", 11, 120 + 30), ("EST30", 10, 120), ("NL36", 11, 120 + 30)],
)
def test_revoke_same_play_different_scores_appendix_c_10(name: str, tricks: int, score: int) -> None:
    transferred = edition(name).revoke_transfer([Revoke(10)], [10, 13])  # type: ignore[attr-defined]
    made = 9 + transferred
    assert made == tricks
    lines = rubber_rules("NBB30").score_hand(Contract.parse("4S"), S, made, vulnerable=False)
    assert sum(x.points for x in lines if x.side is Side.NS) == score


def test_lead_out_of_turn_side_by_side_appendix_c_8_16_17() -> None:
    rows = {n: edition(n).defender_lead_out_of_turn(E, S, opening=True, declarer_played=True).option_ids  # type: ignore[attr-defined]
            for n in ("NBB30", "EST30", "NL36")}  # fmt: skip
    assert rows == {"NBB30": ("declarer_becomes_dummy",), "EST30": ("declarer_becomes_dummy",), "NL36": ("accept",)}


def test_quitted_trick_side_by_side_appendix_c_11() -> None:
    rows = {n: edition(n).quitted_trick_looked(E, S) for n in ("NBB30", "EST30", "NL36")}  # type: ignore[attr-defined]
    assert {n: (r.option_ids[0], r.premium) for n, r in rows.items()} == {
        "NBB30": ("lead_S", None),
        "EST30": ("no_penalty", None),
        "NL36": ("premium", (Side.NS, 50)),
    }
