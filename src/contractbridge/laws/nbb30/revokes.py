"""Revokes at the table under the rubber-bridge codes (laws-historic.md §3.5; issue #12 item 3).

A revoke stands when it is made (nobody notices it at once, ``tableplay.card_ruling``). Until it is established
(NBB R55(2); EST-L36; NL36 27.2: the offender or his partner played to the next trick; never in trick 12) anyone
may draw attention to it — an ``attention`` event with no ruling pending (R55(5), R60; NL36 27.3, 31.1) — and it
is corrected (``correct_revoke``): the revoke card goes back, so do the cards played after it (the non-offenders
play again as they like, R55(1)(b)), except that the offender's partner plays his correct card again (it may not
be taken back: R55(1)(b), EST-L35, NL36 26.4). The edition's ``revoke_correction`` names the penalty and who
chooses it: a defender's withdrawn card exposed (NBB/EST) or a penalty card (NL36), or his highest or lowest card
of the suit led; declarer's highest or lowest if his LHO had played after him; none for dummy (R55(1)(a); EST-L35;
NL36 27.1). Dummy who draws attention to a defender's revoke may cost declarer the penalty (R51(2); NL36 30.1,
30.2(d)); dummy who asks declarer after looking at a hand keeps him from taking his card back (R55(4); NL36 27.3).

A revoke left standing costs tricks at the end (``revoke_adjustment``: the edition's ``revoke_transfer``).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from contractbridge.cards import Card, Seat, Side
from contractbridge.director import Effect, EffectKind, Option, Ruling, seat_name
from contractbridge.errors import RulingError
from contractbridge.laws.base import Choice
from contractbridge.laws.nbb30.play import NBB30Play
from contractbridge.laws.nbb30.record import PlayersAuction
from contractbridge.laws.nbb30.values import PlayDirective, Revoke, Role
from contractbridge.values import Irregularity, IrregularityKind

if TYPE_CHECKING:
    from contractbridge.laws.base import PlayTable
    from contractbridge.play import PlayState

__all__ = ["correct_revoke", "penalty", "revoke_adjustment", "standing_revokes"]


def standing_revokes(table: PlayTable) -> list[tuple[Irregularity, int]]:
    """The revokes the table let stand (failing to follow suit, or to play as a penalty requires: NBB Def.XXVIII)
    whose card is still where it was played — a corrected one went back to the hand — each with its place in the
    order of play (0-based)."""

    play = table.play_state
    if play is None:
        return []
    played = play.played()
    out: list[tuple[Irregularity, int]] = []
    for i in table.irregularities:
        if i.kind not in (IrregularityKind.REVOKE, IrregularityKind.RESTRICTED_CARD) or i.trick is None:
            continue
        if i.seat is not None and isinstance(i.action, Card) and (i.seat, i.action) in played[4 * i.trick - 4 :]:
            place = played.index((i.seat, i.action))
            if place // 4 + 1 == i.trick:
                out.append((i, place))
    return out


# ---- correction before establishment ---------------------------------------------------------------
def correct_revoke(laws: NBB30Play, table: PlayTable, by: Seat, *, dummy_looked: bool = False) -> Choice | bool:
    """``Edition.play_event`` for an ``attention`` event by ``by`` while no ruling is pending: correct the last
    revoke in following that is not yet established — the revoke card and the cards after it go back (the
    ``TAKE_BACK`` the table carries out) — and make the edition's penalty pending for its chooser (or apply it at
    once when there is no choice). False when no revoke stands (the record then answers the attention);
    ``RulingError`` when it is established (R55(6) applies at the end) or may not be taken back."""

    record, play = table.record, table.play_state
    if not isinstance(record, PlayersAuction) or play is None or record.pending is not None:
        return False
    revokes = [(i, p) for i, p in standing_revokes(table) if i.kind == IrregularityKind.REVOKE]
    if not revokes:
        return False
    irregularity, place = revokes[-1]
    offender, card = irregularity.seat, irregularity.action
    assert offender is not None and isinstance(card, Card)
    trick = place // 4 + 1
    played = play.played()
    if table.claim_state is not None:
        raise RulingError("a claim is open: it is agreed to or objected to before a revoke is corrected (R54)")
    if play.is_over:
        raise RulingError(f"the play is over: no revoke can be corrected now (an established one costs its tricks; "
                          f"one in trick 12 never is established, {laws.cite('revoke_established')})")  # fmt: skip
    law: str | None
    if laws.establishable(trick) and any(s.side == offender.side for s, _ in played[4 * trick : 4 * trick + 4]):
        law = laws.cite("revoke_established")
    elif laws.establishable(trick) and _claimed_since(laws, table, irregularity):
        law = laws.cite("claim_establishes")
    else:
        law = None
    if law is not None:
        raise RulingError(
            f"{seat_name(offender)}'s revoke in trick {trick} is established ({law}): the trick stands and the "
            f"penalty is taken at the end of the play ({laws.cite('revoke_penalty')})"
        )
    ruling = _correction_ruling(laws, play, offender, place, by, dummy_looked)
    later = played[place + 1 :]
    kept = laws.cite("revoke_cards_between")
    partner = offender.partner
    record.directives += [
        PlayDirective(s, n // 4 + 1, "card", kept, card=c) for n, (s, c) in enumerate(later, place + 1) if s == partner
    ]
    description = f"{seat_name(offender)} corrected his revoke with {card} in trick {trick}"
    withdrawn = Effect(EffectKind.WITHDRAW, offender, (card,))
    options = tuple(replace(o, effects=(*o.effects, withdrawn)) for o in ruling.options)
    ruling = replace(ruling, description=description, choosers=ruling.choosers[:1], options=options)
    record.rule(ruling)
    if ruling.automatic:
        first = ruling.options[0]
        record.note(f"{description}: {first.effect} ({ruling.law}).")
        record.resolve(ruling.law, first.id)
        penalty(record, offender, trick, first)
    back = Effect(EffectKind.TAKE_BACK, data=str(len(later) + 1))
    return Choice(Option("corrected", kept, f"{card} and the cards after it go back to the hands", (back,)))


def _correction_ruling(
    laws: NBB30Play, play: PlayState, offender: Seat, place: int, by: Seat, dummy_looked: bool
) -> Ruling:
    """The edition's ruling on the correction (R55(1)(a); EST-L35; NL36 27.1), unless dummy drew attention to a
    defender's revoke he had no right to raise (R51(2), EST-L22; NL36 30.1): then corrected without penalty."""
    declarer, dummy = play.declarer, play.dummy
    if by == dummy and offender == declarer and dummy_looked:
        raise RulingError(
            f"dummy asked after looking at a hand: declarer may not take his card back ({laws.cite('revoke_inquiry')})"
        )
    same_trick = range(place + 1, place // 4 * 4 + 4)
    played = play.played()
    lho_after = any(played[n][0] == declarer.lho for n in same_trick if n < len(played))
    ruling = laws.revoke_correction(offender, declarer, lho_played_after=lho_after)
    if by == dummy and offender.side != dummy.side:
        verdict = laws.dummy_draws_attention(dummy_looked)
        if not verdict.allowed:
            free = Option("no_penalty", verdict.law, f"corrected; {verdict.reason}")
            return Ruling(ruling.irregularity, verdict.law, offender, "", (free,))
    return ruling


def penalty(record: PlayersAuction, offender: Seat, trick: int, remedy: Option) -> None:
    """The chosen penalty for the revoke corrected in ``trick``: the withdrawn card (the remedy's ``WITHDRAW``)
    exposed (declarer may call it, R44) or a penalty card (NL36 32.2) — ``exposed``/``penalty_card``; the
    offender's ``highest`` or ``lowest`` card of the suit led to this trick."""
    if remedy.id in ("exposed", "penalty_card"):
        back = [c for e in remedy.effects if e.kind is EffectKind.WITHDRAW for c in e.cards]
        record.exposed += [(offender, c, False) for c in back]
    elif remedy.id in ("highest", "lowest"):
        record.directives.append(PlayDirective(offender, trick, remedy.id, remedy.law))


def _claimed_since(laws: NBB30Play, table: PlayTable, revoke: Irregularity) -> bool:
    """Whether a claim was made after ``revoke`` where a claim's statement establishes it (NL36 29.1 footnote;
    never under NBB R26(2), EST-L40)."""
    return laws.CLAIM_ESTABLISHES_REVOKE and any(e["event"] == "claim" for e in table.to_events()[revoke.event + 1 :])


# ---- established revokes: the trick transfer ---------------------------------------------------------
def revoke_adjustment(laws: NBB30Play, table: PlayTable, tricks: int) -> tuple[int, tuple[str, ...]]:
    """``Edition.adjust_tricks``: declarer's ``tricks`` after the tricks a ruling transferred (the record's
    ``transfers``: NL36 33.2) and the revoke tricks the edition transfers (NBB R55(6), EST-L38, NL36 27.4) for the
    revokes the table let stand, each side's separately. A revoke is
    established when the offender or his partner played to the next trick (in leading: when his partner
    played to that trick, R55(2)); the penalty is taken as claimed in time (R55(9): the table's board ends
    before the cut for the next deal). Tricks an agreed claim settles count after the played ones."""
    play, claim = table.play_state, table.claim_state
    if play is None:
        return tricks, ()
    winners: list[Side] = [t.winner.side for t in play.tricks]
    if claim is not None and claim.agreed:
        winners += [claim.side] * claim.tricks + [claim.side.opponents] * (claim.remaining - claim.tricks)
    by_side: dict[Side, list[Revoke]] = {}
    for i, _ in standing_revokes(table):
        assert i.seat is not None
        revoke = _established(play, i.seat, i.trick, claimed=_claimed_since(laws, table, i))
        if revoke is not None:
            by_side.setdefault(i.seat.side, []).append(revoke)
    notes: list[str] = []
    record = table.record
    for side, moved, law in record.transfers if isinstance(record, PlayersAuction) else ():
        tricks += -moved if side == play.declarer.side else moved
        notes.append(f"{moved} trick{'s' if moved > 1 else ''} from {side} to {side.opponents} ({law})")
    for side, revokes in sorted(by_side.items()):
        won = [n for n, w in enumerate(winners, 1) if w == side]
        moved = laws.revoke_transfer(revokes, won)
        if moved:
            tricks += -moved if side == play.declarer.side else moved
            plural = "s" if moved > 1 else ""
            notes.append(f"{moved} trick{plural} from {side} to {side.opponents} for {len(revokes)} revoke"
                         f"{'s' if len(revokes) > 1 else ''} ({laws.cite('revoke_penalty')})")  # fmt: skip
    return min(13, max(0, tricks)), tuple(notes)


def _established(play: PlayState, seat: Seat, trick: int | None, *, claimed: bool = False) -> Revoke | None:
    """The revoke by ``seat`` in ``trick``, if it was established (R55(2)): in leading, once his partner played
    to that trick; in following, once he or his partner played to the next trick, or (``claimed``) a claim was
    made since (NL36 29.1 footnote)."""
    tricks = play.tricks
    if trick is None or trick > len(tricks):
        return None
    done = tricks[trick - 1]
    in_leading = done.leader == seat
    role = Role.DECLARER if seat == play.declarer else Role.DUMMY if seat == play.dummy else Role.DEFENDER
    if in_leading:
        return Revoke(trick, role, in_leading=True)
    later = [s for t in tricks[trick : trick + 1] for s, _ in t] + (
        [s for s, _ in play.current_trick] if trick == len(tricks) else []
    )
    return Revoke(trick, role) if claimed or any(s.side == seat.side for s in later) else None
