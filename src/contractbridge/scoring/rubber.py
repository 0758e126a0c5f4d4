"""Rubber bridge score sheets: one implementation over each edition's numbers and citations.

The per-edition numbers are data (``RubberRules``), which the edition carries (``Edition.rubber``: NBB30's
in ``laws.nbb30.rubber``, EST30's in ``laws.est30``); ``rubber_rules(name)`` finds them through
``contractbridge.rulebooks``. The books score identically; they differ in the words of their rules, which the
citations carry.

``Rubber`` is the score sheet: it records hands (contract, declarer, tricks, honours) and derives everything else
— trick score below the line, premiums above it, games, vulnerability, the rubber bonus — by replaying the hands,
so a correction (within the R37 windows) is always consistent.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from enum import Enum
from typing import Any, Final

from contractbridge import rulebooks
from contractbridge.cards import Rank, Seat, Side, Strain, Suit
from contractbridge.contract import Contract, Doubling
from contractbridge.deal import Deal
from contractbridge.errors import EditionError, ParseError, ScoreCorrectionError, ScoringError
from contractbridge.scoring.duplicate import PlayedResult
from contractbridge.scoring.rules import TrickValues

__all__ = [
    "CorrectionKind",
    "CorrectionWindow",
    "Entry",
    "HandRecord",
    "Honours",
    "HonoursKind",
    "Item",
    "Rubber",
    "RubberResult",
    "RubberRules",
    "honours_in",
    "rubber_rules",
]


class Item(Enum):
    """What a line of the score sheet is for (NBB R27)."""

    TRICKS = "trick score"
    OVERTRICKS = "overtricks"
    UNDERTRICKS = "undertricks"
    HONOURS = "honours"
    SLAM = "slam"
    RUBBER = "rubber bonus"
    UNFINISHED = "unfinished rubber"
    PENALTY = "penalty premium"

    @property
    def below(self) -> bool:
        """Only the trick score for odd tricks bid and made goes below the line (NBB R27(2))."""
        return self is Item.TRICKS


class HonoursKind(Enum):
    """Honours held in one hand (NBB R33, Def.XXIX; EST-S08)."""

    FOUR_TRUMPS = "4"
    FIVE_TRUMPS = "5"
    FOUR_ACES = "A"

    @property
    def at_notrump(self) -> bool:
        return self is HonoursKind.FOUR_ACES


@dataclass(frozen=True, slots=True)
class Honours:
    """A side's honours claim: four or five trump honours in one hand, or the four aces in one hand at NT.
    Either side may hold them, declarer's or the defenders', dummy's hand included (NBB R33)."""

    side: Side
    kind: HonoursKind

    @classmethod
    def parse(cls, text: str, strain: Strain) -> Honours:
        """``NS 100``, ``EW 150`` (the points, read for ``strain``), or ``NS4`` / ``EW5`` / ``NSA``."""
        key = text.strip().upper().replace(" ", "")
        side_text, rest = key[:2], key[2:]
        try:
            side = Side.parse(side_text)
        except ParseError:
            raise ParseError(f"not an honours claim: {text!r} (write the side and the points, e.g. NS 100)") from None
        kinds = {"4": HonoursKind.FOUR_TRUMPS, "5": HonoursKind.FIVE_TRUMPS, "A": HonoursKind.FOUR_ACES}
        if rest in kinds:
            kind = kinds[rest]
        elif rest == "100" and strain is not Strain.NOTRUMP:
            kind = HonoursKind.FOUR_TRUMPS
        elif rest == "150":
            kind = HonoursKind.FOUR_ACES if strain is Strain.NOTRUMP else HonoursKind.FIVE_TRUMPS
        else:
            raise ParseError(f"not an honours claim at {strain.letter}: {text!r} (100 or 150 in a suit, 150 at NT)")
        return cls(side, kind)

    def __str__(self) -> str:
        return f"{self.side}{self.kind.value}"


