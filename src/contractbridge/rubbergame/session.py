"""A rubber at one table: hands dealt from the two packs, played through ``Table``, scored on the sheet.

``RubberSession`` deals each hand the way the book says (the pack of the turn, shuffled and cut, dealt
clockwise from the dealer's left, R7–R9), gives the table the vulnerability the sheet says (R29), and scores
the result on ``scoring.rubber.Rubber``: honours read from the dealt hands and written when claimed (the
claim may be made late while premium errors may still be corrected, [JUDGEMENT] NBB R37(b): neither book
sets another time limit), revoke tricks transferred by the edition's ``revoke_transfer`` (R55(6), R55(7):
they count as tricks won in play), and premiums a ruling awards (NL36 28.3). The deal passes clockwise
after every hand, a passed-out one included (R9(1), R11(2)). With ``irregular=True`` the tables record
irregularities and the players rule them by the edition (``laws.nbb30``): a demanded new deal (R39(1),
R42, R43(b), R48) scores nothing and the same dealer deals again with the same vulnerability; the revoke
tricks the table transferred are in its result already.

Its event log replays: a ``rubber_session`` header, then per hand the table's own events (its ``board``
event first) closed by a ``score`` event; ``honours_claim`` records a late claim.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, Final

from contractbridge.cards import Card, Seat, Side
from contractbridge.deal import Board, Vulnerability
from contractbridge.director import Ruling
from contractbridge.errors import BridgeError, EditionError, EventLogError, ScoringError
from contractbridge.laws import DEFAULT_RUBBER_EDITION, rubber_editions
from contractbridge.laws import edition as get_edition
from contractbridge.laws.nbb30 import PlayersAuction, Revoke
from contractbridge.players import Player, WaitKind, drive
from contractbridge.rubbergame.dealing import Packs, cut, deal_pack, shuffled
from contractbridge.rubbergame.formation import Lineup
from contractbridge.scoring.rubber import CorrectionKind, Entry, Honours, Rubber, RubberResult, honours_in
from contractbridge.table import Phase, Table

__all__ = ["RubberSession"]

#: a rubber that has not ended after this many hands is abandoned as a runaway loop (not a law)
MAX_HANDS: Final = 400


def default_lineup() -> Lineup:
    return Lineup({s: s.name.capitalize() for s in Seat}, Seat.SOUTH, (), (), "")


class RubberSession:
    """One rubber at one table under ``edition`` (NBB30, EST30 or NL36)."""

    def __init__(
        self,
        edition: str = DEFAULT_RUBBER_EDITION,
        lineup: Lineup | None = None,
        seed: int | None = None,
        first_pack: str = "A",
        *,
        irregular: bool = False,
    ) -> None:
        try:
            laws = get_edition(edition)
        except EditionError:
            laws = None
        if laws is None or laws.rubber is None:  # the edition's sheet (NL36 scores by NBB30's, §0 M7)
            raise BridgeError(f"no rubber game under {edition!r}: use one of {', '.join(rubber_editions())}")
        self.edition = laws.name
        self.laws = laws
        self.lineup = lineup or default_lineup()
        self.seed = random.randrange(2**32) if seed is None else seed
        self._rng = random.Random(self.seed)
        self.packs = Packs(first_pack)
        self.sheet = Rubber(laws.rubber.edition, we=Side.NS)
        self.dealer = self.lineup.dealer
        self.irregular = irregular
        #: hands scored on the sheet, and deals made (a new deal by the same dealer adds a deal, not a hand)
        self.hands = 0
        self.deals = 0
        self.table: Table | None = None
        self._events: list[dict[str, Any]] = [
            {
                "event": "rubber_session",
                "edition": self.edition,
                "lineup": self.lineup.to_dict(),
                "seed": self.seed,
                "first_pack": first_pack,
                **({"irregular": True} if irregular else {}),
            }
        ]

    # ---- the hand ---------------------------------------------------------------------------------
    @property
    def vulnerability(self) -> Vulnerability:
        """A side that has won a game is vulnerable (NBB R29; EST-S04)."""
        return Vulnerability.of_sides(self.sheet.vulnerable(Side.NS), self.sheet.vulnerable(Side.EW))

    def deal(self) -> Table:
        """Deal the next hand: this hand's pack, shuffled, cut by the dealer's RHO (at least four cards in
        each part, R8(2)(b)), dealt one at a time from the dealer's left (R9(2))."""
        if self.table is not None:
            raise BridgeError("the hand in play has not been scored yet")
        if self.sheet.is_finished:
            raise ScoringError("the rubber is over")
        number = self.deals + 1
        pack = self._shuffle()
        board = Board(number, deal_pack(pack, self.dealer), dealer=self.dealer, vulnerability=self.vulnerability)
        self.table = Table(board, edition=self.edition, irregular=self.irregular)
        return self.table

    def _shuffle(self) -> list[Card]:
        """The next hand's pack from the session's seed: shuffled, then cut (R8(2)(b)); a replayed log draws
        it too, so that a resumed rubber deals the hands the seed deals next, not its first hand again."""
        return cut(shuffled(self._rng), self._rng.randint(4, 48))

    def _revoke_tricks(self, table: Table, revokes: Mapping[Side, Sequence[Revoke]]) -> int:
        """Tricks that go to declarer's side (negative: from it) for the claimed, established revokes."""
        declarer = table.declarer
        assert declarer is not None
        net = 0
        for side, rs in revokes.items():
            won = [i for i, t in enumerate(table.tricks, 1) if t.winner.side == side]
            moved = self.laws.revoke_transfer(rs, won)
            net += -moved if side == declarer.side else moved
        return net

    def score(
        self,
        *,
        honours_claimed: bool = True,
        revokes: Mapping[Side, Sequence[Revoke]] | None = None,
        rulings: Iterable[Ruling] = (),
    ) -> list[Entry]:
        """Score the finished hand on the sheet: honours from the deal if claimed now, revoke tricks from
        ``revokes`` (per offending side; for revokes a strict table could not record), premiums of ``rulings``
        and of the table's own rulings (NL36 28.3); the deal moves on. A hand that ended in a demanded new deal
        scores nothing: the same dealer deals again (NBB R39(1), R42, R43(b))."""
        table = self.table
        if table is None or table.phase is not Phase.DONE:
            raise BridgeError("no finished hand to score")
        transfer = 0 if not revokes else self._revoke_tricks(table, revokes)
        premiums = [(r.premium[0], r.premium[1], r.law) for r in rulings if r.premium is not None]
        if isinstance(table.record, PlayersAuction):  # premiums the table's rulings scored (NL36 28.3)
            premiums += table.record.premiums
        record = {"event": "score", "honours_claimed": honours_claimed, "transfer": transfer,
                  "premiums": [{"side": str(s), "points": p, "law": law} for s, p, law in premiums]}  # fmt: skip
        lines = self._record(table, honours_claimed, transfer, tuple(premiums))
        if table.result is not None and table.result.new_deal is not None:
            record["new_deal"] = table.result.new_deal
        self._events.extend(table.to_events())
        self._events.append(record)
        self.table = None
        return lines

    def _record(
        self, table: Table, claimed: bool, transfer: int, premiums: tuple[tuple[Side, int, str], ...]
    ) -> list[Entry]:
        result = table.result
        assert result is not None
        self.deals += 1
        if result.new_deal is not None:
            return []  # the same dealer deals again, the same sides vulnerable
        if result.passed_out:
            lines = self.sheet.record(None)
        else:
            assert result.contract is not None and result.tricks is not None
            honours = honours_in(table.board.deal, result.contract.strain) if claimed else None
            tricks = min(13, max(0, result.tricks + transfer))
            lines = self.sheet.record(result.contract, result.declarer, tricks, honours, premiums)
        self.hands += 1
        self.dealer = self.dealer.lho  # R9(1): the deal passes clockwise (R11(2) after a pass-out too)
        return lines

    def claim_honours(self, hand: int) -> list[Entry]:
        """A late claim of the honours of hand ``hand`` (0-based): allowed while premium errors may still be
        corrected, until the rubber score is agreed ([JUDGEMENT] NBB R37(b); EST-S12)."""
        window = self.sheet.correction_window(CorrectionKind.PREMIUM_SCORE, hand)
        if not window.allowed:
            raise ScoringError(f"too late to claim honours: {window.reason}")
        honours = self._honours_of(hand)
        if honours is None:
            raise ScoringError(f"hand {hand + 1} held no honours that score")
        h = self.sheet.hands[hand]
        lines = self.sheet.correct(hand, h.contract, h.declarer, h.tricks, honours)
        self._events.append({"event": "honours_claim", "hand": hand})
        return lines

    def _honours_of(self, hand: int) -> Honours | None:
        record = self.sheet.hands[hand]
        boards = self._scored_boards()
        if record.contract is None or hand >= len(boards):
            return None
        from contractbridge.deal import Deal

        return honours_in(Deal(str(boards[hand]["deal"])), record.contract.strain)

    def _scored_boards(self) -> list[Mapping[str, Any]]:
        """The board event of each hand on the sheet (a board that ended in a new deal is not one)."""
        out: list[Mapping[str, Any]] = []
        board: Mapping[str, Any] = {}
        for e in self._events:
            if e.get("event") == "board":
                board = e
            elif e.get("event") == "score" and "new_deal" not in e:
                out.append(board)
        return out

    def player_results(self) -> dict[str, int]:
        """The result written above each player's name: + the points won for the winners, − for the losers
        (NBB R36; EST-S11 and the score sheet of EST-T1, laws-historic.md §7.1 E04); 0 for a tie."""
        r = self.sheet.result()
        out: dict[str, int] = {}
        for seat, name in self.lineup.seats.items():
            out[name] = 0 if r.winner is None else r.points if seat.side == r.winner else -r.points
        return out

    def tell_partscores(self, players: Iterable[Player]) -> None:
        """Tell each robot that keeps the part-scores (its ``partscores``, or its bidder's and card player's: a
        ``RobotPlayer``) those below the line now, NS and EW (NBB R28, R29: a part-score counts toward game)."""
        scores = (self.sheet.below_line(Side.NS), self.sheet.below_line(Side.EW))
        for player in players:
            for part in (player, getattr(player, "bidder", None), getattr(player, "cards", None)):
                if part is not None and hasattr(part, "partscores"):
                    part.partscores = scores

    def play_rubber(
        self, players: Mapping[Seat, Player], on_hand: Callable[[RubberSession, list[Entry]], None] | None = None
    ) -> RubberResult:
        """Deal and play hands with ``players`` (through the table driver, ``players.drive``: the robots choose a
        pending ruling's option, L10C1) until a side has won two games; each robot that keeps the part-scores is
        told them before the auction (``tell_partscores``)."""
        while not self.sheet.is_finished:
            if self.deals >= MAX_HANDS:
                raise BridgeError(f"no rubber after {MAX_HANDS} hands")
            table = self.deal()
            self.tell_partscores(players.values())
            wait = drive(table, players, claims=False)
            if wait.kind is not WaitKind.DONE:
                raise BridgeError(f"play stopped before the hand was finished: {wait.why or wait.kind.value}")
            lines = self.score()
            if on_hand is not None:
                on_hand(self, lines)
        return self.sheet.result()

    # ---- the event log ------------------------------------------------------------------------------
    def to_events(self) -> list[dict[str, Any]]:
        return [dict(e) for e in self._events]

    def to_jsonl(self) -> str:
        return "".join(json.dumps(e, ensure_ascii=False) + "\n" for e in self._events)

    @classmethod
    def from_events(cls, events: Iterable[Mapping[str, Any]]) -> RubberSession:
        """Rebuild a session from its log: every hand is refolded by ``Table.from_events`` and scored again
        from its result and its deal (the honours are read from the dealt hands, not from the log)."""
        it = iter(events)
        header = next(it, None)
        if header is None or header.get("event") != "rubber_session":
            raise EventLogError("a rubber log starts with a rubber_session event", 1)
        try:
            lineup, pack = Lineup.from_dict(header["lineup"]), str(header.get("first_pack", "A"))
            irregular = bool(header.get("irregular", False))
            session = cls(str(header["edition"]), lineup, int(header["seed"]), pack, irregular=irregular)
        except (KeyError, TypeError, ValueError) as err:
            raise EventLogError(f"event 1: bad rubber_session header: {err}", 1) from None
        pending: list[Mapping[str, Any]] = []
        for number, event in enumerate(it, start=2):
            try:
                session._replay_event(event, pending)
            except (KeyError, TypeError, ValueError) as err:  # a BridgeError, or a field missing or of another type
                raise EventLogError(f"event {number}: {err}", number) from err
        if pending:
            session.table = Table.from_events(pending)
        return session

    def _replay_event(self, event: Mapping[str, Any], pending: list[Mapping[str, Any]]) -> None:
        kind = event.get("event")
        if kind == "score":
            table = Table.from_events(pending)
            if table.result is None:
                raise EventLogError("a score event before the hand is finished")
            if table.board.dealer != self.dealer or table.board.vulnerability != self.vulnerability:
                raise EventLogError("the board's dealer or vulnerability is not the rubber's")
            premiums = tuple((Side.parse(str(p["side"])), int(p["points"]), str(p["law"]))
                             for p in event.get("premiums", ()))  # fmt: skip
            self._record(table, bool(event.get("honours_claimed", True)), _transfer(event, table), premiums)
            self._events.extend(dict(e) for e in pending)
            self._events.append(dict(event))
            pending.clear()
        elif kind == "honours_claim":
            self.claim_honours(int(event["hand"]))
        else:
            if kind == "board":
                self._shuffle()
            pending.append(event)

    @classmethod
    def from_jsonl(cls, text: str) -> RubberSession:
        """Rebuild a session from its JSON lines, read by ``eventlog.read_events`` (bounded and typed)."""
        from contractbridge.eventlog import read_events

        return cls.from_events(entry.event for entry in read_events(text))


def _transfer(event: Mapping[str, Any], table: Table) -> int:
    """The ``transfer`` of a ``score`` event: revoke tricks to declarer's side (negative: from it), at most the
    tricks the other side has to give (NBB R55(6), EST-L38, NL36 27.4: tricks won by the revoking side)."""
    transfer = event.get("transfer", 0)
    if isinstance(transfer, bool) or not isinstance(transfer, int):
        raise EventLogError(f"'transfer' is a whole number of tricks, not {transfer!r}")
    result = table.result
    made = 0 if result is None or result.tricks is None else result.tricks
    if transfer and (result is None or result.tricks is None):
        raise EventLogError(f"'transfer' {transfer}: no tricks were played on this board")
    if not -made <= transfer <= 13 - made:
        raise EventLogError(
            f"'transfer' {transfer}: the revoking side can give only the tricks it won (declarer's side {made}, "
            f"the defenders {13 - made}){table.rules.cited('revoke_penalty')}"
        )
    return transfer
