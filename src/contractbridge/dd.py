"""Double-dummy analysis through DDS (Bo Haglund and Soren Hein's solver, as shipped by ``endplay``).

One DDS per process: this module only ever talks to the library ``endplay`` loads (``endplay._dds``), and
imports it lazily, so ``contractbridge`` works without the ``dd`` extra until a solver is asked for; then
a missing or broken DDS raises :class:`~contractbridge.errors.DDSUnavailableError`.

- :func:`dd_table` / :func:`dd_tables`: tricks for every strain and declarer (a :class:`DDTable`); batches
  go to DDS ``CalcAllTables`` 40 deals at a time (its limit with all five strains), which solves them on
  every core; tables are cached by deal (LRU).
- :func:`solve` / :func:`solve_all` / :func:`best_cards`: each legal card of a :class:`Position` with the
  tricks it takes (robots, claim checks, L70).
- :func:`par`: par score and par contracts (DDS ``DealerParBin``; L77 scores, with vulnerability).
- :func:`dd_result`: tricks and result of a given contract by a given declarer.
- :func:`to_endplay` / :func:`from_endplay`: deal conversions (with the first seat and trump);
  :func:`board_to_endplay` / :func:`board_from_endplay` / :func:`endplay_contract`: boards (number, dealer,
  vulnerability, contract). endplay is imported only when one is called (the ``dd`` extra).
"""

from __future__ import annotations

import importlib.machinery
import importlib.util
import sys
import threading
from collections import OrderedDict
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from types import ModuleType
from typing import TYPE_CHECKING, Any, Final

import numpy as np
import numpy.typing as npt

from contractbridge.cards import Card, Hand, Rank, Seat, Side, Strain, Suit
from contractbridge.contract import Contract, Doubling
from contractbridge.deal import Board, Deal, Vulnerability
from contractbridge.errors import BridgeError, DDSUnavailableError, DoubleDummyError

if TYPE_CHECKING:
    import endplay.types

__all__ = [
    "MAX_TABLES_PER_CALL",
    "DDTable",
    "ParContract",
    "ParResult",
    "Position",
    "best_cards",
    "board_from_endplay",
    "board_to_endplay",
    "cache_info",
    "clear_cache",
    "dd_result",
    "dd_table",
    "dd_tables",
    "dd_tables_array",
    "dds_version",
    "endplay_contract",
    "from_endplay",
    "holdings_array",
    "par",
    "set_cache_size",
    "set_threads",
    "solve",
    "solve_all",
    "to_endplay",
]

#: DDS ``CalcAllTables`` solves at most this many deals per call when all five strains are asked (MAXNOOFTABLES).
MAX_TABLES_PER_CALL: Final = 40

_STRAINS: Final = tuple(Strain)
_SEATS: Final = tuple(Seat)


# --- the library ------------------------------------------------------------------------------------------------

_lib: ModuleType | None = None
_lib_lock = threading.Lock()


def _load_bindings() -> ModuleType:
    """``endplay._dds`` without running ``endplay/__init__``, which imports all of endplay and, through its dealer,
    Matplotlib (about a second per process). The bindings module needs only the standard library; it is registered
    under its own name, so a later ``import endplay`` (``to_endplay``, a test's oracle) shares this one DDS."""
    name = "endplay._dds"
    if name in sys.modules:  # loaded already (by endplay or by us), or blocked (None)
        loaded = sys.modules[name]
        if loaded is None:
            raise ImportError(f"import of {name} halted; None in sys.modules", name=name)
        return loaded
    package = importlib.util.find_spec("endplay")  # finds the package without importing it
    spec = None
    if package is not None and package.submodule_search_locations is not None:
        spec = importlib.machinery.PathFinder.find_spec(name, list(package.submodule_search_locations))
    if spec is None or spec.loader is None:
        raise ImportError(f"no module named {name!r}", name=name)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    try:
        spec.loader.exec_module(module)
    except BaseException:
        del sys.modules[name]
        raise
    return module


