"""Hand evaluation: high-card points and shape, and the 1930s trick counts of EST30 (EST-B07 – B56).

Every count is exact (``fractions.Fraction``: halves, and quarters in the Club table) and comes back as a
``Breakdown``: the value plus the itemised reasons, each citing the rule it applies, so the CLI and the
bidding robots can say *why*. ``x`` in a holding is any card below the ten (EST-B08).

Readings of the vague points follow ``shared/spec/laws-historic.md`` §6.1 and are documented in
``docs/systems.md``.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum
from fractions import Fraction
from functools import lru_cache
from typing import Final, Literal

from contractbridge.cards import SUITS_HIGH_FIRST, Hand, Strain, Suit

__all__ = [
    "Breakdown",
    "HTTable",
    "Item",
    "biddable_reason",
    "biddable_suits",
    "club_suit_honour_tricks",
    "club_suit_quarters",
    "culbertson_suit_honour_tricks",
    "culbertson_suit_quarters",
    "defensive_tricks",
    "fraction",
    "hand_quarters",
    "has_normal_support",
    "hcp",
    "honour_quarters",
    "honour_tricks",
    "is_biddable",
    "is_biddable_bits",
    "is_solid",
    "partnership_nt_contract",
    "playing_quarters",
    "playing_tricks",
    "plus_values",
    "positional_honour_tricks",
    "quarters",
    "shape",
    "support_bits",
    "support_quarters",
    "support_tricks",
    "sure_trump_quarters",
    "sure_trump_tricks",
    "trump_quarters",
    "trump_tricks",
]

F = Fraction
ZERO: Final = F(0)
HALF: Final = F(1, 2)

A, K, Q, J, T = 1 << 12, 1 << 11, 1 << 10, 1 << 9, 1 << 8  # rank bits inside a 13-bit suit
_RANK_LETTERS: Final = "23456789TJQKA"


@dataclass(frozen=True, slots=True)
class Item:
    """One term of a count: what was counted, its value, and the rule that gives it."""

    label: str
    value: Fraction
    rule: str

    def __str__(self) -> str:
        return f"{self.label} {fmt(self.value)} ({self.rule})"


@dataclass(frozen=True, slots=True)
class Breakdown:
    """A count with its reasons: ``value`` is the sum of ``items``."""

    name: str
    rule: str
    value: Fraction
    items: tuple[Item, ...]

    def __str__(self) -> str:
        terms = " + ".join(str(i) for i in self.items) or "nothing"
        return f"{self.name} {fmt(self.value)} [{self.rule}]: {terms}"


def fmt(value: Fraction) -> str:
    """``Fraction(5, 2)`` → ``2½``; quarters as ``¼`` and ``¾``."""
    # cached by (numerator, denominator): hashing a Fraction costs a modular inverse
    return _fmt((value.numerator, value.denominator)) if isinstance(value, Fraction) else _fmt_value(value)


@lru_cache(maxsize=1024)
def _fmt(pair: tuple[int, int]) -> str:
    return _fmt_value(F(*pair))


def _fmt_value(value: Fraction) -> str:
    whole, rest = divmod(value, 1)
    tail = {F(0): "", F(1, 4): "¼", F(1, 2): "½", F(3, 4): "¾"}.get(F(rest))
    if tail is None:
        return str(value)
    if whole == 0 and tail:
        return tail
    return f"{int(whole)}{tail}"


@lru_cache(maxsize=1024)
def fraction(numerator: int, denominator: int = 1) -> Fraction:
    """``Fraction(numerator, denominator)`` of two integers, one shared value per pair (the robots name
    their thresholds thousands of times a second)."""
    return F(numerator, denominator)


def _holding(suit: Suit, bits: int) -> str:
    text = "".join(_RANK_LETTERS[r] for r in range(12, -1, -1) if bits >> r & 1)
    return f"{suit.letter} {text or '-'}"


def _sbits(hand: Hand, suit: Suit) -> int:
    return hand.suit_bits(suit)


def _pop(bits: int) -> int:
    return bits.bit_count()


# ---------------------------------------------------------------------------------------------------------
# high-card points and shape (modern basics)


def hcp(hand: Hand) -> Breakdown:
    """Milton Work high-card points: A 4, K 3, Q 2, J 1 (a modern measure, not in the 1930s texts)."""
    items = []
    for suit in SUITS_HIGH_FIRST:
        b = _sbits(hand, suit)
        pts = 4 * bool(b & A) + 3 * bool(b & K) + 2 * bool(b & Q) + bool(b & J)
        if pts:
            items.append(Item(_holding(suit, b & (A | K | Q | J)), F(pts), "4-3-2-1"))
    return Breakdown("high-card points", "4-3-2-1", sum((i.value for i in items), ZERO), tuple(items))


def shape(hand: Hand) -> tuple[int, int, int, int]:
    """The suit lengths longest first (the pattern, e.g. (5, 4, 3, 1))."""
    return tuple(sorted(hand.shape, reverse=True))  # type: ignore[return-value]


# ---------------------------------------------------------------------------------------------------------
# honour tricks, EST-B07 – B09, B56


class HTTable(Enum):
    """Which honour-trick table to count with."""

    CULBERTSON = "EST-B08"
    CLUB = "EST-B56"


def _culbertson(bits: int) -> tuple[Fraction, str, int]:
    """EST-B08 for one suit: (value, pattern, the ranks the pattern uses). First match wins; at most 2
    per suit (EST-B07). KQJ without the ten is KQ = 1 and a singleton K is 0 (laws-historic §6.1.1)."""
    n = _pop(bits)
    if bits & A and bits & K:
        return F(2), "AK", A | K
    if bits & A and bits & Q:
        return F(3, 2), "AQ", A | Q
    if bits & (A | J | T) == A | J | T:
        return F(3, 2), "AJ10", A | J | T
    if bits & (K | Q | T) == K | Q | T:
        return F(3, 2), "KQ10", K | Q | T
    if bits & A:
        return F(1), "A", A
    if bits & K and bits & Q:
        return F(1), "KQ", K | Q
    if bits & K and bits & J and n >= 3:
        return F(1), "KJx", K | J
    if bits & K and n >= 2:
        return HALF, "Kx", K
    if bits & Q and bits & J and n >= 3:
        return HALF, "QJx", Q | J
    return ZERO, "", 0


def _club(bits: int) -> tuple[Fraction, str, int]:
    """EST-B56 for one suit, in quarters; the table from the top down, first match wins."""
    n = _pop(bits)
    rows: tuple[tuple[int, int, Fraction, str], ...] = (
        (A | K, 0, F(2), "AK"),
        (A | Q | J, 0, F(2), "AQJ"),
        (A | Q | T, 0, F(3, 2), "AQ10"),
        (A | J | T, 0, F(3, 2), "AJ10"),
        (K | Q | J, 0, F(3, 2), "KQJ"),
        (A | Q, 0, F(5, 4), "AQ"),
        (K | Q | T, 0, F(5, 4), "KQ10"),
        (A, 0, F(1), "A"),
        (K | Q, 0, F(1), "KQ"),
        (K | J | T, 0, F(3, 4), "KJ10"),
        (K, 2, HALF, "Kx"),
        (Q | J, 3, HALF, "QJx"),
        (Q, 3, F(1, 4), "Qxx"),
    )
    for need, min_len, value, name in rows:
        if bits & need == need and n >= min_len:
            return value, name, need
    return ZERO, "", 0


_CULBERTSON: Final = tuple(_culbertson(b) for b in range(1 << 13))
_CLUB: Final = tuple(_club(b) for b in range(1 << 13))


def culbertson_suit_honour_tricks(bits: int) -> Fraction:
    """EST-B08 value of one suit given as a 13-bit rank set (no cross-suit combinations)."""
    return _CULBERTSON[bits][0]


def club_suit_honour_tricks(bits: int) -> Fraction:
    """EST-B56 value of one suit given as a 13-bit rank set."""
    return _CLUB[bits][0]


def _tag(bits: int) -> str:
    """The cross-suit tag of a Culbertson suit (EST-B08): "Kx", or "Qx"/"Jx" for a suit worth 0 itself."""
    value, name, _ = _CULBERTSON[bits]
    if name == "Kx":
        return "Kx"
    if value == 0 and _pop(bits) >= 2:
        if bits & Q:
            return "Qx"
        if bits & J:
            return "Jx"
    return ""


def honour_tricks(
    hand: Hand, table: HTTable = HTTable.CULBERTSON, suits: tuple[Suit, ...] = SUITS_HIGH_FIRST
) -> Breakdown:
    """Honour tricks of ``hand`` counted over ``suits`` (all four by default) with ``table``.

    Culbertson (EST-B08): per-suit values, then the cross-suit combinations "K x and Q x" (1 together)
    and "Q x and J x" (½ together), each pairing two different suits, each suit used once, Kx+Qx first.
    Club (EST-B56): per-suit values in quarters, no combinations."""
    rows = _CULBERTSON if table is HTTable.CULBERTSON else _CLUB
    items: list[Item] = []
    tags: dict[str, list[Suit]] = {"Kx": [], "Qx": [], "Jx": []}
    for suit in suits:
        b = _sbits(hand, suit)
        value, name, _ = rows[b]
        if value:
            items.append(Item(f"{suit.letter} {name}", value, table.value))
        if table is HTTable.CULBERTSON:
            tag = _tag(b)
            if tag:
                tags[tag].append(suit)
    if table is HTTable.CULBERTSON:
        kx, qx, jx = tags["Kx"], tags["Qx"], tags["Jx"]
        for k_suit, q_suit in zip(kx, qx, strict=False):
            items.append(Item(f"{k_suit.letter} Kx + {q_suit.letter} Qx", HALF, "EST-B08 combination"))
        for q_suit, j_suit in zip(qx[len(kx) :], jx, strict=False):
            items.append(Item(f"{q_suit.letter} Qx + {j_suit.letter} Jx", HALF, "EST-B08 combination"))
    return Breakdown("honour tricks", table.value, sum((i.value for i in items), ZERO), tuple(items))


def plus_values(hand: Hand) -> Breakdown:
    """EST-B10: jacks and tens outside the Culbertson patterns are "plus values" ("2+"). They carry no
    honour trick; ``value`` is their number, a tie-breaker only."""
    items = []
    for suit in SUITS_HIGH_FIRST:
        b = _sbits(hand, suit)
        spare = b & (J | T) & ~_CULBERTSON[b][2]
        if spare:
            items.append(Item(_holding(suit, spare), F(_pop(spare)), "EST-B10 plus value"))
    return Breakdown("plus values", "EST-B10", sum((i.value for i in items), ZERO), tuple(items))


def positional_honour_tricks(holding: str, missing_honour_with: Literal["rho", "lho"]) -> Fraction:
    """EST-B09 ("variable" honour tricks): A-Q is worth 2 when the missing king sits with the right-hand
    opponent (who plays before the holder) and 1 when it sits with the left-hand opponent; K-x is worth 1
    when the missing ace sits with the right-hand opponent and 0 when with the left-hand one. The table
    values (A-Q 1½, K-x ½) are the averages. ``holding`` is "AQ" or "Kx"."""
    key = holding.upper().replace(" ", "").replace("-", "")
    before = missing_honour_with == "rho"
    if key == "AQ":
        return F(2) if before else F(1)
    if key == "KX":
        return F(1) if before else ZERO
    raise ValueError(f"EST-B09 values only A-Q and K-x, not {holding!r}")


# ---------------------------------------------------------------------------------------------------------
# biddable suits, trump tricks, playing tricks (EST-B13 – B15, B25)


def _biddable(b: int) -> bool:
    """EST-B13 for one suit's 13-bit holding: 4 cards with ≥ 1½ HT, or 5 with ≥ ½ HT, or 6+ cards."""
    n = _pop(b)
    ht = _CULBERTSON[b][0]
    return n >= 6 or (n == 5 and ht >= HALF) or (n == 4 and ht >= F(3, 2))


