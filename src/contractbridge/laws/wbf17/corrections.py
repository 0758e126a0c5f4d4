"""WBF 2017 revokes corrected at the table (L62, L63): an ``attention`` event in the play draws attention to the
last revoke an irregular table let stand; if it is not yet established (L63A1: neither the offender nor his
partner has played since) the director's L62 ruling corrects it — the revoke card and every card played after it
go back to the hands, the offender substitutes a legal card (the table's L44 then requires it), a defender's
revoke card from his unfaced hand becomes a major penalty card (L62B1; declarer's and dummy's do not, L62B2), the
non-offenders play again as they like (L62C1), and a card the offender's partner played after it, if he is a
defender, becomes a penalty card (L62C2: as a major penalty card it must be played again at once when it still
may be, so keeping it and withdrawing it come to the same). An established revoke stays (L63B) and is dealt with
after play (L64), except on trick 12: corrected even when established (L62D1, no transfer, L64B6), with L16C for
the partner of a defender who revoked before his turn to that trick (L62D2)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from contractbridge.cards import Card, Seat
from contractbridge.director import Effect, EffectKind, Option, Ruling
from contractbridge.errors import RulingError
from contractbridge.laws.wbf17.misplays import PlayRestriction, restriction_revokes
from contractbridge.laws.wbf17.play.revokes import correction
from contractbridge.values import IrregularityKind

if TYPE_CHECKING:
    from contractbridge.laws.base import PlayTable
    from contractbridge.play import PlayState

__all__ = [
    "ReplayAfterRevoke",
    "correctable_revoke",
    "replay_after_revoke",
    "replay_restriction",
    "revoke_correction",
    "standing_revokes",
]


def standing_revokes(table: PlayTable) -> list[tuple[Seat, Card, int]]:
    """The revokes the table let stand that are still in the play (not corrected): seat, card and its place in
    the order of play (0-based). A card a restriction forbade counts (L61A, ``misplays.restriction_revokes``)."""

    play = table.play_state
    if play is None:
        return []
    played = play.played()
    out = []
    restricted = restriction_revokes(table)
    for i in table.irregularities:
        if i.seat is None or not isinstance(i.action, Card) or i.trick is None:
            continue
        if i.kind != IrregularityKind.REVOKE and (i.seat, i.action, i.trick) not in restricted:
            continue
        start = 4 * (i.trick - 1)
        place = next((n for n in range(start, min(start + 4, len(played))) if played[n] == (i.seat, i.action)), None)
        if place is not None:
            out.append((i.seat, i.action, place))
    return out


def correctable_revoke(table: PlayTable) -> tuple[Seat, Card, int] | None:
    """The last standing revoke that is not established yet (L63A1: no card of the offending side to a later
    trick), or was on trick 12: that one is corrected even when established, until the hands are back in the board
    (L62D1; the table has no later event, so until the board is scored). An earlier revoke of the other side on
    its trick, established since, comes with it (L62C3, ``revoke_correction``)."""
    play = table.play_state
    if play is None:
        return None
    for seat, card, place in reversed(standing_revokes(table)):
        following = play.played()[4 * (place // 4 + 1) :]  # the partner's card to the same trick does not count
        if place // 4 + 1 == 12 or not any(s.side == seat.side for s, _ in following):
            return seat, card, place
    return None


def revoke_correction(table: PlayTable) -> tuple[Ruling, Option, int]:
    """The L62 ruling on the revoke attention was drawn to, the option whose effects the table applies once the
    cards are back (penalty cards: the revoke card, L62B1; the offender's partner's later card, L62C2), and how
    many cards go back (the revoke card and every card after it)."""
    play, declarer = table.play_state, table.declarer
    found = correctable_revoke(table)
    if play is None or declarer is None or found is None:
        raise RulingError("attention: no revoke to correct; an established revoke stays (L63B) and L64 applies")
    seat, card, place = found
    both = _other_side_revokes(table, found)  # L62C3: both sides revoked on this trick, both are corrected
    first = min([place, *(p for _, _, p in both)])
    later = play.played()[place + 1 :]
    trick = place // 4 + 1
    before = play.played()[4 * (trick - 1) : place]
    partner_later = seat.partner not in {s for s, _ in before}
    ruling = correction(
        seat,
        card,
        declarer,
        played_after=[s for s, _ in later],
        trick=trick,
        before_partner=partner_later,
        both_sides_revoked=bool(both),
    )
    # the defenders' revoke cards only: the partner's later card is L62C2's (replay)
    effects = tuple(
        Effect(EffectKind.PENALTY_CARD, s, (c,), data="major")
        for s, c, _ in [found, *both]
        if s in (declarer.lho, declarer.rho)
    )
    option = replace(ruling.options[0], effects=effects)
    return replace(ruling, options=(option,)), option, len(play.played()) - first


def _other_side_revokes(table: PlayTable, found: tuple[Seat, Card, int]) -> list[tuple[Seat, Card, int]]:
    """L62C3: the standing revokes of the other side on the trick of ``found`` (only one side has played to the next
    trick, since ``found`` is correctable): they are corrected with it, established or not."""
    seat, _, place = found
    return [r for r in standing_revokes(table) if r[2] // 4 == place // 4 and r[0].side != seat.side]


@dataclass(frozen=True, slots=True)
class ReplayAfterRevoke(PlayRestriction):
    """L62C2 once a revoke is corrected (every card after it back in the hands): the offender's partner, who had
    played ``effect.cards[0]`` to the revoke trick, plays it again — unless a non-offender between the revoke and
    him (``before``: their cards then) has withdrawn his, playing another card this time: then the partner may
    withdraw his too, and a defender's card so withdrawn becomes a major penalty card (``withdrawn``)."""

    before: tuple[tuple[Seat, Card], ...] = ()

    def released(self, play: PlayState) -> bool:
        """Whether a non-offender before the partner has played another card to the trick (L62C1, L62C2)."""
        now = dict(play.current_trick)
        return any(s in now and now[s] != c for s, c in self.before)

    def in_force(self, play: PlayState) -> bool:
        return PlayRestriction.in_force(self, play) and not self.released(play)

    def withdrawn(self, play: PlayState) -> Card | None:
        """The partner's earlier card, if he has played another to the trick since and is a defender (L62C2)."""
        played = play.played()[4 * (self.trick - 1) : 4 * self.trick]
        card = self.effect.cards[0]
        again = next((c for s, c in played if s == self.leader), None)
        defender = self.leader not in (self.chooser, self.chooser.partner)
        return card if defender and again is not None and again != card else None