def _dds() -> ModuleType:
    """The DDS bindings ``endplay`` loads (imported once, on first use)."""
    global _lib
    if _lib is None:
        with _lib_lock:
            if _lib is None:
                try:
                    lib = _load_bindings()
                except ImportError as err:
                    raise DDSUnavailableError(
                        "double-dummy analysis needs DDS, which ships with the optional 'endplay' package: "
                        "pip install 'contractbridge[dd]'"
                    ) from err
                except (OSError, RuntimeError) as err:
                    raise DDSUnavailableError(f"the DDS library shipped by endplay could not be loaded: {err}") from err
                _lib = lib
    return _lib


#: DDS keeps per-thread state of its own; calls from several Python threads (e.g. a threaded Dask worker) take turns.
_call_lock = threading.Lock()


def _call(function: str, *args: Any) -> None:
    lib = _dds()
    try:
        with _call_lock:
            getattr(lib, function)(*args)
    except lib.DDSError as err:
        raise DoubleDummyError(f"DDS {function}: {err}") from None


def dds_version() -> str:
    """The version of the loaded DDS library, e.g. ``2.9.0``."""
    import ctypes

    lib = _dds()
    # DDSInfo has grown between DDS releases; give it ample room and read only the leading three ints.
    buffer = ctypes.create_string_buffer(8192)
    with _call_lock:
        lib._dll.GetDDSInfo(buffer)
    major, minor, patch = (int.from_bytes(buffer.raw[4 * i : 4 * i + 4], "little") for i in range(3))
    return f"{major}.{minor}.{patch}"


def set_threads(n: int) -> None:
    """Let DDS use ``n`` threads (0: one per core). Worker processes of a simulation use 1 each."""
    lib = _dds()
    with _call_lock:
        lib.SetMaxThreads(n)


# --- encodings --------------------------------------------------------------------------------------------------
# Ours: Suit C=0 … S=3, Strain C=0 … NT=4, a suit's ranks as 13 bits (bit 0 = two).
# DDS: suit/strain S=0, H=1, D=2, C=3, NT=4; a holding has bit r set for rank r (two = 0x4, ace = 0x4000).


def _dds_suit(suit: Suit) -> int:
    return 3 - int(suit)


def _dds_strain(strain: Strain) -> int:
    return 4 if strain is Strain.NOTRUMP else 3 - int(strain)


def _our_strain(dds_strain: int) -> Strain:
    return Strain.NOTRUMP if dds_strain == 4 else Strain(3 - dds_strain)


def holdings_array(deals: Iterable[Deal]) -> npt.NDArray[np.uint16]:
    """Deals as an ``(n, 4 seats, 4 suits)`` array of 13-bit rank sets (seats N E S W, suits C D H S)."""
    rows = [[[(h.bits >> (13 * s)) & 0x1FFF for s in range(4)] for h in d.hands] for d in deals]
    return np.array(rows, dtype=np.uint16).reshape(-1, 4, 4)


def _to_dds_cards(holdings: npt.NDArray[np.uint16]) -> npt.NDArray[np.uint32]:
    """``(n, 4, 4)`` our holdings → DDS ``remainCards`` layout (hand, DDS suit) with rank bits shifted by 2."""
    cards: npt.NDArray[np.uint32] = holdings[:, :, ::-1].astype(np.uint32) << np.uint32(2)
    return cards


# --- tables -----------------------------------------------------------------------------------------------------