_BIDDABLE: Final = tuple(_biddable(b) for b in range(1 << 13))


def is_biddable(hand: Hand, suit: Suit) -> bool:
    """EST-B13: 4 cards with ≥ 1½ HT, or 5 cards with ≥ ½ HT, or 6+ cards (HT of that suit alone)."""
    return _BIDDABLE[hand.suit_bits(suit)]


def biddable_reason(hand: Hand, suit: Suit) -> str:
    """Why ``suit`` is or is not biddable (EST-B13), e.g. "S KJ32: 4 cards, 1 HT: needs 1½ — not biddable"."""
    b = _sbits(hand, suit)
    n, ht = _pop(b), _CULBERTSON[b][0]
    head = f"{_holding(suit, b)}: {n} cards, {fmt(ht)} HT"
    if n >= 6:
        return f"{head}: 6+ cards — biddable (EST-B13)"
    need = {5: HALF, 4: F(3, 2)}.get(n)
    if need is None:
        return f"{head}: fewer than 4 cards — not biddable (EST-B13)"
    verdict = "biddable" if ht >= need else "not biddable"
    return f"{head}: {n} cards need {fmt(need)} — {verdict} (EST-B13)"


def biddable_suits(hand: Hand) -> tuple[Suit, ...]:
    """The biddable suits of ``hand`` (EST-B13), spades first."""
    return tuple(s for s in SUITS_HIGH_FIRST if is_biddable(hand, s))