def honours_in(deal: Deal, strain: Strain) -> Honours | None:
    """The honours a deal holds for ``strain`` (NBB R33): four or five of A K Q J 10 of trumps in one hand, or
    the four aces in one hand at NT; any hand counts, dummy's too. ``None`` if nothing scores."""
    suit = strain.suit
    for seat in Seat:
        hand = deal[seat]
        if suit is None:
            if all(Rank.ACE in hand.ranks(s) for s in Suit):
                return Honours(seat.side, HonoursKind.FOUR_ACES)
            continue
        held = sum(r >= Rank.TEN for r in hand.ranks(suit))
        if held == 5:
            return Honours(seat.side, HonoursKind.FIVE_TRUMPS)
        if held == 4:
            return Honours(seat.side, HonoursKind.FOUR_TRUMPS)
    return None


@dataclass(frozen=True, slots=True)
class Entry:
    """One line of the sheet: ``points`` to ``side`` for ``item`` (``law`` cites the rule), from hand ``hand``
    (0-based; ``None`` for the end-of-rubber lines of an unfinished rubber). ``game`` numbers the game a trick
    score belongs to."""

    side: Side
    item: Item
    points: int
    law: str
    hand: int | None = None
    game: int | None = None

    @property
    def below(self) -> bool:
        return self.item.below


@dataclass(frozen=True, slots=True)
class RubberRules:
    """The numbers of one edition's rubber scoring, as data. Trick values are per odd trick, undoubled; doubled
    ×2, redoubled ×4 (NBB R30). ``undertricks[(vulnerable, doubling)] = (first, rise)``: the k-th undertrick is
    worth first + rise·(k−1) (NBB R32). Slam amounts are totals (the grand slam includes the small slam)."""

    edition: str
    title: str
    tricks: TrickValues
    """Odd-trick values and the game (NBB R28, R30: notrump 30 for the 1st, 3rd … odd trick, 40 for the 2nd …)."""
    multiplier: Mapping[Doubling, int]
    doubled_overtrick: Mapping[bool, int]
    """Each overtrick of a doubled contract, by vulnerability; twice that redoubled (NBB R31)."""
    undertricks: Mapping[tuple[bool, Doubling], tuple[int, int]]
    honours: Mapping[HonoursKind, int]
    small_slam: Mapping[bool, int]
    grand_slam: Mapping[bool, int]
    two_game_rubber: int
    three_game_rubber: int
    unfinished_per_game: int
    laws: Mapping[str, str]
    """Citation per topic: game, vulnerability, tricks, overtricks, undertricks, honours, slam, rubber,
    unfinished, result, correction-tricks, correction-premium, correction-addition."""
    trick_correction_until: str
    """The words of the book for the end of the trick-score correction window."""

    # -- pure scoring functions over the data ------------------------------------------------------

    @property
    def game(self) -> int:
        """The trick score below the line that makes a game (NBB R28)."""
        return self.tricks.game

    def trick_value(self, strain: Strain, odd_trick: int) -> int:
        """Undoubled value of the ``odd_trick``-th odd trick (1-based): ♣♦ 20, ♥♠ 30, NT 30 / 40 alternating."""
        return self.tricks.trick_value(strain, odd_trick)

    def trick_score(self, contract: Contract) -> int:
        """Points below the line for the odd tricks bid and made (NBB R30)."""
        base = sum(self.trick_value(contract.strain, k) for k in range(1, contract.level + 1))
        return base * self.multiplier[contract.doubling]

    def overtrick_score(self, contract: Contract, overtricks: int, vulnerable: bool) -> int:
        """Undoubled: each overtrick at the value it would have had if bid (at NT, by its position); doubled
        100 / 200 each; redoubled twice that (NBB R31, EST-S06)."""
        if contract.doubling is Doubling.NONE:
            return sum(
                self.trick_value(contract.strain, k) for k in range(contract.level + 1, contract.level + 1 + overtricks)
            )
        redoubled = 2 if contract.doubling is Doubling.REDOUBLED else 1
        return overtricks * self.doubled_overtrick[vulnerable] * redoubled

    def undertrick_value(self, k: int, doubling: Doubling, vulnerable: bool) -> int:
        """The value of the ``k``-th undertrick alone (EST-T2, EST-S07)."""
        first, rise = self.undertricks[(vulnerable, doubling)]
        return first + rise * (k - 1)

    def undertrick_score(self, down: int, doubling: Doubling, vulnerable: bool) -> int:
        """Total for ``down`` undertricks, scored by the defenders (NBB R32, NBB Tab, EST-T1)."""
        return sum(self.undertrick_value(k, doubling, vulnerable) for k in range(1, down + 1))

    def slam_bonus(self, contract: Contract, tricks: int, vulnerable: bool) -> int:
        """A slam bid and made (NBB R34): never doubled; a failed grand slam earns no small slam."""
        if contract.level == 7 and tricks == 13:
            return self.grand_slam[vulnerable]
        if contract.level == 6 and tricks >= 12:
            return self.small_slam[vulnerable]
        return 0

    def rubber_bonus(self, loser_games: int) -> int:
        """700 for a two-game rubber, 500 for a three-game one (NBB R35(a))."""
        return self.two_game_rubber if loser_games == 0 else self.three_game_rubber

    def score_hand(
        self, contract: Contract, declarer: Seat, tricks: int, vulnerable: bool, honours: Honours | None = None
    ) -> list[Entry]:
        """The sheet lines of one hand, given whether declarer's side is vulnerable (NBB R29)."""
        _check_hand(contract, declarer, tricks, honours, self.laws["honours"])
        side, need = declarer.side, contract.tricks_needed
        lines: list[Entry] = []
        if tricks >= need:
            lines.append(Entry(side, Item.TRICKS, self.trick_score(contract), self.laws["tricks"]))
            if tricks > need:
                points = self.overtrick_score(contract, tricks - need, vulnerable)
                lines.append(Entry(side, Item.OVERTRICKS, points, self.laws["overtricks"]))
            slam = self.slam_bonus(contract, tricks, vulnerable)
            if slam:
                lines.append(Entry(side, Item.SLAM, slam, self.laws["slam"]))
        else:
            points = self.undertrick_score(need - tricks, contract.doubling, vulnerable)
            lines.append(Entry(side.opponents, Item.UNDERTRICKS, points, self.laws["undertricks"]))
        if honours is not None:
            lines.append(Entry(honours.side, Item.HONOURS, self.honours[honours.kind], self.laws["honours"]))
        return lines