class DDTable:
    """Double-dummy tricks for each strain and declarer: ``table[Strain.SPADES][Seat.NORTH]`` → 0…13.

    Immutable and hashable; ``DDTable.from_rows`` / ``rows`` use our order (strains C D H S NT, seats N E S W).
    """

    __slots__ = ("_rows",)
    _rows: tuple[tuple[int, int, int, int], ...]

    def __init__(self, rows: Sequence[Sequence[int]]) -> None:
        if len(rows) != 5 or any(len(r) != 4 for r in rows):
            raise ValueError("a DD table has 5 strains × 4 declarers")
        cells = tuple((int(r[0]), int(r[1]), int(r[2]), int(r[3])) for r in rows)
        for row in cells:
            for v in row:
                if not 0 <= v <= 13:
                    raise ValueError(f"a DD trick count is 0 to 13, not {v}")
        object.__setattr__(self, "_rows", cells)

    @classmethod
    def from_array(cls, array: npt.ArrayLike) -> DDTable:
        """From a ``(5, 4)`` array indexed ``[strain, seat]``."""
        return cls(np.asarray(array).tolist())

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("DDTable is immutable")

    def __reduce__(self) -> tuple[type[DDTable], tuple[tuple[tuple[int, int, int, int], ...]]]:
        return (DDTable, (self._rows,))

    def __getitem__(self, strain: Strain) -> tuple[int, int, int, int]:
        """The tricks for ``strain``, indexable by seat."""
        return self._rows[strain]

    def tricks(self, strain: Strain, declarer: Seat) -> int:
        return self._rows[strain][declarer]

    @property
    def rows(self) -> tuple[tuple[int, int, int, int], ...]:
        return self._rows

    def to_array(self) -> npt.NDArray[np.uint8]:
        return np.array(self._rows, dtype=np.uint8)

    def __iter__(self) -> Iterator[tuple[Strain, Seat, int]]:
        """``(strain, declarer, tricks)`` for the 20 cells."""
        for strain in _STRAINS:
            for seat in _SEATS:
                yield strain, seat, self._rows[strain][seat]

    def __eq__(self, other: object) -> bool:
        return isinstance(other, DDTable) and other._rows == self._rows

    def __hash__(self) -> int:
        return hash(self._rows)

    def __repr__(self) -> str:
        return f"DDTable({self._rows!r})"

    def __str__(self) -> str:
        """A grid: declarers down, strains across (NT S H D C)."""
        order = (Strain.NOTRUMP, Strain.SPADES, Strain.HEARTS, Strain.DIAMONDS, Strain.CLUBS)
        lines = ["   " + " ".join(s.letter.rjust(2) for s in order)]
        for seat in (Seat.NORTH, Seat.SOUTH, Seat.EAST, Seat.WEST):
            lines.append(f"{seat.letter}  " + " ".join(str(self._rows[s][seat]).rjust(2) for s in order))
        return "\n".join(lines)


# --- cache ------------------------------------------------------------------------------------------------------

_Key = tuple[int, int, int, int]


class _LRU:
    def __init__(self, size: int) -> None:
        self.size = size
        self.data: OrderedDict[_Key, DDTable] = OrderedDict()
        self.hits = 0
        self.misses = 0
        self.lock = threading.Lock()

    def get(self, key: _Key) -> DDTable | None:
        with self.lock:
            table = self.data.get(key)
            if table is None:
                self.misses += 1
            else:
                self.hits += 1
                self.data.move_to_end(key)
            return table

    def put(self, key: _Key, table: DDTable) -> None:
        if self.size <= 0:
            return
        with self.lock:
            self.data[key] = table
            self.data.move_to_end(key)
            while len(self.data) > self.size:
                self.data.popitem(last=False)


_cache = _LRU(65536)


def set_cache_size(size: int) -> None:
    """Keep at most ``size`` DD tables (0 disables the cache)."""
    _cache.size = size
    with _cache.lock:
        while len(_cache.data) > max(size, 0):
            _cache.data.popitem(last=False)


def clear_cache() -> None:
    with _cache.lock:
        _cache.data.clear()
        _cache.hits = _cache.misses = 0


def cache_info() -> dict[str, int]:
    return {"hits": _cache.hits, "misses": _cache.misses, "size": len(_cache.data), "maxsize": _cache.size}


def _key(deal: Deal) -> _Key:
    n, e, s, w = deal.hands
    return (n.bits, e.bits, s.bits, w.bits)


# --- solving tables ---------------------------------------------------------------------------------------------