def is_solid(bits: int) -> bool:
    """The solid-suit reading of EST-B15: the suit's top three cards are consecutive ranks headed by the
    queen or better (the text's examples: A K Q…, K Q J…, Q J 10…)."""
    top = bits.bit_length() - 1
    return _pop(bits) >= 3 and top >= 10 and bits >> (top - 2) & 7 == 7


def _trump_length(n: int) -> Fraction:
    """EST-B14, trump suit: 4 → 1, 5 → 2, 6 → 3, one more per card beyond (7 → 4)."""
    return F(max(0, n - 3))


def _side_length(n: int) -> Fraction:
    """EST-B14, side suit: 4 → ½, 5 → 1, 6 → 1½, ½ more per card beyond (7 → 2)."""
    return F(max(0, n - 3), 2)


def _trump_items(hand: Hand, suit: Suit) -> list[Item]:
    b = _sbits(hand, suit)
    n = _pop(b)
    if is_solid(b):
        above = 14 - (b.bit_length() + 1)
        return [Item(f"{_holding(suit, b)} solid: {n} cards − {above} higher missing", F(n - above), "EST-B15")]
    value, name, _ = _CULBERTSON[b]
    items = []
    if value:
        items.append(Item(f"{suit.letter} {name}", value, "EST-B08"))
    if n >= 4:
        items.append(Item(f"{n} trumps", _trump_length(n), "EST-B14"))
    return items


