"""One table of the web server: the seats (humans by token, robots), the board being played, its connections.

Every action goes one way: checked by the ``Table`` (a typed error changes nothing), **committed to the store**
(the board's ``StoredLog``: the event log's durability contract, ``eventlog.DurableLog``), then shown: each
connection gets a frame built for it (``frames``), and robots act only on committed events. What the robots
and the procedure do next (calls, cards, answers to claims and undo requests, a ruling's choice, play on after
a disputed claim) is the table driver's (``players.Driver``): this module carries its actions over the store
and the sockets. A restart resumes the table from the store with ``Table.from_events``.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Final

from contractbridge.cards import Card, Seat
from contractbridge.deal import Board, Deal
from contractbridge.errors import BridgeError, RulingError
from contractbridge.laws.wbf17.disclosure import agreements, answer_text, explained_calls
from contractbridge.players import Action, Driver, Player, UndoError, UndoRequest, Wait, WaitKind
from contractbridge.scoring.rubber import Rubber
from contractbridge.server import claimruling, frames, rubbers, tokens
from contractbridge.server.protocol import Message, ProtocolError, RateLimiter
from contractbridge.server.robots import PooledRobot, RobotPool, seat_systems, shared_pool
from contractbridge.server.settings import CLARIFICATION_TIMEOUT
from contractbridge.store import SeatRecord, Store, StoredLog, TableRecord
from contractbridge.systems.agreements import PartnershipAgreements
from contractbridge.table import Phase, Table

if TYPE_CHECKING:
    from contractbridge.auction import Auction
    from contractbridge.deal import Vulnerability
    from contractbridge.server.cluster import Cluster
    from contractbridge.systems.base import CallMeaning

__all__ = ["Client", "TableSession"]

log = logging.getLogger("contractbridge.server")

#: Frames queued for one connection before it is dropped as too slow.
MAX_QUEUE: Final = 512

Role = Seat | str  # a seat, frames.SPECTATOR or frames.DIRECTOR


@dataclass(eq=False)
class Client:
    """One WebSocket connection: who it is (with what the store keeps of its token) and the frames waiting to be
    sent to it."""

    send: Callable[[str], Awaitable[None]]  # sends one text frame (``WebSocket.send_text``)
    role: Role
    limiter: RateLimiter = field(default_factory=RateLimiter)
    key: str | None = None
    queue: asyncio.Queue[dict[str, Any] | str | None] = field(default_factory=asyncio.Queue)

    @property
    def seat(self) -> Seat | None:
        return self.role if isinstance(self.role, Seat) else None

    def put(self, frame: dict[str, Any] | str) -> bool:
        """Queue a frame (or its JSON text, shared by the connections of one role); False when the connection
        is too far behind (it is then closed)."""
        if self.queue.qsize() >= MAX_QUEUE:
            return False
        self.queue.put_nowait(frame)
        return True

    async def pump(self) -> None:
        """Send queued frames in order until ``close``."""
        while (frame := await self.queue.get()) is not None:
            await self.send(frame if isinstance(frame, str) else json.dumps(frame))

    def close(self) -> None:
        self.queue.put_nowait(None)


class TableSession:
    """A table of the club, alive in the server. Use ``await TableSession.open(store, record)``."""

    def __init__(self, store: Store, record: TableRecord, seats: dict[str, SeatRecord], robot_delay: float,
                 token_lifetime: float = 0.0, pool: RobotPool | None = None) -> None:  # fmt: skip
        self.store = store
        self.record = record
        self.seats = seats
        self.robot_delay = robot_delay
        self.token_lifetime = token_lifetime
        self.pool = shared_pool() if pool is None else pool
        self.robots: dict[Seat, Player] = {Seat.parse(s): self._robot(s) for s, r in seats.items() if r.kind == "robot"}
        self.clients: list[Client] = []
        self.lock = asyncio.Lock()
        self.table: Table
        self.driver: Driver  # the table driver of the current board (its robots are ``self.robots``)
        self.log: StoredLog | None = None  # the current board's log, open for writing (eventlog contract)
        self.previous: tuple[Table, list[dict[str, Any] | None]] | None = None  # the last finished board, metas
        self.award: dict[str, Any] | None = None  # the director's award of a disputed claim (L70), as stored
        self.scored: Table | None = None  # the board as scored with that award (claimruling.awarded)
        self.suggestion: tuple[int, int, dict[str, Any]] | None = None  # (board, seq, the L70 check) for the director
        self.director_call: dict[str, Any] | None = None  # a player called the director (L9B1)
        self._suggest_task: asyncio.Task[None] | None = None
        self.metas: list[dict[str, Any] | None] = []
        self.closing = False
        self._robot_task: asyncio.Task[None] | None = None
        self._woken = False
        self.scores: list[dict[str, Any]] = []  # the finished boards' results, as stored
        self.rubbers: list[Rubber] = []  # the rubber sheets of a rubber-scored table, the last one current
        #: Whether this process writes the table (it holds its lease); else a mirror of its owner's (``cluster``).
        self.owned = True
        self.cluster: Cluster | None = None  # the other processes on the store, if any
        self.shared: dict[str, Any] = {}  # a mirror: the owner's undo request and director call (not stored)
        self.stored_board = 0  # the id of the current board in the store
        #: the pairs' system cards and the event's alert policy (L40; docs/disclosure.md): each board's board event
        #: carries them (its ``system``), the next board takes them from the last
        self.agreements: PartnershipAgreements | None = None
        #: Seconds the clarification period waits without any event before the face-down lead is faced (L41B–C;
        #: 0: as long as it takes); ``Settings.clarification_timeout``.
        self.clarification_timeout = CLARIFICATION_TIMEOUT
        self._lapse: tuple[int, asyncio.Task[None]] | None = None  # (events, task): the period's timer (owner only)

    @classmethod
    async def open(cls, store: Store, record: TableRecord, robot_delay: float = 0.0, token_lifetime: float = 0.0,
                   pool: RobotPool | None = None, *, own: bool = True,
                   agreements: PartnershipAgreements | None = None) -> TableSession:  # fmt: skip
        """The table as stored: its current board resumed from its log, or its first board dealt (with the pairs'
        ``agreements``, L40: a board after it takes them from the board before); the seats' new tokens are valid
        ``token_lifetime`` seconds (0: until released); its robots think in ``pool`` (None:
        ``robots.shared_pool()``). Nothing here waits for a robot (they start after, ``kick``). ``own`` false: a
        mirror of the table another process owns (``server.cluster``), which writes nothing."""
        seats = await asyncio.to_thread(store.seats, record.id)
        session = cls(store, record, seats, robot_delay, token_lifetime, pool)
        session.owned, session.agreements = own, agreements
        session.scores = await asyncio.to_thread(store.results, record.id)
        if record.scoring == "rubber":
            ids = await asyncio.to_thread(store.board_ids, record.id)
            stored = [await asyncio.to_thread(store.board, i) for i in ids]
            awards = {s["board"]: s["ruling"] for s in session.scores if s["ruling"] is not None}
            played = [_scored(Table.from_events(b.events), awards.get(b.number)) for b in stored if b.finished]
            session.rubbers = rubbers.sheets(record.edition, played)
        board = await asyncio.to_thread(store.current_board, record.id)
        if board is None and not own:
            raise ProtocolError(f"table {record.id!r} has no board yet")
        if board is None:
            await session._start_board(record.deck[0].number if record.deck else 1)
        else:
            if board.number > (record.deck[0].number if record.deck else 1):  # what delayed spectators watch
                before = await asyncio.to_thread(store.board, (await asyncio.to_thread(store.board_ids, record.id))[-2])
                session.previous = (Table.from_events(before.events), list(before.metas))
            session._drive(Table.from_events(board.events))
            system = board.events[0].get("system")
            session.agreements = None if system is None else PartnershipAgreements.from_dict(system)
            session.stored_board = board.id
            session.metas = list(board.metas)
            ruled = [s["ruling"] for s in session.scores if s["board"] == board.number and s["ruling"] is not None]
            if ruled:
                session._set_award(ruled[0])
            if own:
                await session._write(board.finished)
            session._suggest()
        session.kick()
        return session

    async def _write(self, finished: bool) -> None:
        """Open the current board's log for writing here (this process owns the table); a board played out
        whose result was not yet recorded (its writer died first) is scored now."""
        self.log = await asyncio.to_thread(self.store.open_log, self.stored_board)
        if self.award is None and self.table.phase is Phase.DONE and not finished:
            await self._finish()

    # a table of several processes (server.cluster) -------------------------------------------------------------
    async def refresh(self) -> None:
        """A mirror reads the table back from the store (after its owner said it changed) and shows it."""
        fresh = await TableSession.open(self.store, self.record, self.robot_delay, self.token_lifetime, self.pool,
                                        own=False)  # fmt: skip
        async with self.lock:
            if self.owned:  # taken over meanwhile: this process writes the table now
                return
            self._take_state(fresh)
            undo = self.shared.get("undo")
            if undo is not None and not self.done:
                self.driver.undo_request = UndoRequest(Seat.parse(str(undo["seat"])), int(undo["from"]))
            self.director_call = self.shared.get("call")
            self._drop_unseated()
            await self.broadcast()

    def _take_state(self, other: TableSession) -> None:
        for name in ("seats", "robots", "table", "driver", "previous", "award", "scored", "metas", "scores",
                     "rubbers", "stored_board", "agreements"):  # fmt: skip
            setattr(self, name, getattr(other, name))

    async def own(self) -> None:
        """This process took the table's lease (its owner died): it writes the table and runs its robots."""
        fresh = await TableSession.open(self.store, self.record, self.robot_delay, self.token_lifetime, self.pool,
                                        own=False)  # fmt: skip
        async with self.lock:
            self._take_state(fresh)
            self.owned, self.shared = True, {}
            await self._write(self._finished_in(fresh))
            self._suggest()  # a disputed claim's L70 check for the director, computed by the owner
            await self.broadcast()
        self.kick()

    def _finished_in(self, other: TableSession) -> bool:
        return any(s["board"] == other.table.board.number for s in other.scores)

    async def disown(self) -> None:
        """This process lost the table's lease: it stops writing it (its robots, its log) and mirrors it."""
        async with self.lock:
            self.owned = False
            if self.log is not None:
                self.log.close()
                self.log = None

    async def reseat(self) -> None:
        """The owner reads the seats back (taken or released at a mirror): new robots act, links released
        end their connections."""
        seats = await asyncio.to_thread(self.store.seats, self.record.id)
        async with self.lock:
            self.seats = seats
            self.robots.clear()
            self.robots.update({Seat.parse(s): self._robot(s) for s, r in seats.items() if r.kind == "robot"})
            self._drop_unseated()
            await self.broadcast()
        self.kick()

    def _drop_unseated(self) -> None:
        for client in [c for c in self.clients if c.seat is not None and not self.valid(c)]:
            client.put(frames.error_frame(ProtocolError("this seat was released")))
            self.clients.remove(client)
            client.close()

    @property
    def board_id(self) -> int:
        return self.stored_board

    @property
    def undo_request(self) -> UndoRequest | None:
        """A request to undo that waits for the other side's answer (the driver's)."""
        return self.driver.undo_request

    def _robot(self, seat: str) -> Player:
        """The robot of ``seat``: it thinks in the pool, on its seat's view only, and bids the system its pair's
        card names (``_robot_systems``)."""
        robot = self.pool.robot(self.record.id, seat, self.record.edition)
        if hasattr(self, "table"):
            robot.systems = seat_systems(agreements(self.table), Seat.parse(seat))
        return robot

    def _drive(self, table: Table) -> None:
        self.table = table
        self.driver = Driver(table, self.robots, claims=False, face_down=True)  # L41A: robots lead face down
        self._robot_systems()

    def _robot_systems(self) -> None:
        """The robots bid, and explain their partners' calls by, the system their pair's card on this board names
        where they play it (L40A1(b), L20F1, L75C; ``server.robots.seat_systems``)."""
        system = agreements(self.table)
        for seat, robot in self.robots.items():
            if isinstance(robot, PooledRobot):
                robot.systems = seat_systems(system, seat)

    @property
    def done(self) -> bool:
        """Whether the board is over: played out, a claim agreed, passed out, or a disputed claim ruled."""
        return self.table.phase is Phase.DONE or self.award is not None

    # state ------------------------------------------------------------------------------------------------
    def info(self) -> dict[str, Any]:
        """Public facts about the table (the lobby's line, the frames' ``table``)."""
        connected = {c.seat for c in self.clients if c.seat is not None}
        return {
            "id": self.record.id,
            "name": self.record.name,
            "edition": self.record.edition,
            "director": self.record.irregular,
            "spectators": self.record.spectators,
            "board": self.table.board.number,
            "phase": self.table.phase.value,
            "seats": {
                s: {"kind": "empty", "name": "", "connected": False}
                if _vacant(r)
                else {"kind": r.kind, "name": r.name, "connected": Seat.parse(s) in connected}
                for s, r in sorted(self.seats.items(), key=lambda kv: "NESW".index(kv[0]))
            },
            "watching": sum(1 for c in self.clients if c.role == frames.SPECTATOR),
            "undo": None if self.undo_request is None else self.undo_request.to_dict(),
            "director_call": self.director_call,
        }

    def frame(self, role: Role, info: dict[str, Any], scores: list[dict[str, Any]]) -> dict[str, Any]:
        if isinstance(role, Seat):
            out = frames.seat_frame(self.table, role, info, self.metas)
        elif role == frames.DIRECTOR:
            out = frames.director_frame(self.table, info, self.metas)
        else:
            previous = None if self.done else self.previous  # a finished board is shown as it is
            out = frames.spectator_frame(self.table, info, self.metas, self.record.spectators, previous)
        out["scores"] = scores
        if self.scored is not None:  # the director's award scores the board (L70)
            out["result"] = {**(frames.board_score(self.scored) or {}), "ruling": self.award}
            out["deal"] = self.table.board.deal.to_pbn()
        if role == frames.DIRECTOR and self.suggestion is not None and self.award is None:
            board, seq, found = self.suggestion
            if (board, seq) == (self.board_id, len(self.table.to_events())):
                out["claim_ruling"] = found
        out["rubbers"] = [rubbers.sheet_summary(n, r) for n, r in enumerate(self.rubbers, 1) if r.hands]
        return out

    async def broadcast(self) -> None:
        """Send every connection its own frame (after the store has committed what it shows)."""
        info = self.info()
        scores = self.scores
        built: dict[Role, str] = {}  # one frame per seat kind, serialised once
        for client in list(self.clients):
            if client.role not in built:
                built[client.role] = json.dumps(self.frame(client.role, info, scores))
            if not client.put(built[client.role]):
                log.warning("dropping a slow connection", extra={"table": self.record.id, "role": str(client.role)})
                self.clients.remove(client)
                client.close()
        if self.cluster is not None and self.owned:
            self.cluster.changed(self)

    # connections ------------------------------------------------------------------------------------------
    def role_of(self, token: str | None, director_hash: str | None) -> tuple[Role, str | None]:
        """The seat whose token this is, the director, or a spectator, with what the store keeps of the token
        (``ProtocolError`` if not allowed: an unknown or expired token, no spectators at this table)."""
        if token:
            found: list[tuple[Role, str | None]] = [(Seat.parse(s), r.token) for s, r in self.seats.items()]
            for role, key in [*found, (frames.DIRECTOR, director_hash)]:
                if tokens.matches(token, key):
                    if tokens.expired(key):
                        raise ProtocolError("this link has expired: take a seat again from the lobby")
                    return role, key
            raise ProtocolError("this link's token is not one of this table's")
        if self.record.spectators == "none":
            raise ProtocolError("this table takes no spectators")
        return frames.SPECTATOR, None

    def valid(self, client: Client) -> bool:
        """Whether the connection's link still holds: not expired, its seat not released or taken again."""
        seat = client.seat
        if tokens.expired(client.key):
            return False
        return seat is None or self.seats[seat.letter].token == client.key

    async def rejoin(self, client: Client, role: Role, key: str | None) -> None:
        """The connection said who it is (its ``hello``): it gets that role's frames from now on."""
        async with self.lock:
            client.role, client.key = role, key
            await self.broadcast()

    async def join(self, client: Client) -> None:
        async with self.lock:
            self.clients.append(client)
            await self.broadcast()

    async def leave(self, client: Client) -> None:
        async with self.lock:
            if client in self.clients:
                self.clients.remove(client)
                client.close()
                await self.broadcast()

    async def sit(self, seat: Seat, kind: str, name: str = "", *, held: bool = False) -> str | None:
        """Seat a human (returns the seat's secret token) or a robot in an empty seat; ``held``: also in a seat held
        for an event's pair (a human's seat without a link, ``server.events``)."""
        async with self.lock:
            current = self.seats[seat.letter]
            if not (_vacant(current) or (held and current.kind == "human" and current.token is None)):
                raise ProtocolError(f"the {seat.name.lower()} seat is taken")
            token, key = tokens.issue(self.token_lifetime) if kind == "human" else (None, None)
            record = SeatRecord(seat.letter, kind, key, name[:100])
            await asyncio.to_thread(self.store.set_seat, self.record.id, record)
            self.seats[seat.letter] = record
            if kind == "robot":
                self.robots[seat] = self._robot(seat.letter)
            log.info("seat taken", extra={"table": self.record.id, "seat": seat.letter, "kind": kind})
            self._seated()
            await self.broadcast()
        self.kick()
        return token

    async def release(self, seat: Seat) -> None:
        """Free ``seat`` (its player leaves, or the director releases it): its link no longer works and its
        connections are closed; anybody may take the seat from the lobby."""
        async with self.lock:
            if self.seats[seat.letter].kind == "empty":
                raise ProtocolError(f"release: the {seat.name.lower()} seat is empty")
            record = SeatRecord(seat.letter)
            await asyncio.to_thread(self.store.set_seat, self.record.id, record)
            self.seats[seat.letter] = record
            self.robots.pop(seat, None)
            for client in [c for c in self.clients if c.seat == seat]:
                client.put(frames.error_frame(ProtocolError(f"the {seat.name.lower()} seat was released")))
                self.clients.remove(client)
                client.close()
            log.info("seat released", extra={"table": self.record.id, "seat": seat.letter})
            self._seated()
            await self.broadcast()

    def _seated(self) -> None:
        """A mirror tells the table's owner that a seat changed in the store."""
        if self.cluster is not None and not self.owned:
            self.cluster.seated(self)

    # actions ------------------------------------------------------------------------------------------------
    async def handle(self, client: Client, message: Message) -> None:
        """Carry out one client message; a ``BridgeError`` is answered with an error frame to that client only."""
        try:
            if message.type == "ping":
                client.put({"type": "pong"})
                return
            if not self.valid(client):  # the link expired or its seat was released: the connection ends
                client.put(frames.error_frame(ProtocolError("this link has expired or its seat was released")))
                client.close()
                return
            if message.type in ("robot", "release"):
                await self._seat_action(client, message)
                return
            if not self.owned and self.cluster is not None:  # the owner carries it out
                await self.cluster.forward(self, client, message)
                return
            async with self.lock:
                await self._handle(client, message)
        except BridgeError as err:
            client.put(frames.error_frame(err))
        self.kick()

    async def _seat_action(self, client: Client, message: Message) -> None:
        """Robots in empty seats and releases: by a player at the table or the director, never a spectator; a
        player releases his own seat only."""
        if client.seat is None and client.role != frames.DIRECTOR:
            raise ProtocolError(f"{message.type!r}: only a player at the table or the director may do that")
        named = message.data.get("seat")
        if message.type == "robot":
            await self.sit(Seat.parse(str(named)), "robot")
            return
        seat = client.seat if named is None else Seat.parse(str(named))
        if seat is None or (client.seat is not None and seat != client.seat):
            raise ProtocolError("release: a player releases his own seat; the director releases any seat")
        await self.release(seat)

    async def _handle(self, client: Client, message: Message) -> None:
        data, seat = message.data, client.seat
        kind = message.type
        if kind == "next":
            await self._next(int(data["board"]))
            return
        if kind == "judge":
            if client.role != frames.DIRECTOR:
                raise RulingError(
                    f"judge: only the director answers a question of judgement{self.table.rules.cited('judgement')}"
                )
            await self._accept({"event": "judge", "question": data["question"], "answer": data["answer"]})
            return
        if kind == "choose":
            await self._choose(client, str(data["option"]))
            return
        if kind in ("misexplanation", "retract"):  # the director records who called him about which call (L20F4,
            # L20F5, L75), or a player's request to withdraw his card (L47; the face-down lead: L41A, L47E2(a))
            if client.role != frames.DIRECTOR:
                raise RulingError(f"{kind}: only the director records it{self.table.rules.cited('director_needed')}")
            keys: tuple[str, ...] = ("seat", "call", "kind") if kind == "misexplanation" else ("seat", "reason")
            reported: dict[str, Any] = {k: data[k] for k in keys if k in data}
            await self._accept({"event": kind, **reported})
            return
        if kind in ("rule", "attend"):
            if client.role != frames.DIRECTOR:
                raise RulingError(f"{kind}: only the director does that{self.table.rules.cited('director_needed')}")
            if kind == "rule":
                await self._rule_claim(int(data["tricks"]))
            else:
                self.director_call = None
                await self.broadcast()
            return
        if seat is None:
            raise ProtocolError(f"{kind!r}: only a player at the table may do that")
        if kind in ("undo_accept", "undo_reject"):
            await self._answer_undo(seat, kind == "undo_accept")
            return
        if kind == "director":
            await self._call_director(seat, str(data.get("reason", "")))
            return
        if self.undo_request is not None:
            raise ProtocolError(f"{kind!r}: {self.undo_request.seat.name.lower()}'s request to undo awaits an answer")
        if kind == "undo":
            await self._request_undo(seat)
        elif kind == "play" and (lead := self.driver.lead_event(seat, str(data["card"]))) is not None:
            await self._accept(lead)  # L41A: the opening lead, face down until the clarification period ends
        elif kind == "play" and self.record.irregular and self.table.phase is Phase.PLAY:
            await self._play_irregular(seat, str(data["card"]))
        elif kind == "play" and self.table.face_down_lead is not None:  # the laws refuse it, saying what it would be
            await self._accept({"event": "play", "seat": seat.letter, "card": data["card"]})  # (L41A–C, L54, L24)
        elif kind in ("question", "answer", "alert", "no_questions"):  # L20F1-F3, L40B2, L41B: the table checks
            keys = {"question": ("call",), "answer": ("question", "text"), "alert": ("call", "explanation"),
                    "no_questions": ()}[kind]  # fmt: skip
            fields: dict[str, Any] = {k: data[k] for k in keys if k in data}
            await self._accept({"event": kind, "seat": seat.letter, **fields})
        elif kind == "hesitation":  # L16B2: the sender, an opponent, reserves the right to call the director
            manner: dict[str, Any] = {"kind": data["kind"]} if "kind" in data else {}  # L16B1: a remark, a gesture …
            await self._accept({"event": kind, "seat": str(data["seat"]), "noted_by": seat.letter, **manner})
        elif kind == "call":  # out of turn: refused, or at a director's table recorded and ruled (L28–L32)
            meta: dict[str, Any] | None = {k: data[k] for k in ("alert", "explanation") if k in data} or None
            await self._accept(self.driver.call_event(seat, str(data["call"])), meta)
        elif kind == "play":
            self.driver.require_turn(seat, data["card"])  # the field of a card is ``card`` (#26)
            turn = self.table.turn
            assert turn is not None
            await self._accept({"event": "play", "seat": turn.letter, "card": data["card"]})
        elif kind == "claim":  # none while the opening lead lies face down: the table's laws refuse it (L41C)
            claim = {"event": "claim", "seat": seat.letter, "tricks": data["tricks"]}
            await self._accept({**claim, "statement": data.get("statement", "")})
        else:  # agree, dispute
            await self._accept({"event": kind, "seat": seat.letter})

    # the clarification period (L41) -----------------------------------------------------------------------------
    def _clarification(self) -> dict[str, Any] | None:
        """The clarification period as the director sees it (``laws.wbf17.disclosure``), None outside it or at a
        table whose book has none (the 1930s books: the lead is faced at once, as before)."""
        shown = self.table.rules.disclosure(self.table)
        return None if shown is None else shown["clarification"]

    def _lapse_later(self) -> None:
        """The people of the clarification period have ``clarification_timeout`` seconds from its last event: then
        those who said nothing are recorded as having no question (``"lapsed": true``) and the lead is faced, an
        unanswered question lapsing with it (its asker asks again at his turn to play, L20F2). A table must not wait
        forever for a player who left; the timer runs in the table's owner, from the last event it saw (a new owner
        starts it again)."""
        seq = len(self.table.to_events())
        if not self.clarification_timeout or (self._lapse is not None and self._lapse[0] == seq):
            return
        if self._lapse is not None:
            self._lapse[1].cancel()

        async def run() -> None:
            await asyncio.sleep(self.clarification_timeout)
            async with self.lock:
                period = self._clarification()
                if self.closing or not self.owned or len(self.table.to_events()) != seq or period is None:
                    return
                try:
                    for letter in period["waiting"]:
                        await self._accept({"event": "no_questions", "seat": letter, "lapsed": True})
                    faced = self.driver.clarification_step()  # the lead faced, the period over
                    if not isinstance(faced, Action):
                        raise RulingError("the clarification period lapsed, yet the lead is not faced")
                    await self._accept(faced.event)
                except BridgeError as err:
                    # the error's name only: its text may name the face-down card (L41A; the log is the server's)
                    log.error("clarification not ended", extra={"table": self.record.id, "error": type(err).__name__})
                    return
                log.info("clarification lapsed", extra={"table": self.record.id, "board": self.table.board.number})
            self.kick()

        self._lapse = (seq, asyncio.get_running_loop().create_task(run()))

    async def _choose(self, client: Client, option: str) -> None:
        ruling = frames.ruling_of(self.table)
        pending = None if ruling is None else ruling.get("ruling")
        if pending is None:
            raise RulingError("choose: no ruling is pending")
        chooser = pending["chooser"]
        if chooser == frames.DIRECTOR:
            mine = client.role == frames.DIRECTOR
        else:
            mine = client.seat is not None and client.seat.letter == chooser
        if not mine:
            raise RulingError(f"choose: the choice is {chooser}'s ({pending['law']})")
        await self._accept({"event": "choose", "seat": chooser, "option": option})

    async def _accept(self, event: dict[str, Any], meta: dict[str, Any] | None = None) -> None:
        """Apply, commit, then show: the one path of every event."""
        table, log_ = self.table, self.log
        assert log_ is not None
        table.apply(event)
        stored = table.to_events()[-1]
        seq = len(table.to_events()) - 1
        try:
            _ruled_or_running(table)
            await asyncio.shield(asyncio.to_thread(log_.append, stored, meta))
        except Exception:
            table.undo()
            raise
        self.metas.append(meta)
        if stored["event"] == "dispute" and self.record.irregular:
            self._suggest()
        log.info("event", extra={"table": self.record.id, "board": table.board.number, "seq": seq, "event": stored})
        if table.phase is Phase.DONE:
            await self._finish()
        await self.broadcast()

    async def _finish(self) -> None:
        scored = self.table if self.scored is None else self.scored
        score = frames.board_score(scored)
        assert score is not None
        await asyncio.to_thread(self.store.finish_board, self.board_id, score["contract"], score["declarer"],
                                score["tricks"], score["score_ns"], self.award)  # fmt: skip
        self.scores = await asyncio.to_thread(self.store.results, self.record.id)
        if self.rubbers:
            number = len(self.rubbers)
            rubbers.record(self.rubbers, scored)
            await asyncio.to_thread(self.store.save_rubber, self.record.id, number, self.rubbers[number - 1].to_dict())
        where = {"table": self.record.id, "board": self.table.board.number}
        log.info("board done", extra={**where, "result": score["text"]})

    def _following(self, number: int) -> int | None:
        """The board after ``number``: the next of the table's deck (None after its last), or ``number + 1``."""
        if not self.record.deck:
            return number + 1
        return next((b.number for b in self.record.deck if b.number > number), None)

    async def _start_board(self, number: int) -> None:
        deck = {b.number: b for b in self.record.deck}
        deal = Deal.random(f"{self.record.seed}/{number}")
        if number in deck:  # an event's board (its deal, dealer and vulnerability as the event's, L2)
            board = deck[number]
        elif self.rubbers:
            board = Board(number, deal, vulnerability=rubbers.vulnerability(self.rubbers[-1]))
        else:
            board = Board(number, deal)
        table = Table(board, edition=self.record.edition, irregular=self.record.irregular, agreements=self.agreements)
        log_ = await asyncio.to_thread(self.store.create_log, self.record.id, number, table.to_events()[0])
        if self.log is not None:
            self.log.close()
            if self.done:
                self.previous = (self.table, self.metas)
        self.log, self.stored_board = log_, log_.board_id
        self._drive(table)
        self.metas = [None]
        self.award = self.scored = self.suggestion = self.director_call = None
        log.info("board dealt", extra={"table": self.record.id, "board": number})

    async def _next(self, number: int) -> None:
        """Deal board ``number + 1`` once board ``number`` is done; a repeated request is a no-op."""
        if self.table.board.number > number:
            return
        if self.table.board.number < number or not self.done:
            raise ProtocolError(f"next: board {self.table.board.number} is not finished")
        following = self._following(number)
        if following is None:
            raise ProtocolError(f"next: board {number} is the last of this table's boards (the round is over)")
        await self._start_board(following)
        await self.broadcast()

    # the director during the play ------------------------------------------------------------------------------
    async def _play_irregular(self, seat: Seat, card: str) -> None:
        """A card at a director's table: from the player's own hand (or dummy's, by declarer), in turn or not;
        the table plays it or records the irregularity and its ruling (L53–L64 as the edition rules them)."""
        table = self.table
        dummy, faced = table.dummy, table.view(seat).dummy_hand  # only the cards this seat can see decide
        mine = table.declarer == seat and faced is not None and Card.parse(card) in faced
        who = dummy if dummy is not None and mine else seat
        await self._accept({"event": "play", "seat": who.letter, "card": card})

    async def _call_director(self, seat: Seat, reason: str) -> None:
        """A player calls the director (L9B1); the director's page shows who and why, with the table's own record
        of irregularities and any pending ruling. Only a director's table has one to call."""
        if not self.record.irregular:
            raise RulingError("director: this table plays without a director; the laws are enforced as played")
        self.director_call = {
            "seat": seat.letter,
            "reason": reason[:200],
            "law": self.table.rules.ruling_law("director_call"),
        }
        log.info("director called", extra={"table": self.record.id, "seat": seat.letter, "reason": reason[:200]})
        await self.broadcast()

    def _suggest(self) -> None:
        """Start the L70 check of a disputed claim for the director's page (in a thread: it may search long)."""
        if not self.owned or claimruling.disputed(self.table) is None or self.award is not None:
            return
        table, key = self.table.copy(), (self.board_id, len(self.table.to_events()))

        async def run() -> None:
            try:
                found = await asyncio.to_thread(claimruling.suggestion, table)
            except BridgeError as err:
                found = {"notes": [f"No suggestion: {err}"], "ruling": None}
            if found is None:
                return
            async with self.lock:
                self.suggestion = (*key, found)
                await self.broadcast()

        self._suggest_task = asyncio.get_running_loop().create_task(run())

    def _set_award(self, award: dict[str, Any]) -> None:
        self.scored = claimruling.awarded(self.table, int(award["tricks"]))
        self.award = award

    async def _rule_claim(self, tricks: int) -> None:
        """The director awards ``tricks`` of the remaining tricks to the claimer's side (L70); committed with
        the board's result, then shown."""
        claim = claimruling.disputed(self.table)
        if claim is None or self.award is not None:
            raise RulingError(
                f"rule: no disputed claim awaits the director{self.table.rules.cited('claim_to_director')}"
            )
        self._set_award({"law": claimruling.law(self.table), "claimer": claim.seat.letter, "tricks": tricks,
                         "remaining": claim.remaining})  # fmt: skip
        try:
            await self._finish()
        except Exception:
            self.award = self.scored = None
            raise
        log.info("claim ruled", extra={"table": self.record.id, "board": self.table.board.number, "tricks": tricks})
        await self.broadcast()

    # undo --------------------------------------------------------------------------------------------------------
    async def _request_undo(self, seat: Seat) -> None:
        """``seat`` asks to undo; the other side's people answer, its robots at once (``Driver.request_undo``)."""
        if self.done:
            raise ProtocolError("undo: the board is over")
        try:
            granted = self.driver.request_undo(seat)
        except UndoError as err:
            raise ProtocolError(str(err)) from None
        if granted is None:
            await self.broadcast()
        else:
            await self._undo(granted)

    async def _answer_undo(self, seat: Seat, accept: bool) -> None:
        try:
            granted = self.driver.answer_undo(seat, accept)
        except UndoError as err:
            raise ProtocolError(str(err)) from None
        if granted is not None:
            await self._undo(granted)
        else:
            await self.broadcast()

    async def _undo(self, request: UndoRequest) -> None:
        log_ = self.log
        assert log_ is not None
        await asyncio.to_thread(log_.undo, len(log_) - request.seq)
        self.driver.take_back(request)
        del self.metas[request.seq :]
        log.info("undo", extra={"table": self.record.id, "board": self.table.board.number, "seq": request.seq})
        await self.broadcast()

    # robots ------------------------------------------------------------------------------------------------------
    def kick(self) -> None:
        """Let the robots act if any is due (one task per table; a running task looks again before it ends)."""
        self._woken = True
        if self.closing or not self.owned or (self._robot_task is not None and not self._robot_task.done()):
            return
        self._robot_task = asyncio.get_running_loop().create_task(self._robot_loop())

    async def _robot_loop(self) -> None:
        while not self.closing:
            self._woken = False
            await asyncio.sleep(self.robot_delay)
            async with self.lock:
                if self.closing or not self.owned:
                    return
                try:
                    acted = await self._robot_step()
                except BridgeError as err:  # a robot's mistake stops the robots, never the table
                    log.error("robot error", extra={"table": self.record.id, "error": repr(err)})
                    return
                except Exception:  # e.g. the store failed: said in the log, never lost with the task
                    log.exception("robots stopped", extra={"table": self.record.id})
                    return
            if not acted and not self._woken:
                return

    async def _robot_step(self) -> bool:
        """The driver's next action (``Driver.decide``, off the event loop: a robot may think long), committed
        and shown, the face-down lead's procedure included (L41A–C); while people may still ask before it is faced,
        the period's timer armed (``_lapse_later``); or the next board of a robots-only table. Whether anything was
        done."""
        table = self.table
        answer = self._robot_answer()
        if answer is not None:  # L20F1: a robot explains its partner's call when asked
            await self._accept(answer)
            return True
        loop = asyncio.get_running_loop()
        decided = await loop.run_in_executor(self.pool.waiting, self.driver.decide)  # the robot thinks in the pool
        if isinstance(decided, Wait) and decided.kind is WaitKind.QUESTIONS:  # L41B: people who may ask, or an answer
            self._lapse_later()  # the period runs out for those who said nothing (L41B–C)
            return False
        if isinstance(decided, Action):
            meta = self._call_meta(decided) if decided.kind == "call" else None
            event = decided.event
            await self._accept(event, meta)
            return True
        following = self._following(table.board.number)
        last = self.record.deck[-1].number if self.record.deck else self.record.boards
        if self.done and following is not None and following <= last and self._robots_only():
            await self._start_board(following)
            await self.broadcast()
            return True
        return False

    def _call_meta(self, decided: Action) -> dict[str, Any] | None:
        """What the opponents are told of a robot's call (L20F1, L40B): the agreement its pair declared for it, not
        the branch the robot's hand took (its ``last_meaning``, which would tell them more than the agreement)."""
        explain = getattr(decided.player, "explain", None)
        if explain is None:
            return None
        auction = self.table.auction.copy()
        auction.push(decided.event["call"])  # a robot's call is one the table offers: it stands on the rebuilt auction
        meaning = _agreed(explain, self.agreements, auction, self.table.board.vulnerability, len(auction) - 1)
        return None if meaning is None else {"explanation": meaning.text, "alert": bool(meaning.artificial)}

    def _robot_answer(self) -> dict[str, Any] | None:
        """The ``answer`` event of a robot asked to explain calls (L20F1): the call asked about, or for the whole
        auction its partner's calls (its own under a self-alert policy), as its pair agreed them (its card, else the
        system the card names, else the robot's own: L40B, L75C); None when no robot is asked."""
        table = self.table
        shown = table.rules.disclosure(table)
        if shown is None:
            return None
        asked = next(
            (
                (question, seat, explain)
                for question in shown["questions"]
                for seat in map(Seat.parse, question["awaiting"])
                if (explain := getattr(self.robots.get(seat), "explain", None)) is not None
            ),
            None,
        )
        if asked is None:
            return None
        question, seat, explain = asked
        auction, vulnerability = table.auction, table.board.vulnerability
        calls = explained_calls(shown, question, seat, auction.seats)
        agreed = {i: _agreed(explain, self.agreements, auction, vulnerability, i) for i in calls}
        text = answer_text(auction.calls, agreed)
        return {"event": "answer", "seat": seat.letter, "question": question["number"], "text": text}

    def _robots_only(self) -> bool:
        return all(r.kind == "robot" for r in self.seats.values())

    async def close(self) -> None:
        """Stop the robots after their current (committed) action and close the connections."""
        self.closing = True
        if self._robot_task is not None:
            with contextlib.suppress(Exception):
                await self._robot_task
        async with self.lock:
            for client in self.clients:
                client.close()
            self.clients.clear()
            if self._suggest_task is not None:
                self._suggest_task.cancel()
            if self._lapse is not None:
                self._lapse[1].cancel()
            if self.log is not None:
                self.log.close()


