"""A partnership's agreements as the director reads them (L20F, L26B, L29C, L30C, L40): for a call after a given
standing auction, whether it is artificial, which suits it specifies and how it is explained, as a ``CallMeaning``
— the same description the bidding robots give of their own calls. A call not written on the card is read by
the system the card names as its base when the project implements it (``"system": "club"``: its artificial 1C is
artificial, L40A1(b)); a call neither describes is natural.

Each pair has its own system card (L40A1(b): each pair makes its agreements available to the opponents), keyed by
the auction from the dealer up to and including the pair's call (``"1NT P 2C"``: Stayman for the pair that opened
1NT); the event's ``AlertPolicy`` says which described calls are alerted (L40B1(c), L40B2(a)(iii)). The older flat
description (keys without a pair) describes the calls of both partnerships of one board and still reads.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, Final

from contractbridge.calls import PASS, Bid, Call
from contractbridge.cards import Seat, Side, Suit
from contractbridge.errors import ParseError
from contractbridge.systems import implemented_system
from contractbridge.systems.base import CallMeaning, System

__all__ = ["AlertPolicy", "PartnershipAgreements", "natural_meaning"]

#: the reserved keys of a description: each pair's card and the event's alert policy (not auctions)
_PAIRS: Final = {"NS": Side.NS, "EW": Side.EW}
_POLICY: Final = "alert_policy"
#: the reserved key of a pair's card: the system it names as its base (not an auction)
_SYSTEM: Final = "system"


def natural_meaning(call: Call) -> CallMeaning:
    """A natural call: a suit bid specifies its suit; notrump, pass, X and XX specify none."""
    suit = call.strain.suit if isinstance(call, Bid) else None
    return CallMeaning(call, "natural", "", specified_suits=frozenset() if suit is None else frozenset({suit}))


def _key(calls: Iterable[Call]) -> str:
    return " ".join(str(c) for c in calls)


def _calls(key: str) -> list[Call]:
    try:
        calls = [Call.parse(tok, allow_above_seven=True) for tok in key.split()]
    except ValueError as err:
        raise ParseError(f"description of {key!r}: not an auction ({err})") from None
    if not calls:
        raise ParseError("an empty auction key in a description of agreements")
    return calls


@dataclass(frozen=True, slots=True)
class AlertPolicy:
    """The event's regulation of disclosure (L40B2(a)(iii), L21B1(a)), as data: which calls are alertable.

    ``artificial``: every call with an artificial meaning is alerted (L40B1(c): unless the RA decides otherwise,
    each is a special partnership understanding). A pair's card may mark a call alertable or not explicitly (a
    natural call with an unusual meaning, L40B1(b)). ``above``: no call above this bid is alerted (e.g. ``3NT``),
    whatever it means. ``self_alert``: online play, where a player alerts and explains his own call to the
    opponents only (his partner never sees it); otherwise the partner of the caller alerts and answers (L20F1,
    the NBB bidding-box appendix) and all four hear. ``disallowed``: the special partnership understandings the
    event's regulations do not allow (L40B2(a), L40B4), by the name a pair's card gives the agreement
    (``"agreement": "Multi 2D"``)."""

    artificial: bool = True
    above: Bid | None = None
    self_alert: bool = False
    disallowed: frozenset[str] = frozenset()

    def alertable(self, meaning: CallMeaning, marked: bool | None = None) -> bool:
        """Whether a call of ``meaning`` is to be alerted under this policy (``marked``: the card's own say)."""
        call = meaning.call
        if self.above is not None and isinstance(call, Bid) and call.supersedes(self.above):
            return False
        if marked is not None:
            return marked
        return self.artificial and meaning.artificial

    @property
    def is_default(self) -> bool:
        return self == AlertPolicy()

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "artificial": self.artificial,
            "above": None if self.above is None else str(self.above),
            "self_alert": self.self_alert,
        }
        if self.disallowed:
            out["disallowed"] = sorted(self.disallowed)
        return out

    @classmethod
    def from_dict(cls, obj: object) -> AlertPolicy:
        """``{"artificial": true, "above": "3NT", "self_alert": false, "disallowed": ["Multi 2D"]}``; every key
        optional."""
        if not isinstance(obj, Mapping):
            raise ParseError(f"{_POLICY}: expected an object, not {obj!r}")
        unknown = set(obj) - {"artificial", "above", "self_alert", "disallowed"}
        if unknown:
            raise ParseError(f"{_POLICY}: unknown keys {', '.join(sorted(map(str, unknown)))}")
        flags = {"artificial": obj.get("artificial", True), "self_alert": obj.get("self_alert", False)}
        if not all(isinstance(v, bool) for v in flags.values()):
            raise ParseError(f"{_POLICY}: artificial and self_alert are true or false, not {obj!r}")
        above = obj.get("above")
        if above is not None:
            bid = Call.parse(above) if isinstance(above, str) else None
            if not isinstance(bid, Bid):
                raise ParseError(f"{_POLICY}: above is a bid such as '3NT', not {above!r}")
            above = bid
        names = obj.get("disallowed", ())
        if not isinstance(names, list | tuple) or not all(isinstance(n, str) and n for n in names):
            raise ParseError(f"{_POLICY}: disallowed is a list of agreement names, not {names!r}")
        return cls(flags["artificial"], above, flags["self_alert"], frozenset(names))