def trump_tricks(hand: Hand, suit: Suit) -> Breakdown:
    """Tricks of ``suit`` as trumps for the bidder (EST-B14, B15, B25): its honour tricks plus the trump
    length value, or, for a solid suit, its length minus the ranks missing above its top card."""
    items = _trump_items(hand, suit)
    return Breakdown(
        f"trump tricks in {suit.name.lower()}", "EST-B15", sum((i.value for i in items), ZERO), tuple(items)
    )


def playing_tricks(hand: Hand, trump: Suit | None) -> Breakdown:
    """Playing tricks for the bidder with ``trump`` as trumps (EST-B14, B15): total HT (EST-B08, with the
    cross-suit combinations) plus length tricks; the solid-suit rule replaces the trump suit's own count.
    ``trump=None`` counts every suit as a side suit (the 1NT opening's "PT ≥ 4", EST-B24)."""
    side = tuple(s for s in SUITS_HIGH_FIRST if s != trump)
    items: list[Item] = []
    if trump is not None and is_solid(_sbits(hand, trump)):
        items.extend(_trump_items(hand, trump))
        items.extend(honour_tricks(hand, suits=side).items)
    else:
        items.extend(honour_tricks(hand).items)
        if trump is not None and hand.length(trump) >= 4:
            n = hand.length(trump)
            items.append(Item(f"{n} trumps", _trump_length(n), "EST-B14"))
    for s in side:
        n = hand.length(s)
        if n >= 4:
            items.append(Item(f"{s.letter} {n} cards", _side_length(n), "EST-B14"))
    name = "no trumps" if trump is None else f"{trump.name.lower()} trumps"
    return Breakdown(f"playing tricks ({name})", "EST-B14", sum((i.value for i in items), ZERO), tuple(items))


