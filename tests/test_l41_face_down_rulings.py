"""WBF17 L41 at the table, the laws' decisions around the face-down opening lead: ``Table.face_down_lead``; a card of
another seat while it lies face down (the leader's partner's: a faced lead out of turn, L54; the presumed declarer's
or dummy's: a card exposed in the auction period, L17D1, L54E, L24D), refused at a table without a director, ruled
at a director's; the lead withdrawn on the director's instruction after a misexplanation corrected since (L41A,
L47E2(a)), each branch; the claim before the lead (L41C, L68); who may ask before it is faced (L41B,
``review_rights``); the driver's face-down lead for a person (``Driver.lead_event``)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from contractbridge.cards import Card, Seat
from contractbridge.cli import app
from contractbridge.deal import Board
from contractbridge.errors import CardOutOfTurnError, ClaimError, IllegalCallError, IllegalPlayError, RulingError
from contractbridge.laws.wbf17.play.procedure import FaceDownLead, review_rights
from contractbridge.players import Action, Driver, RandomPlayer, Wait, WaitKind
from contractbridge.server import frames
from contractbridge.table import Table
from test_disclosure import DEAL, ev, table
from test_face_down_lead import CLARIFICATION, DOWN, SJ, state

NORTH_CARD, SOUTH_CARD, WEST_CARD = Card.parse("C5"), Card.parse("C9"), Card.parse("C2")
#: the opponents' explanation of South's 2C (call 3, Stayman on NS's card) given as "natural", after East led face down
MISEXPLAINED = [ev("question", "W", call=3), ev("answer", "N", text="natural")]
#: South calls the director about it (L20F5(b)(ii)) and he finds a mistaken explanation (L75B1)
CORRECTED = [ev("misexplanation", "S", call=3), {"event": "judge", "question": "mistaken_explanation", "answer": True}]
MISTAKEN_CALL = {"event": "judge", "question": "mistaken_explanation", "answer": False}  # L75C: no infraction
RETRACT = ev("retract", "E", reason="misexplanation")
WITHDRAW = {"event": "judge", "question": "face_down_lead_withdrawal", "answer": True}


# ---- Table.face_down_lead ------------------------------------------------------------------------------------
@pytest.mark.parametrize("irregular", [False, True])
def test_the_table_says_which_lead_lies_face_down_read_only(irregular: bool) -> None:
    t = table(*CLARIFICATION, irregular=irregular)
    assert t.face_down_lead is None
    t.apply(ev("face_down_lead", "E", card="SJ"))
    down = t.face_down_lead
    assert down == FaceDownLead(Seat.EAST, SJ, (Seat.NORTH, Seat.WEST)) == t.rules.face_down_lead(t)
    with pytest.raises(AttributeError):
        t.face_down_lead = None  # type: ignore[misc]
    t.apply(ev("no_questions", "N"))
    t.apply(ev("no_questions", "W"))
    assert t.face_down_lead is not None and t.face_down_lead.ready  # L41C: to be faced now
    t.play("SJ")
    assert t.face_down_lead is None
    t.undo()
    assert t.face_down_lead == FaceDownLead(Seat.EAST, SJ, (), False, True)


def test_who_may_ask_before_the_lead_is_faced_is_review_rights_l41b() -> None:
    """The presumed declarer and the leader's partner, never the presumed dummy, until each has no question."""
    t = table(*DOWN)
    rights = review_rights(Seat.NORTH, lead_faced=False)
    assert rights == {Seat.NORTH, Seat.WEST}
    assert t.face_down_lead is not None and set(t.face_down_lead.waiting) == rights
    t.apply(ev("no_questions", "W"))
    assert t.face_down_lead.waiting == (Seat.NORTH,)
    with pytest.raises(IllegalCallError, match=r"no questions by south: only the presumed declarer and .*\(L41B\)"):
        t.apply(ev("no_questions", "S"))  # the presumed dummy has no such right


# ---- another seat's card while the lead lies face down -------------------------------------------------------
@pytest.mark.parametrize(
    ("seat", "card", "why"),
    [
        ("N", NORTH_CARD, r"presumed declarer now is exposed during the auction period \(L17D1, L54E, L24\)"),
        ("S", SOUTH_CARD, r"presumed dummy now is exposed during the auction period \(L17D1, L54E, L24\)"),
        ("W", WEST_CARD, r"west's card faced now is an opening lead out of turn, the face-down lead withdrawn \(L54\)"),
    ],
)
def test_a_table_without_a_director_refuses_another_seats_card_saying_what_it_would_be(
    seat: str, card: Card, why: str
) -> None:
    t = table(*DOWN, irregular=False)
    before = state(t)
    with pytest.raises(CardOutOfTurnError, match=rf"{card} by .*{why}.*; a table without a director refuses it"):
        t.play(card, seat)
    assert state(t) == before


