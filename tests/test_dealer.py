"""Random and constrained dealing (dealer.py): distribution frequencies (L6: every deal equally likely),
exactness of constraints, predeal, the constraint language and its typed errors."""

from __future__ import annotations

import numpy as np
import pytest

from contractbridge.cards import Card, Hand, Seat, Suit
from contractbridge.deal import Deal
from contractbridge.dealer import (
    DealBatch,
    DealGenerator,
    ShapePattern,
    generate,
    hand_function,
    has_card,
    hcp,
    length,
    parse_constraint,
    register_function,
    shape,
    vector_function,
)
from contractbridge.errors import ConstraintError, DealGenerationError


def scalar_hcp(hand: Hand, suit: Suit | None = None) -> int:
    """Milton Work points counted card by card (independent of the dealer's lookup tables)."""
    points = {14: 4, 13: 3, 12: 2, 11: 1}
    return sum(points.get(int(c.rank), 0) for c in hand if suit is None or c.suit == suit)


def sorted_shape(hand: Hand) -> tuple[int, ...]:
    return tuple(sorted(hand.shape, reverse=True))


# --- unconstrained dealing: known frequencies -------------------------------------------------------------------


@pytest.fixture(scope="module", params=["shuffle", "north first"])
def big_batch(request: pytest.FixtureRequest) -> DealBatch:
    """200,000 deals shuffled whole, and dealt North first (a constraint that reads only North, always true):
    the early-rejection path must deal exactly as uniformly (L6)."""
    if request.param == "shuffle":
        return DealGenerator(seed=20240601).shuffle(200_000)
    return DealGenerator("hcp(N) >= 0", seed=20240602).batch(200_000)


def test_pattern_frequencies(big_batch: DealBatch) -> None:
    """Hand-pattern probabilities: 4432 21.55 %, 5332 15.52 %, 5431 12.93 %, 4333 10.54 %, 7321 1.88 %."""
    lengths = np.sort(big_batch.lengths(), axis=2)[:, :, ::-1].reshape(-1, 4)
    place = np.array([14**3, 14**2, 14, 1])  # a pattern as one number (lengths are 0…13): counted by NumPy
    keys = lengths.astype(np.int64) @ place
    total = lengths.shape[0]
    for pattern, p in {(4, 4, 3, 2): 0.2155, (5, 3, 3, 2): 0.1552, (5, 4, 3, 1): 0.1293, (4, 3, 3, 3): 0.1054,
                       (7, 3, 2, 1): 0.0188}.items():  # fmt: skip
        count = int(np.count_nonzero(keys == np.array(pattern) @ place))
        assert count / total == pytest.approx(p, abs=0.003), pattern


def test_hcp_mean_and_variance(big_batch: DealBatch) -> None:
    """A hand's HCP: mean 10, variance 17.06 (standard deviation 4.13)."""
    points = big_batch.hcp().sum(axis=2)
    assert (points.sum(axis=1) == 40).all()
    north = points[:, Seat.NORTH]
    assert north.mean() == pytest.approx(10, abs=0.05)
    assert north.var() == pytest.approx(17.06, abs=0.25)


def test_each_card_equally_likely_in_each_seat(big_batch: DealBatch) -> None:
    """L6: every card goes to each seat with probability 1/4."""
    owner = np.zeros((4, 52))
    for seat in Seat:
        for suit in Suit:
            bits = big_batch.holdings[:, seat, suit]
            for r in range(13):
                owner[seat, 13 * suit + r] = ((bits >> r) & 1).mean()
    assert np.abs(owner - 0.25).max() < 0.005


def test_batch_deals_are_valid_deals(big_batch: DealBatch) -> None:
    for deal in list(big_batch.take(np.arange(200)).deals()):
        assert Deal(deal.to_pbn()) == deal
    assert big_batch[3] == list(big_batch.take(np.arange(4)).deals())[3]


def test_reproducible_by_seed() -> None:
    assert generate(None, 5, seed=7) == generate(None, 5, seed=7)
    assert generate(None, 5, seed=7) != generate(None, 5, seed=8)
    c = "spades(N) >= 5 and hcp(N) in 15..17"
    assert generate(c, 3, seed=1) == generate(parse_constraint(c), 3, seed=1)
    assert generate(c, 30, seed=2) == list(DealGenerator(c, seed=2).batch(30).deals())
    dealer = DealGenerator(c, seed=3, batch_size=1000)
    assert len(list(dealer.deals(1))) == 1 and dealer.attempts == 1000  # no batch beyond the one needed


# --- constraints are exact --------------------------------------------------------------------------------------


def test_constrained_dealing_is_exact() -> None:
    """Every deal satisfies its constraint, checked with scalar functions on Hand."""
    deals = generate("spades(N) >= 5 and hcp(N) in 15..17", 300, seed=3)
    assert len(deals) == 300
    for d in deals:
        assert d[Seat.NORTH].length(Suit.SPADES) >= 5
        assert 15 <= scalar_hcp(d[Seat.NORTH]) <= 17