# ---------------------------------------------------------------------------------------------------------
# support: normal trump support and support tricks (EST-B37, B38)


def _supports(b: int, weak: bool) -> bool:
    """EST-B37 for one 13-bit holding (``has_normal_support``)."""
    n = _pop(b)
    if n >= 4 or (n == 3 and (b & (A | K | Q) or b & (J | T) == J | T)):
        return True
    return weak and n == 2 and bool(b & (A | K))


#: ``_SUPPORTS[weak][bits]``: ``_supports`` of every 13-bit holding
_SUPPORTS: Final = tuple(tuple(_supports(b, weak) for b in range(1 << 13)) for weak in (False, True))


def has_normal_support(hand: Hand, suit: Suit, *, weak: bool = False) -> bool:
    """EST-B37: Q x x, J 10 x or x x x x, i.e. 4+ cards, or 3 with the A, K or Q, or 3 with J and 10.
    ``weak`` (the special cases and a rebid suit, EST-B37/B49) also accepts A x and K x."""
    return support_bits(_sbits(hand, suit), weak)


def support_bits(bits: int, weak: bool = False) -> bool:
    """``has_normal_support`` of one 13-bit holding (a table look-up)."""
    return _SUPPORTS[weak][bits]


_SHORT: Final = {3: (F(2), F(1), HALF), 4: (F(3), F(2), F(1))}


def support_tricks(hand: Hand, trump: Suit) -> Breakdown:
    """Support tricks for raising partner's ``trump`` (EST-B38): trump length (4/5/6: ½/1/2, 7+: 2 + 1 per
    card) + trump honours (A 1, K 1, Q ½) + side-suit honour tricks (EST-B08) + side-suit length (4/5/6:
    ½/1/1½) + the shortest short suit only (3 trumps: void 2, singleton 1, doubleton ½; 4+: 3/2/1)."""
    b = _sbits(hand, trump)
    n = _pop(b)
    items: list[Item] = []
    length_value = {4: HALF, 5: F(1), 6: F(2)}.get(n, F(n - 4) if n >= 7 else ZERO)
    if length_value:
        items.append(Item(f"{n} trumps", length_value, "EST-B38"))
    for bit, letter, value in ((A, "A", F(1)), (K, "K", F(1)), (Q, "Q", HALF)):
        if b & bit:
            items.append(Item(f"trump {letter}", value, "EST-B38"))
    side = tuple(s for s in SUITS_HIGH_FIRST if s != trump)
    items.extend(honour_tricks(hand, suits=side).items)
    for s in side:
        m = hand.length(s)
        if m >= 4:
            items.append(Item(f"{s.letter} {m} cards", _side_length(m), "EST-B38"))
    if n >= 3:
        shortest = min(side, key=lambda s: (hand.length(s), -s))
        m = hand.length(shortest)
        if m <= 2:
            word = ("void", "singleton", "doubleton")[m]
            items.append(Item(f"{shortest.letter} {word}", _SHORT[min(n, 4)][m], "EST-B38"))
    return Breakdown(
        f"support tricks ({trump.name.lower()})", "EST-B38", sum((i.value for i in items), ZERO), tuple(items)
    )