def _vacant(seat: SeatRecord) -> bool:
    """Whether anybody may take the seat: empty, or its player's link has expired."""
    return seat.kind == "empty" or (seat.kind == "human" and tokens.expired(seat.token))


def _scored(table: Table, award: dict[str, Any] | None) -> Table:
    """A stored board as scored: with the director's award of a disputed claim, if there is one."""
    return table if award is None else claimruling.awarded(table, int(award["tricks"]))


def _ruled_or_running(table: Table) -> None:
    """Refuse an event that would stop the table on an irregularity the edition gives no ruling for yet (no
    ``choose`` could ever move the table on): ``RulingError``, the caller takes the event back."""
    pending = table.pending_irregularity
    ruling = frames.ruling_of(table)
    if pending is not None and (ruling is None or ruling.get("ruling") is None):
        raise RulingError(
            f"{pending.message}: this table cannot yet rule a {pending.kind.replace('_', ' ')}; nothing was "
            "recorded (call the director)"
        )


def _agreed(
    explain: Callable[[Auction, int, Vulnerability, PartnershipAgreements | None], CallMeaning],
    agreements: PartnershipAgreements | None,
    auction: Auction,
    vulnerability: Vulnerability,
    index: int,
) -> CallMeaning | None:
    """Call ``index`` as a robot explains it from its pair's ``agreements`` (L20F1, L40B, L75C); None where there
    is no agreement."""
    try:
        return explain(auction, index, vulnerability, agreements)
    except BridgeError:  # a call its system cannot read
        return None
