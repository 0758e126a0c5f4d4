"""A table-manager client that behaves on the wire as BEN's (lorserker/ben ``src/table_manager_client.py``) does,
written here from the Blue Chip Bridge v18 protocol text and that client's observed behaviour, not copied, and
independent of ``contractbridge.tablemanager`` (it reads and writes raw lines) so that it checks our server.

As BEN: one ``ready to start`` after the teams, then every later ``Start of board`` is expected unasked (it sends
``ready to start`` again only while the line it reads is something else); the player on lead reads one line
before leading (``<Seat> to lead``, or ``Dummy to lead`` for declarer); after the fourth pass or the last card it
reads one line (``Timing``); a ``Start of board`` in mid-board restarts the board; a card is read from the last
word of ``<Seat> plays <card>``. Beyond BEN it checks each of those lines, sends ``Alert.``/``Infos.``
explanations from its script, adds BEN's newer ``. Forced`` suffix to a forced card, can drop its connection
once at a chosen card and connect again (even before the old connection is closed), can send once a line the
table manager cannot read (``garble_at``: it then expects ``Error`` and its connection closed, and connects
again), and can send the ``ready to start`` after ``Timing`` that older clients send (``ready_after_timing``).

Two of BEN's ways, seen running BEN's own client against ``serve-tm`` (``sticky_restart``, ``info``): once a board
was started again, BEN's main loop keeps its restart flag, so for every later board it sends ``ready for deal``
before it reads ``Start of board`` and again after it; run with ``--sendinfo`` it names its configuration after the
protocol version in ``Connecting``.
"""

from __future__ import annotations

import asyncio
import random
import re
from dataclasses import dataclass, field

from contractbridge.auction import Auction
from contractbridge.calls import DOUBLE, PASS, REDOUBLE, Call
from contractbridge.cards import Card, Hand, Seat
from contractbridge.play import trick_winner

SEATS = ("North", "East", "South", "West")
TIMING = re.compile(
    r"Timing - N/S : this board \d\d:\d\d, total \d+:\d\d:\d\d\. E/W : this board \d\d:\d\d, total \d+:\d\d:\d\d\.$"
)


class Restart(Exception):
    """``Start of board`` in mid-board."""


class EndOfSession(Exception):
    """``End of session``."""


class Dropped(Exception):
    """This client dropped its connection on purpose."""


@dataclass
class BoardRecord:
    """What the client saw of one board."""

    number: int
    calls: list[str] = field(default_factory=list)
    contract: str | None = None
    tricks_ns: int = 0
    explanations: dict[int, str] = field(default_factory=dict)
    timing: str = ""


def _hand(line: str) -> Hand:
    """``North's cards : S A K 3. H -. D Q J 9 8. C 7 6 2.`` → the hand."""
    cards = []
    for part in line.split(":", 1)[1].split("."):
        words = part.split()
        if words:
            cards += [Card.parse(words[0] + r) for r in words[1:] if r != "-"]
    return Hand(cards)


def _call_text(seat: str, call: Call) -> str:
    if call == PASS:
        return f"{seat} passes"
    if call == DOUBLE:
        return f"{seat} doubles"
    if call == REDOUBLE:
        return f"{seat} redoubles"
    return f"{seat} bids {call}"


def _call(words: list[str]) -> Call:
    action = words[1].upper()
    if action in ("PASSES", "DOUBLES", "REDOUBLES"):
        return {"PASSES": PASS, "DOUBLES": DOUBLE, "REDOUBLES": REDOUBLE}[action]
    return Call.parse(words[2].rstrip("."))


