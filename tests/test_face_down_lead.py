"""WBF17 L41A–C at a library ``Table``, whatever drives it: while the opening lead lies face down nobody chooses a
card (``legal_cards`` is empty); at the end of the clarification period the leader faces that card and no other (L41A:
the face-down lead is withdrawn only after an irregularity on the director's instruction, L47E, L54), never before
(L41B–C). Each refusal is a typed error citing its law that changes nothing; the leader's view alone shows the card;
a log replays; the 1930s books have no face-down lead (laws-historic.md: the lead is made face up)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from contractbridge.cards import Card, Seat
from contractbridge.cli import app
from contractbridge.deal import Board
from contractbridge.errors import (
    BridgeError,
    CardOutOfTurnError,
    ClaimError,
    ClarificationPeriodError,
    EventLogError,
    IllegalPlayError,
)
from contractbridge.players import Action, Driver, RandomPlayer, Wait, WaitKind, play_board
from contractbridge.table import Table
from test_disclosure import DEAL, STAYMAN, TO_THE_END, ev, table

#: 2H by North after Stayman, the final pass made: East leads (L41A), West is his partner, South the presumed dummy
CLARIFICATION = [*STAYMAN, *TO_THE_END[:-2]]
DOWN = [*CLARIFICATION, ev("face_down_lead", "E", card="SJ")]
SJ = Card.parse("SJ")


def state(t: Table) -> tuple[Any, ...]:
    """Everything a refusal must leave as it was."""
    views = tuple(t.view(s).to_dict() for s in Seat)
    return t.to_events(), views, t.legal_cards(), t.turn, t.phase, t.pending_irregularity


@pytest.mark.parametrize("irregular", [False, True])
def test_nobody_plays_while_the_lead_lies_face_down_l41a(irregular: bool) -> None:
    t = table(*DOWN, irregular=irregular)
    assert t.legal_cards() == frozenset()
    assert not any(t.view(s).to_act for s in Seat)
    assert t.view(Seat.NORTH).dummy_hand is None  # dummy is spread once the lead is faced (L41D)


@pytest.mark.parametrize("irregular", [False, True])
@pytest.mark.parametrize("seat", ["E", None])
def test_the_leader_faces_no_other_card_l41a(irregular: bool, seat: str | None) -> None:
    t = table(*DOWN, ev("no_questions", "N"), ev("no_questions", "W"), irregular=irregular)
    before = state(t)
    with pytest.raises(IllegalPlayError, match=r"C3 by east: his opening lead lies face down.*\(L41A, L47E, L54\)"):
        t.play("C3", seat)
    with pytest.raises(IllegalPlayError, match=r"\(L41A, L47E, L54\)"):
        t.apply({"event": "play", "seat": "E", "card": "H9"})
    assert state(t) == before


@pytest.mark.parametrize("irregular", [False, True])
def test_the_lead_is_faced_only_at_the_end_of_the_clarification_period_l41b_l41c(irregular: bool) -> None:
    t = table(*DOWN, irregular=irregular)
    steps = [
        (ev("question", "W", call=3), r"north and west may still ask; a question awaits its answer \(L41B, L41C\)"),
        (ev("answer", "N", text="Stayman"), r"north and west may still ask"),
        (ev("no_questions", "W"), r"north may still ask"),
        (ev("question", "N", call=2), r"north may still ask; a question awaits its answer \(L41B, L41C\)"),
        (ev("answer", "W", text="natural"), r"north may still ask"),
    ]
    for event, why in steps:
        t.apply(event)
        before = state(t)
        assert t.legal_cards() == frozenset()
        with pytest.raises(ClarificationPeriodError, match=rf"SJ by east: .*{why}"):
            t.play("SJ", "E")
        assert state(t) == before
    t.apply(ev("no_questions", "N"))
    assert t.rules.face_down_lead(t).ready  # type: ignore[union-attr]  # L41C: the lead is faced now
    assert t.legal_cards() == frozenset() and not t.view(Seat.EAST).to_act  # by the procedure, no choice of card
    t.play("SJ")
    assert t.view(Seat.WEST).dummy_hand is not None  # L41D: dummy spread
    assert t.legal_cards() == {Card.parse(c) for c in ("SQ", "S5", "S4", "S2")}


@pytest.mark.parametrize("irregular", [False, True])
def test_no_claim_while_the_lead_lies_face_down_l41c_l68(irregular: bool) -> None:
    t = table(*DOWN, ev("no_questions", "N"), irregular=irregular)
    before = state(t)
    with pytest.raises(ClaimError, match=r"claim by north: east's opening lead lies face down.*\(L41C, L68\)"):
        t.claim(Seat.NORTH, 8)
    assert state(t) == before


def test_a_lapsed_period_makes_the_lead_ready_l41b() -> None:
    """The web's timeout records those who said nothing as having no question (``lapsed``): the lead is faced."""
    t = table(*DOWN, ev("no_questions", "N", lapsed=True), ev("no_questions", "W", lapsed=True))
    t.play("SJ", "E")
    assert [c for _, c in t.play_state.played()] == [SJ]  # type: ignore[union-attr]


