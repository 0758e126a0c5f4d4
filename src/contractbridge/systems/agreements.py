"""A partnership's agreements as the director reads them (L20F, L26B, L29C, L30C): for a call after a given
standing auction, whether it is artificial and which suits it specifies, as a ``CallMeaning`` — the same
description the bidding robots give of their own calls. A call not described is natural."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from contractbridge.calls import Bid, Call
from contractbridge.cards import Suit
from contractbridge.errors import ParseError
from contractbridge.systems.base import CallMeaning

__all__ = ["PartnershipAgreements", "natural_meaning"]


def natural_meaning(call: Call) -> CallMeaning:
    """A natural call: a suit bid specifies its suit; notrump, pass, X and XX specify none."""
    suit = call.strain.suit if isinstance(call, Bid) else None
    return CallMeaning(call, "natural", "", specified_suits=frozenset() if suit is None else frozenset({suit}))


def _key(calls: Iterable[Call]) -> str:
    return " ".join(str(c) for c in calls)


class PartnershipAgreements:
    """The described calls of both partnerships, keyed by the standing auction before the call plus the call
    itself (``"1NT P 2C"``). ``described`` says whether any description was given, so that rulings can say
    that calls were taken as natural."""

    def __init__(self, meanings: Mapping[str, CallMeaning] | None = None) -> None:
        self._meanings: dict[str, CallMeaning] = {}
        for key, meaning in (meanings or {}).items():
            calls = [Call.parse(tok, allow_above_seven=True) for tok in key.split()]
            if not calls:
                raise ParseError("an empty auction key in a description of agreements")
            self._meanings[_key(calls)] = meaning

    @property
    def described(self) -> bool:
        return bool(self._meanings)

    def meaning(self, before: Sequence[Call], call: Call) -> CallMeaning:
        return self._meanings.get(_key([*before, call])) or natural_meaning(call)

    def to_dict(self) -> dict[str, Any]:
        return {
            key: {"artificial": m.artificial, "suits": [s.letter for s in sorted(m.specified_suits)]}
            for key, m in self._meanings.items()
        }

    @classmethod
    def from_dict(cls, obj: Mapping[str, Any]) -> PartnershipAgreements:
        """``{"1C": {"artificial": true, "suits": []}, "1NT P 2C": {"artificial": true, "suits": ["H","S"]}}``."""
        meanings: dict[str, CallMeaning] = {}
        for key, value in obj.items():
            if not isinstance(value, Mapping) or not key.split():
                raise ParseError(f"description of {key!r}: expected an auction and an object")
            call = Call.parse(key.split()[-1], allow_above_seven=True)
            letters = value.get("suits", ())
            if not isinstance(letters, list | tuple) or not all(isinstance(s, str) for s in letters):
                raise ParseError(f"description of {key!r}: suits is a list of suit letters, not {letters!r}")
            suits = frozenset(Suit.parse(s) for s in letters)
            artificial = bool(value.get("artificial", False))
            meanings[key] = CallMeaning(call, "described", "", artificial=artificial, specified_suits=suits)
        return cls(meanings)