def dd_tables_array(holdings: npt.NDArray[np.uint16]) -> npt.NDArray[np.uint8]:
    """Solve an ``(n, 4, 4)`` holdings array (see :func:`holdings_array`); returns ``(n, 5 strains, 4 seats)``.

    The fast path for simulations: no Python object per deal, DDS ``CalcAllTables`` 40 deals per call.
    """
    lib = _dds()
    n = holdings.shape[0]
    out = np.empty((n, 5, 4), dtype=np.uint8)
    if n == 0:
        return out
    cards = _to_dds_cards(holdings)
    deals = lib.ddTableDeals()
    res = lib.ddTablesRes()
    pars = lib.allParResults()
    # Views on the ctypes structures: an int count, then the deals (16 holdings) / results (20 cells).
    slots = np.frombuffer(deals, dtype=np.uint32, count=16 * len(deals.ddTableDeal), offset=4)
    results = np.frombuffer(res, dtype=np.int32, count=20 * len(res.results), offset=4)
    for start in range(0, n, MAX_TABLES_PER_CALL):
        chunk = cards[start : start + MAX_TABLES_PER_CALL]
        k = chunk.shape[0]
        _check_complete(chunk, start)
        deals.noOfTables = k
        slots[: 16 * k] = chunk.reshape(-1)
        _call("CalcAllTables", deals, -1, (0, 0, 0, 0, 0), res, pars)
        # DDS rows are strains S H D C NT; ours C D H S NT.
        block = results[: 20 * k].reshape(k, 5, 4)
        out[start : start + k, :4] = block[:, 3::-1]
        out[start : start + k, 4] = block[:, 4]
    return out


_POPCOUNT: Final = np.array([bin(i).count("1") for i in range(1 << 15)], dtype=np.uint8)


def _check_complete(cards: npt.NDArray[np.uint32], offset: int) -> None:
    """Every deal given to a table solver must hold the 52 cards, 13 a hand (DDS would misreport otherwise)."""
    counts = _POPCOUNT[cards].sum(axis=2)
    union = np.bitwise_or.reduce(cards, axis=1)
    bad = np.flatnonzero((counts != 13).any(axis=1) | (union != 0x7FFC).any(axis=1))
    if bad.size:
        raise DoubleDummyError(f"deal #{offset + int(bad[0])} is not a complete deal of 52 cards, 13 a hand")


def dd_table(deal: Deal) -> DDTable:
    """Tricks for every strain and declarer of a complete deal (cached)."""
    return dd_tables([deal])[0]


def dd_tables(deals: Iterable[Deal]) -> list[DDTable]:
    """DD tables of many deals, in order: cached ones from the cache, the others solved in batches of 40."""
    deals = list(deals)
    tables: list[DDTable | None] = [None] * len(deals)
    missing: dict[_Key, list[int]] = {}
    for i, deal in enumerate(deals):
        if not isinstance(deal, Deal):
            raise TypeError(f"not a Deal: {deal!r}")
        if not deal.is_complete:
            raise DoubleDummyError(f"a DD table needs a complete deal, 13 cards a hand: {deal.to_pbn()}")
        key = _key(deal)
        hit = _cache.get(key)
        if hit is not None:
            tables[i] = hit
        else:
            missing.setdefault(key, []).append(i)
    if missing:
        keys = list(missing)
        holdings = np.array(
            [[[(bits >> (13 * s)) & 0x1FFF for s in range(4)] for bits in key] for key in keys], dtype=np.uint16
        )
        solved = dd_tables_array(holdings)
        for key, array in zip(keys, solved, strict=True):
            table = DDTable(array.tolist())
            _cache.put(key, table)
            for i in missing[key]:
                tables[i] = table
    return [t for t in tables if t is not None]


