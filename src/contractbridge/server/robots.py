"""The robots of the web table: one factory for a robot seat (their answers to claims, rulings and undo
requests are the table driver's, ``players.Driver``), and the pool of processes they think in (#26).

Robots see only their seat's ``TableView`` (docs/architecture.md §3.6), like every client. In the server a robot
seat is a ``PooledRobot``: each call, card, claim or answer to a claim sends that seat's view (and nothing else)
to a ``RobotPool`` process, where the seat's own robot decides (one DDS per process, through ``contractbridge.dd``)
and only the decision comes back. The robots' thinking holds neither the server's event loop nor its interpreter
lock; the thread that waits for the answer only waits (its own executor, ``RobotPool.waiting``), so the store's
and the routes' threads are never queued behind a robot.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import threading
import time
import zlib
from collections import OrderedDict
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final

from contractbridge.auction import Auction
from contractbridge.calls import Call
from contractbridge.cards import Card, Seat
from contractbridge.dd import dds_version
from contractbridge.deal import Vulnerability
from contractbridge.errors import DDSUnavailableError
from contractbridge.players import Player
from contractbridge.robots import Effort, default_robot
from contractbridge.robots.bidder import explain
from contractbridge.robots.explanations import seat_systems as explained_systems
from contractbridge.server.settings import default_robot_processes

if TYPE_CHECKING:
    from contractbridge.systems.agreements import PartnershipAgreements
    from contractbridge.systems.base import CallMeaning
    from contractbridge.table import TableView

__all__ = ["Meaning", "PooledRobot", "RobotPool", "robot_player", "seat_systems", "shared_pool"]

#: How much lower the robots' processes are scheduled than the server (``os.nice``).
NICE: Final = 10
#: the system a server robot bids (``robot_player``) and explains its partner's calls by (L20F1) when its pair's card
#: names none it plays (``seat_systems``)
ROBOT_SYSTEM: Final = "culbertson"
#: Robots a pool process keeps (one per table and seat; the oldest goes first): their samples of the board.
KEPT: Final = 512


def robot_player(
    edition: str, effort: Effort | None = None, systems: tuple[str, str] = (ROBOT_SYSTEM, ROBOT_SYSTEM)
) -> Player:
    """The robot that takes an empty seat: the default robot seat (``robots.default_robot``), which bids
    ``systems[0]`` (Culbertson unless its pair's card names Club, ``seat_systems``), reads the opponents' calls by
    ``systems[1]`` and plays the cards by double-dummy sampling at ``effort`` (None: ``Effort.from_environment()``,
    so ``CONTRACTBRIDGE_ROBOT_EFFORT`` or ``serve --robot-effort`` sets it)."""
    del edition  # every edition's robot bids the same systems today
    with contextlib.suppress(DDSUnavailableError):
        dds_version()  # load DDS now (while the table opens), not in a robot's first card
    return default_robot(systems[0], opponents=systems[1], effort=effort)


def seat_systems(agreements: PartnershipAgreements | None, seat: Seat) -> tuple[str, str]:
    """The systems a robot in ``seat`` bids and reads its opponents' calls by: the one each pair's card names where
    the robots play it (L40A1(b): its pair's agreements, e.g. ``club``), else ``ROBOT_SYSTEM``."""
    return explained_systems(agreements, seat, ROBOT_SYSTEM)


@dataclass(frozen=True, slots=True)
class Meaning:
    """What the table shows of a robot's call (L20F, L40B): its explanation and whether it is alerted."""

    text: str
    artificial: bool


# in a pool process ---------------------------------------------------------------------------------------------
_robots: OrderedDict[tuple[str, ...], Player] = OrderedDict()


def _start(server: int) -> None:
    """A pool process starts: it yields the processor to the server's event loop (``NICE``: the robots'
    thinking waits, a frame to send does not); DDS is loaded before the first card; the process ends with the
    server, even one killed with -9 (it has no other use)."""
    with contextlib.suppress(OSError, AttributeError):
        os.nice(NICE)
    with contextlib.suppress(DDSUnavailableError):
        dds_version()

    def watch() -> None:
        while os.getppid() == server:
            time.sleep(1.0)
        os._exit(0)

    threading.Thread(target=watch, name="server-watch", daemon=True).start()


def _think(
    key: tuple[str, str], edition: str, systems: tuple[str, str], what: str, view: TableView
) -> tuple[Any, Meaning | None]:
    """The decision of the robot of ``key`` (table, seat) playing ``systems`` on its own seat's ``view``: ``what``
    is ``call``, ``play``, ``claim`` or ``accepts_claim``; with a call, its meaning."""
    kept = (*key, *systems)
    robot = _robots.pop(kept, None) or robot_player(edition, systems=systems)
    _robots[kept] = robot
    while len(_robots) > KEPT:
        _robots.popitem(last=False)
    answer = getattr(robot, what)(view)
    found = getattr(robot, "last_meaning", None) if what == "call" else None
    return answer, None if found is None else Meaning(found.text, bool(found.artificial))


# in the server ---------------------------------------------------------------------------------------------------
class RobotPool:
    """The processes the web table's robots think in (``processes``; 0: in the waiting thread itself, as a
    library user's ``Driver`` does), and the threads that wait for their answers. A robot (a table's seat)
    always thinks in the same process, which keeps its samples of the board from one card to the next."""

    def __init__(self, processes: int | None = None) -> None:
        self.processes = default_robot_processes() if processes is None else processes
        self._pools: list[Executor] = []
        self._starting = threading.Lock()
        #: Threads that run ``Driver.decide`` and wait there for a robot's answer (cheap: they mostly sleep).
        self.waiting = ThreadPoolExecutor(64, thread_name_prefix="robot-wait")

    def submit(
        self,
        key: tuple[str, str],
        edition: str,
        what: str,
        view: TableView,
        systems: tuple[str, str] = (ROBOT_SYSTEM, ROBOT_SYSTEM),
    ) -> tuple[Any, Meaning | None]:
        """A robot's decision, computed in its pool process (blocks the calling thread, never the event loop)."""
        if not self.processes:
            return _think(key, edition, systems, what, view)
        with self._starting:
            if not self._pools:
                context = multiprocessing.get_context("spawn")  # the server's threads are never forked
                self._pools = [
                    ProcessPoolExecutor(1, mp_context=context, initializer=_start, initargs=(os.getpid(),))
                    for _ in range(self.processes)
                ]
        pool = self._pools[zlib.crc32("/".join(key).encode()) % len(self._pools)]
        return pool.submit(_think, key, edition, systems, what, view).result()

    def robot(self, table: str, seat: str, edition: str) -> PooledRobot:
        return PooledRobot(self, (table, seat), edition)

    def close(self) -> None:
        """Stop the processes (after the decision they are making)."""
        self.waiting.shutdown(wait=False, cancel_futures=True)
        with self._starting:
            for pool in self._pools:
                pool.shutdown(wait=True, cancel_futures=True)
            self._pools = []


class PooledRobot:
    """A robot seat of the server (a ``players.Player`` and ``ClaimingPlayer``): its seat's view goes to the
    pool, its decision comes back."""

    def __init__(self, pool: RobotPool, key: tuple[str, str], edition: str) -> None:
        self.pool = pool
        self.key = key
        self.edition = edition
        self.last_meaning: Meaning | None = None
        #: the systems it bids and reads the opponents' calls by: its table sets them from the board's pair cards
        #: (``seat_systems``)
        self.systems: tuple[str, str] = (ROBOT_SYSTEM, ROBOT_SYSTEM)

    def _ask(self, what: str, view: TableView) -> Any:
        answer, meaning = self.pool.submit(self.key, self.edition, what, view, self.systems)
        if what == "call":
            self.last_meaning = meaning
        return answer

    def call(self, view: TableView) -> Call:
        found: Call = self._ask("call", view)
        return found

    def play(self, view: TableView) -> Card:
        found: Card = self._ask("play", view)
        return found

    def claim(self, view: TableView) -> tuple[int, str] | None:
        found: tuple[int, str] | None = self._ask("claim", view)
        return found

    def accepts_claim(self, view: TableView) -> bool:
        return bool(self._ask("accepts_claim", view))

    def explain(
        self,
        auction: Auction,
        index: int,
        vulnerability: Vulnerability = Vulnerability.NONE,
        agreements: PartnershipAgreements | None = None,
    ) -> CallMeaning:
        """Call ``index`` as its pair agreed it (L20F1: a robot asked about its partner's call): the pair's card,
        else the system it names, else the robot's own (``robots.explanations.agreed_meaning``; L40B, L75C). The
        agreements every seat may know, so it is read here rather than in the pool."""
        own, theirs = self.systems
        return explain(auction, index, vulnerability, system=own, opponents=theirs, agreements=agreements)

    def __repr__(self) -> str:
        return f"PooledRobot({self.key[0]}, {self.key[1]})"


_shared: list[RobotPool] = []


def shared_pool() -> RobotPool:
    """The pool of a table opened without one (``TableSession.open(..., pool=None)``), made on first use."""
    if not _shared:
        _shared.append(RobotPool())
    return _shared[0]
