"""The ``Edition`` interface: every rule that differs between rule books is a method or a table here
(docs/architecture.md §3.4).

An edition overrides what its rule book says; a partial edition subclasses the edition it fills its gaps
from, and ``source_of`` reports which edition really supplies a rule. The base class knows no rectification:
each auction-irregularity method raises ``EditionNotSupportedError`` naming the edition and the matter, never
a silent fallback. What it does supply is the *correct procedure* every book shares (a lawful call in turn,
dummy faced after the opening lead, a claim agreed by the opponents who play) and the machinery that
enforces the effects a ruling left in the record (lead restrictions), so that a table can be played under
any known edition and an edition only ADDS rules.

How a ``Table`` uses its edition (one object per table, resolved at construction by ``laws.edition``):

- auction period, irregular tables only: every call, change, exposure, choice and judgement goes to the
  table's record (``new_record``), which asks the auction methods below (``call``, ``change_of_call``,
  ``exposed_cards``, ``unnoticed_call``, ``board_irregularity``, ``settle``, ``describe_watch``, and
  ``follow_up`` for an option's edition-specific next step).

The play-period hooks receive the table as a ``PlayTable``: what a law reads of the board at the table (the
record, the play state, the board, the pending irregularity, the claim), never the ``Table`` itself. A law writes
only the edition's own record (rulings, penalty cards, restrictions); what it asks of the table (a card to stand
or go back, cards taken back, a card played, a claim ruled) it returns as data, a ``Choice``, whose option's
``effects`` the table applies by one function (``Table``), then hands the rest to ``carry_out``:

- ``legal_cards(table, seat, cards)`` after L44, at an irregular table, each time legal cards are asked for or
  a card is played: the restrictions rectification puts on a seat's cards (a strict table has none);
- ``card_irregularity(table, irregularity)`` when an irregular table records an unlawful card (then
  ``ruled_at_once(table)``), and ``card_before_rectification(table, seat, card)`` for a card played while it
  awaits its ruling; ``carry_out(table, choice, card)`` once a chosen option's effects are applied, and
  ``declarer_after(play, card, option)`` when an option lets an unlawful lead stand (L54A);
- ``settle_play(table)`` after every event of the play period at an irregular table;
- ``play_event(table, event)`` for an event of the play period the edition rules on (an exposed card …);
- ``adjust_tricks(table, tricks)`` for ``Table.result``: automatic trick transfers (WBF17 L64A);
- ``disclosure_event(table, event)`` for an alert, a question and its answer, a break in tempo or a misexplanation
  (at every table), ``disclosure(table, seat)`` for the record of them a seat may see, ``face_down_lead(table)`` for
  the opening lead lying face down in the clarification period, which the table enforces (WBF17 L41A–C);
- ``dummy_faced(play)`` for the views; ``claim_event(table, event)`` for a claim, an agreement, an objection or
  play on (L68–L70), through ``claim_agreement`` and ``objection_cancels_claim``;
- ``scoring``: the trick values of the book (``TrickValues``); ``rubber``: its rubber score sheet data, if any.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, ClassVar, Protocol

from contractbridge import events
from contractbridge.calls import Call
from contractbridge.cards import Card, Seat
from contractbridge.director.rulings import EffectKind
from contractbridge.errors import ClaimError, EditionNotSupportedError, IllegalPlayError
from contractbridge.scoring.rules import FIRST_NOTRUMP_40, TrickValues
from contractbridge.values import Claim, Irregularity, IrregularityKind, Phase, Result

if TYPE_CHECKING:
    from contractbridge.auction import Auction
    from contractbridge.cards import Hand
    from contractbridge.contract import Contract
    from contractbridge.deal import Board
    from contractbridge.director import AwaitedCall, DirectedAuction, Effect, Option, Ruling
    from contractbridge.events import Event
    from contractbridge.laws.nbb30.values import Revoke
    from contractbridge.laws.wbf17.play.procedure import FaceDownLead
    from contractbridge.play import PlayState
    from contractbridge.scoring.rubber import RubberRules
    from contractbridge.systems.agreements import PartnershipAgreements

__all__ = ["Choice", "DealRules", "DisclosureTable", "Edition", "FormationRules", "PlayTable", "ruling_pending"]


class PlayTable(Protocol):
    """What a law reads of one board at a table (``contractbridge.table.Table`` implements it): the board, the
    edition's record of the irregularities and rulings (the one thing a law writes), the play, the claim and the
    unlawful card awaiting its ruling. What a law asks the table to change it returns as data (``Choice``)."""

    @property
    def board(self) -> Board: ...
    @property
    def record(self) -> DirectedAuction | None: ...
    @property
    def play_state(self) -> PlayState | None: ...
    @property
    def phase(self) -> Phase: ...
    @property
    def turn(self) -> Seat | None: ...
    @property
    def contract(self) -> Contract | None: ...
    @property
    def declarer(self) -> Seat | None: ...
    @property
    def claim_state(self) -> Claim | None: ...
    @property
    def face_down_lead(self) -> FaceDownLead | None: ...
    @property
    def pending_irregularity(self) -> Irregularity | None: ...
    @property
    def irregularities(self) -> list[Irregularity]: ...
    @property
    def result(self) -> Result | None: ...
    def hand(self, seat: Seat) -> Hand: ...
    def legal_cards(self) -> frozenset[Card]: ...
    def to_events(self) -> list[dict[str, Any]]: ...


class DisclosureTable(PlayTable, Protocol):
    """What the disclosure laws read of a table besides ``PlayTable``: the auction of the standing calls (who made
    which call, L20F)."""

    @property
    def auction(self) -> Auction: ...


def ruling_pending(table: PlayTable) -> bool:
    """Whether the table waits for a ruling: an unlawful card awaiting it, or the record's pending ruling (WBF17
    L9B2: no action before the rectification)."""
    record = table.record
    return table.pending_irregularity is not None or (record is not None and record.pending is not None)


@dataclass(frozen=True, slots=True)
class Choice:
    """What a law asks the table to carry out, as data: ``option`` of ``ruling`` once that ruling is settled (the
    unlawful card awaiting it then stands, with ``ACCEPT``, or goes back), or, with no ruling, an option a law
    states outright (a designated card played, L46B; cards taken back to correct a revoke, NBB R55(1)). The table
    applies the option's effects (``Table``) and then ``Edition.carry_out``."""

    option: Option
    ruling: Ruling | None = None