# --- par --------------------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ParContract:
    """One par contract: ``4S`` by ``declarers`` (one seat or both of a side), ``result`` over (+) or under (-)."""

    contract: Contract
    declarers: tuple[Seat, ...]
    result: int

    @property
    def side(self) -> Side:
        return self.declarers[0].side

    def __str__(self) -> str:
        """PBN ``ParContract`` style: ``NS 4S+1``, ``EW 5DX-2``, ``N 3NT=``."""
        who = "".join(s.letter for s in self.declarers)
        res = "=" if self.result == 0 else f"{self.result:+d}"
        return f"{who} {self.contract}{res}"


@dataclass(frozen=True, slots=True)
class ParResult:
    """Par (L77 scores): ``score`` from North-South's point of view and the par contracts (empty: passed out)."""

    score: int
    contracts: tuple[ParContract, ...] = field(default=())

    def __str__(self) -> str:
        return f"NS {self.score:+d}: {self.contracts_text}"

    @property
    def contracts_text(self) -> str:
        """The par contracts as a PBN ``ParContract`` value (ties separated by ``; ``), or ``pass``."""
        return "; ".join(str(c) for c in self.contracts) or "pass"


_DDS_VUL: Final = {
    Vulnerability.NONE: 0,
    Vulnerability.BOTH: 1,
    Vulnerability.NS: 2,
    Vulnerability.EW: 3,
}


def _table_struct(table: DDTable) -> Any:
    lib = _dds()
    res = lib.ddTableResults()
    for strain in _STRAINS:
        for seat in _SEATS:
            res.resTable[_dds_strain(strain)][seat] = table.tricks(strain, seat)
    return res


_PAR_SEATS: Final[dict[int, tuple[Seat, ...]]] = {4: Side.NS.seats, 5: Side.EW.seats}


def par(deal_or_table: Deal | DDTable, vulnerability: Vulnerability, dealer: Seat) -> ParResult:
    """Par score and contracts given who deals (the side that can bid first may take a shared par).

    Scores are L77's; the score is from North-South's side (negative when East-West own the par)."""
    lib = _dds()
    table = deal_or_table if isinstance(deal_or_table, DDTable) else dd_table(deal_or_table)
    master = lib.parResultsMaster()
    _call("DealerParBin", _table_struct(table), master, int(Seat(dealer)), _DDS_VUL[Vulnerability(vulnerability)])
    contracts: list[ParContract] = []
    for i in range(master.number):
        c = master.contracts[i]
        if c.level == 0:
            continue
        # contractType.seats: 0-3 one seat, 4 = both of NS, 5 = both of EW.
        seats = _PAR_SEATS[c.seats] if c.seats >= 4 else (Seat(c.seats),)
        doubling = Doubling.DOUBLED if c.underTricks > 0 else Doubling.NONE
        result = -int(c.underTricks) if c.underTricks > 0 else int(c.overTricks)
        # contractType.denom: 0 = notrump, 1 = spades … 4 = clubs.
        strain = Strain.NOTRUMP if c.denom == 0 else Strain(4 - c.denom)
        contracts.append(ParContract(Contract(int(c.level), strain, doubling), seats, result))
    return ParResult(int(master.score), tuple(contracts))


# --- a given contract -------------------------------------------------------------------------------------------


def dd_result(deal: Deal, contract: Contract, declarer: Seat) -> int:
    """Declarer's double-dummy result in ``contract``: tricks over (+) or under (-) the contract (0: just made)."""
    return dd_table(deal).tricks(contract.strain, declarer) - contract.tricks_needed