def _check_hand(
    contract: Contract | None, declarer: Seat | None, tricks: int | None, honours: Honours | None, law: str = ""
) -> None:
    """The hand's record is one the sheet can score; ``law`` is the edition's rule for honours (none: a record
    checked without its sheet)."""
    if contract is None:
        if declarer is not None or tricks is not None or honours is not None:
            raise ScoringError("a passed-out hand has no declarer, tricks or honours")
        return
    if not isinstance(contract, Contract):
        raise ScoringError(f"not a contract: {contract!r}")
    if not isinstance(declarer, Seat):
        raise ScoringError(f"the declarer must be a seat (N, E, S, W), not {declarer!r}")
    if isinstance(tricks, bool) or not isinstance(tricks, int) or not 0 <= tricks <= 13:
        raise ScoringError(f"tricks must be a whole number from 0 to 13, not {tricks!r}")
    if honours is not None:
        if not isinstance(honours, Honours):
            raise ScoringError(f"not an honours claim: {honours!r}")
        if honours.kind.at_notrump != (contract.strain is Strain.NOTRUMP):
            where = (
                "at no-trump only the four aces"
                if contract.strain is Strain.NOTRUMP
                else "in a suit contract only 4 or 5 trump honours"
            )
            cited = f" ({law})" if law else ""
            raise ScoringError(f"honours {honours} do not score in {contract}: {where} count{cited}")


def rubber_rules(edition: str) -> RubberRules:
    """The rubber scoring data of an edition, as the edition carries it (``Edition.rubber``)."""
    try:
        rules = rulebooks.find(edition).rubber
    except EditionError:
        rules = None
    if rules is None:
        known = ", ".join(rulebooks.rubber_editions())
        raise ScoringError(f"no rubber scoring for edition {edition!r} (known: {known})") from None
    return rules


# ---------------------------------------------------------------------------------------------- the sheet


