"""The terminal table: one board played at a terminal against robots (or every seat asked in turn).

What the person sees: the auction as a W/N/E/S grid with the opponents' alerts and numbered calls (``explain N``), a
one-line meaning as each robot opponent calls (what the person could ask for at his turn, L20F1; never his own side's
calls, L20G3, L40B2(b)), each card as it is played, the winner of each trick and the tricks of each side,
dummy face up, and at the end the score, the four hands, the double-dummy result and par. Only a change of
the table redraws it; an error or a question prints one line. Every event is in the durable log
(``contractbridge.eventlog``) before it is shown (issue #18).
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Annotated

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table as Grid

from contractbridge import dd
from contractbridge.calls import PASS, Bid, Call
from contractbridge.cards import SUITS_HIGH_FIRST, Card, Hand, Seat
from contractbridge.deal import Deal
from contractbridge.errors import BridgeError, ClaimError, DDSUnavailableError, DoubleDummyError, IllegalPlayError
from contractbridge.eventlog import DurableLog, EventLog
from contractbridge.formats.diagram import diagram
from contractbridge.laws.wbf17.disclosure import MISEXPLANATION_KINDS, agreements, answer_text, explained_calls
from contractbridge.players import Action, Driver, Player, UndoError, Wait, WaitKind
from contractbridge.robots import RobotPlayer
from contractbridge.robots.bidder import BiddingRobot
from contractbridge.scoring import duplicate
from contractbridge.scoring.rubber import Rubber
from contractbridge.systems.base import CallMeaning
from contractbridge.table import Phase, Table, TableView

__all__ = ["BoardOutcome", "PracticeOption", "Quit", "TerminalTable", "board_outcome", "card_text", "cards_text"]

HELP = """\
At the prompt:
  a call        1NT, 2S, P (pass), X (double), XX (redouble)
  a card        SA, H10, ♦Q, C10
  explain N     ask what the opponents' call N means (the numbers in the grid;
                their partner answers); explain alone: their whole auction
  hint          what the robot would do in your seat, and why (in the auction
                the call's meaning, your own system card's, at a practice table
                only: play --practice)
  last          the last trick again
  show          the table again (hands, auction, trick)
  auto          play a forced card (a singleton, the only legal card) for you:
                auto on / auto off
  claim N       claim N of the remaining tricks (then state your line of play)
  director N    call the director about the explanation of call N (director N
                no_alert: it was not alerted; director N alert: alerted, though
                not alertable; S:director N: South calls him): a table with a
                director only (play --director); play stops for his ruling
                (rule -i LOG)
  E:HK          a card from the hand named, out of turn (a table with a
                director only: the director rules)
  undo          take back your last call or card (and the robots' actions
                since): the robots agree while they have not replied, always at
                a practice table (play --practice)
  quit          stop (the log keeps everything so far: --resume continues it)"""

#: the commands at the clarification period's prompt (L41B), ``law`` its citation and ``withdrawal`` that of L47E2(a)
CLARIFICATION_HELP = """\
Before the opening lead is faced:
  explain N     what the opponents' call N means; explain: their whole auction
  director N    call the director: the explanation of call N was wrong
                (director N no_alert: not alerted; director N alert: alerted,
                not alertable; S:director N: South calls him); a director's
                table only
  withdraw      the leader withdraws his face-down lead after the director
                found the opponents' explanation mistaken since it: the
                director judges (rule -i LOG){withdrawal}
  S:C9          your own card, out of turn (the laws say what it is)
  show, quit; Enter: no questions{law}"""

#: ``play --practice`` / ``rubber-game --practice``: the robots grant every ``undo`` (``Driver(practice=True)``)
PracticeOption = Annotated[
    bool, typer.Option("--practice", help="The robots grant every undo, even of a card they have replied to")
]


def _laws(table: Table, *topics: str) -> str:
    """The laws of the table's edition for ``topics``, joined (``L70, L81``); "" when its book names none."""
    return ", ".join(cited[2:-1] for cited in map(table.rules.cited, topics) if cited)


class Quit(Exception):
    """The person at the terminal ended the session (EOF, Ctrl-C or ``quit``)."""


def card_text(card: Card) -> str:
    """A card the one way the terminal shows cards: ``♠A``, ``♥10``."""
    return card.symbol


def cards_text(cards: Iterable[Card], *, voids: bool = False) -> str:
    """Cards grouped by suit, spades first, high first: ``♠ A K 10  ♥ 2``; with ``voids`` (a hand) every suit,
    a void as ``♦ —``."""
    held = Hand(cards) if not isinstance(cards, Hand) else cards
    groups = []
    for suit in SUITS_HIGH_FIRST:
        ranks = held.ranks(suit)
        if ranks or voids:
            groups.append(suit.symbol + " " + (" ".join("10" if r.letter == "T" else r.letter for r in ranks) or "—"))
    return "  ".join(groups) or "—"


#: ``director N …``, or ``S:director N …`` for another person here
_DIRECTOR = re.compile(r"(?i)^\s*(?:([NESW])\s*:\s*)?director\b")
_SEAT_WORD = re.compile(r"\b(north|east|south|west)\b")


