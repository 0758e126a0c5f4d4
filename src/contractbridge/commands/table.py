"""``contractbridge deal``, ``replay`` and ``play``: a hand diagram, an event-log replay and a terminal table."""

from __future__ import annotations

import json
import random
import warnings
from collections.abc import Callable, Mapping, Sequence
from functools import partial
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.markup import escape

from contractbridge.cards import Seat, Side
from contractbridge.commands.match import LAST, BoardLine, Match, last_rubber, new_rubber_log, print_summary
from contractbridge.commands.terminal import (
    BoardOutcome,
    PracticeOption,
    Quit,
    TerminalTable,
    board_outcome,
    card_text,
)
from contractbridge.deal import Board, Deal
from contractbridge.errors import BridgeError, EventLogError, ParseError, TournamentError
from contractbridge.eventlog import MAX_LOG_BYTES, EventLog, EventLogWarning, read_table
from contractbridge.formats.diagram import diagram
from contractbridge.formats.inputs import LIMITS, read_json
from contractbridge.laws import DEFAULT_EDITION, DEFAULT_RUBBER_EDITION, EDITIONS
from contractbridge.laws.wbf17.disclosure import agreements
from contractbridge.players import Player, RandomPlayer
from contractbridge.robots import Effort, RobotPlayer, default_robot
from contractbridge.robots.cardplay import ROBOT_EFFORT_ENV
from contractbridge.robots.explanations import played_system, seat_systems
from contractbridge.scoring import compare
from contractbridge.systems.agreements import PartnershipAgreements
from contractbridge.table import Phase, Table


# state summary ---------------------------------------------------------------------------------------------
def state_dict(table: Table) -> dict[str, Any]:
    """The state of a table as JSON-ready data (phase, turn, contract, tricks, result, pending irregularity)."""
    play = table.play_state
    result = table.result
    claim = table.claim_state
    return {
        "board": table.board.number,
        "edition": table.edition,
        "phase": table.phase.value,
        "turn": None if table.turn is None else table.turn.letter,
        "auction": str(table.auction),
        "contract": None if table.contract is None else str(table.contract),
        "declarer": None if table.declarer is None else table.declarer.letter,
        "tricks": [" ".join(str(c) for c in t.cards) for t in table.tricks],
        "tricks_ns": 0 if play is None else play.tricks_won(Seat.NORTH),
        "tricks_ew": 0 if play is None else play.tricks_won(Seat.EAST),
        "claim": None if claim is None else claim.to_dict(),
        "result": None if result is None else result.to_dict(),
        "pending_irregularity": None if table.pending_irregularity is None else table.pending_irregularity.to_dict(),
        "irregularities": [i.to_dict() for i in table.irregularities],
    }


def _print_state(console: Console, table: Table) -> None:
    console.print(f"Board {table.board.number} ({table.edition}), phase [bold]{table.phase.value}[/bold]")
    console.print(f"Auction (dealer {table.board.dealer.letter}): {table.auction or '—'}")
    for i, trick in enumerate(table.tricks, start=1):
        cards = "  ".join(f"{s.letter} {card_text(c)}" for s, c in trick)
        console.print(f"  trick {i:2}: {cards}   won by {trick.winner.letter}")
    if table.claim_state is not None:
        c = table.claim_state
        console.print(f"Claim by {c.seat.letter} of {c.tricks} of {c.remaining} tricks: {c.status}")
    if table.pending_irregularity is not None:
        p = table.pending_irregularity
        by = "" if p.seat is None else f" by {p.seat.letter}"
        console.print(f"[yellow]Pending irregularity: {p.kind}{by}: {p.message}[/yellow]")
    result = table.result
    down = table.face_down_lead
    if result is not None:
        console.print(f"Result: [bold]{result}[/bold]")
    elif down is not None:  # the leader's turn is over; its card is his alone (L41A)
        console.print(f"{down.leader.letter} has led face down{table.rules.cited('opening_lead')}")
    elif table.turn is not None:
        console.print(f"Turn: {table.turn.letter}")