def replay_after_revoke(table: PlayTable) -> Effect | None:
    """Before the correction of the revoke attention was drawn to (``revoke_correction``): the L62C2 replay of the
    offender's partner who has played to that trick after the revoke, as the option's ``REPLAY`` effect (his card
    first, then those the non-offenders played between the revoke and him), or None."""
    play, found = table.play_state, correctable_revoke(table)
    if play is None or found is None:
        return None
    if _other_side_revokes(table, found):  # L62C3: every card after the first revoke goes back, none replayed
        return None
    seat, _, place = found
    trick = place // 4 + 1
    after = play.played()[place + 1 : 4 * trick]
    mine = next((i for i, (s, _) in enumerate(after) if s == seat.partner), None)
    if mine is None:
        return None
    partner, card = after[mine]
    return Effect(EffectKind.REPLAY, partner, (card, *(c for _, c in after[:mine])), data=str(trick))


def replay_restriction(effect: Effect, declarer: Seat) -> ReplayAfterRevoke:
    """The L62C2 restriction a ``REPLAY`` effect leaves once the cards are back (``replay_after_revoke``): the cards
    after the partner's were played in rotation from the offender's LHO."""
    partner = effect.seat
    assert partner is not None
    card, *between = effect.cards
    seats = [partner.partner.lho]
    while len(seats) < len(between):
        seats.append(seats[-1].lho)
    require = Effect(EffectKind.REQUIRE_PLAY, partner, (card,), data="card")
    return ReplayAfterRevoke(partner.partner, partner, declarer, (), "62C2", False, decided=True,
                             trick=int(effect.data), effect=require,
                             before=tuple(zip(seats, between, strict=True)))  # fmt: skip
