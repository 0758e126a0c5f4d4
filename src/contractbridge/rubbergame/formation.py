"""Forming a rubber-bridge table and drawing for partners, seats and the deal (NBB R1–R6, R62–R65; EST-L01–L04).

A ``ClubTable`` holds the members (4–6, or 7 while only one table can be formed: NBB R1(1), R62(4); EST30
knows only a table of four, EST-L02). ``draw`` spreads a shuffled pack and lets each member draw a card
(R3; EST-L03); the card order is rank, ace high ([JUDGEMENT] laws-historic.md §1.1: NBB does not say), then
suit S > H > D > C. ``first_rubber`` and ``next_rubber`` give the ``Lineup``: who plays, the partnerships
(the two highest against the two lowest, R4, EST-L04), who deals, who sits out, and the seats (R6).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from contractbridge.cards import Card, Seat
from contractbridge.errors import BridgeError
from contractbridge.laws import DEFAULT_RUBBER_EDITION, edition
from contractbridge.laws.base import FormationRules

__all__ = [
    "ClubTable",
    "Drawn",
    "FormationError",
    "Lineup",
    "draw",
    "draw_key",
    "ranked",
    "spread_position_ok",
]

#: members of a table (NBB R1(1)); seven only while one table is all that can be formed (R62(4))
MIN_MEMBERS: Final = 4
FULL: Final = 6
SEVEN: Final = 7
#: a draw from the first or last four cards of the spread must be repeated (NBB R3, EST-L03)
END_CARDS: Final = 4


class FormationError(BridgeError):
    """A table, a draw or a rotation the rules do not allow (NBB R1–R6, R62; EST-L02–L04)."""


def draw_key(card: Card) -> tuple[int, int]:
    """How drawn cards rank: by rank, ace high, then by suit, spades highest (NBB R3; EST-L03)."""
    return int(card.rank), int(card.suit)


@dataclass(frozen=True, slots=True)
class Drawn:
    """The card a member drew, and how many times he had to draw again (R3)."""

    member: str
    card: Card
    redraws: int = 0


def spread_position_ok(position: int, spread: int = 52) -> bool:
    """Whether a card drawn at ``position`` (0-based) of a spread of ``spread`` cards counts (NBB R3,
    EST-L03: not one of the four at either end)."""
    if not 0 <= position < spread:
        raise FormationError(f"position {position} is outside a spread of {spread} cards")
    return END_CARDS <= position < spread - END_CARDS


def draw(members: Sequence[str], rng: random.Random | int | None = None) -> tuple[Drawn, ...]:
    """Each member draws one card from a shuffled pack spread face down (NBB R3): a draw from the four
    cards at either end is repeated. Returned in the members' order."""
    names = _names(members)
    gen = rng if isinstance(rng, random.Random) else random.Random(rng)
    spread = [Card.from_index(i) for i in range(52)]
    gen.shuffle(spread)
    out: list[Drawn] = []
    for name in names:
        redraws = 0
        while True:
            position = gen.randrange(len(spread))
            if spread_position_ok(position, len(spread)):
                break
            redraws += 1
        out.append(Drawn(name, spread.pop(position), redraws))
    return tuple(out)


def ranked(draws: Iterable[Drawn]) -> list[Drawn]:
    """The draws from the highest card down."""
    return sorted(draws, key=lambda d: draw_key(d.card), reverse=True)


def _names(members: Iterable[str]) -> list[str]:
    names = [m.strip() for m in members]
    if any(not n for n in names):
        raise FormationError("a member needs a name")
    if len(set(names)) != len(names):
        raise FormationError(f"two members with the same name: {names}")
    return names


