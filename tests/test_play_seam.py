"""Issue #22 items 1–2, the play period: an edition's hooks read a ``PlayTable`` and return what they ask of the
table as data (``Choice``); a pending ruling's options are data (no closures) that the table carries out by one
function; the claim procedure, the exchange of roles (L54A) and the rubber sheet's revoke tricks are the edition's,
each citing its own book."""

from __future__ import annotations

import ast
import pickle
from dataclasses import fields
from pathlib import Path
from typing import Any

import pytest

from contractbridge.cards import Card, Seat, Strain
from contractbridge.deal import Board, Deal
from contractbridge.director import BeforeRectification, Effect, EffectKind, Option, Ruling
from contractbridge.errors import CardOutOfTurnError, ClaimError, EditionNotSupportedError, IllegalPlayError
from contractbridge.laws import Choice, PlayTable, edition
from contractbridge.laws.nbb30.values import Revoke, Role
from contractbridge.play import PlayState
from contractbridge.rulebooks import recited
from contractbridge.server import claimruling
from contractbridge.table import Table

LAWS = Path(__file__).resolve().parents[1] / "src" / "contractbridge" / "laws"
# 1NT by S: W is the opening leader; E faces ♥K instead (TV110).
DEAL = Deal("N:AK54.AQ32.AK7.AK T98.KJT98.QJ8.QJ 76.7654.T9.T9876 QJ32..65432.5432")
Event = dict[str, Any]


def lead_out_of_turn(name: str) -> Table:
    """1NT by South under ``name``; East faces the ♥K, West being on lead."""
    table = Table(Board(1, DEAL), edition=name, irregular=True)
    for seat, call in zip("NESWNE", ["P", "P", "1NT", "P", "P", "P"], strict=True):
        table.call(call, seat)
    table.play("HK", "E")
    return table


def test_the_law_does_not_name_the_table_even_for_type_checking() -> None:
    """``laws/`` imports nothing of ``contractbridge.table``, not even under ``if TYPE_CHECKING:`` (item 1)."""
    wrong = []
    for path in sorted(LAWS.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom):
                names = [node.module or ""]
            elif isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            else:
                continue
            wrong += [f"{path.relative_to(LAWS)}:{node.lineno}" for n in names if n.startswith("contractbridge.table")]
    assert not wrong


def test_no_ruling_carries_a_closure() -> None:
    """An option, and a call allowed before rectification, are data: no bound action (item 1)."""
    for klass in (Option, BeforeRectification, Ruling, Effect):
        assert "apply" not in {f.name for f in fields(klass)}
    assert not any(hasattr(klass, name) for klass in (Option, Ruling) for name in ("bind", "carry_out"))


@pytest.mark.parametrize("name", ["WBF17", "NBB30"])
def test_a_pending_play_ruling_is_data_the_table_carries_out(name: str) -> None:
    """The ruling on a lead out of turn survives a pickle (nothing bound to the table); the option that lets the
    card stand says so (``ACCEPT``), and the one that makes the presumed declarer dummy names him (WBF17 L54A,
    NBB R46(3)), so that the table exchanges the roles."""
    table = lead_out_of_turn(name)
    assert table.record is not None and table.record.pending is not None
    ruling = pickle.loads(pickle.dumps(table.record.pending))
    assert ruling == table.record.pending
    exchange = "spread" if name == "WBF17" else "declarer_becomes_dummy"  # RHO's wrong opening lead
    assert EffectKind.ACCEPT in [e.kind for e in ruling.option(exchange).effects]
    assert Effect(EffectKind.EXCHANGE_ROLES, Seat.SOUTH) in ruling.option(exchange).effects
    table.apply({"event": "choose", "seat": "S", "option": exchange})
    assert table.declarer == Seat.NORTH and table.pending_irregularity is None


def test_the_exchange_of_roles_is_the_editions_and_only_at_the_opening_lead() -> None:
    """``Edition.declarer_after``: EXCHANGE_ROLES makes the presumed declarer dummy (L54A), refused once a card
    was played, with the book's citation (an NBB30 table cites no WBF17 law)."""
    option = Option("spread", "54A", "declarer spreads his hand", (Effect(EffectKind.EXCHANGE_ROLES, Seat.SOUTH),))
    play = PlayState(DEAL, Strain.NOTRUMP, Seat.SOUTH)
    assert edition("WBF17").declarer_after(play, Card("HK"), option) == Seat.NORTH
    assert edition("WBF17").declarer_after(play, Card("HK"), Option("accept", "54B", "it stands")) == Seat.SOUTH
    play.push(Card("SQ"))
    with pytest.raises(IllegalPlayError, match=r"opening lead \(L54A\)$"):
        edition("WBF17").declarer_after(play, Card("HK"), option)
    with pytest.raises(IllegalPlayError, match=r"opening lead$"):
        edition("NBB30").declarer_after(play, Card("HK"), option)