def test_a_lapsed_period_ends_with_a_question_unanswered_l41b_l20f2() -> None:
    """The period runs out while West's question awaits North's answer (North left): the question lapses with it
    (West asks again at his turn to play, L20F2) and the lead is faced; before, the table waited for ever."""
    t = table(*DOWN, ev("question", "W", call=3))
    shown = t.rules.face_down_lead(t)
    assert shown is not None and shown.open and not shown.ready
    wait = Driver(t, {}).step()  # the driver waits for the player who must answer, not for the asker
    assert isinstance(wait, Wait) and wait.seat is Seat.NORTH and wait.kind is WaitKind.QUESTIONS
    asked_by_north = table(*DOWN, ev("question", "N", call=2))  # East's pass, explained by West
    wait = Driver(asked_by_north, {}).step()
    assert isinstance(wait, Wait) and wait.seat is Seat.WEST and wait.kind is WaitKind.QUESTIONS
    t.apply(ev("no_questions", "W", lapsed=True))
    t.apply(ev("no_questions", "N", lapsed=True))
    t.play("SJ", "E")
    assert [c for _, c in t.play_state.played()] == [SJ]  # type: ignore[union-attr]


def test_a_ruling_pending_stops_the_period_l9b2() -> None:
    """A misexplanation called in the clarification period: the lead waits for the ruling."""
    t = table(*DOWN, ev("question", "W", call=3), ev("answer", "N", text="natural"), ev("no_questions", "W"),
              ev("no_questions", "N"), ev("misexplanation", "W", call=3))  # fmt: skip
    shown = t.rules.face_down_lead(t)
    assert shown is not None and not shown.ready  # all said "no questions": the ruling alone holds the lead
    with pytest.raises(BridgeError, match="awaits the director"):
        t.play("SJ", "E")
    assert t.legal_cards() == frozenset()
    wait = Driver(t, {}).step()
    assert isinstance(wait, Wait) and wait.kind is WaitKind.DIRECTOR


@pytest.mark.parametrize("irregular", [False, True])
def test_the_leaders_view_alone_shows_his_face_down_card_l41a(irregular: bool) -> None:
    t = table(*DOWN, irregular=irregular)
    assert t.view(Seat.EAST).face_down_lead == SJ and t.view(Seat.EAST).to_dict()["face_down_lead"] == "SJ"
    assert SJ in t.view(Seat.EAST).hand  # still in his hand until it is faced (L41A)
    for seat in (Seat.NORTH, Seat.SOUTH, Seat.WEST):
        view = t.view(seat)
        assert view.face_down_lead is None and SJ not in view.visible_cards and "SJ" not in str(view.to_dict())
    t.apply(ev("no_questions", "N"))
    t.apply(ev("no_questions", "W"))
    t.play("SJ")
    assert t.view(Seat.EAST).face_down_lead is None and SJ in t.view(Seat.NORTH).visible_cards  # faced: everyone's


def test_another_seats_card_takes_its_own_way_strict_out_of_turn_irregular_l54() -> None:
    """A strict table refuses a card out of turn as ever. At a director's table the leader's partner facing a card is
    a lead out of turn: the director has the face-down lead withdrawn (L54), and after the correct leader's
    rectification his lead is a fresh one."""
    strict = table(*DOWN, irregular=False)
    before = state(strict)
    with pytest.raises(CardOutOfTurnError):
        strict.play("S3", "W")
    assert state(strict) == before
    t = table(*DOWN)
    t.play("S3", "W")
    assert t.pending_irregularity is not None and t.rules.face_down_lead(t) is None  # L54: withdrawn
    shown = t.rules.disclosure(t)
    assert shown is not None and shown["clarification"] is not None and not shown["clarification"]["face_down"]