def seat_names(text: str) -> str:
    """A message as the terminal shows it: seats named with a capital (``South's hand``)."""
    return _SEAT_WORD.sub(lambda m: m.group(1).capitalize(), text)


def calls_text(calls: Iterable[Call]) -> str:
    """Legal calls compactly: ``P X, or a bid from 2C to 7NT``."""
    calls = list(calls)
    bids = [c for c in calls if isinstance(c, Bid)]
    others = " ".join(str(c) for c in calls if not isinstance(c, Bid))
    if not bids:
        return others
    low, high = min(bids), max(bids)
    return f"{others}, or a bid from {low} to {high}" if low != high else f"{others} {low}"


def auction_grid(table: Table, alerts: Mapping[int, bool]) -> Grid:
    """The auction in columns W N E S, each call numbered for ``explain N``, alerted calls marked ``!``."""
    order = (Seat.WEST, Seat.NORTH, Seat.EAST, Seat.SOUTH)
    grid = Grid(*(s.name.title() for s in order), box=None, padding=(0, 1))
    cells = [""] * order.index(table.board.dealer)
    for i, call in enumerate(table.auction.calls):
        name = "Pass" if call == PASS else str(call)
        alert = "[bold red]![/bold red]" if alerts.get(i) else ""
        cells.append(f"{escape(name)}{alert} [dim]({i + 1})[/dim]")
    if table.phase is Phase.AUCTION:
        cells.append("?")
    for i in range(0, len(cells), 4):
        grid.add_row(*(cells[i : i + 4] + [""] * 4)[:4])
    return grid


@dataclass
class BoardOutcome:
    """How a board ended at the terminal: ``done`` (scored), or stopped (quit, director needed)."""

    table: Table
    done: bool
    score_ns: int | None = None
    par_ns: int | None = None
    #: the tricks the contract played takes double dummy (None: passed out, or no DDS)
    dd_tricks: int | None = None
    par_text: str = ""