# the terminal table -----------------------------------------------------------------------------------------
def _robot(system: str, seed: int | None, effort: Effort, opponents: str | None = None) -> Player:
    """The robot of a seat: the one place a robot seat is built. It bids by ``system``, reads the opponents' calls
    by ``opponents`` (None: the same) and plays the cards by double-dummy sampling at ``effort``
    (``robots.default_robot``)."""
    return default_robot(system, seed=seed, effort=effort, opponents=opponents)


class _Seating:
    """The robots of the terminal's tables, as at the web table (L40A1(b), ``robots.explanations.seat_systems``):
    a bidding robot (not a random player) bids, and reads the opponents' calls, by the systems the pairs' cards
    name where the robots play them, else by the command's ``system``; so does the robot that answers ``hint`` in
    a person's seat (one per seat and systems, so that it keeps its samples from card to card)."""

    def __init__(self, robots: Mapping[Seat, Player], system: str, seed: int | None, effort: Effort) -> None:
        base = played_system(system)
        self.robots, self.system = robots, system if base is None else base.name
        self.seed, self.effort = seed, effort
        self._hinters: dict[tuple[Seat, str, str], Player] = {}
        self._seated: dict[tuple[Seat, str, str], Player] = {}  # kept from board to board, as the others are

    def _systems(self, table: Table | None, seat: Seat) -> tuple[str, str]:
        return seat_systems(None if table is None else agreements(table), seat, self.system)

    def at(self, table: Table) -> Mapping[Seat, Player]:
        """The robots at ``table``: those whose cards name the command's system (or none) as given."""
        seated = dict(self.robots)
        for seat, robot in self.robots.items():
            own, theirs = self._systems(table, seat)
            if isinstance(robot, RobotPlayer) and (own, theirs) != (self.system, self.system):
                key = (seat, own, theirs)
                if key not in self._seated:
                    self._seated[key] = _robot(own, self.seed, self.effort, theirs)
                seated[seat] = self._seated[key]
        return seated

    def hints(self, table: Table | None) -> Callable[[Seat], Player]:
        """Who answers ``hint`` in a seat at ``table`` (None: a table without cards, the rubber's)."""

        def hint_robot(seat: Seat) -> Player:
            key = (seat, *self._systems(table, seat))
            if key not in self._hinters:
                self._hinters[key] = _robot(key[1], self.seed, self.effort, key[2])
            return self._hinters[key]

        return hint_robot


def _read_with(console: Console) -> Callable[[str], str]:
    def read(prompt: str) -> str:
        try:
            return console.input(prompt)
        except (EOFError, KeyboardInterrupt):
            raise Quit from None

    return read


def _fail(message: str, code: int = 1) -> typer.Exit:
    Console(stderr=True, highlight=False, soft_wrap=True).print(f"[red]error: {escape(message)}[/red]")
    return typer.Exit(code)


def _multi_board_hint(path: Path, max_bytes: int) -> str | None:
    """A note when ``path`` holds more than one board: ``convert`` writes one file per board (only the first
    ``max_bytes`` are looked at: a huge file is refused, not read)."""
    try:
        with path.open("rb") as handle:
            head = handle.read(max_bytes)
    except OSError:
        return None
    boards = head.count(b'"event": "board"') + head.count(b'"event":"board"')
    if boards > 1:
        return (
            f"{path} holds {boards} boards; replay reads one board a file: "
            f"`contractbridge convert` writes one file per board (x-<board>.jsonl)"
        )
    return None