@dataclass(frozen=True, slots=True)
class Lineup:
    """Who plays a rubber and where: ``seats`` (seat → member), the first ``dealer``, the members who sit
    out, the draw it came from, and the laws applied."""

    seats: Mapping[Seat, str]
    dealer: Seat
    sitting_out: tuple[str, ...]
    draws: tuple[Drawn, ...]
    law: str

    @property
    def players(self) -> tuple[str, ...]:
        return tuple(self.seats[s] for s in Seat)

    def seat_of(self, member: str) -> Seat:
        for seat, name in self.seats.items():
            if name == member:
                return seat
        raise FormationError(f"{member} does not play this rubber")

    def to_dict(self) -> dict[str, Any]:
        return {
            "seats": {s.letter: self.seats[s] for s in Seat},
            "dealer": self.dealer.letter,
            "sitting_out": list(self.sitting_out),
            "draw": [{"member": d.member, "card": str(d.card), "redraws": d.redraws} for d in self.draws],
            "law": self.law,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Lineup:
        try:
            seats = {Seat.parse(k): str(v) for k, v in data["seats"].items()}
            draws = tuple(Drawn(str(d["member"]), Card.parse(str(d["card"])), int(d.get("redraws", 0)))
                          for d in data.get("draw", ()))  # fmt: skip
            return cls(seats, Seat.parse(str(data["dealer"])), tuple(data.get("sitting_out", ())), draws,
                       str(data.get("law", "")))  # fmt: skip
        except (KeyError, AttributeError, TypeError) as err:
            raise FormationError(f"not a lineup: {err}") from None


def seat_four(draws: Sequence[Drawn], dealer_seat: Seat = Seat.SOUTH, law: str = "") -> Lineup:
    """Seat four players from their draw: the two highest are partners against the two lowest and the
    highest deals (R4; EST-L03/L04). The dealer chooses his seat (R6; [JUDGEMENT] ``dealer_seat``, South by
    default), his partner sits opposite, then the higher of the opponents takes the dealer's left
    ([JUDGEMENT] R6 leaves their choice to them)."""
    if len(draws) != 4:
        raise FormationError(f"four players draw for partners, not {len(draws)}")
    top = ranked(draws)
    seats = {
        dealer_seat: top[0].member,
        dealer_seat.partner: top[1].member,
        dealer_seat.lho: top[2].member,
        dealer_seat.rho: top[3].member,
    }
    return Lineup(seats, dealer_seat, (), tuple(draws), law)


@dataclass
class ClubTable:
    """A table of a club (NBB R1, R2, R5, R62–R64): its members in order of joining, and how many
    consecutive rubbers each has played. ``edition`` EST30 allows exactly four (EST-L02). ``one_table``:
    no second table can be formed, so a seventh member may join (R62(4))."""

    members: list[str] = field(default_factory=list)
    edition: str = DEFAULT_RUBBER_EDITION
    one_table: bool = True
    consecutive: dict[str, int] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.members = _names(self.members)
        if len(self.members) > self.capacity:
            raise FormationError(f"a table has at most {self.capacity} members ({self._law()})")
        self.consecutive = {m: self.consecutive.get(m, 0) for m in self.members}

    @property
    def _laws(self) -> FormationRules:
        """The edition's rules for a club table (``Edition.formation``)."""
        rules = edition(self.edition).formation
        if rules is None:
            raise FormationError(f"{self.edition} is not a rubber-bridge code: no club table")
        return rules

    def _law(self) -> str:
        return self._laws.members_law

    @property
    def capacity(self) -> int:
        size = self._laws.size
        if size is not None:
            return size
        return SEVEN if self.one_table else FULL

    @property
    def is_full(self) -> bool:
        return len(self.members) >= self.capacity

    def join(self, candidate: str) -> None:
        """A candidate joins a table that is not full, by saying so (R1(2))."""
        (name,) = _names([candidate])
        if name in self.members:
            raise FormationError(f"{name} is already a member")
        if self.is_full:
            raise FormationError(f"the table is full ({len(self.members)} members; {self._law()})")
        self.members.append(name)
        self.consecutive[name] = 0

    def leave(self, member: str) -> None:
        """A member leaves (R1(3)); with fewer than four left the table cannot play (R62(3))."""
        if member not in self.members:
            raise FormationError(f"{member} is not a member of this table")
        self.members.remove(member)
        del self.consecutive[member]

    def _check_playable(self) -> None:
        if len(self.members) < MIN_MEMBERS:
            law = self._laws.minimum_law
            raise FormationError(f"a table needs at least {MIN_MEMBERS} members, it has {len(self.members)} ({law})")

    def first_rubber(self, rng: random.Random | int | None = None, dealer_seat: Seat = Seat.SOUTH) -> Lineup:
        """All members of a new table have equal rights: one draw decides everything — the four highest
        play, the two highest are partners, the highest deals (R4; EST-L03/L04)."""
        self._check_playable()
        draws = draw(self.members, rng)
        top = ranked(draws)
        players = top[:4]
        lineup = seat_four(players, dealer_seat, self._laws.seating_law)
        out = Lineup(lineup.seats, lineup.dealer, tuple(d.member for d in top[4:]), draws, lineup.law)
        self._played(out)
        return out

    def next_rubber(
        self, last: Lineup, rng: random.Random | int | None = None, dealer_seat: Seat = Seat.SOUTH
    ) -> Lineup:
        """Who plays the next rubber (R5, R62(4); laws-historic.md §1.1): every waiting member plays; of the
        last four, those with the fewest consecutive rubbers stay (ties by a draw, the higher card stays);
        the four draw for partners and deal. With four members nobody rotates."""
        self._check_playable()
        gen = rng if isinstance(rng, random.Random) else random.Random(rng)
        last4 = [p for p in last.players if p in self.members]
        entrants = [m for m in self.members if m not in last4]
        keep = 4 - len(entrants)
        if keep < 0:
            law = self._laws.waiting_law
            raise FormationError(f"{len(entrants)} members wait for a seat; at most four can play ({law})")
        tie = {d.member: draw_key(d.card) for d in draw(last4, gen)} if last4 else {}
        continuers = sorted(last4, key=lambda p: (self.consecutive[p], tuple(-k for k in tie[p])))[:keep]
        players = entrants + continuers
        draws = draw(players, gen)
        lineup = seat_four(draws, dealer_seat, self._laws.rotation_law)
        out = Lineup(lineup.seats, lineup.dealer, tuple(m for m in self.members if m not in players), draws,
                     lineup.law)  # fmt: skip
        self._played(out)
        return out

    def _played(self, lineup: Lineup) -> None:
        """[JUDGEMENT] laws-historic.md §1.1: a member's count of consecutive rubbers grows when he plays
        and goes back to 0 when he sits out."""
        for m in self.members:
            self.consecutive[m] = self.consecutive[m] + 1 if m in lineup.players else 0