# ---------------------------------------------------------------------------------------------------------
# defence (EST-B50, B35) and partnership NT values (EST-B12)


def sure_trump_tricks(hand: Hand, suit: Suit) -> Breakdown:
    """Sure tricks in the opponents' trump ``suit`` (EST-B50, B35): a solid-topped holding counts
    length − ranks above its top card (never below 0); any other holding its EST-B08 value."""
    b = _sbits(hand, suit)
    if is_solid(b):
        above = 14 - (b.bit_length() + 1)
        value = F(max(0, _pop(b) - above))
        items = (Item(f"{_holding(suit, b)} solid", value, "EST-B50"),) if value else ()
    else:
        v, name, _ = _CULBERTSON[b]
        items = (Item(f"{suit.letter} {name}", v, "EST-B08"),) if v else ()
    return Breakdown(f"sure trump tricks in {suit.name.lower()}", "EST-B50", sum((i.value for i in items), ZERO), items)


def defensive_tricks(hand: Hand, against: Strain) -> Breakdown:
    """Defensive valuation against a contract in ``against`` (EST-B50): sure trump tricks in their trump
    suit + honour tricks in the side suits; against no-trump, the honour tricks of the whole hand."""
    trump = against.suit
    if trump is None:
        ht = honour_tricks(hand)
        return Breakdown("defensive tricks (against NT)", "EST-B50", ht.value, ht.items)
    side = tuple(s for s in SUITS_HIGH_FIRST if s != trump)
    items = sure_trump_tricks(hand, trump).items + honour_tricks(hand, suits=side).items
    return Breakdown(
        f"defensive tricks (against {trump.name.lower()})", "EST-B50", sum((i.value for i in items), ZERO), items
    )


def partnership_nt_contract(combined_ht: Fraction) -> int:
    """EST-B12: the NT level a partnership can make from its combined honour tricks: 4–4½ → 1, 5 → 2,
    5½+ → 3 (game), 7+ → 6 (slam); fewer than 4 → 0 (no contract)."""
    if combined_ht >= 7:
        return 6
    if combined_ht >= F(11, 2):
        return 3
    if combined_ht >= 5:
        return 2
    if combined_ht >= 4:
        return 1
    return 0


_TAGS: Final = tuple(_tag(b) for b in range(1 << 13))


_CULBERTSON_Q: Final = tuple(int(v * 4) for v, _, _ in _CULBERTSON)
_CLUB_Q: Final = tuple(int(v * 4) for v, _, _ in _CLUB)
_TAG_CODE: Final = tuple({"Kx": 1, "Qx": 2, "Jx": 3}.get(t, 0) for t in _TAGS)


def total_honour_tricks(
    hand: Hand, table: HTTable = HTTable.CULBERTSON, suits: tuple[Suit, ...] = SUITS_HIGH_FIRST
) -> Fraction:
    """``honour_tricks(hand, table, suits).value`` without the itemised reasons (the robots' fast path,
    counted in integer quarters)."""
    bits = [hand.suit_bits(s) for s in suits]
    if table is HTTable.CLUB:
        return quarters(sum(_CLUB_Q[b] for b in bits))
    return quarters(honour_quarters(bits))


# ---------------------------------------------------------------------------------------------------------
# the robots' fast paths: the values of the counts above in integer quarters, from the 13-bit holdings of
# the four suits (``suits[s]`` for ``Suit`` s, clubs first); tests/test_evaluation.py checks each against
# its ``Breakdown`` over thousands of hands.

#: ``Fraction(q, 4)`` for the quarter counts a hand can reach, shared (a count is built thousands of times)
_QUARTERS: Final = tuple(F(q, 4) for q in range(256))


def culbertson_suit_quarters(bits: int) -> int:
    """EST-B08 value of one 13-bit holding in quarters."""
    return _CULBERTSON_Q[bits]


def club_suit_quarters(bits: int) -> int:
    """EST-B56 value of one 13-bit holding in quarters."""
    return _CLUB_Q[bits]


