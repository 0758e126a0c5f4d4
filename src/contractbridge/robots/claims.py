"""Claims by robots at a table (L68–L69): a robot declarer on play claims when its samples agree; the robot
defenders agree or dispute by the same test.

``robot_claims(players)`` gives an ``on_action`` callback for ``players.play_board``: after each action, if
the seat to act is a robot declarer that claims, the claim goes to the table (``Table.claim``) and each
defender whose player can judge claims answers (``Table.agree`` / ``Table.dispute``). Every robot sees its
own ``TableView`` only. A defender that cannot judge (a human, a random player) is left to answer itself.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Protocol, runtime_checkable

from contractbridge.cards import SUITS_HIGH_FIRST, Card, Seat
from contractbridge.table import Phase, Table, TableView

__all__ = ["ClaimingPlayer", "offer_claim", "plain_statement", "robot_claims"]

_WORDS = (
    "no",
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
    "thirteen",
)


@runtime_checkable
class ClaimingPlayer(Protocol):
    """A player that claims (``claim(view)``: tricks and statement, or None) and judges claims."""

    def claim(self, view: TableView) -> tuple[int, str] | None: ...

    def accepts_claim(self, view: TableView) -> bool: ...


def offer_claim(table: Table, players: Mapping[Seat, object]) -> bool:
    """Let the player to act claim if it wants to, and the claiming side's opponents answer; True if a claim
    was made."""
    if table.phase is not Phase.PLAY or table.claim_state is not None:
        return False
    actor = table.actor
    if actor is None or actor != table.declarer:
        return False
    player = players.get(actor)
    if not isinstance(player, ClaimingPlayer):
        return False
    offer = player.claim(table.view(actor))
    if offer is None:
        return False
    tricks, statement = offer
    table.claim(actor, tricks, statement)
    claim = table.claim_state
    assert claim is not None
    for seat in sorted(claim.needed):
        judge = players.get(seat)
        if not isinstance(judge, ClaimingPlayer):
            continue
        if judge.accepts_claim(table.view(seat)):
            table.agree(seat)
        else:
            table.dispute(seat)
            break
    return True


def robot_claims(players: Mapping[Seat, object]) -> Callable[[Table], None]:
    """An ``on_action`` callback for ``play_board`` that lets robot declarers claim (see the module). A claim a
    robot disputes is void and play goes on by agreement at a table without a director (L68D2(b), what the
    terminal and the web table do), and is not offered again in that trick; at a table with a director the
    dispute waits for the ruling (L70) and ``play_board`` stops there."""
    disputed_at = -1

    def after(table: Table) -> None:
        nonlocal disputed_at
        if len(table.tricks) == disputed_at or not offer_claim(table, players):
            return
        claim = table.claim_state
        if claim is not None and claim.disputed_by is not None and not table.irregular:
            table.play_on(claim.disputed_by)
            disputed_at = len(table.tricks)
        elif claim is None and table.phase is not Phase.DONE:  # the edition voided it (e.g. NBB R54, L68B2)
            disputed_at = len(table.tricks)

    return after


def plain_statement(view: TableView, tricks: int, card: Card) -> str:
    """A robot declarer's claim statement in a player's words (L68C: the line of play, clearly stated): the card
    it plays now, trumps drawn while the defenders hold any, then its longest side suits cashed, e.g. "All
    five tricks: I play ♠A, draw trumps, then cash the clubs and the hearts"."""
    assert view.contract is not None
    remaining = 13 - len(view.tricks)
    ours = [*view.hand, *(view.dummy_hand or ())]
    trump = view.contract.strain.suit
    played = [c for t in view.tricks for c in t.cards] + [c for _, c in view.current_trick]
    line = [f"I play {card.symbol}"]
    if trump is not None and sum(1 for c in ours if c.suit == trump) + sum(1 for c in played if c.suit == trump) < 13:
        line.append("draw trumps")
    suits = sorted(
        (s for s in SUITS_HIGH_FIRST if s != trump and any(c.suit == s for c in ours)),
        key=lambda s: -sum(1 for c in ours if c.suit == s),
    )
    cashes = " and the ".join(s.name.lower() for s in suits[:2])
    what = f"{line[0]}, {line[1]}" if len(line) > 1 else line[0]
    text = f"{what}, then cash the {cashes}" if cashes else what
    if tricks == remaining:
        head = f"All {_words(remaining)} tricks" if remaining > 1 else "The last trick"
    elif tricks == 0:
        return f"The rest are yours: {_words(remaining)} tricks"
    else:
        head = f"{_words(tricks).capitalize()} of the {_words(remaining)} tricks"
        text += f"; you get {_words(remaining - tricks)}"
    return f"{head}: {text}"


def _words(n: int) -> str:
    return _WORDS[n] if 0 <= n < len(_WORDS) else str(n)
