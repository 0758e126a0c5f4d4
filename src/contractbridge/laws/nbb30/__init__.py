"""NBB30: the Nederlandsche Bridge-Bond's *Spelreglement voor Contract-Bridge* (rubber bridge, 1930s).

The complete book: the auction (``NBB30Auction``, R11–R17, R39–R43) and the play (``NBB30Play``, R18–R26,
R44–R61), reaching an irregular ``Table`` through the Edition hooks of ``NBB30`` (``tableplay``: leads
and plays out of turn, revokes, quitted tricks, claims); table formation, the draw, the deal and rotation
(R1–R10, R62–R65) are in ``contractbridge.rubbergame``, which reads this edition's ``formation`` and
``deal_rules``; scoring (R27–R37): the sheet's numbers in ``rubber``, read by ``contractbridge.scoring.rubber``.
The other historic
editions build on this one and override what their books say differently (laws-historic.md Appendix C).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, ClassVar

from contractbridge.cards import Card, Seat
from contractbridge.director.apply import apply_option
from contractbridge.errors import RulingError
from contractbridge.laws.base import Choice, DealRules, FormationRules
from contractbridge.laws.nbb30.auction import NBB30Auction
from contractbridge.laws.nbb30.play import NBB30Play
from contractbridge.laws.nbb30.record import Moment, PlayersAuction, Review
from contractbridge.laws.nbb30.revokes import correct_revoke, revoke_adjustment
from contractbridge.laws.nbb30.rubber import RUBBER as NBB30_RUBBER
from contractbridge.laws.nbb30.tableplay import (
    NO_PENALTY,
    TRANSFER,
    card_ruling,
    carried_out,
    directed_cards,
    dummy_waives,
    exposed_in_play,
    played_to_wrong_lead,
    reported_rulings,
)
from contractbridge.laws.nbb30.values import ClaimMoment, Revoke, Role, Verdict
from contractbridge.scoring.rubber import RubberRules
from contractbridge.scoring.rules import ALTERNATING_NOTRUMP
from contractbridge.values import Claim, Irregularity

if TYPE_CHECKING:
    from contractbridge.director import DirectedAuction, Effect
    from contractbridge.events import Event
    from contractbridge.laws.base import PlayTable

__all__ = [
    "NBB30",
    "ClaimMoment",
    "Moment",
    "PlayersAuction",
    "Review",
    "Revoke",
    "Role",
    "Verdict",
]


class NBB30(NBB30Auction, NBB30Play):
    """The NBB rubber-bridge laws (profile P_NBB30: NBB30 for every module, laws-historic.md §0)."""

    name = "NBB30"
    title = "Dutch rubber-bridge laws of the 1930s"
    scoring = ALTERNATING_NOTRUMP  # NBB R30: notrump odd tricks 30, 40, 30 …
    rubber: RubberRules | None = NBB30_RUBBER
    #: NL36 and NL75 have no rules of their own for the deal (laws-historic.md §0): NBB30's apply
    deal_rules: DealRules | None = DealRules("NBB R8(2)", "NBB R10", "NBB R38", True, True, True, True)
    #: NBB's six members, seven while no second table can form (R1(1), R62(4))
    formation: FormationRules | None = FormationRules(
        None, "NBB R1(1), R62(4)", "R1(1)", "NBB R3, R4, R6", "NBB R5, R62(4), R6", "R5"
    )
    #: the rules the table's messages cite: tricks and following suit (R20), claims (R26, R54; laws-historic.md
    #: §3.1 and "NBB R26 / EST-L40, L41"); a topic without a rule of its own here cites nothing
    CITATIONS: ClassVar[Mapping[str, str]] = {
        "card_turn": "NBB R20",
        "follow_suit": "NBB R20; a revoke, Def.XXVIII",
        "claim": "NBB R26",
        "claim_agreement": "NBB R26(3)",
        "claim_ruling": "NBB R54",
    }
    #: which book supplies each module (laws-historic.md §0: M1 formation … M8 proprieties)
    PROFILE: ClassVar[Mapping[str, str]] = {f"M{i}": "NBB30" for i in range(1, 9)}
    #: the play's rule, ahead of the base's (``Edition`` precedes ``NBB30Play`` in the MRO)
    revoke_transfer = NBB30Play.revoke_transfer

    def cited(self, topic: str) -> str:
        """The table's citation for ``topic`` (``CITATIONS``), else the play's own (``PLAY_LAWS``: e.g.
        ``revoke_penalty``, NBB R55(6), EST-L38, NL36 27.4, for the rubber sheet's revoke tricks)."""
        law = self.PLAY_LAWS.get(topic)
        return super().cited(topic) or (f" ({law})" if law else "")

    def borrowings(self) -> dict[str, str]:
        """Each rule topic this edition takes from another book, with that book (docs/architecture.md §3.4: the fill is
        reported). A rule is the book's own when the book states it, even if the code is shared (EST30
        words NBB30's penalties in its own rules); ``source_of`` names the class whose code applies."""
        prefix = {"NBB": "NBB30", "EST": "EST30", "NL36": "NL36", "NL75": "NL75"}
        out: dict[str, str] = {}
        for topic, law in {**self.LAWS, **self.PLAY_LAWS}.items():
            book = prefix.get(law.split(" ")[0].split("-")[0])
            if book is not None and book != self.name:
                out[topic] = book
        return out

    def legal_cards(self, table: PlayTable, seat: Seat, cards: frozenset[Card]) -> frozenset[Card]:
        """The base's restrictions; then what a ruling made ``seat`` play to this trick (``PlayDirective``: the
        card he played too early, partner's highest, lowest, a win … R47(1), R52; NL36 26.8, 28.5); then the
        cards a defender exposed and still holds (the record's ``exposed``: R43(a)(I), R43(b) with the deal
        standing, R44 after the auction; EST-L17, L33): ``playable_with_exposed`` — under NBB30/EST30 the card
        declarer called (``call_card``) must be played if it lawfully can be, for the defender's next card only
        (R44(1)–(3)); under NL36 a single penalty card is compulsory, subject to following suit (32.2).
        Declarer and dummy are never penalised for exposed cards (R44(4))."""
        cards = super().legal_cards(table, seat, cards)
        record, play = table.record, table.play_state
        if not isinstance(record, PlayersAuction) or play is None:
            return cards
        directed = directed_cards(play, seat, record.directives)
        if directed is not None:
            return cards & directed or cards
        if seat in (play.declarer, play.dummy):
            return cards
        hand = play.hand(seat)
        exposed = [c for s, c, _ in record.exposed if s == seat and c in hand]
        if not exposed:
            return cards
        trick = play.current_trick
        led = trick[0][1].suit if trick else None
        both = cards & self.playable_with_exposed(hand, led, exposed, _called(table, seat))
        return both or cards  # a lead restriction no exposed card meets comes first; the card stays

    def card_irregularity(self, table: PlayTable, irregularity: Irregularity) -> bool:
        """A lead or play out of turn: the edition's ruling pending, for the entitled player's ``choose`` (or
        anyone's ``attention`` if automatic); a revoke, or a card against a penalty, stands (``card_ruling``)."""
        return card_ruling(self, table, irregularity)

    def card_before_rectification(self, table: PlayTable, seat: Seat, card: Card) -> Choice | None:
        """The other side plays to a lead out of turn: it stands, declarer becoming dummy when he plays from his
        own hand to RHO's wrong opening lead (R45, R46(3); EST-L30, L32; NL36 26.6: ``played_to_wrong_lead``)."""
        return played_to_wrong_lead(table, seat, card)

    def dummy_attention(self, auction: DirectedAuction, dummy: Seat, dummy_looked: bool) -> None:
        """Dummy points out an opponent's irregularity (digest TV93): NBB R51(2), EST-L22 — declarer may not
        penalise it, so it is accepted; NL36 30.2(d) — allowed if dummy has not looked at a hand (the ruling
        stays declarer's), 30.1 — else as NBB."""
        verdict = self.dummy_draws_attention(dummy_looked)
        ruling = auction.pending
        assert ruling is not None
        auction.note(f"{dummy.name.capitalize()} (dummy) drew attention: {verdict.reason} ({verdict.law}).")
        if verdict.allowed:
            return
        free = next((o for o in ruling.options if o.id in NO_PENALTY), None)
        if free is None:
            raise RulingError(f"dummy may not draw attention to the {ruling.irregularity.replace('_', ' ')}")
        auction.resolve(verdict.law, free.id)
        apply_option(auction, free)

    def carry_out(self, table: PlayTable, choice: Choice, card: Irregularity | None) -> None:
        """What the remedy chosen leaves in the record: exposed cards, leads and directives (``carried_out``)."""
        carried_out(self, table, choice, card)

    def follow_up(self, auction: DirectedAuction, effect: Effect) -> None:
        """An incorrect hand's trick transfer (``tableplay.TRANSFER``, NL36 33.2): kept in the players' record for
        the score (``revokes.revoke_adjustment``)."""
        step, _, count = effect.data.partition(":")
        if step != TRANSFER or effect.seat is None or not isinstance(auction, PlayersAuction):
            super().follow_up(auction, effect)
            return
        auction.transfers.append((effect.seat.side, int(count), effect.law))

    def play_event(self, table: PlayTable, event: Event) -> Choice | bool:
        """After the opening lead: dummy's ``attention`` to an opponent's irregularity he may not raise
        (``dummy_waives``, R51(2)); ``attention`` with no ruling pending corrects a revoke not yet established
        (R55(1); EST-L35; NL36 27.1: ``revokes.correct_revoke``); ``expose`` is a card dropped or shown (R44;
        EST-L33; NL36 32.1), or led with partner's lead (R46(5): ``exposed_in_play``). The rest goes to the
        record."""
        from contractbridge.events import Attention, Expose

        if isinstance(event, Attention):
            looked = event.extra.get("dummy_looked") is True
            return dummy_waives(self, table, event.seat, looked) or correct_revoke(
                self, table, event.seat, dummy_looked=looked
            )
        if isinstance(event, Expose):
            exposed_in_play(self, table, event)
            return True
        return False

    def settle_play(self, table: PlayTable) -> None:
        """What the players reported in the play: a quitted trick looked at (R24, R53; EST-L28; NL36 28.3), a card
        dummy suggested (R50; EST-L22; NL36 30.3) — ``reported_rulings``."""
        reported_rulings(self, table)

    def adjust_tricks(self, table: PlayTable, tricks: int) -> tuple[int, tuple[str, ...]]:
        """The edition's revoke trick transfers (R55(6); EST-L38; NL36 27.4) for the established revokes."""
        return revoke_adjustment(self, table, tricks)

    def objection_cancels_claim(self, claim: Claim, seat: Seat, declarer: Seat) -> bool:
        """There is no director: a claim objected to is no claim, and play goes on (R54: the defenders may
        require declarer to play on; NL36 29.1, 29.2: a defender's concession void without his partner)."""
        return True


def _called(table: PlayTable, seat: Seat) -> Card | None:
    """The card declarer called from ``seat``'s exposed cards since ``seat`` last played (R44(3): a call binds
    the next card only; a card that could not be played may be called again later)."""
    for event in reversed(table.to_events()):
        if event["event"] == "play" and event.get("seat") == seat.letter:
            return None
        if event["event"] == "call_card":
            card = Card.parse(event["card"])
            if card in table.hand(seat):
                return card
    return None