@dataclass
class TerminalTable:
    """The loop of one board: robots act, the people at the terminal are asked, the log is written first."""

    console: Console
    table: Table
    robots: Mapping[Seat, Player]
    read: Callable[[str], str]
    log: DurableLog | None = None
    hint_robot: Callable[[Seat], Player] | None = None
    #: a practice table: the robots grant every ``undo``, even of a card they have replied to (``Driver``)
    practice: bool = False
    #: whether the end of the board shows its own score (False: the caller scores it, e.g. on a rubber's sheet)
    own_score: bool = True
    _announced: int = 0
    _stale: bool = True
    #: the person the table was last shown to: another person here is shown it before his prompt (his hand, not his)
    _shown: Seat | None = None
    _meanings: dict[int, CallMeaning | None] = field(default_factory=dict)
    #: ``auto on``: a forced card (the only legal one) is played for the person
    autoplay: bool = False
    #: a line typed at the clarification period's prompt that is no question: he has none (L41B), and it is his
    #: next command, at his next turn (each person's own: several may have typed ahead)
    _ahead: dict[Seat, str] = field(default_factory=dict)

    @property
    def humans(self) -> frozenset[Seat]:
        return frozenset(s for s in Seat if s not in self.robots)

    # the loop ---------------------------------------------------------------------------------------
    def run(self) -> BoardOutcome:
        """Play until the board is done; ``Quit`` propagates after the log is complete. The table driver
        (``players.Driver``) makes the robots act and says whose turn it is; this loop shows and asks."""
        table = self.table
        self._announced = len(table.to_events())
        self._greet()
        driver = Driver(table, self.robots, practice=self.practice, face_down=True)
        while not isinstance(step := driver.step(), Wait) or step.kind is not WaitKind.DONE:
            if isinstance(step, Action):
                self._acted(step)
            elif step.kind in (WaitKind.CALL, WaitKind.PLAY) and step.seat is not None:
                self._human_turn(step.seat, driver)
            elif step.kind is WaitKind.QUESTIONS and step.seat is not None:
                self._clarify(step.seat)
            elif step.kind is WaitKind.CLAIM and step.seat is not None:
                self._answer_claim(step.seat)
            else:  # a ruling for the director or a person's choice (L9B2): rule -i LOG
                self._director_needed()
                return BoardOutcome(table, done=False)
        return self._finish()

    def _acted(self, action: Action) -> None:
        """A robot's or the procedure's action, now at the table: log it, then show it."""
        self._commit()
        if action.kind == "play_on":  # no director here to rule (L70)
            self._claim_void(f" by agreement{self.table.rules.cited('play_on')}")
        elif action.kind == "dispute" and self.table.claim_state is None and self.table.phase is not Phase.DONE:
            self._claim_void("")  # the objection voided it (e.g. NBB R54, L68B2)

    def _director_needed(self) -> None:
        table = self.table
        claim = table.claim_state
        if claim is not None and claim.disputed_by is not None and table.pending_irregularity is None:
            self.console.print(
                f"[yellow]The claim is disputed: the director rules{table.rules.cited('claim_ruling')}.[/yellow]"
            )
        ruling = None if table.record is None else table.record.pending
        director = _laws(table, "director_needed")
        if ruling is None:
            why = f" ({_laws(table, 'claim_ruling', 'director_needed')})" if director else ""
        else:
            why = f" ({ruling.description}: {', '.join(filter(None, (ruling.cited_law, director)))}; rule -i LOG)"
        self.console.print(f"[yellow]Play has stopped: the director is needed{escape(why)}.[/yellow]")
        if isinstance(self.log, EventLog) and ruling is not None:  # a log file: how he rules it, and play goes on
            path = self.log.path
            ruled = path.with_name(f"{path.stem}-ruled{path.suffix}")
            self.console.print(escape(f"The director: contractbridge rule {path} -i -o {ruled}; then contractbridge "
                                      f"play --resume {ruled}"), soft_wrap=True)  # fmt: skip

    def _commit(self) -> None:
        """Write the new events to the log (fsync'd), then show them: write-ahead, then show (#18)."""
        events = self.table.to_events()
        if self.log is not None:
            self.log.sync(events)
        calls = sum(1 for e in events[: self._announced] if e.get("event") == "call")
        for event in events[self._announced :]:
            self._announce(event, calls)
            calls += event.get("event") == "call"
        self._announced = len(events)

    def _announce(self, event: Mapping[str, object], index: int) -> None:
        """One line for an event now in the log; ``index`` is the number of calls before it."""
        kind = event.get("event")
        seat = Seat.parse(str(event.get("seat", "N")))
        table = self.table
        if kind == "call":
            meaning = self._meaning(index) if seat in self.robots and self._told(index) else None
            alert = "[bold red]![/bold red]" if meaning is not None and meaning.artificial else ""
            text = f" — {escape(meaning.text)}" if meaning is not None else ""
            self.console.print(f"{seat.letter} calls {escape(str(event['call']))}{alert}{text}")
            self._stale = True  # the grid, numbered for explain, is drawn again before the next question
            if table.phase is not Phase.AUCTION and index == len(table.auction) - 1:
                self._contract_line()
        elif kind == "play":
            card = Card.parse(str(event["card"]))
            self.console.print(f"{seat.letter} plays {card_text(card)}")
            play = table.play_state
            self._stale = self._stale or (play is not None and len(play) == 1)  # dummy is spread now (L41D)
            self._trick_done(card)
        elif kind == "claim":
            self.console.print(f"{seat.letter} claims {event['tricks']} of the remaining tricks: {event['statement']}")
        elif kind in ("agree", "dispute"):
            self.console.print(f"{seat.letter} {'agrees' if kind == 'agree' else 'disputes the claim'}")
        elif kind == "question":
            about = "the auction" if event.get("call") is None else f"call {event['call']}"
            self.console.print(f"{seat.letter} asks about {about} (L{event.get('law')})")
        elif kind == "answer":
            self.console.print(escape(f"{seat.letter} answers: {event['text']}"))
        elif kind == "face_down_lead":  # the card is its leader's alone until it is faced (L41A)
            self.console.print(f"{seat.letter} leads face down{table.rules.cited('opening_lead')}")
        elif kind == "no_questions":
            self.console.print(f"{seat.letter}: no questions")
        elif kind == "misexplanation":
            what = MISEXPLANATION_KINDS[str(event.get("kind"))].format(f"call {event['call']}")
            law = table.rules.cited("misexplanation")
            self.console.print(f"{seat.letter} calls the director about {what}{law}")
        elif kind == "choose":  # a ruling's option, chosen by the player the law gives it to (L10C1)
            option = str(event.get("option"))
            settled = [] if table.record is None else [r for r in table.record.rulings if r["option"] == option]
            what = "" if not settled else f" on the {str(settled[-1]['irregularity']).replace('_', ' ')}"
            law = "" if not settled else f" (L{settled[-1]['law']})"
            self.console.print(escape(f"{seat.letter} chooses {option}{what}{law}"))
        elif kind == "retract" and table.face_down_lead is not None:  # never naming the card (L41A)
            law = table.rules.cited("face_down_withdrawal")
            self.console.print(f"{seat.letter} asks to withdraw his face-down opening lead{law}")

    def _trick_done(self, card: Card) -> None:
        play = self.table.play_state
        if play is None or play.current_trick or not play.tricks or play.tricks[-1].cards[-1] != card:
            return
        number = len(play.tricks)
        trick = play.tricks[-1]
        won = trick.card_of(trick.winner)
        ns, ew = play.tricks_won(Seat.NORTH), play.tricks_won(Seat.EAST)
        self.console.print(
            f"[bold]Trick {number} won by {trick.winner.letter}[/bold] ({card_text(won)})   tricks NS {ns}, EW {ew}"
        )
        self._stale = True
        dummy = play.dummy
        if dummy in self.humans and play.controller in self.robots and not play.is_over:
            self.console.print(f"  dummy {dummy.letter}: {cards_text(play.hand(dummy))}")

    def _contract_line(self) -> None:
        table = self.table
        if table.contract is None or table.declarer is None:
            self.console.print("[bold]Passed out.[/bold]")
            return
        self.console.print(
            f"[bold]Contract {table.contract} by {table.declarer.letter}[/bold]; "
            f"{table.declarer.offset(1).letter} leads, dummy is {table.declarer.partner.letter}"
        )

    # the person's turn -----------------------------------------------------------------------------
    def _greet(self) -> None:
        board = self.table.board
        you = " ".join(s.letter for s in sorted(self.humans)) or "—"
        self.console.print(
            f"[bold]Board {board.number}[/bold]  dealer {board.dealer.letter}, vul {board.vulnerability.pbn}, "
            f"{self.table.edition}; you: {you}. Type help for the commands."
        )

    def _human_turn(self, actor: Seat, driver: Driver) -> None:
        table = self.table
        if self.autoplay and table.phase is Phase.PLAY:
            legal = table.view(actor).legal_cards
            if len(legal) == 1:
                (card,) = legal
                self.console.print(f"(auto: the only legal card) {card_text(card)}")
                self._play(driver, card, table.turn)
                return
        self._redraw(actor)
        turn = table.turn
        if table.phase is Phase.AUCTION:
            what = "call"
        elif turn is None or turn == actor:
            what = "card"
        else:
            what = f"card from dummy ({turn.letter})"
        ahead = self._ahead.pop(actor, None)
        line = ahead if ahead is not None else self.read(f"{actor.letter} {what}> ").strip()
        try:
            self._command(actor, line, driver)
        except BridgeError as err:
            self.console.print(f"[red]{escape(seat_names(str(err)))}[/red]")

    def _clarify(self, seat: Seat) -> None:
        """The clarification period (L41B): ``seat``, the presumed declarer or the leader's partner, asks about the
        opponents' calls (``explain``) before the face-down opening lead is faced, or presses Enter: no (further)
        questions. His own card named with his hand (``S:S3``) is put on the table now, as the web table's, for the
        laws to refuse or the director to rule (``FaceDownLead.check``: L54, L24); another hand's, whatever the card,
        is refused in the same words, the laws' answer telling the face-down card (L41A). Any other command says "no
        questions" too, and is his next one (a card, a claim …: typed ahead)."""
        table = self.table
        self._redraw(seat)
        play = table.play_state
        leader = "?" if play is None or play.turn is None else play.turn.letter
        line = self.read(f"{seat.letter}: {leader} has led face down; explain N, or Enter: no questions> ").strip()
        word = line.lower().split()[0] if line.split() else ""
        try:
            if word in ("quit", "exit", "q"):
                raise Quit
            if word == "explain":
                self._explain(seat, line)
            elif word == "show":
                self.show(seat)
            elif _DIRECTOR.match(line):
                self._call_director(seat, line)
            elif ":" in word:  # his own card out of turn (S:HK) now: the table's laws say what it is (L54, L24)
                who, _, card = line.rpartition(":")
                if Seat.parse(who) != seat:  # never the laws' answer about another's hand: it tells his lead (L41A)
                    law = table.rules.cited("clarification")
                    raise IllegalPlayError(f"{line}: {seat.name.lower()} puts only his own card on the table now{law}")
                table.play(Card.parse(card), seat)
                self._commit()
            elif word == "withdraw":
                self._withdraw_lead()
            elif word in ("help", "?"):
                law = table.rules.cited("clarification")
                withdrawal = table.rules.cited("face_down_withdrawal")
                self.console.print(escape(CLARIFICATION_HELP.format(law=law, withdrawal=withdrawal)))
            else:
                table.apply({"event": "no_questions", "seat": seat.letter})
                self._commit()
                if word not in ("", "no", "n", "nq", "none"):
                    self._ahead[seat] = line
        except BridgeError as err:
            self.console.print(f"[red]{escape(seat_names(str(err)))}[/red]")

    def _command(self, actor: Seat, line: str, driver: Driver) -> None:
        table = self.table
        word = line.lower().split()[0] if line.split() else ""
        if not word:
            self.console.print(f"Legal: {self._legal(actor)}   (help: the commands)")
        elif word in ("quit", "exit", "q"):
            raise Quit
        elif word in ("help", "?"):
            self.console.print(escape(HELP))
        elif word == "explain":
            self._explain(actor, line)
        elif word == "hint":
            self._hint(actor)
        elif word == "last":
            self._last()
        elif word == "show":
            self.show(actor)
        elif word == "auto":
            self._auto(line)
        elif word == "undo":
            self._undo(driver)
        elif word == "claim":
            self._claim(actor, line)
        elif _DIRECTOR.match(line):
            self._call_director(actor, line)
        elif table.phase is Phase.AUCTION:
            table.call(Call.parse(line), actor)
            self._commit()
        else:
            seat, _, card = line.strip().rpartition(":")
            self._play(driver, Card.parse(card), Seat.parse(seat) if seat else table.turn)

    def _play(self, driver: Driver, card: Card, seat: Seat | None) -> None:
        """A person's card: his opening lead face down while another person here may ask before it is faced (L41A–B,
        ``Driver.lead_face_down``: its face then is his alone), any other card to the table's laws."""
        lead = None if seat is None else driver.lead_face_down(seat, card)
        if lead is None:
            self.table.play(card, seat)
        else:
            self.table.apply(lead)
        self._commit()

    def _redraw(self, seat: Seat) -> None:
        """The table again before ``seat``'s prompt when it changed, or when it was last shown to another person."""
        if self._stale or self._shown != seat:
            self.show(seat)

    def _call_director(self, seat: Seat, line: str) -> None:
        """``director N`` (``director N no_alert``, ``director N alert``): ``seat`` calls the director about the
        explanation of call N, a failure to alert it or an alert where none was due (L20F4, L20F5, L75), at a director's
        table; the table's laws say who may call him when. Play stops for his ruling (``rule -i LOG``)."""
        found = _DIRECTOR.match(line)
        assert found is not None
        named, parts = found.group(1), line[found.end() :].split()
        law = self.table.rules.cited("misexplanation")
        if not 1 <= len(parts) <= 2 or not parts[0].isdecimal() or len(parts[0]) > 3:
            raise BridgeError(
                "write: director N (the explanation of call N was wrong), director N no_alert (it was not alerted), "
                f"director N alert (alerted, though not alertable); S:director N for another person here{law}"
            )
        if named is not None:
            seat = Seat.parse(named)
            if seat in self.robots:
                raise BridgeError(f"{seat.name.lower()} is a robot's seat: a person here calls the director{law}")
        kind = parts[1] if len(parts) == 2 else "explanation"
        self.table.apply({"event": "misexplanation", "seat": seat.letter, "call": int(parts[0]), "kind": kind})
        self._commit()

    def _withdraw_lead(self) -> None:
        """``withdraw`` at the clarification period's prompt: the leader, a person here, asks to withdraw his face-down
        opening lead after the director found the opponents' explanation mistaken since it; the director judges whether
        he led because of it (L41A, L47E2(a)): play stops for his ruling (``rule -i LOG``)."""
        table = self.table
        down = table.face_down_lead
        law = table.rules.cited("face_down_withdrawal")
        if down is None or down.leader in self.robots:
            who = "no opening lead lies face down" if down is None else f"{down.leader.letter}'s lead is a robot's"
            raise BridgeError(f"withdraw: {who}; a person here withdraws his own face-down lead{law}")
        table.apply({"event": "retract", "seat": down.leader.letter, "reason": "misexplanation"})
        self._commit()

    def _legal(self, actor: Seat) -> str:
        view = self.table.view(actor)
        return calls_text(view.legal_calls) if view.phase is Phase.AUCTION else cards_text(view.legal_cards)

    def show(self, actor: Seat) -> None:
        """The table as ``actor`` may see it: the auction grid, or the hands in view and the trick."""
        table = self.table
        view = table.view(actor)
        self._stale, self._shown = False, actor
        if view.phase is Phase.AUCTION:
            self.console.print(auction_grid(table, self._alerts()))
            self.console.print(f"Your hand ({actor.letter}): {cards_text(view.hand, voids=True)}")
        else:
            hands: dict[Seat, Hand | None] = {s: None for s in Seat}
            hands[actor] = view.hand
            if view.dummy is not None and view.dummy_hand is not None:
                hands[view.dummy] = view.dummy_hand
            trick = "  ".join(f"{s.letter} {card_text(c)}" for s, c in view.current_trick)
            down = table.face_down_lead
            if down is not None:  # L41A: its face is its leader's alone
                face = card_text(down.card) if down.leader == actor else "face down"
                trick = f"{down.leader.letter} {face}"
            ns, ew = view.tricks_won
            contract = f"{view.contract} {view.declarer.letter}" if view.declarer is not None else ""
            table_diagram = diagram(table.board, hands, f"{contract}\n{trick}\nNS {ns}  EW {ew}")
            auction = self._auction()
            measure = self.console.measure
            if measure(table_diagram).maximum + measure(auction).maximum + 4 <= self.console.width:
                beside = Grid.grid(padding=(0, 4))
                beside.add_row(table_diagram, auction)
                self.console.print(beside)
            else:  # a narrow terminal: the auction under the diagram
                self.console.print(table_diagram)
                self.console.print(auction)
            self.console.print(f"Your hand ({actor.letter}): {cards_text(view.hand, voids=True)}")
        if table.face_down_lead is None:  # while it lies face down nobody plays (L41A-C): no "Legal: —"
            self.console.print(f"Legal: {self._legal(actor)}")

    def _auction(self) -> Grid:
        """The auction grid as it stands (numbered for ``explain``, alerts marked)."""
        return auction_grid(self.table, self._alerts())

    def _auto(self, line: str) -> None:
        """``auto on`` / ``auto off``: whether a forced card is played for the person."""
        parts = line.lower().split()
        if len(parts) == 1:
            self.autoplay = not self.autoplay
        elif parts[1] in ("on", "off"):
            self.autoplay = parts[1] == "on"
        else:
            raise BridgeError("write: auto on, or auto off")
        self.console.print(f"Forced cards are played for you: {'on' if self.autoplay else 'off'}")

    def _alerts(self) -> dict[int, bool]:
        """The robots' alerts the people here see: their opponents' artificial calls (alerts are to the opponents,
        L40B1(c), L20F1), every call once the board is over."""
        calls = range(len(self.table.auction))
        return {i: m is not None and m.artificial for i in calls if self._told(i) and (m := self._meaning(i))}

    def _told(self, index: int) -> bool:
        """Whether the people here may hear call ``index``'s meaning now: a call of the opponents of every person
        at the terminal (what they may ask for, L20F1), or any call once the board is over. A player never hears
        his own side's meanings during the board (L20G3, L40B2(b): partner's alert or explanation is for the
        opponents)."""
        caller = self.table.auction.seat_of(index)
        return self.table.phase is Phase.DONE or all(s.side != caller.side for s in self.humans)

    def _meaning(self, index: int) -> CallMeaning | None:
        """Call ``index`` as the partnership's agreement explains it (L20F1: the caller's partner answers, from the
        pair's card and the system it names, else the robot's own: L40B, L75C; not the caller's hand: never the
        branch the caller's own choice took), cached."""
        if index not in self._meanings:
            auction = self.table.auction
            seat = auction.seat_of(index)
            robot = next((self.robots[s] for s in (seat.partner, seat) if s in self.robots), None)
            bidder = None if robot is None else _bidder(robot)
            meaning = None
            if bidder is not None:
                with contextlib.suppress(BridgeError):  # a call the system cannot read: no agreement
                    meaning = bidder.explain(auction, index, self.table.board.vulnerability, agreements(self.table))
            self._meanings[index] = meaning
        return self._meanings[index]

    def _explain(self, actor: Seat, line: str) -> None:
        """``explain N`` (``explain``: the opponents' whole auction): ``actor`` asks about the opponents' calls at his
        turn (L20F1, L20F2, L20F3), a logged ``question`` the caller's partner answers with an ``answer`` event (a
        robot from its system, a person here when asked). His own side's calls are refused (L20F1; his own system card
        is not his to read before the end of play, L40B2(b), L20G3: the board's record gives them). A book with no
        questions as events (the 1930s: a convention is explained on request, NBB30 App.2.II, EST-L50) has the
        robot's answer shown and nothing logged, and cites no WBF law."""
        table = self.table
        parts, count = line.split(), len(table.auction)
        if (
            not count
            or len(parts) > 2
            or (len(parts) == 2 and not (parts[1].isdecimal() and 1 <= int(parts[1]) <= count))
        ):
            raise BridgeError(
                f"write: explain (the opponents' whole auction) or explain N, N from 1 to {count} (the numbers of the "
                "auction grid)"
            )
        call = int(parts[1]) if len(parts) == 2 else None
        if call is not None and table.auction.seat_of(call - 1).side == actor.side:
            card = table.rules.cited("own_system_card")
            card = f"; nor may he read his own system card before the end of play{card}" if card else ""
            raise BridgeError(
                f"call {call} is your own side's: a player asks about the opponents' calls only"
                f"{table.rules.cited('question_call')}{card}: the board's record gives every call's meaning at its end"
            )
        if table.rules.disclosure(table) is None:
            calls = (
                [call - 1]
                if call is not None
                else [i for i, s in enumerate(table.auction.seats) if s.side != actor.side]
            )
            if not calls:
                raise BridgeError("the opponents have not called")
            answerer = table.auction.seat_of(calls[0]).partner
            told = self._answer_text(calls)
            self.console.print(
                escape(f"{answerer.letter}: {told} (not logged: {table.edition} has no question events)")
            )
            return
        table.apply({"event": "question", "seat": actor.letter, **({} if call is None else {"call": call})})
        shown = table.rules.disclosure(table, actor)
        assert shown is not None
        question = shown["questions"][-1]
        for letter in question["awaiting"]:
            answerer = Seat.parse(letter)
            calls = explained_calls(shown, question, answerer, table.auction.seats)
            text = self._answer_text(calls) if answerer in self.robots else self._ask_answer(answerer, actor)
            table.apply({"event": "answer", "seat": letter, "question": question["number"], "text": text})
        self._commit()

    def _answer_text(self, calls: list[int]) -> str:
        """A robot's answer about ``calls`` (L20F1): each call as its side's system explains it, or "no agreement"."""
        return answer_text(self.table.auction.calls, {i: self._meaning(i) for i in calls})

    def _ask_answer(self, answerer: Seat, asker: Seat) -> str:
        """A person here answers a question about his partner's calls (L20F1), before the next call or card."""
        law = self.table.rules.cited("question")
        while not (text := self.read(f"{answerer.letter}: answer {asker.letter}'s question{law}> ").strip()):
            self.console.print(f"Give the explanation of your partnership's agreement{law}")
        return text

    def _hint(self, actor: Seat) -> None:
        """What a robot in ``actor``'s seat would do: its own ``hint`` if it has one, else its choice. In the auction
        the call's meaning is read from the player's own system (it tells what partner's calls mean to it): a player
        may not consult his own system card during the board (L40B2(b), L20G3), so only a practice table shows it,
        saying it is a practice aid; elsewhere the call alone (docs/disclosure.md)."""
        if self.hint_robot is None:
            raise BridgeError("no robot is available for hints here")
        robot = self.hint_robot(actor)
        view = self.table.view(actor)
        hint = getattr(robot, "hint", None)
        if view.phase is Phase.AUCTION:
            call = robot.call(view)
            if not self.practice:
                law = self.table.rules.cited("own_system_card")
                withheld = f"your own system card's, which you may not consult during the board{law}"
                self.console.print(escape(f"The robot would call {call}: its meaning is {withheld}; play --practice "
                                          "shows it"))  # fmt: skip
                return
            bidder = _bidder(robot)
            meaning = None if bidder is None else bidder.last_meaning
            why = str(hint(view)) if callable(hint) else "its choice" if meaning is None else meaning.describe()
            if not why.startswith(f"{call}:"):  # a meaning's description starts with its call
                why = f"{call}: {why}"
            self.console.print(escape(f"The robot would call {why} (a practice aid: your own system card)"))
        else:
            card = robot.play(view)
            self.console.print(escape(f"The robot would play {card_text(card)}{_card_reason(robot, view)}"))

    def _last(self) -> None:
        tricks = self.table.tricks
        if not tricks:
            raise BridgeError("no trick has been completed yet")
        trick = tricks[-1]
        cards = "  ".join(f"{s.letter} {card_text(c)}" for s, c in trick)
        self.console.print(f"Trick {len(tricks)}: {cards}   won by {trick.winner.letter}")

    def _undo(self, driver: Driver) -> None:
        """Take back the last action of a person here, and the robots' actions since (the log is cut back): a
        request to the other side (``Driver.request_undo``), which the people here grant and the robots only
        while nobody has acted since (#26)."""
        table = self.table
        events = table.to_events()
        dummy = table.dummy
        declarer = table.declarer
        for index in range(len(events) - 1, 0, -1):
            seat = Seat.parse(str(events[index].get("seat", "N")))
            if events[index].get("event") == "play" and seat == dummy and declarer is not None:
                seat = declarer
            if seat in self.humans:
                break
        else:
            raise BridgeError("nothing to undo: you have not called or played yet")
        try:
            request = driver.request_undo(seat)
        except UndoError as err:
            if self.practice:
                raise
            raise UndoError(f"{err}; play --practice lets you take back what the robots have seen") from None
        if request is None:  # the people of the other side are here: they agree
            request = driver.answer_undo(seat.lho, True)
            assert request is not None
        driver.take_back(request)
        if self.log is not None:
            self.log.sync(table.to_events())
        self._announced = len(table.to_events())
        self._meanings = {i: m for i, m in self._meanings.items() if i < len(table.auction)}
        self.console.print(f"Taken back: {len(events) - request.seq} event(s)")
        self._stale = True

    # claims -----------------------------------------------------------------------------------------
    def _claim(self, actor: Seat, line: str) -> None:
        table = self.table
        if table.phase is not Phase.PLAY:
            raise ClaimError(f"claims are made during the play{table.rules.cited('claim')}")
        parts = line.split()
        if len(parts) != 2 or not parts[1].isdecimal():
            raise BridgeError("write: claim N (of the remaining tricks, the number your side will win)")
        tricks = int(parts[1])
        remaining = 13 - len(table.tricks)
        if not 0 <= tricks <= remaining:
            raise ClaimError(f"claim of {tricks} tricks: {remaining} tricks remain{table.rules.cited('claim')}")
        statement = self.read(f"your line of play{table.rules.cited('claim_statement')}> ").strip()
        table.claim(actor, tricks, statement)
        self._commit()

    def _answer_claim(self, seat: Seat) -> None:
        """An opponent of the claimer answers (L69A, L68D2): a person when asked; a robot that cannot judge
        claims itself (``ClaimingPlayer``) by a double-dummy check."""
        table = self.table
        claim = table.claim_state
        assert claim is not None
        agree = self._claim_holds(claim.seat, claim.tricks) if seat in self.robots else self._ask_claim(seat)
        (table.agree if agree else table.dispute)(seat)
        self._acted(Action({"event": "agree" if agree else "dispute", "seat": seat.letter}))

    def _ask_claim(self, seat: Seat) -> bool:
        """A person answers an open claim, the claimer's hand faced first (L68C): ``y`` agrees (L69A), ``n``
        disputes (L68D), ``show`` shows the table again; any other answer is asked again."""
        view = self.table.view(seat)
        claim = view.claim
        assert claim is not None
        if view.claimer_hand is not None:
            faced = self.table.rules.cited("claim_statement")
            self.console.print(f"{claim.seat.name.title()}'s hand, faced{faced}: {cards_text(view.claimer_hand)}")
        self.console.print("Answer y (agree), n (dispute) or show (the table again)")
        while True:
            answer = self.read(f"{seat.letter}: agree to the claim? {escape('[y/n]')}> ").strip().lower()
            if answer in ("y", "yes"):
                return True
            if answer in ("n", "no"):
                return False
            if answer == "show":
                self.show(seat)
                if view.claimer_hand is not None:
                    self.console.print(f"{claim.seat.name.title()}'s hand: {cards_text(view.claimer_hand)}")
            else:
                self.console.print("Answer y (agree), n (dispute: play goes on, or the director rules) or show")

    def _claim_holds(self, claimer: Seat, tricks: int) -> bool:
        """A robot's test of a claim: the claimer's side takes at least ``tricks`` against best defence."""
        table = self.table
        play = table.play_state
        assert play is not None
        hands = Deal.partial({s: play.hand(s) for s in Seat})
        strain = play.strain
        try:
            position = dd.Position(hands, strain, play.leader, tuple(c for _, c in play.current_trick))
            scores = dd.solve(position)
        except (DDSUnavailableError, DoubleDummyError) as err:
            self.console.print(f"[yellow]the robots cannot check the claim ({escape(str(err))})[/yellow]")
            return False
        best = max(scores.values())
        remaining = 13 - len(play.tricks)
        side_tricks = best if position.to_play.side == claimer.side else remaining - best
        return side_tricks >= tricks

    def _claim_void(self, how: str) -> None:
        self.console.print(f"[yellow]The claim is disputed: void, play continues{how}.[/yellow]")
        self._stale = True

    # the end ----------------------------------------------------------------------------------------
    def _finish(self) -> BoardOutcome:
        table = self.table
        result = table.result
        assert result is not None
        console = self.console
        transfers = f" (after {'; '.join(result.adjustments)})" if result.adjustments else ""
        self._record()
        console.print(f"\n[bold]Result: {escape(str(result))}[/bold]{escape(transfers)}")
        if not self.own_score:
            pass
        elif table.rules.rubber is not None:  # a rubber-bridge code scores on the sheet
            sheet = Rubber(table.edition)
            if result.contract is not None and result.declarer is not None and result.tricks is not None:
                sheet.record(result.contract, result.declarer, result.tricks)
            console.print(str(sheet))
        console.print(diagram(table.board))
        outcome = board_outcome(table)
        if self.own_score and outcome.score_ns is not None:
            console.print(f"Score: NS {outcome.score_ns:+d}, EW {-outcome.score_ns:+d}{table.rules.cited('score')}")
        if outcome.par_ns is None:
            console.print("[yellow]No double-dummy analysis (DDS is not available)[/yellow]")
        else:
            if outcome.dd_tricks is not None and result.contract is not None and result.declarer is not None:
                console.print(
                    f"Double dummy: {result.contract} by {result.declarer.letter} takes {outcome.dd_tricks} tricks"
                )
            console.print(f"Par: {outcome.par_text}")
        return outcome

    def _record(self) -> None:
        """The board's whole record at its end: the auction with each call's meaning by its side's system (the
        player's own side's too, now that play is over: L40B2(b)), every trick (leader first, the winner's card
        marked) and the claims."""
        table, console = self.table, self.console
        console.print("\n[bold]The auction[/bold]")
        console.print(self._auction())
        for index, call in enumerate(table.auction.calls):
            meaning = self._meaning(index)
            if meaning is not None:
                console.print(escape(f"  ({index + 1}) {table.auction.seat_of(index).letter} {call}: {meaning.text}"))
        for number, trick in enumerate(table.tricks, 1):
            cards = "  ".join(f"{s.letter} {card_text(c)}{'*' if s == trick.winner else ''}" for s, c in trick)
            console.print(f"  trick {number:2}: {cards}")
        for event in table.to_events():
            if event.get("event") == "claim":
                console.print(
                    f"  claim by {Seat.parse(str(event['seat'])).name.title()} of {event['tricks']} tricks: "
                    f"{escape(str(event.get('statement', '')))}"
                )
            elif event.get("event") in ("agree", "dispute", "play_on"):
                console.print(f"    {Seat.parse(str(event['seat'])).name.title()}: {event['event'].replace('_', ' ')}")