def read_log(path: Path, max_bytes: int) -> Table:
    """The table of one board's log, or a ``typer.Exit`` with a one-line error (shared by replay and rule)."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always", EventLogWarning)
        try:
            table = read_table(path, max_bytes=max_bytes)
        except EventLogError as err:
            hint = _multi_board_hint(path, max_bytes)
            message = str(err) if str(err).startswith(str(path)) else f"{path}: {err}"  # a file it cannot open
            raise _fail(hint or message, 2 if err.number is None else 1) from None
    for w in caught:
        Console(stderr=True, highlight=False).print(f"[yellow]warning: {path}: {escape(str(w.message))}[/yellow]")
    return table


def _parse_seats(text: str) -> list[Seat]:
    try:
        return [Seat.parse(ch) for ch in text if not ch.isspace()]
    except BridgeError as err:
        raise typer.BadParameter(str(err)) from None


BoardOption = Annotated[int, typer.Option("--board", "-b", min=1, help="Board number (dealer, vulnerability)")]
SeedOption = Annotated[int | None, typer.Option("--seed", "-s", help="Random seed (the same seed, the same deal)")]


MaxBytesOption = Annotated[
    int, typer.Option("--max-log-bytes", min=1, metavar="BYTES", help="Refuse a log larger than this")
]


def _board_log(log: Path | None, number: int, boards: int) -> Path | None:
    """The log of one board of a match: ``x.jsonl`` for one board, ``x-<board>.jsonl`` for several."""
    if log is None or boards == 1:
        return log
    return log.with_name(f"{log.stem}-{number}{log.suffix}")


def _play_board(
    console: Console,
    table: Table,
    robots: Mapping[Seat, Player],
    log: EventLog | None,
    hint_robot: Callable[[Seat], Player],
    practice: bool = False,
) -> BoardOutcome:
    read = _read_with(console)
    try:
        return TerminalTable(console, table, robots, read, log, hint_robot, practice=practice).run()
    finally:
        if log is not None:
            log.close()
            console.print(f"Event log saved to {log.path}", soft_wrap=True)


def _match_line(console: Console, outcome: BoardOutcome, side: Side, total: int) -> int:
    """The running total of a match: IMPs against the double-dummy par of each board (L78B)."""
    if outcome.score_ns is None or outcome.par_ns is None:
        console.print("(no IMPs for this board: it needs a duplicate score and the double-dummy par)")
        return total
    sign = 1 if side is Side.NS else -1
    gained = compare.imps(sign * (outcome.score_ns - outcome.par_ns))
    total += gained
    console.print(
        f"[bold]{side.name}: {sign * outcome.score_ns:+d} against par {sign * outcome.par_ns:+d}: "
        f"{gained:+d} IMP; running total {total:+d} IMP[/bold]\n"
    )
    return total


def register(app: typer.Typer) -> None:
    @app.command("deal")
    def deal_command(
        board: BoardOption = 1,
        seed: SeedOption = None,
    ) -> None:
        """Deal a random board and print its four hands."""
        b = Board(board, Deal.random(seed))
        console = Console(highlight=False)
        console.print(diagram(b))
        console.print(b.deal.to_pbn())

    @app.command("replay")
    def replay_command(
        file: Annotated[
            Path, typer.Argument(metavar="LOG", help="Event log of one board, JSON lines (docs/architecture.md §5)")
        ],
        as_json: Annotated[bool, typer.Option("--json", help="Print the final state as JSON")] = False,
        max_bytes: MaxBytesOption = MAX_LOG_BYTES,
    ) -> None:
        """Replay an event log; print the final state, or the first bad line (exit code 1)."""
        table = read_log(file, max_bytes)
        console = Console(highlight=False)
        if as_json:
            console.print_json(json.dumps(state_dict(table)))
        else:
            _print_state(console, table)

    @app.command("play")
    def play_command(
        board: BoardOption = 1,
        seed: SeedOption = None,
        edition: Annotated[
            str | None,
            typer.Option(
                "--edition",
                "-e",
                help=f"Laws: {', '.join(EDITIONS)} (default {DEFAULT_EDITION}; {DEFAULT_RUBBER_EDITION} with --rubber)",
            ),
        ] = None,
        log: Annotated[
            Path | None,
            typer.Option(
                "--log", "-l", metavar="FILE", help="Write the event log here (a new file; default: the data directory)"
            ),
        ] = None,
        resume: Annotated[
            Path | None,
            typer.Option(
                "--resume",
                metavar="FILE",
                help="Continue a log and append to it: a board's log, a rubber's (--rubber), a match's directory, "
                "or 'last' (also --resume alone): the last match (rubber) kept in the data directory",
            ),
        ] = None,
        boards: Annotated[int, typer.Option("--boards", "-n", min=1, help="Play a match of this many boards")] = 1,
        random_seats: Annotated[
            str, typer.Option("--random-seats", metavar="SEATS", help="Seats a random robot plays, e.g. EW")
        ] = "",
        robot_seats: Annotated[
            str, typer.Option("--robot-seats", metavar="SEATS", help="Seats the robots play, e.g. NEW")
        ] = "",
        seat: Annotated[str, typer.Option("--seat", metavar="SEAT", help="Your seat; robots take the others")] = "",
        system: Annotated[
            str, typer.Option("--system", metavar="NAME", help="The robots' bidding system: culbertson or club")
        ] = "culbertson",
        robot_effort: Annotated[
            str,
            typer.Option(
                "--robot-effort",
                metavar="EFFORT",
                envvar=ROBOT_EFFORT_ENV,
                help="How hard the card-play robots think: low, normal, high, SAMPLES or SAMPLES/SECONDS",
            ),
        ] = "normal",
        max_bytes: MaxBytesOption = MAX_LOG_BYTES,
        rubber: Annotated[bool, typer.Option("--rubber", help="A whole rubber (NBB30, EST30, NL36 scoring)")] = False,
        practice: PracticeOption = False,
        cards: Annotated[
            list[str] | None,
            typer.Option(
                "--card",
                metavar="PAIR=FILE",
                help="A pair's convention card, e.g. NS=ns.json (once a pair): that pair's card as a JSON object, "
                'e.g. {"system": "club", "1NT P 2C": {"text": "Stayman", "artificial": true}}. It goes in each new '
                "board's board event: the robots bid and explain by it, the director's rulings read it",
            ),
        ] = None,
        director: Annotated[
            bool,
            typer.Option(
                "--director",
                help="A table with a director (new boards): an irregularity stops play for his ruling (rule -i LOG), "
                "and director N / withdraw call him about an explanation and the face-down lead (docs/disclosure.md)",
            ),
        ] = False,
        deals: Annotated[
            Path | None,
            typer.Option(
                "--deals",
                metavar="FILE.pbn",
                help="Play the boards of this file as they are: a PBN file (hand records, a dealer script's "
                "output) or an event file (contractbridge event); board --board, and the next with --boards N",
            ),
        ] = None,
    ) -> None:
        """A table at the terminal: robots play the seats you give them, you the rest (type help at the prompt).

        Every call and card is in the log (fsync'd) before it is shown, by default under the data directory
        ($XDG_DATA_HOME/contractbridge); quit at any time and --resume continues where you stopped. With
        --boards N, a match against the robots: IMPs against the double-dummy par, a summary at the end. With
        --deals FILE.pbn, the boards of the file (deal, dealer, vulnerability) instead of random ones."""
        console = Console(highlight=False)
        if edition is None:
            edition = DEFAULT_RUBBER_EDITION if rubber else DEFAULT_EDITION
        rng = random.Random(seed)
        try:
            effort = Effort.parse(robot_effort)
            robots: dict[Seat, Player] = {s: RandomPlayer(rng.getrandbits(64)) for s in _parse_seats(random_seats)}
            yours = set(_parse_seats(seat))
            others = [s for s in Seat if s not in yours] if yours else []
            for s in [*_parse_seats(robot_seats), *others]:
                robots[s] = _robot(system, seed, effort)
        except BridgeError as err:
            raise _fail(str(err)) from None
        seating = _Seating(robots, system, seed, effort)
        if director and (rubber or resume is not None):
            which = "a rubber's hands are played without one" if rubber else "a resumed board keeps its log's table"
            raise _fail(f"--director makes new boards' tables: {which}")

        try:
            dealt = None if deals is None else _file_boards(deals, board, boards, rubber or resume is not None)
            declared = _pair_cards(cards or [], rubber or resume is not None)
        except (BridgeError, OSError) as err:
            raise _fail(str(err)) from None
        if rubber:  # NBB R27–R36: the rubber, each hand at this terminal table (commands/rubbergame.py)
            from contractbridge.commands.rubbergame import terminal_rubber

            try:
                if resume is not None and str(resume) == LAST and not resume.exists():
                    resume = last_rubber()
                if resume is None and log is None:
                    log = new_rubber_log()
                    console.print(f"Logging the rubber to {log}", soft_wrap=True)
            except BridgeError as err:
                raise _fail(str(err)) from None
            terminal_rubber(
                console, edition, robots, seed, log, seating.hints(None), resume, max_bytes, practice=practice
            )
            return
        humans = [s for s in Seat if s not in robots]
        side = humans[0].side if humans else Side.NS
        try:
            if resume is not None and (resume.is_dir() or (str(resume) == LAST and not resume.exists())):
                match = Match.last() if str(resume) == LAST else Match.load(resume)
            elif resume is None and log is None:
                match = Match.create(board, boards, edition, seed, dealt, declared, irregular=director)
            else:
                match = None
        except BridgeError as err:
            raise _fail(str(err)) from None
        if match is not None:
            _play_match(console, match, seating, side, max_bytes, practice)
            return
        if resume is not None and boards > 1:
            raise _fail("--resume FILE continues one board; a match continues from its directory (--resume DIR)")
        total = 0
        for number in range(board, board + boards):
            table, writer = _opened(
                console,
                partial(_open_table, number, seed, edition, log, resume, max_bytes, boards, dealt, declared, director),
            )
            if seed is not None:
                seed += 1
            outcome = _played(console, table, seating, writer, practice)
            if outcome is None:
                return
            if boards > 1:
                total = _match_line(console, outcome, side, total)


def _played(
    console: Console,
    table: Table,
    seating: _Seating,
    writer: EventLog | None,
    practice: bool = False,
) -> BoardOutcome | None:
    """The board played at the terminal by the robots of its table (``seating``) and the person; None when the
    player quits (the state shown) or play stops unfinished."""
    try:
        outcome = _play_board(console, table, seating.at(table), writer, seating.hints(table), practice)
    except Quit:
        console.print()
        _print_state(console, table)
        return None
    return outcome if outcome.done else None


def _opened(console: Console, open_: Callable[[], tuple[Table, EventLog | None]]) -> tuple[Table, EventLog | None]:
    """A board's table and log writer, its recovery warnings shown (a torn last line), or a one-line error."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always", EventLogWarning)
        try:
            opened = open_()
        except (EventLogError, BridgeError) as err:
            raise _fail(str(err)) from None
    for w in caught:
        console.print(f"[yellow]warning: {escape(str(w.message))}[/yellow]")
    return opened


def _play_match(
    console: Console,
    match: Match,
    seating: _Seating,
    side: Side,
    max_bytes: int,
    practice: bool = False,
) -> None:
    """A match kept in the data directory: each board's log there; a board already played is counted from its
    log, one stopped half-way continues, the rest are dealt; the summary at the end (or at a quit)."""
    console.print(
        f"Logging the match to {match.directory} (quit at any time: play --resume continues it)", soft_wrap=True
    )
    lines: list[BoardLine] = []
    total = 0
    try:
        for number in match.numbers:
            path = match.log(number)

            def open_(n: int = number, p: Path = path) -> tuple[Table, EventLog | None]:
                while (ruled := p.with_name(f"{p.stem}-ruled{p.suffix}")).exists():  # the director's ruled log
                    p = ruled  # (``rule LOG -i -o LOG-ruled``, as a stop for a ruling says) goes on from his ruling
                if p.exists():
                    writer, table = EventLog.open(p, max_bytes=max_bytes)
                    return table, writer
                table = Table(match.board(n), match.edition, match.irregular, agreements=match.agreements)
                return table, EventLog.create(p, table)

            table, writer = _opened(console, open_)
            if table.phase is Phase.DONE:
                assert writer is not None
                writer.close()
                outcome = board_outcome(table)
                console.print(f"Board {number} (played): {table.result}")
            else:
                played = _played(console, table, seating, writer, practice)
                if played is None:
                    return
                outcome = played
            total = _match_line(console, outcome, side, total)
            lines.append(_board_line(outcome, side))
    finally:
        print_summary(console, lines, side)
        if len(lines) < match.boards:
            console.print(f"The match is kept in {match.directory}: play --resume continues it", soft_wrap=True)


def _board_line(outcome: BoardOutcome, side: Side) -> BoardLine:
    table = outcome.table
    sign = 1 if side is Side.NS else -1
    imps = None
    if outcome.score_ns is not None and outcome.par_ns is not None:
        imps = compare.imps(sign * (outcome.score_ns - outcome.par_ns))
    result = table.result
    contract = None
    if result is not None and result.contract is not None and result.declarer is not None:
        contract = f"{result.contract} by {result.declarer.letter}"
    return BoardLine(
        table.board.number,
        str(result),
        None if outcome.score_ns is None else sign * outcome.score_ns,
        None if outcome.par_ns is None else sign * outcome.par_ns,
        imps,
        outcome.dd_tricks,
        contract,
    )


def _file_boards(path: Path, first: int, count: int, refused: bool) -> dict[int, Board]:
    """Boards ``first`` to ``first + count - 1`` of a PBN file or an event file, each with its deal, dealer and
    vulnerability; ``refused`` when the boards come from elsewhere (a rubber deals its own, a resumed log has
    its board)."""
    from contractbridge.formats.pbn import read_file
    from contractbridge.tournament.handrecords import boards_from_pbn

    if refused:
        raise BridgeError("--deals plays the boards of a file: not with --rubber or --resume (a resumed log or "
                          "match has its boards already)")  # fmt: skip
    if path.suffix.lower() == ".json":  # an event file (contractbridge event): its boards
        from contractbridge.commands.event import load_event

        found = {b.number: b for b in load_event(path).boards}
    else:
        try:
            found = {b.number: b for b in boards_from_pbn(read_file(path))}
        except TournamentError as err:
            raise TournamentError(f"{path}: {err}") from None
    missing = [n for n in range(first, first + count) if n not in found]
    if missing:
        raise BridgeError(f"{path} has no board {', '.join(map(str, missing))} (its boards: "
                          f"{', '.join(map(str, sorted(found)))})")  # fmt: skip
    return {n: found[n] for n in range(first, first + count)}


def _pair_cards(given: Sequence[str], refused: bool) -> PartnershipAgreements | None:
    """The pairs' convention cards of ``--card PAIR=FILE`` (None: none given): each file a JSON object, that pair's
    card as ``PartnershipAgreements.from_dict`` reads it under ``NS`` or ``EW``; a bad file or field is a typed
    error naming the file (and the call and field). ``refused`` when the boards come with their cards already (a
    resumed log or match carries them in its board events) or without (a rubber's hands)."""
    if not given:
        return None
    if refused:
        raise BridgeError("--card gives the cards of new boards: not with --resume (a resumed log or match has "
                          "its cards in its board events) nor --rubber (a rubber's hands carry none yet)")  # fmt: skip
    cards: dict[str, Any] = {}
    for value in given:
        pair, sep, name = value.partition("=")
        if not sep or not name.strip():
            raise ParseError(f"--card {value!r}: give a pair and a file, e.g. NS=ns.json")
        try:
            side = Side.parse(pair)
        except ParseError as err:
            raise ParseError(f"--card {value!r}: {err}") from None
        if side.name in cards:
            raise ParseError(f"--card {value!r}: {side.name}'s card is given twice")
        path = Path(name.strip())
        card = read_json(path, LIMITS["system"], f"{side.name}'s convention card")
        if not isinstance(card, dict):
            raise ParseError(f"{path}: {side.name}'s convention card is a JSON object of auctions, not {card!r:.60}")
        try:
            PartnershipAgreements.from_dict({side.name: card})
        except ParseError as err:
            raise ParseError(f"{path}: {side.name}'s convention card: {err}") from None
        cards[side.name] = card
    return PartnershipAgreements.from_dict(cards)


def _open_table(
    number: int,
    seed: int | None,
    edition: str,
    log: Path | None,
    resume: Path | None,
    max_bytes: int,
    boards: int,
    dealt: Mapping[int, Board] | None = None,
    cards: PartnershipAgreements | None = None,
    irregular: bool = False,
) -> tuple[Table, EventLog | None]:
    """The table of one board and its log writer: a new board (with the pairs' ``cards``; with a director if
    ``irregular``), a resumed log (appended to), or a resumed log copied into a new ``--log``; ``dealt``: the boards of
    a file, by number."""
    if resume is not None and log is None:
        writer, table = EventLog.open(resume, max_bytes=max_bytes)
        return table, writer
    if resume is not None:
        table = read_table(resume, max_bytes=max_bytes)
    else:
        board = dealt[number] if dealt else Board(number, Deal.random(seed))
        table = Table(board, edition=edition, irregular=irregular, agreements=cards)
    path = _board_log(log, number, boards)
    return table, None if path is None else EventLog.create(path, table)
