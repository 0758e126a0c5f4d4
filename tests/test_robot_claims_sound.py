"""A robot declarer claims only tricks it can guarantee from its own view (L68–L70: a claim is judged on every
layout and all normal lines), whatever its effort: ``sure_tricks`` on small endings, and whole boards at
``--robot-effort low`` where the sampled test alone over-claimed (6NT: 10 of 11 claimed, 9 double dummy)."""

from __future__ import annotations

import pytest

from contractbridge import Board, Deal, Seat
from contractbridge.cards import Card, Hand, Suit
from contractbridge.players import play_board
from contractbridge.robots.cardplay import EFFORTS
from contractbridge.robots.claims import sure_tricks
from contractbridge.robots.seat import default_robot
from contractbridge.table import Table

pytest.importorskip("endplay")


def _hand(text: str) -> Hand:
    return Hand(Card(c) for c in text.split())


def test_a_finesse_is_not_a_sure_trick_the_ace_is() -> None:
    # notrump, South on lead: S ♠3 ♠2, dummy ♠A ♠Q; the ♠K is unseen: only the ace is sure
    line = sure_tricks(_hand("S3 S2"), _hand("SA SQ"), _hand("SK S4"), None)
    assert line.tricks == 1


def test_trumps_are_drawn_before_a_side_ace_is_cashed_l70c() -> None:
    # hearts, South: ♠A ♥A ♥K; dummy ♦4 ♦3 ♦2; a defender may hold the ♥Q: trumps first, then the ♠A
    line = sure_tricks(_hand("SA HA HK"), _hand("D4 D3 D2"), _hand("HQ C3 C2 C6 C5 C4"), Suit.HEARTS)
    assert line.tricks == 3 and line.first is not None and line.first.suit == Suit.HEARTS
    # two trumps out fall under the ace and king; with three out the ♥Q may stay to ruff the ♠A: two sure tricks
    assert sure_tricks(_hand("SA HA HK"), _hand("D4 D3 D2"), _hand("HQ HJ C2 C6 C5 C4"), Suit.HEARTS).tricks == 3
    assert sure_tricks(_hand("SA HA HK"), _hand("D4 D3 D2"), _hand("HQ HJ HT C6 C5 C4"), Suit.HEARTS).tricks == 2


def test_long_cards_count_once_the_defenders_cannot_hold_the_suit_any_more_l44c() -> None:
    # notrump: ♠A K Q 2 opposite ♠5 4 3; three spades out: the 2 is the fourth sure trick; six out: it is not
    assert sure_tricks(_hand("SA SK SQ S2"), _hand("S5 S4 S3 H2"), _hand("SJ ST S9 H3 H4 H5 H6 H7"), None).tricks == 4
    unseen = _hand("SJ ST S9 S8 S7 S6 H3 H4")
    assert sure_tricks(_hand("SA SK SQ S2"), _hand("S5 S4 S3 H2"), unseen, None).tricks == 3


def test_a_blocked_suit_needs_an_entry() -> None:
    # notrump, South on lead with ♠A ♥2, dummy ♠K Q J ♥3 and no entry: the ♠A, then the lead is lost
    assert sure_tricks(_hand("SA H2 C2 C3"), _hand("SK SQ SJ H3"), _hand("HA HK HQ S9 S8 S7 C4 C5"), None).tricks == 1
    # with the ♥A opposite as an entry: unblock the ♠A, cross to the ♥A, cash the ♠K Q J
    line = sure_tricks(_hand("SA H2 C2 C3"), _hand("SK SQ SJ HA"), _hand("HK HQ HJ S9 S8 S7 C4 C5"), None)
    assert line.tricks == 5 - 1 and line.first is not None


@pytest.mark.parametrize("seed", [5, 12])
def test_robot_claims_at_low_effort_never_exceed_double_dummy(seed: int) -> None:
    """Seeded boards where the sampled test alone claimed more than the cards allow (seed 5: 6NT, 10 of 11
    claimed after trick 2, 9 double dummy); every claim is checked against the real deal, double dummy."""
    from contractbridge import dd

    table = Table(Board(1, Deal.random(seed)))
    robots = {s: default_robot(seed=seed * 4 + s, effort=EFFORTS["low"]) for s in Seat}
    claims: list[tuple[int, int]] = []

    def after(t: Table) -> None:
        event = t.to_events()[-1]
        play = t.play_state
        if event.get("event") == "claim" and play is not None:
            hands = Deal.partial({s: play.hand(s) for s in Seat})
            best = max(dd.solve(dd.Position(hands, play.strain, play.leader, ())).values())
            claims.append((int(event["tricks"]), best))

    play_board(table, robots, claims=True, on_action=after)
    assert claims and all(claimed <= best for claimed, best in claims), claims


@pytest.mark.parametrize("seed", range(12))
def test_sure_tricks_never_exceed_double_dummy_on_any_layout_of_the_unseen_cards(seed: int) -> None:
    """The guarantee holds on every layout: for endings cut from random deals (the same cards gone from each hand)
    and several deals of the defenders' cards between them, double dummy gives the side at least the sure tricks."""
    import random

    from contractbridge import dd
    from contractbridge.cards import Strain

    rng = random.Random(seed)
    deal = Deal.random(seed)
    left = rng.randint(2, 13)
    hands = {s: Hand(rng.sample(sorted(deal[s]), left)) for s in Seat}
    leader = Seat(rng.randrange(4))
    strain = Strain(rng.randrange(5))
    unseen = sorted(hands[leader.lho] | hands[leader.rho])
    line = sure_tricks(hands[leader], hands[leader.partner], Hand(unseen), strain.suit)
    for _ in range(4):
        rng.shuffle(unseen)
        layout = {**hands, leader.lho: Hand(unseen[:left]), leader.rho: Hand(unseen[left:])}
        best = max(dd.solve(dd.Position(Deal.partial(layout), strain, leader)).values())
        assert line.tricks <= best, (layout, strain, leader, line)


def test_a_sure_line_is_declarers_only() -> None:
    """``sure_line`` reads declarer's view (his hand and dummy); from a defender's view it finds nothing (it
    paired that defender's hand with dummy before)."""
    from contractbridge.robots.claims import sure_line

    for seed in range(6):
        table = Table(Board(1, Deal.random(seed)))
        for call in ("1NT", "P", "P", "P"):
            table.call(call)
        for _ in range(4):
            table.play(min(table.legal_cards()))
        declarer = table.declarer
        assert declarer is not None
        for seat in (declarer.lho, declarer.rho):
            line = sure_line(table.view(seat))
            assert (line.tricks, line.first) == (0, None)