@dataclass(frozen=True, slots=True)
class DealRules:
    """What a rubber-bridge book says about the cut and the deal (``contractbridge.rubbergame.dealing``)."""

    cut_law: str
    redeal_law: str
    looked_law: str
    #: NBB R8(2)(b): both parts at least four cards; EST-L06: only the lifted packet ([DIFF], Appendix C 2)
    both_parts: bool
    #: NBB R10(1)(a): "not cut" counts only if the pointer has not looked at his own cards; EST has no clause
    own_cards_clause: bool
    #: NBB R10(1)(e): the last card must reach the dealer; EST says nothing ([DIFF])
    last_card_rule: bool
    #: a card exposed by a player looking early: NBB R38 redeals unless his LHO waives it; EST-L08 only
    #: if his LHO demands it (the same choice, opposite default)
    looked_redeals: bool


@dataclass(frozen=True, slots=True)
class FormationRules:
    """What a rubber-bridge book says about forming a club table and seating its four
    (``contractbridge.rubbergame.formation``), each rule with its citation."""

    #: members a table may have (None: the club's rule, six, or seven while no second table can form)
    size: int | None
    #: the rule on the members of a table
    members_law: str
    #: the rule that too few members cannot play
    minimum_law: str
    #: the draw for partners, seats and the deal at a new table
    seating_law: str
    #: who plays the next rubber, and the draw for it
    rotation_law: str
    #: more members wait than seats are free
    waiting_law: str


