"""The auction record of the rubber-bridge codes, where the players administer the penalties themselves.

``PlayersAuction`` is the director's ``DirectedAuction`` with the actions the 1930s books know and the 2017
code does not: a player *draws attention* to an irregularity (which is what sets an automatic penalty in
motion, NBB R39(2), R40(1)), a double that *names* a bid (NBB R13(4), R42(e); NL75 Art.19), a call changed
after *misinformation* (NL75 Art.21), and the *review* of the auction (§2.5 of laws-historic.md), which is
a question with an answer, not an event. A ruling whose ``chooser`` is ``None`` is an automatic penalty:
no director exists in these books, and it applies as soon as an entitled player draws attention.

Events (docs/architecture.md §5) on top of the director's, typed in ``contractbridge.events``: ``{"event": "attention",
"seat": "S"}`` (``Attention``), a call event with ``"names": "3D"`` (``Call.names``), ``{"event":
"misinformation", "seat": "W", "call": "1S"}`` (``Misinformation``), and in the play ``call_card``,
``quitted_trick`` (``QuittedTrick``) and ``dummy_suggests`` (``DummySuggests``). ``Edition.new_record`` of these
editions returns a ``PlayersAuction``, so an irregular ``Table`` keeps this record and routes these events to it.
After a demanded new deal the board is over (``is_over``, no ``turn``): the same dealer deals again.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING, Any, ClassVar, cast

from contractbridge import events
from contractbridge.calls import Bid, Call
from contractbridge.cards import Card, Seat, Side
from contractbridge.director import DirectedAuction, seat_name
from contractbridge.errors import ParseError, RulingError
from contractbridge.laws.nbb30.values import PlayDirective
from contractbridge.systems.agreements import PartnershipAgreements

if TYPE_CHECKING:
    from contractbridge.laws.nbb30.auction import NBB30Auction
    from contractbridge.laws.nbb30.play import NBB30Play

__all__ = ["Moment", "PlayersAuction", "Review", "new_deal_law"]


class Moment(Enum):
    """When a player asks for the auction to be reviewed (laws-historic.md §2.5)."""

    AUCTION = "auction"
    """During the auction."""
    CLOSED = "closed"
    """After the final pass, before the opening lead."""
    PLAY = "play"
    """After the opening lead."""


@dataclass(frozen=True, slots=True)
class Review:
    """The answer to a lawful request for a review: the calls (or only the contract), and the law."""

    seat: Seat
    law: str
    calls: tuple[tuple[Seat, Call], ...]
    contract_only: str | None = None

    def to_dict(self) -> dict[str, Any]:
        if self.contract_only is not None:
            return {"seat": self.seat.letter, "law": self.law, "contract": self.contract_only}
        return {"seat": self.seat.letter, "law": self.law, "calls": [f"{s.letter} {c}" for s, c in self.calls]}


def new_deal_law(auction: DirectedAuction) -> str | None:
    """The law under which a player demanded a new deal (the board is over; the same dealer deals again),
    read from the settled rulings; ``None`` if nobody did."""
    for r in auction.rulings:
        if r.get("option") == "new_deal":
            return str(r["law"])
    return None


class PlayersAuction(DirectedAuction):
    """An auction under NBB30, EST30, NL36 or NL75 (``edition``), penalties administered by the players."""

    EVENTS: ClassVar[frozenset[str]] = DirectedAuction.EVENTS | {
        "attention",
        "misinformation",
        "call_card",
        "quitted_trick",
        "dummy_suggests",
        "dummy_names_hand",
        "dummy_left",
        "revoke_question",
    }

    def __init__(
        self, dealer: Seat = Seat.NORTH, edition: str | Any = "NBB30", system: PartnershipAgreements | None = None
    ) -> None:
        super().__init__(dealer, edition, system)
        if not self.edition.penalties_by_players:
            raise RulingError(f"{self.edition.name} is not a rubber-bridge code: use DirectedAuction")
        #: what a play-period ruling made a seat play to a trick (``laws.nbb30.tableplay``)
        self.directives: list[PlayDirective] = []
        #: what players reported in the play, for the edition to rule on at the table (``NBB30.settle_play``):
        #: (kind, seat, detail) — a quitted trick looked at (the reason, if any), a card dummy suggested; and
        #: how many of them were ruled on
        self.reports: list[tuple[str, Seat, str | None]] = []
        self.reports_ruled = 0
        #: premium points a ruling scored (side, points, law), for the rubber sheet (NL36 28.3)
        self.premiums: list[tuple[Side, int, str]] = []
        #: tricks a ruling transfers at the end of the play (the side that gives them, how many, law: NL36 33.2)
        self.transfers: list[tuple[Side, int, str]] = []
        #: the hand of declarer's side a ruling made lead a trick (trick, hand, law: NBB R51(1), NL36 30.4)
        self.lead_hands: list[tuple[int, Seat, str]] = []

    @property
    def rules(self) -> NBB30Auction:
        """The edition as the rubber-bridge codes' auction laws (``__init__`` checked that it is one)."""
        return cast("NBB30Auction", self.edition)

    @property
    def new_deal(self) -> str | None:
        """The law under which a new deal was demanded, if one was (the board is then over)."""
        return new_deal_law(self)

    @property
    def is_over(self) -> bool:
        """The auction is over when the calls end it, or when a player demanded a new deal."""
        return self.new_deal is not None or super().is_over

    @property
    def turn(self) -> Seat | None:
        return None if self.new_deal is not None else super().turn

    # ---- the players' actions -------------------------------------------------------------------
    def attention(self, seat: Seat | str, *, dummy_looked: bool = False) -> None:
        """``seat`` draws attention to the pending irregularity: an automatic penalty then applies. Dummy's
        attention in the play may cost declarer the penalty (``dummy_looked``: he had looked at a hand, NL36 30.1;
        the event's ``"dummy_looked": true``)."""
        who = Seat.parse(seat) if isinstance(seat, str) else Seat(seat)
        self._transaction(lambda: self.rules.attention(self, who, dummy_looked=dummy_looked))

    def named_call(self, seat: Seat | str, call: Call | str, names: Call | str) -> None:
        """A double or redouble by ``seat`` that names the bid it doubles (``names``)."""
        who = Seat.parse(seat) if isinstance(seat, str) else Seat(seat)
        c = Call.parse(call) if isinstance(call, str) else call
        named = Call.parse(names, allow_above_seven=True) if isinstance(names, str) else names
        if not isinstance(named, Bid):
            raise ParseError(f"a double names a bid, not {named}")
        self._transaction(lambda: self.rules.named_call(self, who, c, named))

    def misinformed(self, seat: Seat | str, call: Call | str) -> None:
        """``seat`` changes his last call because an opponent misinformed him (NL75 Art.21)."""
        who = Seat.parse(seat) if isinstance(seat, str) else Seat(seat)
        c = Call.parse(call) if isinstance(call, str) else call
        self._transaction(lambda: self.rules.misinformation_change(self, who, c))

    def call_card(self, seat: Seat, card: Card) -> None:
        """Declarer ``seat`` calls a defender's exposed ``card`` (NBB R44(1), EST-L33; NL36 32.2: designates one
        of several penalty cards). Which play it binds is the table's business (``NBB30.legal_cards``)."""
        from contractbridge.laws.nbb30.play import NBB30Play

        law = self.rules.cite("exposed") if isinstance(self.rules, NBB30Play) else self.rules.law("exposed_play")
        if self.declarer is None or seat != self.declarer:
            raise RulingError(f"{card}: only declarer calls an exposed card ({law})")
        if not any(c == card and self.is_defender(s) for s, c, _ in self.exposed):
            raise RulingError(f"{card} is not a defender's exposed card ({law})")
        self._transaction(lambda: self.note(f"Declarer calls {card} ({law})."))

    def look_at_quitted(self, seat: Seat, reason: str | None = None) -> None:
        """``seat`` turns a quitted trick during the play, for ``reason`` (one of R24(a)–(d): ``dispute``,
        ``wrong_count``, ``replace_card``, ``fear_of_revoke``) or none. The edition rules on it at the table
        (``NBB30.settle_play``: R53, EST-L28, NL36 28.3)."""
        rules = self._play_rules(seat, "looks at a quitted trick")
        assert self.declarer is not None
        rules.quitted_trick_looked(seat, self.declarer, reason)  # an unknown reason is a RulingError
        self._transaction(lambda: self.reports.append(("quitted_trick", seat, reason)))

    def dummy_suggests(self, seat: Seat, card: Card) -> None:
        """Dummy ``seat`` suggests playing ``card`` (touching it or otherwise, NBB R50, EST-L22, NL36 30.3);
        dummy's LHO rules on it at the table (``NBB30.settle_play``)."""
        law = self._play_rules(seat, "suggests a card").cite("dummy_suggests")
        if seat != self.dummy:
            raise RulingError(f"{seat_name(seat)} is not dummy: only dummy's suggestion is an offence of {law}")
        self._transaction(lambda: self.reports.append(("dummy_suggests", seat, str(card))))

    def _play_rules(self, seat: Seat, what: str) -> NBB30Play:
        from contractbridge.laws.nbb30.play import NBB30Play

        rules = self.rules
        if self.declarer is None or not isinstance(rules, NBB30Play):
            raise RulingError(f"{seat_name(seat)} {what}: there is no play yet")
        return rules

    def ask_review(
        self, seat: Seat | str, moment: Moment, *, first_turn_to_play: bool = False, who_doubled: bool = False
    ) -> Review:
        """``seat`` asks for the auction to be repeated at ``moment``: the answer, or a ``RulingError``
        saying why he may not ask (laws-historic.md §2.5). ``who_doubled``: he asks who doubled."""
        who = Seat.parse(seat) if isinstance(seat, str) else Seat(seat)
        return self.rules.review(self, who, moment, first_turn_to_play=first_turn_to_play, who_doubled=who_doubled)

    # ---- event log ------------------------------------------------------------------------------
    def apply(self, event: Mapping[str, Any]) -> None:
        match events.parse(event):
            case events.Attention(seat=seat, extra=extra):
                self.attention(seat, dummy_looked=extra.get("dummy_looked") is True)
            case events.Call(call=call, seat=Seat() as seat, names=Call() as named):
                self.named_call(seat, call, named)
            case events.Misinformation(seat=seat, call=call):
                self.misinformed(seat, call)
            case events.CallCard(seat=seat, card=card):
                self.call_card(seat, card)
            case events.QuittedTrick(seat=seat, reason=reason):
                self.look_at_quitted(seat, reason)
            case events.DummySuggests(seat=seat, card=card):
                self.dummy_suggests(seat, card)
            case events.DummyNamesHand() | events.DummyLeft() | events.RevokeQuestion():
                raise RulingError(f"{event['event']}: an event of the play, after the opening lead (NBB R51, R55)")
            case _:
                super().apply(event)

    @classmethod
    def from_events(
        cls,
        log: Iterable[Mapping[str, Any]],
        dealer: Seat = Seat.NORTH,
        edition: str | None = "NBB30",
        system: PartnershipAgreements | None = None,
    ) -> DirectedAuction:
        """Replay ``log`` under a rubber-bridge code (NBB30 unless ``edition`` says otherwise)."""
        return super().from_events(log, dealer, edition, system)

    def to_dict(self) -> dict[str, Any]:
        out = super().to_dict()
        if self.directives:
            out["directives"] = [d.to_dict() for d in self.directives]
        if self.reports:
            out["reports"] = [{"kind": k, "seat": s.letter, "detail": d} for k, s, d in self.reports]
        if self.premiums:
            out["premiums"] = [{"side": str(s), "points": p, "law": law} for s, p, law in self.premiums]
        if self.transfers:
            out["transfers"] = [{"from": str(s), "tricks": n, "law": law} for s, n, law in self.transfers]
        if self.lead_hands:
            out["lead_hands"] = [{"trick": t, "seat": s.letter, "law": law} for t, s, law in self.lead_hands]
        law = self.new_deal
        if law is not None:
            out["phase"] = "new_deal"
            out["new_deal"] = {"law": law, "dealer": self.dealer.letter}
        return out
