"""WBF 2017 board-level irregularities decidable from the record: L13 (incorrect number of cards),
L14 (missing card), L15 (wrong board or hand). Facts come with the event; judgements are questions."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from contractbridge.cards import Seat
from contractbridge.director import Effect, EffectKind, Option, Question, Ruling, Status, seat_name
from contractbridge.errors import EventLogError
from contractbridge.laws.base import Edition

if TYPE_CHECKING:
    from contractbridge.director import DirectedAuction

__all__ = ["WBF17Board"]


def _fact(facts: Mapping[str, Any], name: str) -> bool:
    value = facts.get(name, False)
    if not isinstance(value, bool):
        raise EventLogError(f"board irregularity: {name!r} must be true or false, not {value!r}")
    return value


class WBF17Board(Edition):
    """L13–L15. ``kind`` is ``incorrect_count``, ``surplus_card``, ``missing_card``, ``wrong_hand`` or
    ``wrong_board``; the facts are booleans named in each rule below."""

    name = "WBF17"

    def board_irregularity(self, auction: DirectedAuction, kind: str, facts: Mapping[str, Any]) -> None:
        handlers: dict[str, Callable[[DirectedAuction, Mapping[str, Any]], None]] = {
            "incorrect_count": self._l13,
            "surplus_card": self._l13c,
            "missing_card": self._l14,
            "wrong_hand": self._l15a,
            "wrong_board": self._l15b,
        }
        handler = handlers.get(kind)
        if handler is None:
            raise EventLogError(f"unknown board irregularity {kind!r} (known: {', '.join(handlers)})")
        handler(auction, facts)

    @staticmethod
    def _outcome(kind: str, law: str, effect: str, review: tuple[str, ...] = (), answer: bool | None = None) -> Option:
        """The director's ruling: the REVIEW flags (``review``) and the ruling noted in the record."""
        effects = (
            *(Effect(EffectKind.REVIEW, law=r) for r in review),
            Effect(EffectKind.NOTE, data=f"{effect} (L{law})."),
        )
        return Option(kind, law, effect, effects, answer=answer)

    def _rule(self, da: DirectedAuction, irregularity: str, law: str, text: str, option: Option) -> None:
        da.rule(Ruling(irregularity, law, None, text, (option,)))

    def _l13(self, da: DirectedAuction, facts: Mapping[str, Any]) -> None:
        """L13: a hand with more than 13 cards (another correspondingly fewer)."""
        if _fact(facts, "after_play"):
            self._rule(
                da,
                "incorrect_count",
                "13D",
                "A hand held more than 13 cards, found after play",
                self._outcome(
                    "adjusted_score",
                    "13D",
                    "the result is cancelled and an adjusted score "
                    "is awarded (L86B may apply); a procedural penalty is possible",
                ),
            )
        elif _fact(facts, "called"):
            normal = self._outcome(
                "continue",
                "13B1",
                "the hands are corrected and the board is played with no "
                "change of calls; the director may adjust after play",
                ("13B1",),
                answer=True,
            )
            adjusted = self._outcome(
                "adjusted_score",
                "13B2",
                "an adjusted score is awarded (L12C1(b)); the offender may be penalised",
                answer=False,
            )
            da.rule(
                Ruling(
                    "incorrect_count",
                    "13B",
                    None,
                    "A player with an incorrect number of cards has called",
                    (normal, adjusted),
                    question=Question(
                        "playable", "13B1", "Can the board be played normally once the hands are corrected?"
                    ),
                )
            )
        elif _fact(facts, "seen"):
            self._rule(
                da,
                "incorrect_count",
                "13A2",
                "Incorrect number of cards; a player saw another's card",
                self._outcome(
                    "continue",
                    "13A2",
                    "the hands are corrected, the board is played and "
                    "the result recorded; the director adjusts if the information affected it",
                    ("13A2",),
                ),
            )
        else:
            self._rule(
                da,
                "incorrect_count",
                "13A1",
                "Incorrect number of cards found before any offender called",
                self._outcome("continue", "13A1", "the hands are corrected and the board is played normally"),
            )

    def _l13c(self, da: DirectedAuction, facts: Mapping[str, Any]) -> None:
        quitted = _fact(facts, "played_to_quitted_trick")
        effect = "the surplus card is removed; the auction and play continue with no further rectification" + (
            "; it was played to a quitted trick, so an adjusted score is possible"
            if quitted
            else "; no adjusted score may be given"
        )
        self._rule(
            da,
            "surplus_card",
            "13C",
            "A card not belonging to the deal",
            self._outcome("continue", "13C", effect, ("12A",) if quitted else ()),
        )

    def _l14(self, da: DirectedAuction, facts: Mapping[str, Any]) -> None:
        seat = Seat.parse(str(facts.get("seat", "N")))
        ui = f"knowing a card was restored is UI for {seat_name(seat.partner)} (L14C)"
        if not _fact(facts, "after_opening_lead"):
            how = "found and returned" if _fact(facts, "found") else "reconstructed with another pack"
            self._rule(
                da,
                "missing_card",
                "14A",
                f"A card missing from {seat_name(seat)}'s hand before the opening lead",
                self._outcome(
                    "restore",
                    "14A",
                    f"the card is {how} (deemed always in "
                    f"the hand); auction and play continue with no change of calls; {ui}",
                ),
            )
        elif _fact(facts, "among_played"):
            self._rule(
                da,
                "missing_card",
                "14B1",
                "A missing card found among the played cards",
                self._outcome("defective_trick", "14B1", "L67 (defective trick) applies"),
            )
        else:
            self._rule(
                da,
                "missing_card",
                "14B",
                f"A card missing from {seat_name(seat)}'s hand found after the opening lead",
                self._outcome(
                    "restore",
                    "14B2, 14B3, 14B4",
                    "the card is restored (deemed always in the hand); it may become "
                    "a penalty card, and failing to have played it to an earlier trick "
                    f"is a revoke (L61–L64); {ui}",
                    ("14B4",),
                ),
            )

    def _l15a(self, da: DirectedAuction, facts: Mapping[str, Any]) -> None:
        """L15A: a call made holding cards from a wrong board."""
        seat = Seat.parse(str(facts.get("seat", "")) or "?")
        if _fact(facts, "partner_called"):
            self._rule(
                da,
                "wrong_hand",
                "15A2(a)",
                f"{seat_name(seat)} called with cards from a wrong board and "
                f"{seat_name(seat.partner)} has called since",
                self._outcome("adjusted_score", "15A1, 15A2(a)", "the director awards an adjusted score"),
            )
            return
        first = next((i for i, e in enumerate(da.entries) if e.seat == seat and e.status is Status.STANDING), None)

        redo = (
            *(() if first is None else (Effect(EffectKind.CANCEL_FROM, index=first, law="15A1", ui_for=seat.side),)),
            Effect(
                EffectKind.NOTE,
                data=f"{seat_name(seat)}'s call and every later call are cancelled; he calls again with his own "
                "hand (L15A1, L15A2(b), L16C).",
            ),
            Effect(EffectKind.REVIEW, law="15A3"),
        )

        da.rule(
            Ruling(
                "wrong_hand",
                "15A",
                seat,
                f"{seat_name(seat)} called holding cards from a wrong board",
                (
                    Option(
                        "recall",
                        "15A1, 15A2(b)",
                        f"{seat_name(seat)}'s call and all later calls are "
                        "cancelled; he calls again after looking at his own hand; L16C applies",
                        redo,
                    ),
                ),
            )
        )

    def _l15b(self, da: DirectedAuction, facts: Mapping[str, Any]) -> None:
        """L15B (pairs and individual events): a board not meant for these contestants this round."""
        if _fact(facts, "played_before"):
            self._rule(
                da,
                "wrong_board",
                "15B1",
                "A board not meant for this round, already played by a player here",
                self._outcome(
                    "cancel_score",
                    "15B1, 15B3",
                    "the score is cancelled for both contestants; "
                    "a contestant deprived of a valid score gets an artificial adjusted score (L12C2)",
                ),
            )
        else:
            self._rule(
                da,
                "wrong_board",
                "15B2",
                "A board not meant for this round, new to all four players",
                self._outcome(
                    "result_stands",
                    "15B2",
                    "the auction and play are completed and the result "
                    "stands; the director may have the correct board played later",
                ),
            )