def test_undo_of_the_faced_lead_lays_it_face_down_again_and_a_log_replays() -> None:
    for irregular in (False, True):
        t = table(*DOWN, ev("no_questions", "N"), ev("no_questions", "W"), irregular=irregular)
        t.play("SJ")
        assert t.undo() == {"event": "play", "seat": "E", "card": "SJ"}
        assert t.legal_cards() == frozenset() and t.view(Seat.EAST).face_down_lead == SJ
        with pytest.raises(IllegalPlayError, match="L41A"):
            t.play("S7")
        replayed = Table.from_events(t.to_events())
        assert state(replayed) == state(t)
        t.undo()  # the second no_questions: the period is open again
        with pytest.raises(ClarificationPeriodError):
            t.play("SJ")


def test_a_log_that_faces_another_card_or_faces_it_early_does_not_replay() -> None:
    log = table(*DOWN, irregular=False).to_events()
    with pytest.raises(EventLogError, match=r"event \d+: C3 by east: .*\(L41A, L47E, L54\)"):
        Table.from_events([*log, ev("play", "E", card="C3")])
    with pytest.raises(EventLogError, match=r"event \d+: SJ by east: .*\(L41B, L41C\)"):
        Table.from_events([*log, ev("play", "E", card="SJ")])


def test_a_log_without_a_face_down_lead_plays_as_before() -> None:
    """Old logs (docs/architecture.md §5): the opening lead made face up at once, at a strict table too."""
    for irregular in (False, True):
        t = table(*CLARIFICATION, irregular=irregular)
        assert len(t.legal_cards()) == 13 and t.view(Seat.EAST).face_down_lead is None
        t.play("SJ")
        assert Table.from_events(t.to_events()).to_events() == t.to_events()


@pytest.mark.parametrize("edition", ["NBB30", "EST30", "NL36", "NL75"])
def test_the_1930s_books_have_no_face_down_lead(edition: str) -> None:
    """laws-historic.md: the opening lead is made face up at once (NBB R17(1)(b), EST-L12, NL36 25.1: a review may
    be asked before it); no clarification period, no ``face_down_lead`` event."""
    t = Table(Board(1, DEAL), edition, irregular=True)
    for event in CLARIFICATION:
        t.apply(event)
    before = state(t)
    with pytest.raises(EventLogError, match="unknown event 'face_down_lead'"):
        t.apply(ev("face_down_lead", "E", card="SJ"))
    assert state(t) == before and t.rules.face_down_lead(t) is None
    t.play("SJ", "E")
    assert t.view(Seat.NORTH).dummy_hand is not None


# ---- the one table driver and the terminal (L41B: the presumed declarer's moment) ---------------------------------
def _one_nt(path: Path | None = None) -> Table:
    """1NT by South after two passes: West leads, North is the presumed dummy, East the leader's partner."""
    t = Table(Board(1, DEAL))
    for call in ["P", "P", "1NT", "P", "P", "P"]:
        t.call(call)
    if path is not None:
        path.write_text(t.to_jsonl())
    return t


def test_the_driver_leads_face_down_for_a_person_robots_have_no_questions_then_it_faces_the_lead() -> None:
    t = _one_nt()
    robots = {s: RandomPlayer(1) for s in (Seat.WEST, Seat.NORTH, Seat.EAST)}
    driver = Driver(t, robots, face_down=True)
    lead = driver.step()
    assert isinstance(lead, Action) and lead.event["event"] == "face_down_lead" and lead.event["seat"] == "W"
    assert driver.step() == Action({"event": "no_questions", "seat": "E"}, robots[Seat.EAST])  # robots never ask
    wait = driver.step()
    assert isinstance(wait, Wait) and wait.seat is Seat.SOUTH and wait.kind is WaitKind.QUESTIONS and "L41B" in wait.why
    t.apply(ev("no_questions", "S"))
    faced = driver.step()
    assert faced == Action({"event": "play", "seat": "W", "card": lead.event["card"]})  # L41C: the procedure's
    assert t.view(Seat.SOUTH).dummy_hand is not None
    robots_only = _one_nt()  # nobody to ask: the lead is made face up at once, as before
    step = Driver(robots_only, {s: RandomPlayer(2) for s in Seat}, face_down=True).step()
    assert isinstance(step, Action) and step.event["event"] == "play"
    plain = _one_nt()  # a driver without ``face_down`` leads face up (the terminal and the web drive with it)
    step = Driver(plain, robots).step()
    assert isinstance(step, Action) and step.event["event"] == "play"