@pytest.mark.parametrize(("seat", "card", "role"), [("N", NORTH_CARD, "declarer"), ("S", SOUTH_CARD, "dummy")])
def test_the_presumed_declarers_or_dummys_card_is_an_auction_exposure_the_director_rules_l54e_l24d(
    seat: str, card: Card, role: str
) -> None:
    t = table(*DOWN)
    t.play(card, seat)
    ruling = t.record.pending  # type: ignore[union-attr]
    assert ruling is not None and ruling.law == "54E" and ruling.chooser is None  # the director's (L10C1)
    assert ruling.option_ids == ("auction_exposure",) and f"the presumed {role}" in ruling.description
    assert t.face_down_lead is not None and not t.face_down_lead.ready  # East's lead still lies face down
    t.apply({"event": "choose", "seat": "director", "option": "auction_exposure"})
    assert card in t.hand(Seat.parse(seat)) and t.pending_irregularity is None  # back into the hand (L24D, L48A)
    assert t.face_down_lead == FaceDownLead(Seat.EAST, SJ, (Seat.NORTH, Seat.WEST))
    assert any("L24, L16C" in note and "unauthorized information for his side" in note for note in t.record.notes)
    replayed = Table.from_events(t.to_events())
    assert state(replayed) == state(t)
    t.apply(ev("no_questions", "N"))
    t.apply(ev("no_questions", "W"))
    t.play("SJ")  # the period ends as ever (L41C)
    assert t.play_state is not None and t.play_state.played() == [(Seat.EAST, SJ)]


@pytest.mark.parametrize("irregular", [False, True])
def test_another_seats_attempt_at_any_of_the_leaders_cards_is_answered_alike_l41a(irregular: bool) -> None:
    """Any seat but the leader naming any card of the leader's (as the web table and the terminal do, with the
    sender's own seat) gets one answer whatever the card, the face-down one included: it is the leader's alone
    (L41A). Only the leader's own attempts are told about it (``FaceDownLead.check``)."""
    t = table(*DOWN, irregular=irregular)
    before = state(t)
    for seat in ("N", "S", "W"):
        said: set[tuple[type[BaseException], str]] = set()
        for card in t.hand(Seat.EAST):
            with pytest.raises(IllegalPlayError) as refused:
                t.play(card, seat)
            said.add((type(refused.value), str(refused.value).replace(str(card), "?")))
        assert len(said) == 1, said
    assert state(t) == before


def test_the_leaders_partners_card_is_a_lead_out_of_turn_and_the_face_down_lead_is_withdrawn_l54() -> None:
    t = table(*DOWN)
    t.play(WEST_CARD, "W")
    ruling = t.record.pending  # type: ignore[union-attr]
    assert ruling is not None and ruling.law == "54" and ruling.chooser is Seat.NORTH
    assert t.face_down_lead is None  # withdrawn without rectification (L54)


# ---- L47E2(a): the face-down lead withdrawn after a misexplanation corrected since --------------------------------
def test_the_face_down_lead_withdrawn_after_a_corrected_misexplanation_leads_again_l41a_l47e2a() -> None:
    t = table(*DOWN, *MISEXPLAINED, ev("no_questions", "W"), *CORRECTED)
    t.apply(RETRACT)
    ruling = t.record.pending  # type: ignore[union-attr]
    assert ruling is not None and ruling.law == "47E2(a)" and ruling.question is not None
    assert ruling.question.id == "face_down_lead_withdrawal" and ruling.option_ids == ("withdraw", "stands")
    assert "SJ" not in json.dumps(frames.seat_frame(t, Seat.NORTH, {}, [None] * len(t.to_events())))  # L41A
    assert t.face_down_lead is not None and not t.face_down_lead.ready
    t.apply(WITHDRAW)
    assert t.face_down_lead is None and SJ in t.hand(Seat.EAST) and SJ in t.legal_cards()  # back in his hand
    assert any(n.startswith("L41A, L47E2(a): East's face-down opening lead went back") for n in t.record.notes)
    t.apply(ev("face_down_lead", "E", card="H9"))  # he leads again, face down; West may ask again (L41B)
    assert t.face_down_lead == FaceDownLead(Seat.EAST, Card.parse("H9"), (Seat.NORTH, Seat.WEST))
    with pytest.raises(IllegalPlayError, match=r"\(L41A, L47E, L54\)"):
        t.play("SJ", "E")  # the withdrawn card is not the lead now
    replayed = Table.from_events(t.to_events())
    assert state(replayed) == state(t)
    t.undo()  # the new lead taken back: none lies face down
    assert t.face_down_lead is None
    t.undo()  # the withdrawal taken back: the first lead lies face down again, the director's question pending
    assert t.face_down_lead is not None and t.face_down_lead.card == SJ
    assert t.record.pending is not None and t.record.pending.question is not None  # type: ignore[union-attr]