def board_outcome(table: Table) -> BoardOutcome:
    """A finished board's duplicate score (L77; none under a rubber code), par and the double-dummy tricks of
    the contract played (none without DDS)."""
    result = table.result
    outcome = BoardOutcome(table, done=result is not None)
    if result is None:
        return outcome
    if table.rules.rubber is None and result.new_deal is None:
        outcome.score_ns = duplicate.board_score(result.contract, result.declarer, result.tricks, table.board).ns
    try:
        tricks = dd.dd_table(table.board.deal)
        par = dd.par(tricks, table.board.vulnerability, table.board.dealer)
    except DDSUnavailableError:
        return outcome
    outcome.par_ns, outcome.par_text = par.score, str(par)
    if result.contract is not None and result.declarer is not None:
        outcome.dd_tricks = tricks.tricks(result.contract.strain, result.declarer)
    return outcome


def _card_reason(robot: Player, view: TableView) -> str:
    """Why a card-play robot plays its card, in the terminal's card notation: the tricks each card it weighed
    takes on average over the layouts it sampled (best first), or that the card is forced."""
    cards = robot.cards if isinstance(robot, RobotPlayer) else robot
    decide = getattr(cards, "decide", None)
    if not callable(decide):
        return ""
    decision = decide(view)
    if decision.reason != "samples":
        return f" ({decision.reason})"
    order = sorted(range(len(decision.cards)), key=lambda j: -decision.tricks[j])[:4]
    # each value is that of a group of equal cards: the chosen card stands for its group
    shown = [
        decision.card if c.suit == decision.card.suit and j == order[0] else c for j, c in enumerate(decision.cards)
    ]
    weighed = ", ".join(f"{card_text(shown[j])} {decision.tricks[j]:.1f}" for j in order)
    return f" (over {decision.samples} layouts that fit the auction and the play, tricks on average: {weighed})"


def _bidder(robot: Player) -> BiddingRobot | None:
    """The bidding robot that makes ``robot``'s calls, if it is one of ours."""
    if isinstance(robot, RobotPlayer):
        return robot.bidder
    return robot if isinstance(robot, BiddingRobot) else None
