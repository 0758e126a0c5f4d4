"""Seat policies and the one table driver (docs/architecture.md §3.6).

A ``Player`` only ever receives the ``TableView`` of its own seat. Declarer's player also decides dummy's
cards (L41D): ``view.legal_cards`` then holds dummy's legal cards and ``view.turn`` is dummy's seat.

``Driver`` is the one loop that drives a table, for every interface (terminal, web table, table manager,
rubber game): ``Driver.step()`` carries out the next action of a robot or of the procedure itself (a
robot's call, card, claim, answer to a claim or choice of a ruling's option; play on after a disputed
claim at a table without a director, L68D2(b); a robot's "no questions" and the face-down opening lead faced at
the end of the clarification period, L41B–C) and returns it as an ``Action``, or returns the ``Wait`` that says
whose turn it is and for what (a person's call or card, his questions before the face-down lead is faced, an answer
to a claim or to an undo request, a ruling's choice, the director). ``drive`` is the synchronous loop over it; an
asynchronous interface calls ``Driver.decide()`` off its event loop, commits the action's event through its own
store, and applies it. A person's call becomes its event through ``call_event``: out of turn it is refused at a table
without a director (L17C) and recorded for the laws to rule at a director's (L28–L32). Undo requests go through
``request_undo`` / ``answer_undo`` / ``take_back``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Protocol, runtime_checkable

from contractbridge.calls import PASS, Call
from contractbridge.cards import Card, Seat
from contractbridge.errors import BridgeError, OutOfTurnError
from contractbridge.table import Phase, Table, TableView

__all__ = [
    "Action",
    "ClaimingPlayer",
    "Driver",
    "Player",
    "RandomPlayer",
    "UndoError",
    "UndoRequest",
    "Wait",
    "WaitKind",
    "drive",
    "play_board",
]


@runtime_checkable
class Player(Protocol):
    """Decides a call or a card from what its seat may see."""

    def call(self, view: TableView) -> Call: ...

    def play(self, view: TableView) -> Card: ...


@runtime_checkable
class ClaimingPlayer(Protocol):
    """A player that claims (``claim(view)``: tricks and statement, or None) and judges claims (L68–L69)."""

    def claim(self, view: TableView) -> tuple[int, str] | None: ...

    def accepts_claim(self, view: TableView) -> bool: ...


class RandomPlayer:
    """Chooses uniformly among the legal calls and cards; the same ``seed`` gives the same choices."""

    def __init__(self, seed: int | str | None = None) -> None:
        self._rng = random.Random(seed)

    def call(self, view: TableView) -> Call:
        return self._rng.choice(view.legal_calls)

    def play(self, view: TableView) -> Card:
        return self._rng.choice(sorted(view.legal_cards))


class UndoError(BridgeError):
    """An undo request that cannot be made or answered (nothing to take back, not that seat's to answer, or
    refused); nothing changes."""


class WaitKind(StrEnum):
    """What the table waits for."""

    CALL = "call"  # the seat's call
    PLAY = "play"  # the seat's card (declarer's for dummy's cards, L41D)
    CLAIM = "claim"  # the seat agrees to the open claim or disputes it (L69A, L68D2)
    QUESTIONS = "questions"  # the seat asks, or says he has no questions, before the face-down lead is faced (L41B)
    UNDO = "undo"  # the seat (an opponent of the requester) accepts or refuses a request to undo
    CHOOSE = "choose"  # the seat chooses the pending ruling's option (L10C1)
    DIRECTOR = "director"  # the director: a judgement, a ruling, a disputed claim (L70, L81)
    DONE = "done"  # the board is over


@dataclass(frozen=True, slots=True)
class Wait:
    """The table waits for ``seat`` (None: the director, or nobody once ``DONE``) to do ``kind``; ``why`` says
    so, citing the law."""

    seat: Seat | None
    kind: WaitKind
    why: str = ""


@dataclass(frozen=True, slots=True)
class Action:
    """An event the driver decided (``Table.apply`` format) and the robot that made it (None: the procedure)."""

    event: dict[str, Any]
    player: Player | None = None

    @property
    def kind(self) -> str:
        return str(self.event["event"])


@dataclass(frozen=True, slots=True)
class UndoRequest:
    """``seat`` asks to take back its last action: the events from ``seq`` on (and what others did since)."""

    seat: Seat
    seq: int

    def to_dict(self) -> dict[str, Any]:
        return {"seat": self.seat.letter, "from": self.seq}


class Driver:
    """Drives ``table``: the seats in ``seats`` are robots (asked for their calls, cards, claims if ``claims``,
    answers and choices, each from its own seat's view); every other seat is a person, whose turn ``step``
    returns as a ``Wait``. ``seats`` may change while the table is driven (a robot sits down). At a ``practice``
    table the robots grant every request to undo, even after they have replied (one person against robots, for
    practice: nobody else's play is at stake); otherwise they refuse once a reply has been seen (#26). With
    ``face_down``, a robot makes the opening lead face down when a person may ask before it is faced (L41A–B,
    where the table's book has the clarification period), and so does a person's lead through ``lead_face_down``."""

    def __init__(
        self,
        table: Table,
        seats: Mapping[Seat, Player],
        *,
        claims: bool = True,
        practice: bool = False,
        face_down: bool = False,
    ) -> None:
        self.table = table
        self.seats = seats
        self.claims = claims
        self.practice = practice
        self.face_down = face_down
        #: a request to undo that waits for the other side's answer; nothing else happens meanwhile
        self.undo_request: UndoRequest | None = None

    # the step -------------------------------------------------------------------------------------
    def step(self) -> Action | Wait:
        """Carry out the next robot or automatic action and return it, or return what the table waits for."""
        decided = self.decide()
        if isinstance(decided, Action):
            self.table.apply(decided.event)
        return decided

    def decide(self) -> Action | Wait:
        """The next action without applying it (a robot may think long: an asynchronous caller runs this off
        its event loop, commits the event, then applies it), or what the table waits for. The table is not
        changed; an undo request that only robots are left to answer is dropped (they refuse it)."""
        table = self.table
        request = self.undo_request
        if request is not None:
            people = self._undo_answerers(request.seat)
            if people:
                return Wait(people[0], WaitKind.UNDO, f"{_name(request.seat)} asks to undo; the other side answers")
            self.undo_request = None  # robots took the other side's seats meanwhile: they refuse (#26)
        if table.phase is Phase.DONE:
            return Wait(None, WaitKind.DONE)
        stop = self._stopped()
        if stop is not None:
            return stop
        claim = table.claim_state
        if claim is not None:
            return self._claim_step()
        actor = table.actor
        if actor is None:  # nothing to do and nothing pending: an edition's stop the driver cannot name
            return Wait(
                None,
                WaitKind.DIRECTOR,
                f"play has stopped: the director is needed{table.rules.cited('director_needed')}",
            )
        player = self.seats.get(actor)
        if table.phase is Phase.AUCTION:
            if player is None:
                return Wait(actor, WaitKind.CALL)
            return Action({"event": "call", "seat": actor.letter, "call": str(self._robot_call(player, actor))}, player)
        play = table.play_state
        clarifying = play is not None and not len(play)
        down = self.clarification_step() if clarifying else None
        if down is not None:
            return down
        if player is None:
            return Wait(actor, WaitKind.PLAY)
        offer = self.robot_claim()
        if offer is not None:
            return offer
        turn = table.turn
        assert turn is not None
        card = str(player.play(table.view(actor)))
        return Action(self.lead_face_down(turn, card) or {"event": "play", "seat": turn.letter, "card": card}, player)

    def lead_event(self, seat: Seat, card: Card | str) -> dict[str, Any] | None:
        """The ``face_down_lead`` event of ``seat``'s ``card`` when it is the opening lead and the table's book has the
        clarification period (L41A: made face down, the NBB/VBL's choice); None for any other card, a ``play`` the
        table's laws take, refuse or rule (while a lead lies face down, ``FaceDownLead.check``: L41A–C, L54, L24), and
        at a director's table for a card the leader may not lead (faced, the director rules it, L54)."""
        table = self.table
        play = table.play_state
        if play is None or len(play) or play.turn != seat or table.face_down_lead is not None:
            return None
        shown = table.rules.disclosure(table)
        if shown is None or shown["clarification"] is None:
            return None
        chosen = card if isinstance(card, Card) else Card.parse(card)
        if table.irregular and chosen not in table.legal_cards():
            return None
        return {"event": "face_down_lead", "seat": seat.letter, "card": str(chosen)}

    def lead_face_down(self, seat: Seat, card: Card | str) -> dict[str, Any] | None:
        """``lead_event`` when the driver leads face down (``face_down``) and a person may ask before the lead is
        faced (L41A–B): the event of a robot's opening lead, or of a person's where another person shares the
        driver (several people at one terminal); None: the card is played face up at once."""
        lead = self.lead_event(seat, card)
        return lead if lead is not None and self._leads_face_down() else None

    def call_event(self, seat: Seat, call: str) -> dict[str, Any]:
        """The ``call`` event of the person at ``seat``. A table without a director takes a call at its caller's turn
        only (L17C): any other is ``OutOfTurnError`` and nothing changes. A director's table takes it from any seat,
        for its laws to record and rule: a call out of rotation (L28–L32: the option its chooser has, L29A; the
        calls that settle it before the rectification, L28B), an insufficient bid (L27), a call when barred (L30–L32,
        L37), or to refuse with a typed error (a call while a ruling is pending, L9B2; after the auction period,
        L17D)."""
        if not self.table.irregular:
            self.require_turn(seat, call)
        return {"event": "call", "seat": seat.letter, "call": call}

    def require_turn(self, seat: Seat, what: object) -> None:
        """``OutOfTurnError`` unless ``seat`` decides the next action (the seat to call, or declarer for dummy's
        cards, L41D); ``what`` names the call or card refused."""
        actor = self.table.actor
        if actor != seat:
            who = "nobody" if actor is None else _name(actor)
            raise OutOfTurnError(f"{what}: it is {who}'s turn, not {_name(seat)}'s")

    def clarification_step(self) -> Action | Wait | None:
        """While the opening lead lies face down (``Table.face_down_lead``): a robot entitled to ask says it has no
        questions (robots never ask), a person is waited for, and once the period is over the lead is faced (L41B,
        L41C); None when no lead lies face down."""
        table = self.table
        down = table.face_down_lead
        if down is None:
            return None
        if down.ready:
            return Action({"event": "play", "seat": down.leader.letter, "card": str(down.card)})
        robot = next((s for s in down.waiting if s in self.seats), None)
        if robot is not None:
            return Action({"event": "no_questions", "seat": robot.letter}, self.seats[robot])
        if down.open:  # the player who must answer (L20F1), not the one who asked
            shown = table.rules.disclosure(table)
            asked = [q for q in shown["questions"] if q["awaiting"]] if shown is not None else []
            who = Seat.parse(asked[-1]["awaiting"][0]) if asked else None
            return Wait(who, WaitKind.QUESTIONS, f"a question awaits its answer{table.rules.cited('question')}")
        law = table.rules.cited("clarification")
        return Wait(
            down.waiting[0] if down.waiting else None,
            WaitKind.QUESTIONS,
            f"may ask before the opening lead is faced{law}",
        )

    def _leads_face_down(self) -> bool:
        """Whether an opening lead is made face down: ``face_down``, and a person may ask before it is faced (the
        book's clarification period, L41A–B; never the leader himself)."""
        if not self.face_down:
            return False
        shown = self.table.rules.disclosure(self.table)
        period = None if shown is None else shown["clarification"]
        return period is not None and any(Seat.parse(s) not in self.seats for s in period["waiting"])

    def _robot_call(self, player: Player, seat: Seat) -> Call:
        """A robot's call; never an irregularity by a robot: an unlawful call becomes a pass."""
        view = self.table.view(seat)
        call = player.call(view)
        if call not in view.legal_calls:
            return PASS if PASS in view.legal_calls else view.legal_calls[0]
        return call

    def robot_claim(self) -> Action | None:
        """The claim of the robot declarer on lead, if it makes one (L68); none again until a card has been
        played since a claim was disputed or voided (L68D2(b); NBB R54, L68B2: an objection voids it)."""
        table = self.table
        play, seat = table.play_state, table.actor
        if not self.claims or play is None or play.current_trick or seat is None or seat != table.declarer:
            return None
        if table.claim_state is not None or table.phase is not Phase.PLAY:
            return None
        player = self.seats.get(seat)
        if not isinstance(player, ClaimingPlayer) or _claimed_since_last_card(table):
            return None
        offer = player.claim(table.view(seat))
        if offer is None:
            return None
        tricks, statement = offer
        return Action({"event": "claim", "seat": seat.letter, "tricks": tricks, "statement": statement}, player)

    def _stopped(self) -> Wait | Action | None:
        """A pending ruling (``Ruling.awaits``): a robot chooser chooses, else its chooser or the director is
        waited for; an unlawful card awaiting the director (L9B)."""
        table = self.table
        ruling = None if table.record is None else table.record.pending
        if ruling is not None:
            chooser = ruling.chooser
            if ruling.question is not None or chooser is None:
                return Wait(None, WaitKind.DIRECTOR, f"the {_words(ruling.irregularity)} {ruling.awaits(table.rules)}")
            robot = self.seats.get(chooser)
            if robot is None:
                return Wait(chooser, WaitKind.CHOOSE, f"the {_words(ruling.irregularity)} {ruling.awaits(table.rules)}")
            option = "accept" if "accept" in ruling.option_ids else ruling.option_ids[0]  # accept the call: L27A1, L29A
            return Action({"event": "choose", "seat": chooser.letter, "option": option}, robot)
        pending = table.pending_irregularity
        if pending is not None:
            return Wait(
                None, WaitKind.DIRECTOR, f"{pending.message}: the director rules{table.rules.cited('pending_ruling')}"
            )
        return None

    def _claim_step(self) -> Action | Wait:
        """An open claim: the robots among the opponents who must agree answer by their own judgement (L69A,
        L68D2), then the people; a disputed claim at a table without a director is void and play continues
        (L68D2(b)); at a director's table the director rules (L70)."""
        table = self.table
        claim = table.claim_state
        assert claim is not None
        if claim.disputed_by is not None:
            if table.irregular:
                return Wait(
                    None,
                    WaitKind.DIRECTOR,
                    f"the claim is disputed: the director rules{table.rules.cited('claim_ruling')}",
                )
            return Action({"event": "play_on", "seat": claim.disputed_by.letter})
        people: list[Seat] = []
        for seat in sorted(claim.needed - claim.agreed_by):
            robot = self.seats.get(seat)
            if isinstance(robot, ClaimingPlayer):
                kind = "agree" if robot.accepts_claim(table.view(seat)) else "dispute"
                return Action({"event": kind, "seat": seat.letter}, robot)
            people.append(seat)
        assert people, "an open claim that needs nobody's agreement is settled"
        return Wait(
            people[0],
            WaitKind.CLAIM,
            f"{_name(claim.seat)} claims {claim.tricks}: agree or dispute{table.rules.cited('claim_agreement')}",
        )

    # undo requests ---------------------------------------------------------------------------------
    def _undo_answerers(self, seat: Seat) -> list[Seat]:
        """The people of the other side, who answer ``seat``'s request (robots answer at once)."""
        return [s for s in (seat.lho, seat.rho) if s not in self.seats]

    def last_action_of(self, seat: Seat) -> int:
        """The index in the log of ``seat``'s last call, card (declarer's: dummy's cards too, L41D) or claim."""
        table = self.table
        events = table.to_events()
        for seq in range(len(events) - 1, 0, -1):
            e = events[seq]
            if e.get("event") not in ("call", "play", "claim"):
                continue
            who = Seat.parse(str(e.get("seat")))
            if who == seat or (e["event"] == "play" and who == table.dummy and table.declarer == seat):
                return seq
        raise UndoError(f"undo: {_name(seat)} has no action on this board to take back")

    def request_undo(self, seat: Seat) -> UndoRequest | None:
        """``seat`` asks to take back its last action and what others did since. The other side's people
        answer it (``answer_undo``; ``step`` waits for them); if that side is all robots they answer at once:
        they agree only when nobody else has acted since, so no reply has been seen (#26), or always at a
        ``practice`` table. Returns the request
        when it is granted now (then ``take_back`` it), None when it waits for an answer; ``UndoError`` when it
        cannot be made or the robots refuse."""
        if self.table.phase is Phase.DONE:
            raise UndoError("undo: the board is over")
        if self.undo_request is not None:
            raise UndoError(f"undo: {_name(self.undo_request.seat)}'s request to undo awaits an answer")
        request = UndoRequest(seat, self.last_action_of(seat))
        if self._undo_answerers(seat):
            self.undo_request = request
            return None
        if not self.practice and self._replied_since(request):
            raise UndoError(f"undo: the robots refuse: {_name(seat)} has seen the play since (#26)")
        return request

    def _replied_since(self, request: UndoRequest) -> bool:
        """Whether a seat other than the requester (and dummy, for declarer) has acted since ``request.seq``."""
        table = self.table
        own = {request.seat}
        if table.declarer == request.seat and table.dummy is not None:
            own.add(table.dummy)
        later = table.to_events()[request.seq + 1 :]
        return any(e.get("event") in ("call", "play") and Seat.parse(str(e.get("seat"))) not in own for e in later)

    def answer_undo(self, seat: Seat, accept: bool) -> UndoRequest | None:
        """An opponent of the requester answers the pending request; returns it when granted (then
        ``take_back`` it), None when refused."""
        request = self.undo_request
        if request is None:
            raise UndoError("no undo request is pending")
        if seat.side == request.seat.side:
            raise UndoError("undo: the other side answers the request")
        self.undo_request = None
        return request if accept else None

    def take_back(self, request: UndoRequest) -> None:
        """Take back the events of a granted request (the table's ``undo``, last first)."""
        while len(self.table.to_events()) > request.seq:
            self.table.undo()


def drive(
    table: Table,
    seats: Mapping[Seat, Player],
    *,
    on_event: Callable[[Table, Action], None] | None = None,
    claims: bool = True,
) -> Wait:
    """Let the robots in ``seats`` act at ``table`` (the ``Driver``'s steps) until the board is done or it waits
    for someone not in ``seats`` (a person, the director); returns that ``Wait``. ``on_event`` is called after
    each action."""
    driver = Driver(table, seats, claims=claims)
    while isinstance(step := driver.step(), Action):
        if on_event is not None:
            on_event(table, step)
    return step


def play_board(
    table: Table,
    players: Mapping[Seat, Player],
    *,
    on_action: Callable[[Table], None] | None = None,
    claims: bool = False,
) -> Wait:
    """``drive`` with ``players`` (robot declarers claim if ``claims``) until the board is done or nobody in
    ``players`` can act (a claim a player cannot judge, a ruling for the director); ``on_action`` is called after
    each action. A claim disputed at a table without a director is void and play continues (L68D2(b))."""
    return drive(table, players, on_event=None if on_action is None else lambda t, _: on_action(t), claims=claims)


def _claimed_since_last_card(table: Table) -> bool:
    """Whether a claim was made after the last card played (it was disputed or voided, or it is open)."""
    for event in reversed(table.to_events()):
        kind = event.get("event")
        if kind == "claim":
            return True
        if kind == "play":
            return False
    return False


def _name(seat: Seat) -> str:
    return seat.name.lower()


def _words(kind: str) -> str:
    return kind.replace("_", " ")