def is_biddable_bits(bits: int) -> bool:
    """EST-B13 for one 13-bit holding (``is_biddable`` without the hand)."""
    return _BIDDABLE[bits]


def quarters(q: int) -> Fraction:
    """``Fraction(q, 4)``, the shared value when ``0 <= q < 256``."""
    return _QUARTERS[q] if 0 <= q < 256 else F(q, 4)


def hand_quarters(suits: tuple[int, int, int, int]) -> tuple[tuple[int, int, int, int], int, int, int]:
    """A hand's four 13-bit holdings (clubs first) summarised in one call, what a bidding robot asks of every
    hand: each suit's EST-B08 honour tricks in quarters, the hand's (``honour_quarters``), its EST-B56 (Club
    table) total in quarters, and the mask of its biddable suits (EST-B13; clubs 1, diamonds 2, …)."""
    cl, di, he, sp = suits
    q = _CULBERTSON_Q
    c = _CLUB_Q
    b = _BIDDABLE
    return (
        (q[cl], q[di], q[he], q[sp]),
        honour_quarters(suits),
        c[cl] + c[di] + c[he] + c[sp],
        b[cl] | b[di] << 1 | b[he] << 2 | b[sp] << 3,
    )


def honour_quarters(suits: Iterable[int]) -> int:
    """EST-B08 honour tricks of the given holdings, with the cross-suit combinations, in quarters."""
    total = kx = qx = jx = 0
    for b in suits:
        total += _CULBERTSON_Q[b]
        code = _TAG_CODE[b]
        if code == 1:
            kx += 1
        elif code == 2:
            qx += 1
        elif code == 3:
            jx += 1
    return total + 2 * (min(kx, qx) + min(max(qx - kx, 0), jx))


def _solid_count(b: int) -> int:
    """A solid suit's length − the ranks missing above its top card (EST-B15, B50)."""
    return _pop(b) - (13 - b.bit_length())


def trump_quarters(suits: tuple[int, ...], trump: Suit) -> int:
    """``trump_tricks(hand, trump).value`` in quarters."""
    b = suits[trump]
    if is_solid(b):
        return 4 * _solid_count(b)
    n = _pop(b)
    return _CULBERTSON_Q[b] + (4 * (n - 3) if n >= 4 else 0)


def sure_trump_quarters(suits: tuple[int, ...], trump: Suit) -> int:
    """``sure_trump_tricks(hand, trump).value`` in quarters."""
    b = suits[trump]
    return 4 * max(0, _solid_count(b)) if is_solid(b) else _CULBERTSON_Q[b]


def playing_quarters(suits: tuple[int, ...], trump: Suit | None) -> int:
    """``playing_tricks(hand, trump).value`` in quarters."""
    side = [b for s, b in enumerate(suits) if s != trump]
    if trump is not None and is_solid(suits[trump]):
        q = 4 * _solid_count(suits[trump]) + honour_quarters(side)
    else:
        q = honour_quarters(suits)
        if trump is not None and (n := _pop(suits[trump])) >= 4:
            q += 4 * (n - 3)
    return q + sum(2 * (n - 3) for b in side if (n := _pop(b)) >= 4)


_SUPPORT_LENGTH_Q: Final = (0, 0, 0, 0, 2, 4, 8, *(4 * (n - 4) for n in range(7, 14)))
_SHORT_Q: Final = {3: (8, 4, 2), 4: (12, 8, 4)}


def support_quarters(suits: tuple[int, ...], trump: Suit) -> int:
    """``support_tricks(hand, trump).value`` in quarters."""
    b = suits[trump]
    n = _pop(b)
    q = _SUPPORT_LENGTH_Q[n] + 4 * bool(b & A) + 4 * bool(b & K) + 2 * bool(b & Q)
    side = [c for s, c in enumerate(suits) if s != trump]
    q += honour_quarters(side) + sum(2 * (m - 3) for c in side if (m := _pop(c)) >= 4)
    if n >= 3 and (short := min(_pop(c) for c in side)) <= 2:
        q += _SHORT_Q[min(n, 4)][short]
    return q