def test_after_the_withdrawal_the_robot_leads_face_down_again_and_the_questions_start_anew_l41b_l47e2a() -> None:
    """Both who may ask had no question before the lead was withdrawn (L47E2(a)): their "no questions" went with
    it, so the robot's new lead is face down again and each may ask anew before it is faced (L41A–B)."""
    t = table(*DOWN, *MISEXPLAINED, ev("no_questions", "W"), *CORRECTED, ev("no_questions", "N"), RETRACT, WITHDRAW)
    assert t.face_down_lead is None
    shown = t.rules.disclosure(t)
    assert shown is not None and shown["clarification"] is not None and not shown["clarification"]["face_down"]
    robot = RandomPlayer(5)
    lead = Driver(t, {Seat.EAST: robot}, face_down=True).step()
    assert isinstance(lead, Action) and lead.event["event"] == "face_down_lead" and lead.player is robot
    down = t.face_down_lead
    assert down is not None and down.waiting == (Seat.NORTH, Seat.WEST) and not down.ready


def test_a_lead_laid_again_is_withdrawn_only_after_a_misexplanation_found_since_it_l47e2a() -> None:
    """The correction that withdrew the first face-down lead came before the second: it withdraws it no more; a new
    finding since the second does (L47E2(a), counted from the last lead)."""
    t = table(*DOWN, *MISEXPLAINED, *CORRECTED, RETRACT, WITHDRAW, ev("face_down_lead", "E", card="H9"))
    before = state(t)
    with pytest.raises(RulingError, match=r"found no misexplanation by east's opponents since his lead"):
        t.apply(RETRACT)
    assert state(t) == before
    t.apply(ev("misexplanation", "S", call=3))
    t.apply(CORRECTED[1])
    t.apply(RETRACT)
    assert t.record.pending is not None and t.record.pending.law == "47E2(a)"  # type: ignore[union-attr]


def test_the_director_judges_the_lead_not_made_because_of_it_and_it_stays_l47e2a() -> None:
    t = table(*DOWN, *MISEXPLAINED, *CORRECTED, RETRACT)
    t.apply({"event": "judge", "question": "face_down_lead_withdrawal", "answer": False})
    assert t.face_down_lead is not None and t.face_down_lead.card == SJ and t.record.pending is None  # type: ignore[union-attr]
    t.apply(ev("no_questions", "N"))
    t.apply(ev("no_questions", "W"))
    t.play("SJ")
    assert t.play_state is not None and t.play_state.played() == [(Seat.EAST, SJ)]


@pytest.mark.parametrize(
    ("events", "match"),
    [
        ([], r"found no misexplanation by east's opponents since his lead"),  # nothing was corrected
        (MISEXPLAINED, r"found no misexplanation"),  # misexplained, the director not called
        (  # the director found no mistaken explanation (a mistaken call, L75C)
            [*MISEXPLAINED, ev("misexplanation", "S", call=3), MISTAKEN_CALL],
            r"found no misexplanation",
        ),
        (  # his own side's explanation (West's of East's pass), not the opponents'
            [
                ev("question", "N", call=2),
                ev("answer", "W", text="nothing"),
                ev("misexplanation", "N", call=2),
                CORRECTED[1],
            ],
            r"found no misexplanation by east's opponents",
        ),
    ],
)
def test_no_withdrawal_without_the_opponents_misexplanation_found_since_the_lead_l47e2a(
    events: list[dict[str, Any]], match: str
) -> None:
    t = table(*DOWN, *events)
    before = state(t)
    with pytest.raises(RulingError, match=rf"retract: .*{match}.*\(L47E2\(a\)\)"):
        t.apply(RETRACT)
    assert state(t) == before