@dataclass(frozen=True, slots=True)
class HandRecord:
    """What the sheet records for one hand; ``contract=None`` is a passed-out hand (nothing scores)."""

    contract: Contract | None
    declarer: Seat | None = None
    tricks: int | None = None
    honours: Honours | None = None
    #: premium points a law awards in this hand, (side, points, law): e.g. NL36 28.3's 50 for a looked-at trick
    premiums: tuple[tuple[Side, int, str], ...] = ()

    def __post_init__(self) -> None:
        _check_hand(self.contract, self.declarer, self.tricks, self.honours)
        if any(not isinstance(s, Side) or isinstance(p, bool) or not isinstance(p, int) or p <= 0
               for s, p, _ in self.premiums):  # fmt: skip
            raise ScoringError(f"a premium is a side and a positive number of points, not {self.premiums!r}")

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "contract": None if self.contract is None else str(self.contract),
            "declarer": None if self.declarer is None else self.declarer.letter,
            "tricks": self.tricks,
            "honours": None if self.honours is None else str(self.honours),
        }
        if self.premiums:
            out["premiums"] = [{"side": str(s), "points": p, "law": law} for s, p, law in self.premiums]
        return out

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> HandRecord:
        if data.get("contract") is None:
            return cls(None)
        contract = Contract.parse(str(data["contract"]))
        honours = data.get("honours")
        premiums = tuple((Side.parse(str(p["side"])), p["points"], str(p["law"])) for p in data.get("premiums", ()))
        return cls(
            contract,
            Seat.parse(str(data.get("declarer"))),
            data.get("tricks"),
            None if honours is None else Honours.parse(str(honours), contract.strain),
            premiums,
        )


@dataclass(frozen=True, slots=True)
class RubberResult:
    """Totals per side and the difference (NBB R36). A rubber ended by agreement stays undecided (NBB R64):
    ``decided`` is False, but the points count."""

    totals: tuple[int, int]
    """Indexed by ``Side``: (NS, EW)."""
    winner: Side | None
    points: int
    decided: bool


class CorrectionKind(Enum):
    """What kind of scoring error a correction repairs (NBB R37)."""

    TRICK_SCORE = "trick score"
    PREMIUM_SCORE = "premium score"
    ADDITION = "addition"


@dataclass(frozen=True, slots=True)
class CorrectionWindow:
    allowed: bool
    reason: str


@dataclass(slots=True)
class _State:
    entries: list[Entry] = field(default_factory=list)
    games: list[int] = field(default_factory=lambda: [0, 0])
    below: list[int] = field(default_factory=lambda: [0, 0])
    game_number: int = 0
    finished_at: int | None = None