def test_dealer_language_forms_are_exact() -> None:
    deals = generate("hcp(north)>=15 && spades(north)>=5 || !(hcp(south) < 20)", 100, seed=4)
    for d in deals:
        n, s = d[Seat.NORTH], d[Seat.SOUTH]
        assert (scalar_hcp(n) >= 15 and n.length(Suit.SPADES) >= 5) or scalar_hcp(s) >= 20


def test_shape_constraints_are_exact() -> None:
    for d in generate("shape(S) == (4333)", 50, seed=5):
        assert sorted_shape(d[Seat.SOUTH]) == (4, 3, 3, 3)
    for d in generate("shape(E) == 4-4-x-x and hcp(E, spades) >= 4", 50, seed=6):
        assert d[Seat.EAST].shape[:2] == (4, 4)
        assert scalar_hcp(d[Seat.EAST], Suit.SPADES) >= 4
    for d in generate("shape(W, any 4432 + any 5332 - 5xxx)", 50, seed=7):
        assert sorted_shape(d[Seat.WEST]) in ((4, 4, 3, 2), (5, 3, 3, 2))
        assert d[Seat.WEST].shape[0] != 5
    for d in generate("shape(N) == 6+♥, 3-♠ and not shape(S) == 4333 any", 50, seed=8):
        assert d[Seat.NORTH].length(Suit.HEARTS) >= 6 and d[Seat.NORTH].length(Suit.SPADES) <= 3
        assert sorted_shape(d[Seat.SOUTH]) != (4, 3, 3, 3)


def test_hascard_is_exact() -> None:
    """dealer's ``hascard(west, 2C)``: the card is in that hand."""
    for d in generate("hascard(west, 2C) and not hascard(N, SA) && hascard(E, AH)", 40, seed=14):
        assert Card("C2") in d[Seat.WEST] and Card("SA") not in d[Seat.NORTH] and Card("HA") in d[Seat.EAST]
    deal = Deal.random(15)
    owner = deal.owner(Card("DK"))
    assert [has_card(seat, "DK")(deal) for seat in Seat] == [seat == owner for seat in Seat]
    with pytest.raises(ConstraintError) as info:
        parse_constraint("hascard(N, ZZ)")
    assert info.value.column == 12


def test_python_constraints_and_hand_functions() -> None:
    """Any ``Hand -> number`` is a constraint term; vectorised ones give the same answer faster."""
    spades_scalar = hand_function(lambda h: h.length(Suit.SPADES), Seat.NORTH, "sp")
    spades_vector = vector_function(lambda hold: np.asarray([int(x).bit_count() for x in hold[:, Suit.SPADES]]),
                                    Seat.NORTH)  # fmt: skip
    batch = DealGenerator(seed=9).shuffle(2000)
    assert (spades_scalar.values(batch) == length(Seat.NORTH, Suit.SPADES).values(batch)).all()
    assert (spades_vector.values(batch) == length(Seat.NORTH, Suit.SPADES).values(batch)).all()
    c = (hcp(Seat.SOUTH) + hcp(Seat.NORTH)).between(25, 27) & ~shape(Seat.NORTH, "(4333)")
    for d in DealGenerator(c, seed=10).deals(100):
        assert 25 <= scalar_hcp(d[Seat.NORTH]) + scalar_hcp(d[Seat.SOUTH]) <= 27
        assert sorted_shape(d[Seat.NORTH]) != (4, 3, 3, 3)
        assert c(d)


def test_registered_function_in_the_language() -> None:
    register_function("aces", lambda h: sum(1 for c in h if int(c.rank) == 14))
    for d in generate("aces(N) >= 3", 30, seed=11):
        assert sum(1 for c in d[Seat.NORTH] if int(c.rank) == 14) >= 3


# --- predeal ----------------------------------------------------------------------------------------------------


def test_predeal_cards_stay_put() -> None:
    predeal = {Seat.NORTH: Hand("AKQJT98765432..."), Seat.SOUTH: Hand(".AK..")}
    deals = generate("hcp(S) >= 10", 50, predeal=predeal, seed=12)
    for d in deals:
        assert d[Seat.NORTH] == predeal[Seat.NORTH]
        assert predeal[Seat.SOUTH].issubset(d[Seat.SOUTH])
        assert scalar_hcp(d[Seat.SOUTH]) >= 10
        assert d.is_complete


def test_predeal_accepts_a_partial_deal() -> None:
    partial = Deal.partial("N:AK.AK.AK.AK - - QJ.QJ.QJ.QJ")
    for d in generate(None, 20, predeal=partial, seed=13):
        assert partial[Seat.NORTH].issubset(d[Seat.NORTH]) and partial[Seat.WEST].issubset(d[Seat.WEST])


def test_bad_predeal_and_impossible_constraints_are_typed_errors() -> None:
    with pytest.raises(DealGenerationError):
        DealGenerator(predeal={Seat.NORTH: Hand("A..."), Seat.SOUTH: Hand("A...")})
    with pytest.raises(DealGenerationError):
        list(DealGenerator("hcp(N) > 37", seed=1, batch_size=1000, max_attempts=5000).deals(1))