def test_a_misexplanation_corrected_before_the_lead_gives_no_withdrawal_l47e2a() -> None:
    """L47E2(a): a card played because of a misexplanation *before it was corrected*: this lead came after."""
    t = table(*CLARIFICATION, *MISEXPLAINED, *CORRECTED, ev("face_down_lead", "E", card="SJ"))
    with pytest.raises(RulingError, match="since his lead"):
        t.apply(RETRACT)


@pytest.mark.parametrize("reason", ["change_of_mind", "unintended_designation", "rectification", "no such reason"])
def test_the_face_down_lead_is_withdrawn_for_no_other_reason_l41a_l47f(reason: str) -> None:
    t = table(*DOWN, *MISEXPLAINED, *CORRECTED)
    before = state(t)
    with pytest.raises(IllegalPlayError, match=r"withdrawn only after an irregularity.*\(L41A, L47F\)"):
        t.apply(ev("retract", "E", reason=reason))
    assert state(t) == before


def test_only_the_leader_withdraws_and_only_at_a_directors_table() -> None:
    t = table(*DOWN, *MISEXPLAINED, *CORRECTED)
    with pytest.raises(RulingError, match=r"retract: west has no card to withdraw; east's opening lead lies face down"):
        t.apply(ev("retract", "W", reason="misexplanation"))
    strict = table(*DOWN, irregular=False)
    before = state(strict)
    with pytest.raises(RulingError, match="irregular=True"):
        strict.apply(RETRACT)
    assert state(strict) == before


def test_once_faced_the_opening_lead_is_withdrawn_only_before_dummy_faces_a_card_l47e2a() -> None:
    """After the period: the card played (L47E2(a)) until dummy has faced a card; then too late (L47E2(b))."""
    faced = [*DOWN, *MISEXPLAINED, ev("no_questions", "W"), ev("no_questions", "N"), ev("play", "E", card="SJ")]
    t = table(*faced)
    t.apply(RETRACT)
    assert t.record.pending is not None and t.record.pending.law == "47E2(a)"  # type: ignore[union-attr]
    late = table(*faced, ev("play", "S", card="S2"))
    late.apply(RETRACT)
    assert late.record.pending is None and "REVIEW(47E2(b))" in late.record.review  # type: ignore[union-attr]


# ---- L41C, L68: the claim before the lead ------------------------------------------------------------------
@pytest.mark.parametrize("irregular", [False, True])
def test_a_claim_is_refused_while_the_lead_lies_face_down_and_taken_before_a_face_up_lead_l41c_l68(
    irregular: bool,
) -> None:
    """The face-down card is committed to the clarification period's procedure a claim would cut short (L41A–C,
    L47E2(a), L20F4); before any lead nothing is committed and the claim procedure takes it (L68A–B)."""
    down = table(*DOWN, irregular=irregular)
    with pytest.raises(ClaimError, match=r"east's opening lead lies face down.*\(L41C, L68\)") as refused:
        down.claim(Seat.NORTH, 8)
    said = str(refused.value)  # the reason is the committed card's, which does not hold before any lead
    assert "committed to the clarification procedure" in said and "(L41A–C, L47E2(a))" in said
    assert "play period starts" not in said
    up = table(*CLARIFICATION, irregular=irregular)
    up.claim(Seat.NORTH, 8)
    assert up.claim_state is not None and up.claim_state.remaining == 13


# ---- the one driver: the face-down lead of a person -------------------------------------------------------
def test_the_driver_makes_a_persons_opening_lead_face_down_where_the_book_has_the_period_l41a() -> None:
    t = table(*CLARIFICATION, irregular=False)
    driver = Driver(t, {}, face_down=True)
    assert driver.lead_event(Seat.EAST, "SJ") == {"event": "face_down_lead", "seat": "E", "card": "SJ"}
    assert driver.lead_event(Seat.WEST, "S3") is None  # not the leader: a ``play`` for the laws (L54)
    t.apply(ev("face_down_lead", "E", card="SJ"))
    assert driver.lead_event(Seat.EAST, "SJ") is None  # face down already: the laws face it or refuse it
    irregular = table(*CLARIFICATION)
    assert Driver(irregular, {}).lead_event(Seat.EAST, "SA") is None  # not his: faced, refused by the table
    historic = Table(Board(1, DEAL), "NBB30", irregular=True)
    for event in CLARIFICATION:
        historic.apply(event)
    assert Driver(historic, {}).lead_event(Seat.EAST, "SJ") is None  # the 1930s: led face up at once


