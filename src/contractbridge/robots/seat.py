"""The default robot seat: the bidding robot's calls and the card-play robot's cards in one ``Player``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from contractbridge.auction import Auction
from contractbridge.calls import Call
from contractbridge.cards import Card
from contractbridge.deal import Vulnerability
from contractbridge.robots.bidder import BiddingRobot
from contractbridge.robots.cardplay import CardPlayRobot, Effort
from contractbridge.robots.outcomes import Form
from contractbridge.systems import CallMeaning, System, SystemOptions

if TYPE_CHECKING:
    from contractbridge.systems.agreements import PartnershipAgreements
    from contractbridge.table import TableView

__all__ = ["RobotPlayer", "default_robot"]


class RobotPlayer:
    """A ``Player`` (``contractbridge.players``) that bids with ``bidder`` and plays with ``cards``; it only
    ever receives its seat's ``TableView`` (docs/architecture.md §3.6)."""

    def __init__(self, bidder: BiddingRobot, cards: CardPlayRobot) -> None:
        self.bidder = bidder
        self.cards = cards

    def call(self, view: TableView) -> Call:
        return self.bidder.call(view)

    @property
    def last_meaning(self) -> CallMeaning | None:
        """The meaning of the robot's last call (for alerts and explanations, L20F)."""
        return self.bidder.last_meaning

    def play(self, view: TableView) -> Card:
        return self.cards.play(view)

    def hint(self, view: TableView) -> str:
        """What the robot would do here and why: the call and its meaning, or the card and the samples."""
        if view.legal_calls:
            call = self.bidder.call(view)
            meaning = self.bidder.last_meaning
            return str(call) if meaning is None else meaning.describe()
        return self.cards.hint(view)

    def claim(self, view: TableView) -> tuple[int, str] | None:
        return self.cards.claim(view)

    def accepts_claim(self, view: TableView) -> bool:
        return self.cards.accepts_claim(view)

    def explain(
        self,
        auction: Auction,
        index: int,
        vulnerability: Vulnerability = Vulnerability.NONE,
        agreements: PartnershipAgreements | None = None,
    ) -> CallMeaning:
        """Call ``index`` as its pair agreed it (``BiddingRobot.explain``; L20F1)."""
        return self.bidder.explain(auction, index, vulnerability, agreements)

    def __repr__(self) -> str:
        return f"RobotPlayer({self.bidder!r}, {self.cards!r})"


def default_robot(
    system: str | System = "culbertson",
    *,
    seed: int | None = None,
    opponents: str | System | None = None,
    options: SystemOptions | None = None,
    form: str | Form = Form.RUBBER,
    effort: Effort | None = None,
    partscores: tuple[int, int] = (0, 0),
) -> RobotPlayer:
    """The default robot seat: bids by ``system`` (EST30: Culbertson or Club) and plays by double-dummy
    sampling for ``form`` of scoring at ``effort`` (None: ``Effort.from_environment()``, normally ``normal``);
    ``seed`` makes it reproducible."""
    bidder = BiddingRobot(system, options, partscores, opponents)
    cards = CardPlayRobot(system, opponents, options, form, effort, seed, partscores)
    return RobotPlayer(bidder, cards)