def test_the_package_keeps_the_module_imports() -> None:
    """#10: dealer.py became a package; every name it exported still imports from ``contractbridge.dealer``,
    except ``Dealer``, renamed ``DealGenerator`` (it collided with ``Board.dealer``, a seat)."""
    import contractbridge.dealer as package

    old_names = {
        "Constraint",
        "DealBatch",
        "DealGenerator",
        "Expr",
        "ShapePattern",
        "controls",
        "generate",
        "hand_function",
        "has_card",
        "hcp",
        "length",
        "parse_constraint",
        "register_function",
        "shape",
        "vector_function",
        "Predeal",
        "TrueConstraint",
        "Compare",
        "HCP_TABLE",
        "ALL_SHAPES",
        "parse_shape_pattern",
    }
    assert old_names <= set(package.__all__)
    assert all(hasattr(package, name) for name in package.__all__)
    assert not hasattr(package, "Dealer")
    assert generate("hcp(N) >= 20", 3, seed=4) == list(DealGenerator("hcp(N) >= 20", seed=4).deals(3))


@pytest.mark.parametrize(
    ("text", "seats"),
    [
        ("hcp(north)>=15 && spades(north)>=5", {Seat.NORTH}),
        ("hcp(N) + hcp(S) >= 25 and not shape(S, any 4333)", {Seat.NORTH, Seat.SOUTH}),
        ("shape(E) == (4333) or hascard(W, SA)", {Seat.EAST, Seat.WEST}),
        ("true", set()),
    ],
)
def test_constraints_name_the_seats_they_read(text: str, seats: set[Seat]) -> None:
    assert parse_constraint(text).seats == seats


def test_dealing_the_read_seats_first_keeps_only_what_the_constraint_accepts() -> None:
    north = "hcp(N) >= 15 and spades(N) >= 5"
    batch = DealGenerator(north, seed=8).batch(300)
    assert np.array_equal(batch.holdings, DealGenerator(north, seed=8).batch(300).holdings)  # reproducible
    for d in batch:
        assert d.is_complete and scalar_hcp(d[Seat.NORTH]) >= 15 and d[Seat.NORTH].length(Suit.SPADES) >= 5


def test_batch_deals_build_their_hands_on_use_and_equal_plain_deals() -> None:
    import pickle

    batch = DealGenerator(seed=12).batch(50)
    for i, d in enumerate(batch):
        plain = Deal(d.to_pbn())
        assert d == plain and hash(d) == hash(plain) and repr(d) == repr(plain) and batch[i] == plain
        assert pickle.loads(pickle.dumps(d)) == plain
        assert [len(h) for h in d.hands] == [13, 13, 13, 13]


# --- shape patterns and the parser ------------------------------------------------------------------------------


ALL_PATTERNS = [(s, h, d, 13 - s - h - d) for s in range(14) for h in range(14 - s) for d in range(14 - s - h)]


@pytest.mark.parametrize(
    ("text", "rule"),
    [
        ("(4333)", lambda sh: sorted(sh) == [3, 3, 3, 4]),
        ("4333 any", lambda sh: sorted(sh) == [3, 3, 3, 4]),
        ("any 4432", lambda sh: sorted(sh) == [2, 3, 4, 4]),
        ("4-4-x-x", lambda sh: sh[:2] == (4, 4)),
        ("4432", lambda sh: sh == (4, 4, 3, 2)),
        ("5+-x-x-x", lambda sh: sh[0] >= 5),
        ("5+S", lambda sh: sh[0] >= 5),
        ("5+♠, 4-♥", lambda sh: sh[0] >= 5 and sh[1] <= 4),
        ("any 4333 + any 4432", lambda sh: sorted(sh) in ([3, 3, 3, 4], [2, 3, 4, 4])),
        ("any 5332 - 5xxx", lambda sh: sorted(sh) == [2, 3, 3, 5] and sh[0] != 5),
        ("x-x-1-0 any", lambda sh: 1 in sh and 0 in sh),
    ],
)
def test_shape_patterns(text: str, rule: object) -> None:
    pattern = ShapePattern.parse(text)
    expected = {sh for sh in ALL_PATTERNS if rule(sh)}  # type: ignore[operator]
    assert expected and pattern.shapes == expected
    assert len(ALL_PATTERNS) == 560


@pytest.mark.parametrize(
    ("text", "column"),
    [("hcp(N) >= ", 11), ("hcp(Q) > 3", 5), ("foo(N) > 1", 1), ("shape(N) == 44", 12), ("hcp(N) in 1..", 14),
     ("spades(N) >= 5 )", 16), ("hcp(N) and hcp(S) > 3", 1), ("hcp(N) > 3 $", 12), ("spades(N, H) > 3", 1)],
)  # fmt: skip
def test_parse_errors_carry_the_column(text: str, column: int) -> None:
    with pytest.raises(ConstraintError) as info:
        parse_constraint(text)
    assert info.value.column == column
    assert f"column {column}" in str(info.value)


def test_empty_constraint_accepts_everything() -> None:
    assert len(generate("", 3, seed=1)) == 3