#: the fields of a described call (a card's entry)
_FIELDS: Final = frozenset({"artificial", "suits", "text", "alert", "agreement"})


def _meaning(key: str, value: object) -> tuple[CallMeaning, bool | None]:
    """One described call: its meaning and the card's own alert mark (None: the policy decides). A field of the
    wrong type, or one the card does not know (a misspelt ``artifical`` would otherwise be read as natural), is a
    ``ParseError`` naming the call and the field."""
    if not isinstance(value, Mapping):
        raise ParseError(f"description of {key!r}: expected an auction and an object")
    call = _calls(key)[-1]
    unknown = set(value) - _FIELDS
    if unknown:
        raise ParseError(
            f"description of {key!r}: unknown fields {', '.join(sorted(map(repr, unknown)))} (the fields are "
            f"{', '.join(sorted(_FIELDS))})"
        )
    letters = value.get("suits", ())
    if not isinstance(letters, list | tuple) or not all(isinstance(s, str) for s in letters):
        raise ParseError(f"description of {key!r}: suits is a list of suit letters, not {letters!r}")
    for name, kind, allowed in (
        ("text", "a string", (str,)),
        ("agreement", "the agreement's name, a string", (str,)),
        ("artificial", "true or false", (bool,)),
        ("alert", "true, false or absent", (bool, type(None))),
    ):
        if not isinstance(value.get(name), allowed) and name in value:
            raise ParseError(f"description of {key!r}: {name} is {kind}, not {value[name]!r}")
    try:
        suits = frozenset(Suit.parse(s) for s in letters)
    except ParseError as err:
        raise ParseError(f"description of {key!r}: suits: {err}") from None
    text, alert, agreement = value.get("text", ""), value.get("alert"), value.get("agreement", "")
    artificial = value.get("artificial", False)
    text = text or _unwritten(artificial, alert, suits, agreement)
    return CallMeaning(call, text, agreement, artificial=artificial, specified_suits=suits), alert


def _unwritten(artificial: bool, alert: bool | None, suits: frozenset[Suit], agreement: str) -> str:
    """The explanation of a card's entry without a ``text``: what the card does give (its marks, the suits it
    specifies, the agreement's name), not a word that would hide that nothing is written (L20F1 explains the
    agreement as it stands, L40B)."""
    given = [
        *(["artificial"] if artificial else []),
        *([] if alert is None else ["alertable" if alert else "not alertable"]),
        *([f"specifies {' and '.join(s.name.lower() for s in sorted(suits, reverse=True))}"] if suits else []),
        *([f"agreement {agreement}"] if agreement else []),
    ]
    return "on the card, no description" + (f": {', '.join(given)}" if given else "")


def _entry(meaning: CallMeaning, alert: bool | None) -> dict[str, Any]:
    suits = [s.letter for s in sorted(meaning.specified_suits)]
    out: dict[str, Any] = {"artificial": meaning.artificial, "suits": suits}
    if meaning.text != _unwritten(meaning.artificial, alert, meaning.specified_suits, meaning.rule):
        out["text"] = meaning.text
    if alert is not None:
        out["alert"] = alert
    if meaning.rule:
        out["agreement"] = meaning.rule
    return out


Card = Mapping[str, tuple[CallMeaning, bool | None]]


def _system_name(side: Side, name: object) -> str:
    """The name of the system ``side``'s card names, stripped (``ParseError`` if it is not a name)."""
    if not (isinstance(name, str) and name.strip()):
        raise ParseError(f"{side}'s system card: {_SYSTEM} is the name of a system, not {name!r}")
    return name.strip()