# --- one position -----------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Position:
    """A position in the play: the cards still held (``hands``), trumps, who led to the current trick and the
    cards played to it so far (at most three). The player to move is ``leader.offset(len(trick))``."""

    hands: Deal
    trump: Strain
    leader: Seat
    trick: tuple[Card, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "trump", Strain(self.trump))
        object.__setattr__(self, "leader", Seat(self.leader))
        object.__setattr__(self, "trick", tuple(self.trick))
        if len(self.trick) > 3:
            raise DoubleDummyError(f"a trick in progress has at most three cards, not {len(self.trick)}")
        held = 0
        for hand in self.hands.hands:
            held |= hand.bits
        for card in self.trick:
            if held & card.bit:
                raise DoubleDummyError(f"{card} was played to the trick but is still in a hand")
        sizes = [len(self.hands[seat]) for seat in _SEATS]
        to_play = len(self.trick)
        expected = sizes[self.leader.offset(to_play)]
        for i in range(4):
            seat = self.leader.offset(i)
            want = expected - 1 if i < to_play else expected
            if sizes[seat] != want:
                raise DoubleDummyError(
                    f"{seat.name.lower()} holds {sizes[seat]} cards; with {to_play} played to the trick "
                    f"led by {self.leader.name.lower()} it should hold {want}"
                )
        if expected == 0:
            raise DoubleDummyError("no cards left to play")
        if self.trick:
            lead_suit = self.trick[0].suit
            for i, card in enumerate(self.trick[1:], start=1):
                seat = self.leader.offset(i)
                if card.suit != lead_suit and self.hands[seat].has_suit(lead_suit):
                    name, suit = seat.name.lower(), lead_suit.name.lower()
                    raise DoubleDummyError(f"{name} played {card} but still holds {suit}")

    @property
    def to_play(self) -> Seat:
        return self.leader.offset(len(self.trick))


def _fill_deal(dl: Any, position: Position) -> None:
    """Write ``position`` into a DDS ``deal`` structure."""
    dl.trump = _dds_strain(position.trump)
    dl.first = int(position.leader)
    for i in range(3):
        card = position.trick[i] if i < len(position.trick) else None
        dl.currentTrickSuit[i] = _dds_suit(card.suit) if card else 0
        dl.currentTrickRank[i] = int(card.rank) if card else 0
    for seat in _SEATS:
        hand = position.hands[seat]
        for suit in Suit:
            dl.remainCards[seat][_dds_suit(suit)] = hand.suit_bits(suit) << 2


def _read_future(fut: Any) -> dict[Card, int]:
    """A DDS ``futureTricks`` result: each card (equals expanded) with its score."""
    out: dict[Card, int] = {}
    for i in range(fut.cards):
        suit = Suit(3 - fut.suit[i])
        ranks = (1 << fut.rank[i]) | fut.equals[i]
        for r in range(2, 15):
            if ranks >> r & 1:
                out[Card(suit, Rank(r))] = int(fut.score[i])
    return out


def solve(position: Position) -> dict[Card, int]:
    """Each legal card of the player to move, with the tricks that side takes from here on (current trick
    included) if everyone then plays double-dummy. Cards of equal value are all listed."""
    lib = _dds()
    dl = lib.deal()
    _fill_deal(dl, position)
    fut = lib.futureTricks()
    _call("SolveBoard", dl, -1, 3, 1, fut, 0)
    return _read_future(fut)


def solve_all(positions: Iterable[Position]) -> list[dict[Card, int]]:
    """:func:`solve` for many positions (e.g. a robot's sampled deals), up to 200 per DDS call, on every core."""
    lib = _dds()
    positions = list(positions)
    out: list[dict[Card, int]] = []
    boards = lib.boards()
    solved = lib.solvedBoards()
    size = len(boards.deals)
    for start in range(0, len(positions), size):
        chunk = positions[start : start + size]
        boards.noOfBoards = len(chunk)
        for i, position in enumerate(chunk):
            _fill_deal(boards.deals[i], position)
            boards.target[i], boards.solutions[i], boards.mode[i] = -1, 3, 1
        _call("SolveAllBoardsBin", boards, solved)
        out.extend(_read_future(solved.solvedBoard[i]) for i in range(len(chunk)))
    return out


def best_cards(position: Position) -> tuple[int, frozenset[Card]]:
    """The most tricks the side to play can take from ``position``, and every card that takes them."""
    scores = solve(position)
    best = max(scores.values())
    return best, frozenset(c for c, v in scores.items() if v == best)


# --- endplay conversions ----------------------------------------------------------------------------------------