def test_the_driver_faces_a_lead_left_face_down_by_another_interface() -> None:
    t = _one_nt()
    t.apply(ev("face_down_lead", "W", card=str(min(t.legal_cards()))))
    shown = play_board(t, {s: RandomPlayer(3) for s in Seat})
    assert shown.kind is WaitKind.DONE and t.result is not None
    kinds = [e["event"] for e in t.to_events()[7:10]]
    assert kinds == ["face_down_lead", "no_questions", "no_questions"]


def test_the_terminal_gives_the_human_declarer_the_l41b_moment(tmp_path: Path) -> None:
    """``contractbridge play``: the robot leads face down; South, declarer, asks about East's call, then presses
    Enter; only then is the lead faced and dummy spread. The card is not shown before."""
    log = tmp_path / "b.jsonl"
    _one_nt(log)
    result = CliRunner().invoke(app, ["play", "--resume", str(log), "--seat", "S"], input="explain 2\n\nquit\n")
    assert result.exit_code == 0, result.output
    events = [json.loads(line) for line in log.read_text().splitlines()][7:]
    assert [(e["event"], e["seat"]) for e in events] == [
        ("face_down_lead", "W"), ("no_questions", "E"), ("question", "S"), ("answer", "W"), ("no_questions", "S"),
        ("play", "W"),
    ]  # fmt: skip
    assert events[0]["card"] == events[-1]["card"] and events[2]["law"] == "41B, 20F3"
    out = result.output
    before, after = out.split("W plays ", 1)
    assert "W leads face down (L41A)" in before and "S: W has led face down; explain N, or Enter: no questions>" in out
    assert Card.parse(events[0]["card"]).symbol not in before.split("W leads face down", 1)[1]  # L41A: unseen
    assert "S asks about call 2 (L41B, 20F3)" in before and "S: no questions" in before
    assert "S card from dummy (N)> " in after  # faced: declarer plays from dummy (L41C–D)


def test_the_terminal_moment_of_the_leaders_partner_and_a_command_typed_ahead(tmp_path: Path) -> None:
    """East, the leader's partner, types his next command at the prompt: he has no questions (one line), and the
    command runs at his turn."""
    log = tmp_path / "b.jsonl"
    _one_nt(log)
    result = CliRunner().invoke(app, ["play", "--resume", str(log), "--seat", "E"], input="show\nhelp\nlast\nquit\n")
    assert result.exit_code == 0, result.output
    events = [json.loads(line) for line in log.read_text().splitlines()][7:]
    assert ("no_questions", "E") in [(e["event"], e["seat"]) for e in events]
    assert "E: W has led face down" in result.output and "no trick has been completed yet" in result.output
    assert "show, quit; Enter: no questions (L41B)" in result.output  # help: the period's own commands


def test_a_line_typed_ahead_at_the_prompt_is_only_its_own_seats_next_command(tmp_path: Path) -> None:
    """South and East at the terminal: East's "claim 13" typed at his L41B prompt is his, never South's (it ran as
    South's claim before); East has no turn before the board is claimed, so it is dropped."""
    log = tmp_path / "b.jsonl"
    _one_nt(log)
    result = CliRunner().invoke(app, ["play", "--resume", str(log), "--seat", "SE"], input="\nclaim 13\nquit\n")
    assert result.exit_code == 0, result.output
    events = [json.loads(line) for line in log.read_text().splitlines()][7:]
    assert not any(e["event"] == "claim" for e in events), events


def test_a_spectators_and_the_directors_frames_never_show_a_face_down_lead_from_norths_view() -> None:
    """The web's public view is North's without his hand (``frames._hidden``): when North leads face down, his card
    stays his (L41A); his own frame shows it."""
    from contractbridge.server import frames

    t = Table(Board(1, DEAL))
    for call in ["P", "P", "P", "1NT", "P", "P", "P"]:  # West declares: North leads
        t.call(call)
    card = str(min(t.legal_cards()))
    t.apply(ev("face_down_lead", "N", card=card))
    metas = [None] * len(t.to_events())
    for frame in (frames.spectator_frame(t, {}, metas, "hidden"), frames.director_frame(t, {}, metas)):
        assert frame["view"]["face_down_lead"] is None and frame["view"]["hand"] is None
    spectator = frames.spectator_frame(t, {}, metas, "hidden")
    assert card not in json.dumps(spectator)
    assert frames.seat_frame(t, Seat.NORTH, {}, metas)["view"]["face_down_lead"] == card
    assert frames.seat_frame(t, Seat.EAST, {}, metas)["view"]["face_down_lead"] is None