def test_the_claim_procedure_is_the_editions_citing_its_own_book() -> None:
    """``Edition.claim_event`` (L68, L69A; NBB R26): the table keeps the claim it returns."""
    for name, law in (("WBF17", "L68"), ("NBB30", "NBB R26")):
        table = Table(Board(1, DEAL), edition=name)
        with pytest.raises(ClaimError, match=rf"claims are made during the play \({law}\)$"):
            table.claim(Seat.SOUTH, 13)
    table = lead_out_of_turn("WBF17")
    table.apply({"event": "choose", "seat": "S", "option": "accept"})
    table.claim(Seat.SOUTH, 12)
    claim = table.claim_state
    assert claim is not None and claim.needed == {Seat.EAST, Seat.WEST}
    with pytest.raises(ClaimError, match=r"needs the agreement of east and west \(L69A\)"):
        table.agree(Seat.NORTH)
    assert table.claim_state is claim  # a refused agreement changes nothing
    table.agree(Seat.EAST)
    table.agree(Seat.WEST)
    assert table.result is not None and table.result.claimed


def test_a_table_is_a_play_table_and_a_choice_is_data() -> None:
    table: PlayTable = lead_out_of_turn("WBF17")
    assert table.pending_irregularity is not None and table.play_state is not None
    choice = Choice(
        Option("play_SA", "46B", "dummy plays SA", (Effect(EffectKind.DESIGNATE, Seat.NORTH, (Card("SA"),)),))
    )
    assert choice.ruling is None and pickle.loads(pickle.dumps(choice)) == choice


def test_the_rubber_sheets_revoke_tricks_are_the_editions() -> None:
    """``Edition.revoke_transfer`` (NBB R55(6): two tricks for the first established revoke); a duplicate code has
    no rubber sheet (no cast to NBB30 in ``rubbergame``)."""
    revokes = [Revoke(3, Role.DEFENDER)]
    assert edition("NBB30").revoke_transfer(revokes, [1, 3, 5, 7]) == 2
    with pytest.raises(EditionNotSupportedError, match="revoke tricks on a rubber score sheet"):
        edition("WBF17").revoke_transfer(revokes, [1, 3, 5, 7])


def test_the_director_award_cites_the_edition_in_force() -> None:
    """The web director's award on a disputed claim is made under the table's book (WBF17 70, NBB R54)."""
    assert claimruling.law(Table(Board(1, DEAL), edition="WBF17")) == "70"
    assert claimruling.law(Table(Board(1, DEAL), edition="NBB30")) == "NBB R54"


def test_a_card_out_of_rotation_to_a_trick_names_its_topic_not_a_book() -> None:
    """``PlayState.record``'s refusal names its topic (``trick_rotation``) and cites the default edition's law
    (WBF17 L44B); a table re-cites it in its own book, and NBB30 has no such rule of its own."""
    play = PlayState(DEAL, Strain.NOTRUMP, Seat.SOUTH)
    play.push(Card("SQ"))
    with pytest.raises(CardOutOfTurnError) as err:
        play.record(Card("S7"), Seat.SOUTH)
    assert (err.value.topic, err.value.text) == (
        "trick_rotation",
        "S7 by south: a card to a trick in progress comes from north",
    )
    assert str(err.value) == f"{err.value.text} (L44B)"
    assert str(recited(err.value, edition("NBB30"))) == err.value.text


@pytest.mark.parametrize(("name", "law"), [("NBB30", "NBB R55(6)"), ("EST30", "EST-L38"), ("NL36", "NL36 27.4")])
def test_a_rubber_books_revoke_penalty_is_cited_by_that_book(name: str, law: str) -> None:
    """The rubber sheet's refusal of a transfer larger than the tricks won cites the book in force (the play's own
    citation, ``PLAY_LAWS``, behind the table's ``CITATIONS``); WBF17 has no such topic."""
    assert edition(name).cited("revoke_penalty") == f" ({law})"
    assert edition(name).cited("exchange_of_roles") == edition("NBB30").cited("exchange_of_roles") == ""
    assert edition("WBF17").cited("revoke_penalty") == ""