class PartnershipAgreements:
    """Each pair's system card (``cards``: by side, the described calls keyed by the auction up to and including
    the call, each with its alert mark; ``systems``: by side, the system the card names as its base, by which the
    calls it does not describe are explained, e.g. ``"club"``), the flat description of both partnerships
    (``meanings``) and the event's ``policy``. A value: ``with_call``, ``without_call``, ``with_system`` and
    ``with_policy`` return an edited copy. ``described`` says whether any call was described, so that rulings can
    say that calls were taken as natural."""

    __slots__ = ("_cards", "_meanings", "_systems", "policy")

    def __init__(
        self,
        meanings: Mapping[str, CallMeaning] | None = None,
        *,
        cards: Mapping[Side, Card] | None = None,
        policy: AlertPolicy | None = None,
        systems: Mapping[Side, str] | None = None,
    ) -> None:
        self._meanings: dict[str, CallMeaning] = {}
        for key, meaning in (meanings or {}).items():
            self._meanings[_key(_calls(key))] = meaning
        self._cards: dict[Side, dict[str, tuple[CallMeaning, bool | None]]] = {
            side: {_key(_calls(k)): v for k, v in card.items()} for side, card in (cards or {}).items() if card
        }
        self._systems: dict[Side, str] = {side: _system_name(side, name) for side, name in (systems or {}).items()}
        self.policy = policy or AlertPolicy()

    @property
    def described(self) -> bool:
        """Whether any call is written on a card (a card naming only its system describes none; the rulings read
        the calls it does not describe by that system, ``meaning``, and say how, ``reading_notes``)."""
        return bool(self._meanings or self._cards)

    def system_name(self, side: Side) -> str | None:
        """The system ``side``'s card names as its base (L40A1(b): ``"system": "club"``), None if it names none."""
        return self._systems.get(side)

    def named_system(self, side: Side) -> System | None:
        """The system ``side``'s card names if the project implements it, else None (none named, or unknown)."""
        return implemented_system(self.system_name(side))

    def unimplemented(self) -> dict[Side, str]:
        """The systems the cards name that the project does not implement, by side: their calls not written on
        the card are taken as natural, and the director judges what they mean (L40A1(b), L21B1(b))."""
        return {side: name for side, name in sorted(self._systems.items()) if implemented_system(name) is None}

    def reading_notes(self) -> list[str]:
        """What a ruling says of how it read the calls' meanings: natural where nothing describes them, and which
        named systems it could not read (L40A1(b))."""
        notes = [
            f"{side}'s card names the {name} system, which is not implemented: its calls not on the card are "
            "taken as natural; the director judges their agreed meaning (L40A1(b))."
            for side, name in self.unimplemented().items()
        ]
        unread = [] if self.described else [side for side in Side if self.named_system(side) is None]
        if len(unread) == len(Side):
            notes.insert(0, "No system description: calls are taken as natural.")
        elif unread:
            notes.insert(0, f"No system description for {unread[0]}: its calls are taken as natural.")
        return notes

    def card(self, side: Side) -> dict[str, tuple[CallMeaning, bool | None]]:
        """``side``'s system card: auction key → (meaning, alert mark)."""
        return dict(self._cards.get(side, {}))

    def _lookup(self, before: Sequence[Call], call: Call, seat: Seat | None) -> tuple[CallMeaning | None, bool | None]:
        key = _key([*before, call])
        if seat is not None and (found := self._cards.get(seat.side, {}).get(key)) is not None:
            return found
        return self._meanings.get(key), None

    def described_call(self, before: Sequence[Call], call: Call, seat: Seat | None = None) -> CallMeaning | None:
        """``call`` after ``before`` (made by ``seat``: his pair's card first) as described, None if it is not."""
        return self._lookup(before, call, seat)[0]

    def system_meaning(
        self, before: Sequence[Call], call: Call, seat: Seat | None = None, *, dealer: Seat | None = None
    ) -> CallMeaning | None:
        """``call`` after ``before`` by ``seat`` as the implemented system his pair's card names explains it (the
        opponents' calls read by the system their card names, else by the same), None if the card names none the
        project implements or the system does not cover the call ("undiscussed"). With the ``dealer``, a call out
        of rotation is read as if the players it skipped had passed (L29C, L30C: is it artificial?); without, as
        made in turn. Read not vulnerable: the systems' artificial calls, which the rulings ask about, do not
        depend on vulnerability."""
        named = None if seat is None else self.named_system(seat.side)
        if seat is None or named is None:
            return None
        if dealer is not None:
            skipped = (seat - dealer.offset(len(before))) % 4
            before = [*before, *[PASS] * skipped]
            trailing = next((i for i, c in enumerate(reversed(before)) if c != PASS), len(before))
            if skipped and trailing >= (4 if trailing == len(before) else 3):
                return None  # those passes would have ended the auction: no system reads the call (the director does)
        opponents = self.named_system(seat.side.opponents)
        found = named.meaning(before, call, seat.offset(-len(before)), opponents=opponents)
        return None if found.undiscussed else found

    def meaning(
        self, before: Sequence[Call], call: Call, seat: Seat | None = None, *, dealer: Seat | None = None
    ) -> CallMeaning:
        """The agreed meaning of ``call`` after ``before`` (made by ``seat``): his pair's card, then the system it
        names (``system_meaning``; ``dealer`` places a call out of rotation), else natural (L40A1(b))."""
        found = self.described_call(before, call, seat) or self.system_meaning(before, call, seat, dealer=dealer)
        return found or natural_meaning(call)

    def disallowed(self, before: Sequence[Call], call: Call, seat: Seat | None = None) -> str | None:
        """The name of the agreement ``call`` was made under when the event's regulations do not allow it (L40B4),
        else None."""
        name = self.meaning(before, call, seat).rule
        return name if name and name in self.policy.disallowed else None

    def alertable(self, before: Sequence[Call], call: Call, seat: Seat | None = None) -> bool:
        """Whether ``call`` after ``before`` by ``seat`` is to be alerted under the event's policy (L40B2(a)(iii))."""
        meaning, marked = self._lookup(before, call, seat)
        return self.policy.alertable(meaning or self.meaning(before, call, seat), marked)

    # ---- editing (the system card is a value: each edit returns a new one) ------------------------
    def _with_cards(self, side: Side, card: Card) -> PartnershipAgreements:
        cards: dict[Side, Card] = {**self._cards, side: card}
        return PartnershipAgreements(self._meanings, cards=cards, policy=self.policy, systems=self._systems)

    def with_call(
        self,
        side: Side,
        auction: str,
        text: str = "",
        *,
        artificial: bool = False,
        suits: Iterable[Suit | str] = (),
        alert: bool | None = None,
        agreement: str = "",
    ) -> PartnershipAgreements:
        """These agreements with ``side``'s card describing the last call of ``auction`` (``"1NT P 2C"``), made
        under the agreement named ``agreement`` (what the event's ``AlertPolicy.disallowed`` lists, L40B4)."""
        value = {"artificial": artificial, "suits": [Suit.parse(s).letter if isinstance(s, str) else s.letter
                                                      for s in suits], "text": text, "alert": alert,
                 "agreement": agreement}  # fmt: skip
        key = _key(_calls(auction))
        return self._with_cards(side, {**self._cards.get(side, {}), key: _meaning(key, value)})

    def without_call(self, side: Side, auction: str) -> PartnershipAgreements:
        """These agreements with ``auction``'s last call no longer on ``side``'s card (``ParseError`` if absent)."""
        key, card = _key(_calls(auction)), dict(self._cards.get(side, {}))
        if card.pop(key, None) is None:
            raise ParseError(f"{side}'s card does not describe {key!r}")
        return self._with_cards(side, card)

    def with_policy(self, policy: AlertPolicy) -> PartnershipAgreements:
        return PartnershipAgreements(self._meanings, cards=self._cards, policy=replace(policy), systems=self._systems)

    def with_system(self, side: Side, name: str | None) -> PartnershipAgreements:
        """These agreements with ``side``'s card naming ``name`` as its base system (None: none)."""
        systems = {s: n for s, n in self._systems.items() if s is not side}
        if name is not None:
            systems[side] = name
        return PartnershipAgreements(self._meanings, cards=self._cards, policy=self.policy, systems=systems)

    # ---- serialisation (the board event's ``system``) ---------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            key: {"artificial": m.artificial, "suits": [s.letter for s in sorted(m.specified_suits)]}
            for key, m in self._meanings.items()
        }
        for name, side in _PAIRS.items():
            card: dict[str, Any] = {key: _entry(*value) for key, value in self._cards.get(side, {}).items()}
            if side in self._systems:
                card = {_SYSTEM: self._systems[side], **card}
            if card:
                out[name] = card
        if not self.policy.is_default:
            out[_POLICY] = self.policy.to_dict()
        return out

    @classmethod
    def from_dict(cls, obj: Mapping[str, Any]) -> PartnershipAgreements:
        """``{"1C": {"artificial": true, "suits": []}, "NS": {"1NT P 2C": {"artificial": true, "suits": ["H", "S"],
        "text": "Stayman", "alert": true}}, "EW": {"system": "club", …}, "alert_policy": {"above": "3NT"}}``."""
        meanings: dict[str, CallMeaning] = {}
        cards: dict[Side, Card] = {}
        systems: dict[Side, str] = {}
        policy = None
        for key, value in obj.items():
            if key == _POLICY:
                policy = AlertPolicy.from_dict(value)
            elif key in _PAIRS:
                if not isinstance(value, Mapping):
                    raise ParseError(f"{key}'s system card: expected an object of auctions, not {value!r}")
                if _SYSTEM in value:
                    systems[_PAIRS[key]] = value[_SYSTEM]  # checked by the constructor
                cards[_PAIRS[key]] = {k: _meaning(k, v) for k, v in value.items() if k != _SYSTEM}
            else:
                if not isinstance(key, str) or not key.split():
                    raise ParseError(f"description of {key!r}: expected an auction and an object")
                meanings[key] = _meaning(key, value)[0]
        return cls(meanings, cards=cards, policy=policy, systems=systems)