class Rubber:
    """A rubber score sheet. ``Rubber("NBB30")``; ``record(Contract.parse("4S"), Seat.NORTH, 10)``;
    ``result()``; ``str(sheet)`` for the We/They sheet (``rows()`` is its layout, ``commands.rubber_sheet``
    draws it with Rich); ``to_dict``/``from_dict``.

    ``we`` is the side written in the left-hand column. Every method that raises leaves the sheet unchanged."""

    def __init__(self, edition: str = rulebooks.DEFAULT_RUBBER_EDITION, we: Side = Side.NS) -> None:
        self.rules = rubber_rules(edition)
        self.we = Side(we)
        self._hands: list[HandRecord] = []
        self._ended_by_agreement = False
        self._next_dealt = False
        self._agreed = False
        self._state = _State()

    # -- derived state -----------------------------------------------------------------------------

    @staticmethod
    def _replay(rules: RubberRules, hands: list[HandRecord], ended_by_agreement: bool) -> _State:
        st = _State()
        for index, hand in enumerate(hands):
            if st.finished_at is not None:
                raise ScoringError(f"hand {index + 1} comes after the end of the rubber")
            if hand.contract is None:
                continue
            assert hand.declarer is not None and hand.tricks is not None
            side = hand.declarer.side
            vulnerable = st.games[side] > 0
            for line in rules.score_hand(hand.contract, hand.declarer, hand.tricks, vulnerable, hand.honours):
                game = st.game_number if line.below else None
                st.entries.append(dataclasses.replace(line, hand=index, game=game))
                if line.below:
                    st.below[line.side] += line.points
            st.entries.extend(Entry(s, Item.PENALTY, p, law, index) for s, p, law in hand.premiums)
            if st.below[side] >= rules.game:
                st.games[side] += 1
                st.game_number += 1
                st.below = [0, 0]
                if st.games[side] == 2:
                    bonus = rules.rubber_bonus(st.games[side.opponents])
                    st.entries.append(Entry(side, Item.RUBBER, bonus, rules.laws["rubber"], index))
                    st.finished_at = index
        if ended_by_agreement and st.finished_at is None:
            for s in Side:
                if st.games[s]:
                    points = rules.unfinished_per_game * st.games[s]
                    st.entries.append(Entry(s, Item.UNFINISHED, points, rules.laws["unfinished"]))
        return st

    @property
    def hands(self) -> tuple[HandRecord, ...]:
        return tuple(self._hands)

    @property
    def entries(self) -> tuple[Entry, ...]:
        return tuple(self._state.entries)

    def games(self, side: Side) -> int:
        """Games won by ``side`` (NBB R28)."""
        return self._state.games[side]

    def vulnerable(self, side: Side) -> bool:
        """A side that has won a game is vulnerable for the rest of the rubber (NBB R29)."""
        return self._state.games[side] > 0

    def below_line(self, side: Side) -> int:
        """``side``'s trick score in the current game; nothing carries over from a finished game (NBB R28(2))."""
        return self._state.below[side]

    @property
    def is_finished(self) -> bool:
        """A side has won two games, or the players ended the rubber by agreement (NBB R35)."""
        return self._state.finished_at is not None or self._ended_by_agreement

    def total(self, side: Side) -> int:
        return sum(e.points for e in self._state.entries if e.side is side)

    def result(self) -> RubberResult:
        """Trick and premium scores added per side; the larger total wins by the difference (NBB R36)."""
        ns, ew = self.total(Side.NS), self.total(Side.EW)
        winner = None if ns == ew else Side.NS if ns > ew else Side.EW
        return RubberResult((ns, ew), winner, abs(ns - ew), self._state.finished_at is not None)

    # -- recording ----------------------------------------------------------------------------------

    def _commit(self, hands: list[HandRecord], ended: bool) -> None:
        state = self._replay(self.rules, hands, ended)
        self._hands, self._ended_by_agreement, self._state = hands, ended, state

    def record(
        self,
        contract: Contract | None,
        declarer: Seat | None = None,
        tricks: int | None = None,
        honours: Honours | None = None,
        premiums: tuple[tuple[Side, int, str], ...] = (),
    ) -> list[Entry]:
        """Score one hand and return its lines. ``contract=None`` records a passed-out hand; ``premiums``
        are penalty premiums a law awards in the hand (NL36 28.3)."""
        if self.is_finished:
            raise ScoringError("the rubber is over; start a new sheet")
        _check_hand(contract, declarer, tricks, honours, self.rules.laws["honours"])
        hand = HandRecord(contract, declarer, tricks, honours, premiums)
        self._commit([*self._hands, hand], False)
        self._next_dealt = False
        index = len(self._hands) - 1
        return [e for e in self._state.entries if e.hand == index]

    def record_result(self, result: PlayedResult, honours: Honours | None = None) -> list[Entry]:
        """Record a table's result (``Table.result``), with the honours claimed."""
        return self.record(result.contract, result.declarer, result.tricks, honours)

    def record_deal(
        self, contract: Contract | None, declarer: Seat | None, tricks: int | None, deal: Deal
    ) -> list[Entry]:
        """Like ``record``, with the honours read from the deal (``honours_in``)."""
        honours = None if contract is None else honours_in(deal, contract.strain)
        return self.record(contract, declarer, tricks, honours)

    def end_by_agreement(self) -> list[Entry]:
        """End the rubber before a side has two games: 300 per game won (NBB R35(b), EST-S10, EST-T2)."""
        if self.is_finished:
            raise ScoringError("the rubber is already over")
        self._commit(list(self._hands), True)
        return [e for e in self._state.entries if e.item is Item.UNFINISHED]

    def next_deal_completed(self) -> None:
        """The deal for the next hand is complete: the last hand's trick score can no longer be corrected
        (NBB R37(a); EST-S12 "before the cards are dealt")."""
        self._next_dealt = True

    def agree(self) -> RubberResult:
        """The rubber score is made up and agreed: premium corrections close (NBB R37(a)/(b))."""
        if not self.is_finished:
            raise ScoringError("the rubber is not over; it cannot be agreed yet")
        self._agreed = True
        return self.result()

    # -- corrections (NBB R37; EST-S12) ---------------------------------------------------------------

    def correction_window(self, kind: CorrectionKind, hand: int) -> CorrectionWindow:
        """Whether an error of ``kind`` in hand ``hand`` (0-based) may still be corrected, and why (NBB R37)."""
        if not 0 <= hand < len(self._hands):
            raise ScoringError(f"there is no hand {hand + 1} on this sheet ({len(self._hands)} recorded)")
        laws = self.rules.laws
        if kind is CorrectionKind.ADDITION:
            return CorrectionWindow(
                True, f"an addition or subtraction error is corrected whenever found ({laws['correction-addition']})"
            )
        if self._agreed:
            return CorrectionWindow(False, f"the rubber score has been made up and agreed ({laws[_LAW_KEY[kind]]})")
        if kind is CorrectionKind.PREMIUM_SCORE:
            return CorrectionWindow(
                True, f"premium errors may be corrected until the rubber score is agreed ({laws['correction-premium']})"
            )
        last = hand == len(self._hands) - 1
        if last and self._state.finished_at == hand:
            return CorrectionWindow(
                True, f"the last hand of the rubber: until the rubber score is agreed ({laws['correction-tricks']})"
            )
        if last and not self._next_dealt and not self.is_finished:
            return CorrectionWindow(True, f"until {self.rules.trick_correction_until} ({laws['correction-tricks']})")
        until, law = self.rules.trick_correction_until, laws["correction-tricks"]
        return CorrectionWindow(False, f"trick-score errors may be corrected only until {until} ({law})")

    def correct(
        self,
        hand: int,
        contract: Contract | None,
        declarer: Seat | None = None,
        tricks: int | None = None,
        honours: Honours | None = None,
    ) -> list[Entry]:
        """Replace the record of hand ``hand`` (0-based) if NBB R37 still allows every change it makes to the
        sheet: changes below the line need the trick-score window, changes above it the premium window.
        Raises ``ScoreCorrectionError`` with the reason otherwise; the sheet is then unchanged."""
        if not 0 <= hand < len(self._hands):
            raise ScoringError(f"there is no hand {hand + 1} on this sheet ({len(self._hands)} recorded)")
        _check_hand(contract, declarer, tricks, honours, self.rules.laws["honours"])
        new = HandRecord(contract, declarer, tricks, honours, self._hands[hand].premiums)
        hands = [*self._hands[:hand], new, *self._hands[hand + 1 :]]
        try:
            state = self._replay(self.rules, hands, self._ended_by_agreement)
        except ScoringError:  # the corrected hand would end the rubber before the hands recorded after it
            window = self.correction_window(CorrectionKind.TRICK_SCORE, hand)
            raise ScoreCorrectionError(f"hand {hand + 1}: trick score cannot be corrected: {window.reason}") from None

        def lines(st: _State, below: bool) -> list[tuple[Side, Item, int]]:
            return sorted((e.side, e.item, e.points) for e in st.entries if e.below == below and e.hand == hand)

        changed_below = lines(state, True) != lines(self._state, True) or state.games != self._state.games
        changed_above = [e for e in state.entries if not e.below] != [e for e in self._state.entries if not e.below]
        for kind, changed in (
            (CorrectionKind.TRICK_SCORE, changed_below),
            (CorrectionKind.PREMIUM_SCORE, changed_above),
        ):
            window = self.correction_window(kind, hand)
            if changed and not window.allowed:
                raise ScoreCorrectionError(f"hand {hand + 1}: {kind.value} cannot be corrected: {window.reason}")
        self._hands, self._state = hands, state
        return [e for e in state.entries if e.hand == hand]

    # -- persistence ------------------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        return {
            "edition": self.rules.edition,
            "we": self.we.name,
            "hands": [h.to_dict() for h in self._hands],
            "ended_by_agreement": self._ended_by_agreement,
            "next_deal_completed": self._next_dealt,
            "agreed": self._agreed,
        }

    def dumps(self) -> str:
        return json.dumps(self.to_dict(), indent=2)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Rubber:
        """Rebuild a sheet; a bad hand raises ``ParseError`` naming it. Anything but a sheet ``to_dict`` wrote (its
        ``edition`` and ``hands``; its flags true or false) is refused: a sheet saved after each hand
        must never be another file taken for an empty sheet and written over."""
        if not isinstance(data, Mapping):
            raise ParseError("a rubber sheet must be a JSON object")
        missing = [key for key in ("edition", "hands") if key not in data]
        if missing:
            raise ParseError(f"not a rubber sheet: no {', '.join(map(repr, missing))}")
        for flag in ("ended_by_agreement", "next_deal_completed", "agreed"):
            if not isinstance(data.get(flag, False), bool):
                raise ParseError(f"rubber sheet: {flag!r} is true or false, not {data[flag]!r}")
        sheet = cls(str(data["edition"]), Side.parse(str(data.get("we", "NS"))))
        hands: list[HandRecord] = []
        if not isinstance(data["hands"], list):
            raise ParseError("the hands of a rubber sheet are a JSON list")
        for i, raw in enumerate(data["hands"]):
            try:
                hands.append(HandRecord.from_dict(raw))
            except (ScoringError, ParseError, TypeError, AttributeError) as exc:
                raise ParseError(f"hand {i + 1} of the rubber sheet: {exc}") from None
        try:
            sheet._commit(hands, data.get("ended_by_agreement", False))
        except ScoringError as exc:
            raise ParseError(f"rubber sheet: {exc}") from None
        sheet._next_dealt = data.get("next_deal_completed", False)
        sheet._agreed = data.get("agreed", False)
        return sheet

    @classmethod
    def loads(cls, text: str) -> Rubber:
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise ParseError(f"not a rubber sheet (JSON): {exc}") from None
        return cls.from_dict(data)

    # -- rendering --------------------------------------------------------------------------------------

    def rows(self) -> Iterator[tuple[str, str, str]]:
        """(kind, we, they) rows top to bottom: kind is "above", "line", "below", "game-line" or "total"."""
        sides = (self.we, self.we.opponents)

        def columns(kind: str, cols: list[list[Entry]], top_down: bool) -> Iterator[tuple[str, str, str]]:
            height = max(len(c) for c in cols)
            order = range(height) if top_down else range(height - 1, -1, -1)
            for i in order:
                we, they = (str(c[i].points) if i < len(c) else "" for c in cols)
                yield kind, we, they

        entries = self._state.entries
        # the earliest premium sits just above the line
        yield from columns("above", [[e for e in entries if not e.below and e.side is s] for s in sides], False)
        yield ("line", "", "")
        for game in range(self._state.game_number + 1):
            below = [[e for e in entries if e.below and e.game == game and e.side is s] for s in sides]
            yield from columns("below", below, True)
            if game < self._state.game_number:
                yield ("game-line", "", "")
        yield ("total", *(str(self.total(s)) for s in sides))  # type: ignore[misc]

    def __str__(self) -> str:
        width = 10
        out = [f"{'We (' + self.we.name + ')':>{width}} | {'They (' + self.we.opponents.name + ')':<{width}}"]
        rules = {"line": "=", "game-line": "-"}
        for kind, we, they in self.rows():
            if kind in rules:
                ch = rules[kind]
                out.append(ch * width + f"{ch}+{ch}" + ch * width)
            elif kind == "total":
                out.append(f"{we:>{width}} | {they:<{width}}  (total)")
            else:
                out.append(f"{we:>{width}} | {they:<{width}}")
        return "\n".join(out)


_LAW_KEY: Final = {
    CorrectionKind.TRICK_SCORE: "correction-tricks",
    CorrectionKind.PREMIUM_SCORE: "correction-premium",
    CorrectionKind.ADDITION: "correction-addition",
}