class BenLikeClient:
    """One seat. ``scripts``: board number → the auction as ``"1C P 2C!strong, artificial P …"`` (``!``: an
    alert with its explanation; ``?``: an ``Infos.`` explanation); boards without a script are bid at random.
    ``drop_at``: (board number, cards seen) where the connection is dropped once and made again; ``garble_at``:
    where it sends ``garbage`` once instead of its next line."""

    def __init__(
        self,
        seat: Seat,
        port: int,
        *,
        scripts: dict[int, list[str]] | None = None,
        seed: int = 0,
        drop_at: tuple[int, int] | None = None,
        garble_at: tuple[int, int] | None = None,
        garbage: str = "",
        name: str = "BEN",
        ready_after_timing: bool = False,
        connect_before_closing: bool = False,
        sticky_restart: bool = False,
        info: str = "",
    ) -> None:
        self.me = SEATS[seat]
        self.seat = seat
        self.port = port
        self.scripts = scripts or {}
        self.rng = random.Random(seed)
        self.drop_at = drop_at
        self.garble_at = garble_at
        self.garbage = garbage or "{me} sings a song"
        self.name = name
        self.ready_after_timing = ready_after_timing
        self.connect_before_closing = connect_before_closing
        self.sticky_restart = sticky_restart
        self.info = info
        self.records: list[BoardRecord] = []
        self.sent: list[str] = []
        self.reconnected = 0
        self.restarts = 0
        #: The ``Error`` lines received after ``garble_at``.
        self.refusals: list[str] = []
        self._reader: asyncio.StreamReader | None = None
        self._writer: asyncio.StreamWriter | None = None

    async def send(self, line: str) -> None:
        assert self._writer is not None
        self.sent.append(line)
        self._writer.write((line + "\r\n").encode())
        await self._writer.drain()

    async def receive(self) -> str:
        assert self._reader is not None
        raw = await self._reader.readline()
        if not raw:
            raise ConnectionError(f"{self.me}: the table manager closed the connection")
        line = raw.decode().replace("\r", "").replace("\n", "")
        if line == "End of session":
            raise EndOfSession
        if line.startswith("Error"):
            raise AssertionError(f"{self.me}: the table manager refused: {line}")
        return line

    async def connect(self) -> None:
        self._reader, self._writer = await asyncio.open_connection("127.0.0.1", self.port)
        info = f" {self.info}" if self.info else ""
        await self.send(f'Connecting "{self.name}" as {self.me} using protocol version 18{info}')
        seated = await self.receive()
        assert seated.startswith(f'{self.me} ("{self.name}") seated'), seated
        await self.send(f"{self.me} ready for teams")
        teams = re.findall(r'N/S : "([^"]+)" E/W : "([^"]+)"', await self.receive())
        assert teams, "BEN reads the team names with this pattern"
        await self.send(f"{self.me} ready to start")

    async def run(self) -> list[BoardRecord]:
        await self.connect()
        restart = False
        while True:
            try:
                await self.board(restart)
                restart = restart and self.sticky_restart
            except Restart:
                self.restarts += 1
                self.records.pop()
                restart = True
            except Dropped:
                self.records.pop()
                old = self._writer
                assert old is not None
                if not self.connect_before_closing:
                    old.close()
                    await asyncio.sleep(0.05)
                self.reconnected += 1
                await self.connect()
                old.close()
                restart = False
            except EndOfSession:
                assert self._writer is not None
                self._writer.close()
                return self.records

    async def expect(self, exact: str) -> None:
        line = await self.receive()
        if line.lower() == "start of board":
            raise Restart
        assert line == exact, f"{self.me} expected {exact!r}, got {line!r}"

    async def board(self, restart: bool) -> None:
        line = "Start of board" if restart else await self.receive()
        while line.lower() != "start of board":
            await self.send(f"{self.me} ready to start")
            line = await self.receive()
        while line.lower() == "start of board":
            await self.send(f"{self.me} ready for deal")
            line = await self.receive()
        m = re.match(r"Board number (\d+)\. Dealer (\w+)\. (Neither|N/S|E/W|Both) vulnerable\.$", line)
        assert m is not None, line
        record = BoardRecord(int(m[1]))
        self.records.append(record)
        await self.send(f"{self.me} ready for cards")
        line = await self.receive()
        if line.lower() == "start of board":
            raise Restart
        assert line.startswith(f"{self.me}'s cards : "), line
        hand = _hand(line)
        auction = Auction(Seat(SEATS.index(m[2])))
        script = self.scripts.get(record.number)
        while not auction.is_over:
            turn = auction.turn
            assert turn is not None
            if turn == self.seat:
                text = script[len(auction)] if script is not None else self._random_call(auction)
                call = Call.parse(re.split(r"[!?]", text)[0])
                line = _call_text(self.me, call)
                if "!" in text:
                    line += " Alert. " + text.split("!", 1)[1]
                elif "?" in text:
                    line += " Infos. " + text.split("?", 1)[1]
                auction.push(call, turn)
                await self.send(line)
            else:
                await self.send(f"{self.me} ready for {SEATS[turn]}'s bid")
                line = await self.receive()
                if line.lower() == "start of board":
                    raise Restart
                words = line.split()
                assert words[0] == SEATS[turn], f"{self.me} expected {SEATS[turn]}'s call, got {line!r}"
                for key in ("Alert.", "Infos."):
                    if key in words:
                        record.explanations[len(auction)] = " ".join(words[words.index(key) + 1 :])
                auction.push(_call(words), turn)
        record.calls = [str(c) for c in auction.calls]
        contract, declarer = auction.contract, auction.declarer
        if contract is None or declarer is None:
            record.timing = await self._timing()
            return
        record.contract = f"{contract} {SEATS[declarer]}"
        dummy = declarer.partner
        dummy_hand: Hand | None = hand if dummy == self.seat else None
        played: list[Card] = []
        leader = declarer.lho
        for trick in range(13):
            cards: list[Card] = []
            for i in range(4):
                turn = leader.offset(i)
                mine = (turn == self.seat and turn != dummy) or (turn == dummy and self.seat == declarer)
                if self.drop_at == (record.number, len(played)):
                    self.drop_at = None
                    raise Dropped
                if self.garble_at == (record.number, len(played)):
                    self.garble_at = None
                    await self._garble()
                if mine:
                    if i == 0:
                        await self.expect("Dummy to lead" if turn == dummy else f"{SEATS[turn]} to lead")
                    source = hand if turn == self.seat else dummy_hand
                    assert source is not None
                    card = self._random_card(source - Hand(played), cards)
                    forced = len(_legal(source - Hand(played), cards)) == 1
                    suffix = ". Forced" if forced else ""
                    await self.send(f"{SEATS[turn]} plays {card.rank.letter}{card.suit.letter}{suffix}")
                else:
                    who = "dummy" if turn == dummy else SEATS[turn]
                    await self.send(f"{self.me} ready for {who}'s card to trick {trick + 1}")
                    line = await self.receive()
                    if line.lower() == "start of board":
                        raise Restart
                    assert line.split()[0] == SEATS[turn], f"{self.me} expected {SEATS[turn]}'s card, got {line!r}"
                    text = line.split()[-1]
                    card = Card.parse(text[1] + text[0])
                cards.append(card)
                played.append(card)
                if len(played) == 1 and self.seat != dummy:
                    await self.send(f"{self.me} ready for dummy")
                    line = await self.receive()
                    if line.lower() == "start of board":
                        raise Restart
                    assert line.startswith("Dummy's cards : "), line
                    dummy_hand = _hand(line)
            assert contract is not None
            leader = trick_winner(leader, tuple(cards), contract.strain)
            record.tricks_ns += leader.side == 0
        record.timing = await self._timing()

    async def _garble(self) -> None:
        """Send the garbage line; the table manager answers ``Error`` (unasked lines may come first) and closes
        the connection."""
        assert self._reader is not None
        await self.send(self.garbage.format(me=self.me))
        while not (line := (await self._reader.readline()).decode()).startswith("Error"):
            assert line, f"{self.me}: the connection closed without an Error line"
        self.refusals.append(line.strip())
        assert await self._reader.read() == b"", "the table manager keeps a refused connection open"
        raise Dropped

    async def _timing(self) -> str:
        line = await self.receive()
        if line.lower() == "start of board":
            raise Restart
        assert TIMING.match(line), f"{self.me}: not a Timing line with real times: {line!r}"
        if self.ready_after_timing:
            await self.send(f"{self.me} ready to start")
        return line

    def _random_call(self, auction: Auction) -> str:
        legal = auction.legal_calls()
        if self.rng.random() < 0.5 or len(auction) > 12:
            return "P"
        return str(self.rng.choice(legal))

    def _random_card(self, hand: Hand, trick: list[Card]) -> Card:
        return self.rng.choice(sorted(_legal(hand, trick)))


def _legal(hand: Hand, trick: list[Card]) -> list[Card]:
    """L44C: follow suit if possible."""
    if trick:
        follow = [c for c in hand if c.suit == trick[0].suit]
        if follow:
            return follow
    return list(hand)