def test_a_robot_leads_face_down_for_the_people_who_may_ask_then_the_lead_is_faced() -> None:
    t = table(*CLARIFICATION, irregular=False)
    robots = {s: RandomPlayer(4) for s in (Seat.EAST, Seat.SOUTH)}
    driver = Driver(t, robots, face_down=True)
    lead = driver.step()
    assert isinstance(lead, Action) and lead.event["event"] == "face_down_lead" and lead.player is robots[Seat.EAST]
    assert t.face_down_lead is not None and t.face_down_lead.waiting == (Seat.NORTH, Seat.WEST)
    wait = driver.step()
    assert isinstance(wait, Wait) and (wait.seat, wait.kind) == (Seat.NORTH, WaitKind.QUESTIONS)
    t.apply(ev("no_questions", "N"))
    t.apply(ev("no_questions", "W"))
    faced = driver.step()  # the procedure's step, no robot's (L41C)
    assert faced == Action({"event": "play", "seat": "E", "card": lead.event["card"]})
    assert t.face_down_lead is None and t.view(Seat.NORTH).dummy_hand is not None  # L41D


# ---- the terminal -------------------------------------------------------------------------------------------
def _one_nt(path: Path) -> None:
    """1NT by South: West leads (a robot), East is his partner, North the presumed dummy."""
    t = Table(Board(1, DEAL))
    for call in ["P", "P", "1NT", "P", "P", "P"]:
        t.call(call)
    path.write_text(t.to_jsonl())


def test_the_terminal_puts_a_card_out_of_turn_on_the_table_in_the_period_and_the_laws_refuse_it(
    tmp_path: Path,
) -> None:
    """South, the presumed declarer, at the L41B prompt: ``S:C9`` goes to the table now, which (without a director)
    refuses it saying what it is; then he has no questions and the board goes on."""
    log = tmp_path / "b.jsonl"
    _one_nt(log)
    result = CliRunner().invoke(app, ["play", "--resume", str(log), "--seat", "S"], input="S:C9\n\nquit\n")
    assert result.exit_code == 0, result.output
    said = " ".join(result.output.split())  # the console wraps long lines
    assert "presumed declarer now is exposed during the auction period (L17D1, L54E, L24)" in said
    assert "a table without a director refuses it" in said
    events = [json.loads(line) for line in log.read_text().splitlines()][7:]
    assert [(e["event"], e["seat"]) for e in events][:3] == [("face_down_lead", "W"), ("no_questions", "E"),
                                                             ("no_questions", "S")]  # fmt: skip
    assert not any(e["event"] == "play" and e["seat"] == "S" and e["card"] == "C9" for e in events[:4])


def test_the_terminal_never_tells_another_seat_which_card_lies_face_down_l41a(tmp_path: Path) -> None:
    """South, the presumed declarer, types each of West's cards as ``W:card`` at his L41B prompt: the answer is one
    and the same whatever the card, so trying cards cannot find the robot's face-down lead (L41A); nothing is
    logged for them. East's card (a robot's hand) is refused in the same words."""
    log = tmp_path / "b.jsonl"
    _one_nt(log)
    west = sorted(Board(1, DEAL).deal[Seat.WEST])
    typed = [f"W:{c}" for c in west] + ["E:C2"]
    result = CliRunner().invoke(app, ["play", "--resume", str(log), "--seat", "S"], input="\n".join(typed) + "\nquit\n")
    assert result.exit_code == 0, result.output
    prompt = "S: W has led face down; explain N, or Enter: no questions> "
    answers = [" ".join(a.split()) for a in result.output.split(prompt)[1 : len(typed) + 1]]
    said = {a.replace(c, "?") for a, c in zip(answers, typed, strict=True)}
    assert len(said) == 1 and "only his own card" in answers[0], said
    events = [json.loads(line) for line in log.read_text().splitlines()][7:]
    assert [(e["event"], e["seat"]) for e in events] == [("face_down_lead", "W"), ("no_questions", "E")]