def to_endplay(deal: Deal, *, first: Seat = Seat.NORTH, trump: Strain = Strain.NOTRUMP) -> endplay.types.Deal:
    """Our deal as an ``endplay.types.Deal``: its hands, the seat to lead to the first trick (``first``) and
    the trump strain (``trump``); the defaults are endplay's own."""
    _dds()
    from endplay.types import Deal as EPDeal
    from endplay.types import Denom, Player

    ep = EPDeal(first=Player(int(first)), trump=Denom(_dds_strain(trump)))
    for seat in _SEATS:
        hand = deal[seat]
        for suit in Suit:
            ep._data.remainCards[seat][_dds_suit(suit)] = hand.suit_bits(suit) << 2
    return ep


#: endplay's ``Vul`` values by ours: none 0, both 1, ns 2, ew 3.
_EP_VUL: Final = {Vulnerability.NONE: 0, Vulnerability.BOTH: 1, Vulnerability.NS: 2, Vulnerability.EW: 3}
_EP_PENALTY: Final = {Doubling.NONE: 1, Doubling.DOUBLED: 2, Doubling.REDOUBLED: 4}


def board_to_endplay(
    board: Board, *, contract: Contract | None = None, declarer: Seat | None = None
) -> endplay.types.Board:
    """A board as an ``endplay.types.Board``: number, dealer and vulnerability (L2), and the deal. With a
    contract and its declarer, the deal's trump is the contract's strain and its first seat declarer's left-hand
    opponent, who leads (L41A); else the dealer is first and the trump notrump."""
    if (contract is None) != (declarer is None):
        raise BridgeError("give both the contract and its declarer, or neither")
    from endplay.types import Board as EPBoard
    from endplay.types import Contract as EPContract
    from endplay.types import Denom, Penalty, Player, Vul

    if contract is None or declarer is None:
        deal = to_endplay(board.deal, first=board.dealer)
        ep_contract = None
    else:
        deal = to_endplay(board.deal, first=declarer.next, trump=contract.strain)
        ep_contract = EPContract(
            level=contract.level,
            denom=Denom(_dds_strain(contract.strain)),
            declarer=Player(int(declarer)),
            penalty=Penalty(_EP_PENALTY[contract.doubling]),
        )
    return EPBoard(
        deal,
        board_num=board.number,
        vul=Vul(_EP_VUL[board.vulnerability]),
        dealer=Player(int(board.dealer)),
        contract=ep_contract,
    )


def board_from_endplay(ep: endplay.types.Board, number: int | None = None) -> Board:
    """An ``endplay.types.Board`` as our board: its number (or ``number`` when it has none), dealer and
    vulnerability (L2: markings it leaves unset follow from the number), and the deal."""
    n = ep.board_num if ep.board_num is not None else number
    if n is None:
        raise BridgeError("the endplay board has no number; pass one")
    vulnerability = None if ep.vul is None else next(v for v, k in _EP_VUL.items() if k == int(ep.vul))
    dealer = None if ep.dealer is None else Seat(int(ep.dealer))
    return Board(int(n), from_endplay(ep.deal), dealer, vulnerability)


def endplay_contract(ep: endplay.types.Board) -> tuple[Contract, Seat] | None:
    """The contract and declarer an ``endplay.types.Board`` records, if any."""
    c = ep.contract
    if c is None or not c.level:
        return None
    doubling = next(d for d, k in _EP_PENALTY.items() if k == int(c.penalty))
    return Contract(int(c.level), _our_strain(int(c.denom)), doubling), Seat(int(c.declarer))


def from_endplay(ep: endplay.types.Deal) -> Deal:
    """An ``endplay.types.Deal`` as our deal (complete if it holds 52 cards, else partial)."""
    hands = {}
    for seat in _SEATS:
        bits = 0
        for suit in Suit:
            bits |= ((ep._data.remainCards[seat][_dds_suit(suit)] >> 2) & 0x1FFF) << (13 * suit)
        hands[seat] = Hand.from_bits(bits)
    full = all(len(h) == 13 for h in hands.values())
    return Deal(hands) if full else Deal.partial(hands)