class Edition:
    """A rule book. ``name`` is its id (``WBF17``), ``title`` what it is, ``scoring`` its trick values,
    ``rubber`` the numbers of its rubber score sheet (``None`` for a duplicate code)."""

    name: str = "?"
    title: str = ""
    scoring: TrickValues = FIRST_NOTRUMP_40
    #: the rubber score sheet's numbers, for a rubber-bridge code
    rubber: RubberRules | None = None
    #: the cut and the deal of a rubber-bridge code (None: the book has no rules of its own for them)
    deal_rules: DealRules | None = None
    #: forming a club table and seating its four, for a rubber-bridge code (None: a duplicate code)
    formation: FormationRules | None = None
    #: whether the players administer the penalties themselves, with no director (the 1930s codes): the
    #: table's record is then the players' own (``laws.nbb30.PlayersAuction``)
    penalties_by_players: bool = False

    #: the citation of each rule of the correct procedure the table enforces, by topic, for the table's messages
    #: (``cited``): the base cites no book; an edition cites its own, and leaves uncited a topic its book lacks
    CITATIONS: ClassVar[Mapping[str, str]] = {}

    def __init__(self, name: str | None = None, title: str | None = None) -> None:
        if name is not None:
            self.name = name
        if title is not None:
            self.title = title

    def __repr__(self) -> str:
        return f"edition({self.name!r})"

    def _unsupported(self, matter: str) -> EditionNotSupportedError:
        return EditionNotSupportedError(f"edition {self.name} ({self.title}): {matter} is not implemented yet")

    def cited(self, topic: str) -> str:
        """``" (law)"``: this edition's citation for ``topic`` as a message appends it, or ``""`` when its book
        has none (a table of one book never cites another's laws)."""
        law = self.CITATIONS.get(topic)
        return f" ({law})" if law else ""

    def ruling_law(self, topic: str) -> str | None:
        """This edition's law for ``topic`` as a ruling states it (``Ruling.law``: a WBF17 law without its ``L``,
        ``70``; ``NBB R54``), or None when its book has none."""
        law = self.CITATIONS.get(topic)
        return None if law is None else law.removeprefix("L")

    def claim_suggestion(self, play: PlayState, claim: Claim, *, budget: int) -> dict[str, Any] | None:
        """What the director's page proposes for ``claim``, disputed (``server.claimruling``): the edition's own
        check of the claim, as data (``worst``, ``dd``, ``exact``, ``line``, ``text``, ``ruling`` and ``notes``),
        searching at most ``budget`` positions; None when its book has no such check (the base: the director
        rules unaided)."""
        return None

    def source_of(self, method: str) -> str:
        """The edition whose rule ``method`` really is: this one, or the base it fills the gap from."""
        for klass in type(self).__mro__:
            if method in vars(klass):
                return getattr(klass, "name", klass.__name__) if klass is not Edition else "none"
        raise AttributeError(method)

    def new_record(self, dealer: Seat, agreements: PartnershipAgreements | None = None) -> DirectedAuction:
        """The record an irregular table keeps of its auction under this edition (an edition whose players
        act differently, e.g. draw attention, returns its own subclass)."""
        from contractbridge.director import DirectedAuction

        return DirectedAuction(dealer, self, agreements)

    def new_deal(self, record: DirectedAuction) -> str | None:
        """The law under which the board ended in a new deal by the same dealer (a rubber-bridge player's
        penalty choice, NBB R39–R43), read from ``record``; ``None`` (the base: no such choice exists).
        Called by ``Table.phase`` and ``Table.result``."""
        return None

    # ---- auction irregularities (L9–L16, L23–L39 in WBF17) --------------------------------------
    def call(self, auction: DirectedAuction, seat: Seat, call: Call) -> None:
        """Record ``call`` by ``seat``: stand it if lawful, otherwise make the ruling pending. The base knows
        only the correct procedure every edition shares (a lawful call in turn, no obligation pending)."""
        from contractbridge.director import lawful_over

        da = auction
        if da.turn == seat and seat not in da.obligations and lawful_over(da.summary(), seat, call):
            da.stand(da.append(seat, call))
            return
        raise self._unsupported(f"the rectification of auction irregularities ({call} by {seat.name.lower()})")

    def unnoticed_call(self, auction: DirectedAuction, seat: Seat, call: Call) -> None:
        """A call nobody drew attention to when it was made."""
        raise self._unsupported("irregular calls that pass unnoticed")

    def describe_watch(self, watch: AwaitedCall) -> str:
        """A rectification still waiting for a seat's call, in words."""
        return f"{watch.kind}: waiting for {watch.seat.name.capitalize()}'s call"

    def change_of_call(self, auction: DirectedAuction, seat: Seat, call: Call) -> None:
        """``seat`` replaces his last call with ``call``."""
        raise self._unsupported("changes of call")

    def exposed_cards(self, auction: DirectedAuction, seat: Seat, cards: Sequence[Card], led: bool) -> None:
        """Cards of ``seat`` exposed (or led) during the auction."""
        raise self._unsupported("cards exposed during the auction")

    def settle(self, auction: DirectedAuction) -> None:
        """Bookkeeping after every event (end of auction, lead restrictions, penalty cards); nothing to do
        for an edition without rectifications."""

    def board_irregularity(self, auction: DirectedAuction, kind: str, facts: Mapping[str, Any]) -> None:
        """Irregularities of the board itself: wrong number of cards, missing card, wrong board."""
        raise self._unsupported("board irregularities")

    def follow_up(self, auction: DirectedAuction, effect: Effect) -> None:
        """The edition's own next step after a chosen option (a ``FOLLOW_UP`` effect, ``director.apply``)."""
        raise self._unsupported(f"the step {effect.data!r} after a ruling")

    # ---- the play period (hooks the table calls; the play-period director adds its rules here) ----------
    def dummy_faced(self, play: PlayState) -> bool:
        """Whether dummy's hand is face up for everyone (the views): after the opening lead is faced (L41D).
        Called by ``Table.view``."""
        return play.opening_lead_made

    def legal_cards(self, table: PlayTable, seat: Seat, cards: frozenset[Card]) -> frozenset[Card]:
        """The cards of ``cards`` (what L44 allows the hand ``seat`` to play now) that the rectifications in
        force also allow. Called by ``Table.legal_cards`` and before every card is played at an irregular table
        (a strict table refuses every unlawful card, so nothing is rectified there: it plays by L44 alone); a
        card outside the result is recorded as an irregularity. The base enforces
        the lead restrictions of the table's record once decided (``LeadRestriction.in_force``); an edition
        adds its own (penalty cards, L50D) by overriding and calling ``super()``."""
        record = table.record
        play = table.play_state
        if record is None or play is None:
            return cards
        for restriction in record.lead_restrictions:
            if restriction.leader == seat and restriction.in_force(play):
                cards = restriction.restrict(cards)
        return cards

    def lead_hand(self, table: PlayTable) -> Seat | None:
        """The hand of declarer's side that must lead now when it is not the one in rotation (NBB R51(1): dummy
        named the hand unasked and dummy's LHO chose the other), or None. Called by ``Table.turn``, ``legal_cards``
        and before a card is played at an irregular table: a lead from that hand stands as in turn. The base: None."""
        return None

    def card_irregularity(self, table: PlayTable, irregularity: Irregularity) -> bool:
        """An unlawful card at an irregular table (``irregularity.kind``: a revoke, a lead or play out of turn,
        a card against a restriction): return True if the card stands at once and play goes on, False if the
        table stops until the ruling (whose chosen option the table carries out). The base lets a revoke stand
        (nobody notices it when it happens; it is established later, L61–L63, NBB R52) and stops the table for the
        rest; the play-period director overrides this to rule on each kind."""

        return irregularity.kind == IrregularityKind.REVOKE

    def ruled_at_once(self, table: PlayTable) -> Choice | None:
        """After an unlawful card stopped the table with its ruling pending: settle at once a ruling the law leaves
        nothing to decide (WBF17: dummy's card to an accepted opening lead out of turn stands, L54B2) and return the
        option the table carries out; None leaves it pending. The base settles none."""
        return None

    def card_before_rectification(self, table: PlayTable, seat: Seat, card: Card) -> Choice | None:
        """A card ``seat`` plays while an unlawful card awaits its ruling: the option the table carries out once the
        edition has settled that ruling by this card (WBF17: the lead accepted by the next hand's card, L53A, L60A1;
        the correct leader's lead standing, L53B), so the card is then played as usual; None: it is refused (L9B2).
        The base refuses."""
        return None

    def declarer_after(self, play: PlayState, card: Card, option: Option) -> Seat:
        """Declarer once ``option`` lets the unlawful lead ``card`` stand: the same, unless the option exchanges the
        roles (``EXCHANGE_ROLES`` of the presumed declarer: he spreads his hand as dummy and his partner declares,
        WBF17 L54A, NBB R46(3)), which only an opening lead can (``IllegalPlayError`` after it). Called by
        ``Table`` when it carries out the option."""
        exchange = next((e.seat for e in option.effects if e.kind is EffectKind.EXCHANGE_ROLES), None)
        if exchange is None or exchange.partner == play.declarer:
            return play.declarer
        if len(play):
            law = self.cited("exchange_of_roles")
            raise IllegalPlayError(f"{card}: the roles may be exchanged only at the opening lead{law}")
        return exchange.partner

    def carry_out(self, table: PlayTable, choice: Choice, card: Irregularity | None) -> None:
        """After the table applied the effects of a chosen play-period option (``card``: the unlawful card that
        awaited the ruling, now standing or back in the hand): what the option leaves in the edition's record
        (WBF17: penalty cards, play and lead restrictions, L50, L57, L62C2; NBB30: exposed cards and directives).
        The base records nothing."""

    def settle_play(self, table: PlayTable) -> None:
        """After every event of the play period at an irregular table: make due rulings pending in the
        table's record (e.g. an L26B choice when the offender's partner first has the lead)."""

    def play_event(self, table: PlayTable, event: Event) -> Choice | bool:
        """An event of the play period at an irregular table that the edition rules on itself (WBF17: ``expose``,
        L48–L50; ``attention`` to a revoke, L62; ``designate``, L46; ``review`` after play, L12C1): True once
        handled, or the ``Choice`` the table then carries out (a ``BridgeError`` changes nothing); False lets the
        table go on as before (``choose``/``judge`` to the record; the base handles none). Called by
        ``Table.apply`` after the opening lead."""
        return False

    def adjust_tricks(self, table: PlayTable, tricks: int) -> tuple[int, tuple[str, ...]]:
        """Declarer's ``tricks`` once the board is done, after the edition's automatic adjustments (WBF17: the
        L64A revoke transfers), and each adjustment in words with its law. Called by ``Table.result``."""
        return tricks, ()

    def open_reviews(self, table: PlayTable) -> list[str]:
        """The laws of the end-of-board review's flags (L12C1) still unanswered on a finished board, in order;
        each is answered by a ``review`` event of the director. The base (the players' own codes) has none."""
        return []

    def review_notes(self, table: PlayTable) -> list[str]:
        """The end-of-board review in words: the flags, the evidence offered and, once every flag is answered,
        the final score with every step and its law (``contractbridge rule``)."""
        return []

    def claim_event(
        self, table: PlayTable, event: events.Claim | events.Agree | events.Dispute | events.PlayOn
    ) -> Claim | None:
        """The claim once ``event`` happened (the table keeps it; ``ClaimError`` changes nothing): a claim or
        concession by a player who takes part in the play, of at most the remaining tricks, stops the play (L68);
        the opponents who play agree (``claim_agreement``, L69A) or one objects (the director is called, L68D2(a),
        or where the book says so no claim was made, ``objection_cancels_claim``); ``play_on``: the disputed claim
        is void and play continues (L68D2(b)), the director's pending ruling on it lapsing (TV139)."""
        claim, play, seat = table.claim_state, table.play_state, event.seat
        who = seat.name.lower()
        if isinstance(event, events.Claim):
            if play is None or table.phase is not Phase.PLAY:
                raise ClaimError(f"claim by {who}: claims are made during the play{self.cited('claim')}")
            if claim is not None:
                raise ClaimError(f"claim by {who}: a claim by {claim.seat.name.lower()} is open")
            if seat == play.dummy:
                raise ClaimError(f"claim by {who}: dummy takes no part in the play{self.cited('dummy_no_part')}")
            remaining = 13 - len(play.tricks)
            if not 0 <= event.tricks <= remaining:
                law = self.cited("claim")
                raise ClaimError(f"claim by {who} of {event.tricks} tricks: {remaining} tricks remain{law}")
            needed = self.claim_agreement(seat, play.dummy)
            return Claim(seat, event.tricks, remaining, event.statement, needed=needed)
        if claim is None or claim.settled or play is None:
            what = {"agree": f"agreement by {who}", "dispute": f"dispute by {who}"}.get(event.kind)
            what = what or "play on at " + who + "'s request"
            raise ClaimError(f"{what}: there is no claim in progress")
        if isinstance(event, events.Agree):
            if claim.disputed_by is not None:
                law = self.cited("claim_ruling")
                raise ClaimError(f"agreement by {who}: the claim is disputed; the director rules{law}")
            if seat not in claim.needed or seat in claim.agreed_by:
                raise ClaimError(
                    f"agreement by {who}: the claim needs the agreement of "
                    + " and ".join(s.name.lower() for s in sorted(claim.needed - claim.agreed_by))
                    + self.cited("claim_agreement")
                )
            return replace(claim, agreed_by=claim.agreed_by | {seat})
        if isinstance(event, events.Dispute):
            if seat == claim.seat or claim.disputed_by is not None or seat == play.dummy:
                raise ClaimError(f"dispute by {who}: not possible for the claimer, dummy or a disputed claim")
            if self.objection_cancels_claim(claim, seat, play.declarer):
                return None
            return replace(claim, disputed_by=seat)
        if claim.disputed_by is None:
            raise ClaimError(f"play on at {who}'s request: the claim is not disputed{self.cited('play_on')}")
        record = table.record
        ruling = None if record is None else record.pending
        if record is not None and ruling is not None and ruling.irregularity == "claim":
            record.resolve(next((o.law for o in ruling.options if o.id == "play_on"), ruling.law), "play_on")
        return None

    def revoke_transfer(
        self, revokes: Sequence[Revoke], tricks_won: Iterable[int], received_as_penalty: Iterable[int] = ()
    ) -> int:
        """The tricks a side that made the established ``revokes`` hands over on a rubber score sheet, from the
        tricks it won (``rubbergame``; NBB R55(6), EST-L38, NL36 27.4). The base: a duplicate code has none."""
        raise self._unsupported("revoke tricks on a rubber score sheet")

    # ---- disclosure and the proprieties (WBF17 L16B, L20F, L21B, L40, L72–L76) -------------------------
    def disclosure_event(self, table: DisclosureTable, event: Event) -> Event | None:
        """An alert, a question about the auction or a call and its answer, a break in tempo, a misexplanation
        reported to the director (WBF17: ``laws.wbf17.disclosure``): the event as logged (its defaults filled in)
        once recorded, a ``BridgeError`` changing nothing when it is not allowed now; None for an event that is
        not of this kind. Called by ``Table.apply`` at strict and irregular tables alike. The base (the 1930s
        books: no alert procedure, explanations only on request under the proprieties) records none."""
        return None

    def face_down_lead(self, table: DisclosureTable) -> FaceDownLead | None:
        """The opening lead lying face down in the clarification period (WBF17 L41A–C): the table then has no legal
        cards, and lets its leader face that card alone, once the period ends (``FaceDownLead.check``); None when
        none lies there. Called by ``Table`` after each event before the opening lead is faced. The base (the 1930s
        books: the opening lead is faced at once) has none."""
        return None

    def disclosure(self, table: DisclosureTable, seat: Seat | None = None) -> dict[str, Any] | None:
        """The board's disclosure record as ``seat`` may see it (None: everything, for the director), or None when
        the edition keeps none (the base)."""
        return None

    def review_judgements(self, law: str) -> tuple[tuple[str, str], ...]:
        """The judgements (key, question) a ``review`` answer adjusting the score for flag ``law`` must state (WBF17:
        L16B1 for unauthorized information, L75D3 for misinformation); none in the base."""
        return ()

    def claim_agreement(self, claimer: Seat, dummy: Seat) -> frozenset[Seat]:
        """The players whose agreement makes a claim or concession by ``claimer`` final: the opponents who
        take part in the play (dummy never does). Called by ``Table.claim``."""
        return frozenset(s for s in Seat if s.side != claimer.side and s != dummy)

    def objection_cancels_claim(self, claim: Claim, seat: Seat, declarer: Seat) -> bool:
        """Whether ``seat``'s immediate objection to ``claim`` means that no claim or concession was made
        (play simply continues) rather than a disputed claim for the director. Called by ``Table.dispute``."""
        return False
