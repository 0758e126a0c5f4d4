"""Dealer scripts (#24 item 2): every statement, action and function of Hans van Staveren's ``dealer`` that
``contractbridge dealer`` runs, checked against the same conditions evaluated here card by card (L6: the deals
themselves are uniform; that is test_dealer.py's business)."""

from __future__ import annotations

import io
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from contractbridge.cards import Hand, Rank, Seat, Suit
from contractbridge.deal import Deal
from contractbridge.dealer.expressions import lead_cards
from contractbridge.dealer.script import DealerScript, parse_script, strip_comments
from contractbridge.errors import DealerScriptError

# --- the same functions, card by card ---------------------------------------------------------------------------


def ranks(hand: Hand, suit: Suit) -> list[Rank]:
    return sorted((c.rank for c in hand if c.suit == suit), reverse=True)


def hcp(hand: Hand, suit: Suit | None = None) -> int:
    points = {Rank.ACE: 4, Rank.KING: 3, Rank.QUEEN: 2, Rank.JACK: 1}
    return sum(points.get(c.rank, 0) for c in hand if suit is None or c.suit == suit)


def length(hand: Hand, suit: Suit) -> int:
    return len(ranks(hand, suit))


def losers(hand: Hand) -> int:
    total = 0
    for suit in Suit:
        held = ranks(hand, suit)
        top = (Rank.ACE, Rank.KING, Rank.QUEEN)[: min(len(held), 3)]
        total += sum(1 for r in top if r not in held)
    return total


def top(n: int, hand: Hand, suit: Suit) -> int:
    return sum(1 for r in ranks(hand, suit) if r > Rank.ACE - n)


def controls(hand: Hand) -> int:
    return sum(2 if c.rank == Rank.ACE else 1 if c.rank == Rank.KING else 0 for c in hand)


def run(text: str, **kwargs: object) -> tuple[DealerScript, str]:
    script = parse_script(text, "test.dlr")
    out = io.StringIO()
    script.run(out, **kwargs)  # type: ignore[arg-type]
    return script, out.getvalue()


def pbn_deals(text: str) -> list[Deal]:
    return [Deal(d) for d in re.findall(r'\[Deal "([^"]+)"\]', text)]


# --- statements -------------------------------------------------------------------------------------------------


SCRIPT = """
# a strong notrump opposite a response   (hash comment)
generate 500000   // shuffles at most
produce 4
dealer south
vulnerable EW
/* predeal: cards by suit,
   also the ten as 10 */
predeal north SAK, H109
nt = hcp(south) >= 15 && hcp(south) <= 17 && shape(south, any 4333 + any 4432 + any 5332 - 5xxx)
response = hcp(north) >= 8 ? 1 : 0
condition nt && response == 1 && !hascard(east, SQ)
action printpbn
"""


def test_a_script_with_every_statement_produces_the_deals_it_asks_for() -> None:
    script, out = run(SCRIPT, seed=5)
    deals = pbn_deals(out)
    assert len(deals) == 4 and script.produce == 4 and script.generate == 500_000
    assert out.count('[Dealer "S"]') == 4 and out.count('[Vulnerable "EW"]') == 4
    for deal in deals:
        north, east, south, _ = deal.hands
        assert Hand("AK.T9..").bits & north.bits == Hand("AK.T9..").bits  # predealt cards stay put
        assert 15 <= hcp(south) <= 17 and hcp(north) >= 8
        pattern = sorted((length(south, s) for s in Suit), reverse=True)
        assert pattern in ([4, 3, 3, 3], [4, 4, 3, 2], [5, 3, 3, 2]) and length(south, Suit.SPADES) < 5
        assert not any(c.suit == Suit.SPADES and c.rank == Rank.QUEEN for c in east)
    assert "Produced 4 hands" in out and "Initial random seed 5" in out


def test_the_same_seed_gives_the_same_deals_and_n_overrides_produce() -> None:
    assert pbn_deals(run(SCRIPT, seed=9)[1]) == pbn_deals(run(SCRIPT, seed=9)[1])
    assert len(pbn_deals(run(SCRIPT, seed=9, n=2)[1])) == 2


def test_comments_are_blanked_keeping_lines_and_columns() -> None:
    text = 'a # x\nb // y\nc /* z\n w */ d "#not"'
    out = strip_comments(text)
    assert out.splitlines()[0].rstrip() == "a" and out.count("\n") == text.count("\n")
    assert out.index("d") == text.index("d") and '"#not"' in out


def test_generate_bounds_the_shuffles_and_the_run_reports_what_it_produced() -> None:
    _, out = run("generate 100\nproduce 5\ncondition hcp(north) >= 37\naction printall")
    assert "Produced 0 hands" in out and "Generated 100 hands" in out


# --- actions ----------------------------------------------------------------------------------------------------


def dealer_cell(hand: Hand, suit: Suit) -> str:
    """A suit as suokko/dealer's main.cpp prints it: each card then a space; a void is "- "."""
    return "".join(f"{r.letter} " for r in ranks(hand, suit)) or "- "


def dealer_lines(hands: list[Hand]) -> list[str]:
    """Hands side by side, each but the last padded to 20 columns (main.cpp: ``cards`` counted up to 10)."""
    order = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
    return ["".join(dealer_cell(h, s).ljust(20) for h in hands[:-1]) + dealer_cell(hands[-1], s) for s in order]


def test_printall_printew_and_print_lay_hands_out_as_dealer_does() -> None:
    # printall: "%4d." then the four hands; printew: West then East, no number; print(…): kept and printed
    # at the end, a sheet per seat ("North hands:", four deals across, "%4d.%15c" headers, a form feed).
    _, out = run("produce 5\naction printpbn, printall, printew, print(south, north)", seed=1)
    deals = pbn_deals(out)
    assert len(deals) == 5
    for number, deal in enumerate(deals, 1):
        north, east, south, west = deal.hands
        block = f"{number:4d}.\n" + "\n".join(dealer_lines([north, east, south, west])) + "\n\n"
        ew = "\n".join(dealer_lines([west, east])) + "\n\n"
        assert block + ew in out
    for seat in (Seat.NORTH, Seat.SOUTH):
        sheet = f"\n\n{seat.name.title()} hands:\n\n\n\n"
        for first in (0, 4):
            group = deals[first : first + 4]
            sheet += "".join(f"{first + k + 1:4d}.{'':15}" for k in range(len(group))) + "\n"
            sheet += "\n".join(dealer_lines([d.hands[seat] for d in group])) + "\n\n"
        assert sheet + "\f" in out
    assert out.index("North hands:") < out.index("South hands:") < out.index("Generated")
    # a void and a long suit: "- " and no padding past 20 columns
    _, out = run("produce 1\npredeal north SAKQJT98765432\naction printall", seed=2)
    assert out.splitlines()[1] == "A K Q J T 9 8 7 6 5 4 3 2 " + "- ".ljust(20) * 2 + "- "
    assert out.splitlines()[2].startswith("- ".ljust(20))


def test_printcompact_printoneline_and_printes_print_each_deal_as_dealer_does() -> None:
    # dealer: "n AKQ.J2..T98765" a line per hand (printoneline: one line), then an optional value; printes
    # writes its strings (which may span lines) and whole values with nothing between.
    text = (
        "produce 2\naction printpbn, printcompact (hcp(north)), printoneline,\n"
        ' printes ("N has ", spades(north), "\n!\n")'
    )
    _, out = run(text, seed=7)
    deals = pbn_deals(out)
    assert len(deals) == 2
    for deal in deals:
        hands = [
            f"{seat.name[0].lower()} "
            + ".".join(
                "".join(r.letter for r in ranks(deal.hands[seat], s))
                for s in (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
            )
            for seat in Seat
        ]
        north = deal.hands[Seat.NORTH]
        block = "\n".join(hands) + f"\n{hcp(north)}\n" + " ".join(hands) + f"\nN has {length(north, Suit.SPADES)}\n!\n"
        assert block in out


def test_average_and_frequency_count_the_deals_produced() -> None:
    text = """produce 30
    action printpbn, average "hcp n" hcp(north), frequency "spades" (spades(north), 3, 5),
           frequency "two" (hearts(north), 2, 4, diamonds(north) % 2, 0, 1)"""
    _, out = run(text, seed=4)
    deals = pbn_deals(out)
    mean = sum(hcp(d.hands[Seat.NORTH]) for d in deals) / len(deals)
    assert f"hcp n: {mean:g}" in out
    lines = out.split("Frequency spades:")[1].split("Frequency two:")[0].splitlines()[1:]
    table = dict(line.split() for line in lines)
    count = {"Low": 0, "High": 0, "3": 0, "4": 0, "5": 0}
    for d in deals:
        k = length(d.hands[Seat.NORTH], Suit.SPADES)
        count["Low" if k < 3 else "High" if k > 5 else str(k)] += 1
    # dealer prints only the values that occurred (dealer.cpp, cleanup_action)
    assert {k: int(v) for k, v in table.items()} == {k: v for k, v in count.items() if v}
    # the 2-D table: only rows and columns with a count, "Low"/"High" outside the ranges, sums last
    grid = out.split("Frequency two:\n")[1].split("\n\n")[0].splitlines()
    cells: dict[tuple[str, str], int] = {}
    for d in deals:
        h = length(d.hands[Seat.NORTH], Suit.HEARTS)
        row = "Low" if h < 2 else "High" if h > 4 else str(h)
        col = str(length(d.hands[Seat.NORTH], Suit.DIAMONDS) % 2)
        cells[row, col] = cells.get((row, col), 0) + 1
    rows = [r for r in ("Low", "2", "3", "4", "High") if any(k[0] == r for k in cells)]
    cols = [c for c in ("0", "1") if any(k[1] == c for k in cells)]
    head = "    " + "".join(f" {int(c):6d}" for c in cols) + "    Sum"
    lines = [head]
    for r in rows:
        name = {"Low": "Low ", "High": "High"}.get(r) or f"{int(r):4d}"
        values = [cells.get((r, c), 0) for c in cols]
        lines.append(name + "".join(f" {v:6d}" for v in values) + f" {sum(values):6d}")
    sums = [sum(cells.get((r, c), 0) for r in rows) for c in cols]
    lines.append("Sum " + "".join(f" {v:6d}" for v in sums) + f" {len(deals):6d}")
    assert grid == lines


def test_pbn_format_prints_games_and_reports_as_comment_lines() -> None:
    _, out = run('produce 2\naction printall, average "x" hcp(south)', seed=2, pbn=True)
    assert len(pbn_deals(out)) == 2
    assert all(line.startswith(("[", "%")) for line in out.splitlines() if line)


# --- functions --------------------------------------------------------------------------------------------------

FUNCTIONS = {
    "hcp(north) >= 12": lambda d: hcp(d.hands[Seat.NORTH]) >= 12,
    "hcp(south, hearts) >= 3": lambda d: hcp(d.hands[Seat.SOUTH], Suit.HEARTS) >= 3,
    "control(east) >= 4": lambda d: controls(d.hands[Seat.EAST]) >= 4,
    "loser(west) <= 6": lambda d: losers(d.hands[Seat.WEST]) <= 6,
    "losers(north) >= 8": lambda d: losers(d.hands[Seat.NORTH]) >= 8,
    "top2(north, spades) == 1": lambda d: top(2, d.hands[Seat.NORTH], Suit.SPADES) == 1,
    "top3(south, hearts) >= 2": lambda d: top(3, d.hands[Seat.SOUTH], Suit.HEARTS) >= 2,
    "top4(east, diamonds) >= 2": lambda d: top(4, d.hands[Seat.EAST], Suit.DIAMONDS) >= 2,
    "top5(west, clubs) >= 3": lambda d: top(5, d.hands[Seat.WEST], Suit.CLUBS) >= 3,
    "hascard(north, AS) || hascard(north, KH)": lambda d: any(
        (c.suit, c.rank) in ((Suit.SPADES, Rank.ACE), (Suit.HEARTS, Rank.KING)) for c in d.hands[Seat.NORTH]
    ),
    "shape(east, 5xxx + any 4441)": lambda d: (
        length(d.hands[Seat.EAST], Suit.SPADES) == 5
        or sorted(length(d.hands[Seat.EAST], s) for s in Suit) == [1, 4, 4, 4]
    ),
    "(spades(north) == hearts(north)) == 1": lambda d: (
        length(d.hands[Seat.NORTH], Suit.SPADES) == length(d.hands[Seat.NORTH], Suit.HEARTS)
    ),
    "(hcp(north) > 10 ? spades(north) : hearts(north)) >= 4": lambda d: (
        length(d.hands[Seat.NORTH], Suit.SPADES if hcp(d.hands[Seat.NORTH]) > 10 else Suit.HEARTS) >= 4
    ),
    "hcp(south) / 4 == 2 && hcp(south) % 4 != 3": lambda d: (
        hcp(d.hands[Seat.SOUTH]) // 4 == 2 and hcp(d.hands[Seat.SOUTH]) % 4 != 3
    ),
}


@settings(max_examples=25, deadline=None)
@given(
    st.lists(st.sampled_from(sorted(FUNCTIONS)), min_size=1, max_size=3, unique=True),
    st.sampled_from(["&&", "||"]),
    st.integers(0, 2**31),
)
def test_generated_deals_satisfy_the_condition_evaluated_independently(
    terms: list[str], joiner: str, seed: int
) -> None:
    condition = f" {joiner} ".join(f"({t})" for t in terms)
    script = f"v = {condition}\nproduce 3\ngenerate 2000000\ncondition v\naction printpbn"
    _, out = run(script, seed=seed)
    for deal in pbn_deals(out):
        verdicts = [FUNCTIONS[t](deal) for t in terms]
        assert all(verdicts) if joiner == "&&" else any(verdicts), (condition, deal)


def test_honour_counts_and_their_pt_names_count_each_rank() -> None:
    # dealer's scanner: aces … tens are pt4 … pt0, singulars too; c13 (pt9) counts A 6, K 4, Q 2, J 1.
    text = """produce 6
    condition aces(south) + kings(south) >= 3 && pt0(south, hearts) == 1 && c13(south) >= 9
    action printpbn, average "jacks" jack(south), average "pt9" pt9(south), average "queens" queens(south, spades)
    """
    _, out = run(text, seed=3)
    deals = pbn_deals(out)
    assert len(deals) == 6
    south = [deal.hands[Seat.SOUTH] for deal in deals]

    def count(hand: Hand, rank: Rank, suit: Suit | None = None) -> int:
        return sum(1 for c in hand if c.rank == rank and (suit is None or c.suit == suit))

    for hand in south:
        assert count(hand, Rank.ACE) + count(hand, Rank.KING) >= 3 and count(hand, Rank.TEN, Suit.HEARTS) == 1
        weights = {Rank.ACE: 6, Rank.KING: 4, Rank.QUEEN: 2, Rank.JACK: 1}
        assert sum(w * count(hand, rank) for rank, w in weights.items()) >= 9
    assert f"jacks: {sum(count(h, Rank.JACK) for h in south) / 6:g}" in out
    assert f"queens: {sum(count(h, Rank.QUEEN, Suit.SPADES) for h in south) / 6:g}" in out


def test_predeal_gives_several_seats_and_the_action_list_may_end_in_a_comma() -> None:
    # dealer's grammar: ``predeal north …  west …`` in one statement; ``action a, b,`` (an empty last item).
    text = "produce 2\npredeal north SAK, HQ\n  west D2, C3\naction printpbn,\n"
    _, out = run(text, seed=2)
    deals = pbn_deals(out)
    assert len(deals) == 2
    for deal in deals:
        assert Hand("AK.Q..").bits & deal.hands[Seat.NORTH].bits == Hand("AK.Q..").bits
        assert Hand("..2.3").bits & deal.hands[Seat.WEST].bits == Hand("..2.3").bits


def test_operators_bind_as_in_dealers_grammar() -> None:
    # defs.y: ! binds tightest; < … >= before == and !=, each left to right; a condition counts 1 or 0.
    text = """a = 2 == 2 != 0
    b = 0 != 2 == 1
    c = 4 > 3 < 1
    d = !0 * 2
    e = 3 * !0 + !5
    produce 1
    condition !shape(north, 4333) && !hascard(north, SA)
    action printpbn, printes (a, b, c, d, e)
    """
    _, out = run(text, seed=1)
    north = pbn_deals(out)[0].hands[Seat.NORTH]
    assert not any(c.rank == Rank.ACE and c.suit == Suit.SPADES for c in north)
    assert [length(north, s) for s in (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)] != [4, 3, 3, 3]
    assert "11023" in out.split("]\n\n")[-1]


def test_a_shape_list_takes_commas_or_nothing_between_terms() -> None:
    # dealer: shape(seat, any 4333, any 4432 5332) is the same list as with + between the terms.
    text = "produce 8\ncondition shape(east, any 4333, any 4432 5332)\naction printpbn"
    for deal in pbn_deals(run(text, seed=4)[1]):
        lengths = [length(deal.hands[Seat.EAST], s) for s in (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)]
        assert sorted(lengths, reverse=True) in ([4, 3, 3, 3], [4, 4, 3, 2]) or lengths == [5, 3, 3, 2]


def test_quality_and_cccc_follow_kaplan_rubens() -> None:
    # AKQJT: (4+3+2+1+½+½) × 5 / 10 = 5.5; a seven-card AK with the Q and J counted as held: 9 × 7 / 10.
    predeal = "predeal north SAKQJT, HAK65432\ncondition quality(north, spades) == 550 && quality(north, hearts) == 630"
    _, out = run(predeal + "\nproduce 1\naction printpbn", seed=1)
    assert len(pbn_deals(out)) == 1
    # cccc: hand value × 100; an AKQJT-AK65432 hand is worth far more than a Yarborough.
    _, out = run('predeal north SAKQJT, HAK65432\nproduce 1\naction average "c" cccc(north)', seed=1)
    assert float(out.split("c: ")[1].split()[0]) > 1800


def test_tricks_score_imps_and_evalcontract_use_double_dummy() -> None:
    pytest.importorskip("endplay")
    from contractbridge import dd
    from contractbridge.cards import Strain

    text = """predeal north SAKQJT98, HAKQ, DAK
    produce 2
    condition tricks(north, spades) >= 12 && score(nv, 6S, tricks(north, spades)) >= 980
        && imps(score(vul, x4H, tricks(south, hearts)) + 2000) > 0
    action printpbn, average "t" tricks(north, notrump), evalcontract (north, 6S, vul)"""
    _, out = run(text, seed=3)
    deals = pbn_deals(out)
    assert len(deals) == 2
    tables = [dd.dd_table(d) for d in deals]
    assert all(t.tricks(Strain.SPADES, Seat.NORTH) >= 12 for t in tables)
    mean = sum(t.tricks(Strain.NOTRUMP, Seat.NORTH) for t in tables) / 2
    assert f"t: {mean:g}" in out
    assert "evalcontract north 6S vul: average score" in out and "made 100.0% of 2 deals" in out


# --- errors -----------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "line", "column", "words"),
    [
        ("produce 3\ncondition hcp(north) > 10 &&\n  frob(north) > 3\n", 3, 3, "unknown function 'frob'"),
        ("produce 3\naction printall, printfoo\n", 2, 18, "unknown action 'printfoo'"),
        ("pointcount 1 2 3 4 5 6 7 8 9 10 11 12 13 14\n", 1, 42, "too many pointcount values"),
        ("altcount 12 1 2\n", 1, 10, "altcount takes a count from 0 to 11"),
        ("n = hcp(north)\nn = hcp(south)\n", 2, 1, "defined twice"),
        ("produce 1\nunknownvar > 5\n", 2, 1, "unknown variable 'unknownvar'"),
        ("action average score(nv, x7c, 13)\n", 1, 26, "capital letter"),
        ("predeal spades(north) == 5\npredeal spades(north) == 6\n", 2, 9, "already set to 5"),
        ("predeal spades(north) == 5\npredeal hearts(north) == 5\npredeal clubs(north) == 5\n", 3, 9, "15 cards"),
        ("predeal south SAQ542\npredeal spades(south) == 3\n", 2, 9, "More predeal cards than bias allows"),
        (
            "predeal spades(north) == 3\npredeal hearts(north) == 3\npredeal diamonds(north) == 3\n"
            "predeal clubs(north) == 3\n",
            4,
            9,
            "12 cards predealt for North in 4 suits",
        ),
        (
            "predeal spades(north) == 2\npredeal hearts(north) == 2\npredeal diamonds(west) == 9\n"
            "predeal clubs(east) == 9\n",
            4,
            9,
            "No shapes are possible",
        ),
        ("predeal north SAK\npredeal south SA\n", 2, 15, "cannot predeal"),
        ("/* never closed\nproduce 3\n", 1, 1, "never closed"),
        ("condition hcp(north) > 10\ncondition hcp(south) > 10\n", 2, 11, "one condition"),
        ("produce -3\n", 1, 9, "positive whole number"),
        ("action frequency (hcp(north), 10, 5)\n", 1, 19, "high end"),
        # no hand has these patterns; dealer refuses them as well ("wrong number of cards in shape")
        ("produce 1\ncondition shape(north, any 4333 + 3333)\n", 2, 35, "only 12 cards"),
        ("condition shape(south, 55x5)\n", 1, 24, "15 cards"),
    ],
)
def test_unknown_constructs_name_the_line_and_column(text: str, line: int, column: int, words: str) -> None:
    with pytest.raises(DealerScriptError) as caught:
        parse_script(text, "x.dlr")
    err = caught.value
    assert (err.line, err.column) == (line, column) and words in err.reason
    assert str(err).startswith(f"x.dlr:{line}:{column}: ")


def test_the_command_runs_a_script_file(tmp_path: object) -> None:
    from pathlib import Path

    from contractbridge.cli import app

    path = Path(str(tmp_path)) / "s.dlr"
    path.write_text("produce 5\ncondition hcp(north) >= 10\naction printall\n", encoding="utf-8")
    runner = CliRunner()
    result = runner.invoke(app, ["dealer", str(path), "-n", "2", "--seed", "7", "--format", "pbn"])
    assert result.exit_code == 0, result.output
    deals = pbn_deals(result.output)
    assert len(deals) == 2 and all(hcp(d.hands[Seat.NORTH]) >= 10 for d in deals)
    path.write_text("produce 5\ncondition hcp(nord) >= 10\n", encoding="utf-8")
    bad = runner.invoke(app, ["dealer", str(path)])
    assert bad.exit_code == 2 and "s.dlr:2:15" in bad.output and "expected a seat" in bad.output


# --- what suokko/dealer's examples (Examples/Descr.*) use ---------------------------------------------------------


def test_pointcount_and_altcount_redefine_a_count_for_every_use_of_it() -> None:
    # dealer (main.cpp): pointcount sets hcp's table from the ace down, ranks not given count 0; altcount K sets
    # count K (0 hcp, 1 controls, … 11 c13). The table applies to uses before the statement too (Descr.yarb).
    text = """condition hcp(north) >= 3
    pointcount 1 1 1 1 1
    altcount 1 1 2 3 4 5
    produce 6
    action printpbn, printes (hcp(north), " ", controls(north, hearts), \\n)"""
    _, out = run(text, seed=8)
    deals = pbn_deals(out)
    values = re.findall(r"^(\d+) (\d+)$", out, re.M)
    assert len(deals) == len(values) == 6
    for deal, (h, c) in zip(deals, values, strict=True):
        north = deal.hands[Seat.NORTH]
        honours = sum(1 for card in north if card.rank >= Rank.TEN)
        assert int(h) == honours >= 3
        weights = {Rank.ACE: 1, Rank.KING: 2, Rank.QUEEN: 3, Rank.JACK: 4, Rank.TEN: 5}
        assert int(c) == sum(weights.get(card.rank, 0) for card in north if card.suit == Suit.HEARTS)


def test_predeal_of_a_suit_length_deals_uniformly_with_that_length() -> None:
    # suokko/dealer: predeal spades(north) == 5. North's hearts are then hypergeometric: 8 cards from the 39
    # non-spades, 13 of them hearts (the chi-square bound is loose: a wrong dealer is far off).
    from math import comb

    text = 'predeal spades(north) == 5\npredeal south SJ4, HQ942\ngenerate 20000\naction frequency "h" '
    text += "(hearts(north), 0, 8)"
    _, out = run(text, seed=3)
    assert "Produced 20000 hands" in out and "Generated 20000 hands" in out
    counts = {int(k): int(v) for k, v in re.findall(r"^\s+(\d)\t\s*(\d+)$", out, re.M)}
    # south holds two spades and four hearts: north's 8 other cards come from 35 cards, 9 of them hearts
    expected = {k: 20000 * comb(9, k) * comb(26, 8 - k) / comb(35, 8) for k in range(9)}
    chi2 = sum((counts.get(k, 0) - e) ** 2 / e for k, e in expected.items() if e > 5)
    assert chi2 < 40, (counts, expected)
    gen_deals = pbn_deals(run(text.replace("frequency", "printpbn, frequency").replace("20000", "30"), seed=1)[1])
    for deal in gen_deals:
        assert length(deal.hands[Seat.NORTH], Suit.SPADES) == 5
        assert Hand("J4.Q942..").bits & deal.hands[Seat.SOUTH].bits == Hand("J4.Q942..").bits


def test_predeal_of_every_suit_length_deals_each_time() -> None:
    lines = [
        f"predeal {suit}({seat}) == {n}"
        for seat, row in zip(
            ("north", "east", "south", "west"), ((5, 3, 3, 2), (2, 5, 3, 3), (3, 2, 5, 3), (3, 3, 2, 5)), strict=True
        )
        for suit, n in zip(("spades", "hearts", "diamonds", "clubs"), row, strict=True)
    ]
    _, out = run("\n".join(lines) + "\nproduce 3\naction printpbn", seed=4)
    deals = pbn_deals(out)
    assert len(deals) == 3 and "Generated 3 hands" in out
    for deal in deals:
        assert [length(deal.hands[Seat.EAST], s) for s in (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)] == [
            2,
            5,
            3,
            3,
        ]


def test_abs_rnd_avg_and_a_conditional_average() -> None:
    # dealer.cpp: abs; rnd(n) in 0 … n-1; avg is the last average × 1,000,000; average "l" (expr, cond) prints
    # only if the condition holds at the end (Descr.test_average, Descr.test_abs, Descr.test_operators).
    text = """v = -4
    produce 4000
    action printes ("abs ", abs(v), " ", abs(3 - 10), \\n),
        average "four" (shape(north, any 4432), avg > 100000),
        average "never" (shape(north, any 4432), avg > 900000),
        frequency "r" (rnd(3), 0, 2)"""
    _, out = run(text, seed=6)
    assert out.startswith("abs 4 7\n")
    mean = float(out.split("four: ")[1].split()[0])
    assert 0.18 < mean < 0.25 and "never" not in out
    counts = [int(n) for n in re.findall(r"^\s+[012]\t\s*(\d+)$", out, re.M)]
    assert len(counts) == 3 and sum(counts) == 4000 and min(counts) > 1200


def test_printpbn_rotates_dealer_and_vulnerability_unless_the_script_sets_them() -> None:
    # pbn.cpp: the board's dealer and vulnerability (L2) when the script sets none; today's date
    import datetime

    _, out = run("produce 5\naction printpbn", seed=1)
    assert re.findall(r'\[Dealer "(\w)"\]', out) == ["N", "E", "S", "W", "N"]
    assert re.findall(r'\[Vulnerable "(\w+)"\]', out) == ["None", "NS", "EW", "All", "NS"]
    assert out.count(f'[Date "{datetime.date.today():%Y.%m.%d}"]') == 5


def test_division_by_zero_gives_what_dealer_gives() -> None:
    # dealer.cpp: x / 0 is INT_MAX, INT_MIN or 0 by the sign of x; x % 0 is 0 (Descr.dds.test_lead_arithmetic)
    _, out = run('produce 1\naction printes (7 / 0, " ", -7 / 0, " ", 0 / 0, " ", 7 % 0, " ", -7 / 2, " ", -7 % 2)')
    assert out.startswith("2147483647 -2147483648 0 0 -3 -1Generated")


def test_scores_take_dealers_contracts() -> None:
    # scan.l: x7C, x7Cx (doubled); Descr.test_score's values (L77)
    text = """produce 1
    action average "a" score(nv, x7C, 13), average "b" score(vul, x7Nx, 13), average "c" score(nv, x2H, 6),
        average "d" score(vul, x4Sx, 7), average "e" imps(score(vul, x4S, 10) - score(vul, x3S, 10))"""
    _, out = run(text, seed=1)
    assert re.findall(r"^([a-e]): (-?\d+)$", out, re.M) == [
        ("a", "1440"),
        ("b", "2490"),
        ("c", "-100"),
        ("d", "-800"),
        ("e", "10"),
    ]


def test_bare_evalcontract_averages_double_dummy_scores_as_dealer() -> None:
    pytest.importorskip("endplay")
    from contractbridge import dd
    from contractbridge.cards import Strain
    from contractbridge.scoring.duplicate import score_array

    _, out = run("produce 2\ncondition hcp(north) + hcp(south) > 24\naction printpbn, evalcontract", seed=2)
    deals = pbn_deals(out)
    tables = [dd.dd_table(d) for d in deals]
    lines = out.split("Not Vulnerable\n")[1].splitlines()
    assert lines[0] == "   " + "".join(f"  {level}       " for level in range(1, 8))
    for strain, line in zip(Strain, lines[1:6], strict=True):
        cells = []
        for level in range(1, 8):
            pair = []
            for seat in (Seat.NORTH, Seat.SOUTH):
                total = sum(int(score_array(level, int(strain), 0, t.tricks(strain, seat), False)) for t in tables)
                pair.append(int(total / 2))  # C's division truncates towards zero
            cells.append(f"{pair[0]:4d}/{pair[1]:4d} ")
        assert line == f"{'cdhsn'[strain]}: " + "".join(cells)
    assert "\nVulnerable\n" in out


def test_generated_counts_the_shuffles_used_up_to_the_last_deal_produced() -> None:
    from contractbridge.dealer import DealGenerator, parse_constraint

    _, out = run("produce 3\naction printpbn", seed=5)
    assert "Generated 3 hands" in out  # no condition: every shuffle is a deal
    _, out = run("produce 2\ncondition hcp(north) >= 16\naction printpbn", seed=5)
    gen = DealGenerator(parse_constraint("hcp(N) >= 16"), seed=5)
    batch = next(gen.batches())
    assert f"Generated {int(gen.positions[1]) + 1} hands" in out and len(batch) >= 2


# --- leadtricks: a value per opening lead (suokko/dealer) ---------------------------------------------------------

LEADER = "SKQJ3, HT98, D742, C965"  # east's 13 cards; leads that can differ: SK S3 HT D7 D4 D2 C9 C6
LEADS = ["SK", "S3", "HT", "D7", "D4", "D2", "C9", "C6"]


def oneline_deals(out: str) -> list[Deal]:
    """The deals ``printoneline`` printed (``n AK3.Q4.T9876.52 e … s … w …``)."""
    found = re.findall(r"^n (\S+) e (\S+) s (\S+) w (\S+)$", out, re.MULTILINE)
    return [Deal(dict(zip(Seat, (Hand.parse(h) for h in hands), strict=True))) for hands in found]


def lead_tricks(deal: Deal, declarer: Seat, strain: object) -> list[int]:
    """Declarer's double-dummy tricks after each of LEADS by declarer's left-hand opponent (L54A), solved one
    position at a time (the test's own oracle)."""
    from contractbridge import dd
    from contractbridge.cards import Card, Strain

    scores = dd.solve(dd.Position(deal, Strain(strain), declarer.offset(1)))  # type: ignore[call-overload]
    return [13 - scores[Card.parse(c)] for c in LEADS]


def lead_table(rows: dict[int, list[int]]) -> list[str]:
    """dealer's per-lead frequency table: a row per value, a column per lead, each summed."""
    lines = ["    " + "".join(f"     {c}" for c in LEADS) + "    Sum"]
    for value in sorted(rows):
        lines.append(f"{value:4d}" + "".join(f" {n:6d}" for n in rows[value]) + f" {sum(rows[value]):6d}")
    sums = [sum(col) for col in zip(*rows.values(), strict=True)]
    return [*lines, "Sum " + "".join(f" {n:6d}" for n in sums) + f" {sum(sums):6d}"]


def count_by_lead(values: list[list[int]]) -> dict[int, list[int]]:
    rows: dict[int, list[int]] = {}
    for per_lead in values:
        for i, v in enumerate(per_lead):
            rows.setdefault(v, [0] * len(LEADS))[i] += 1
    return rows


def test_leadtricks_is_a_value_per_opening_lead_counted_by_lead() -> None:
    pytest.importorskip("endplay")
    from contractbridge.cards import Strain

    text = f"""predeal east {LEADER}
    lead = leadtricks(north, notrump)
    produce 3
    action printoneline, frequency "lead" (lead, 0, 13), frequency "down" (13 - lead * 1, 0, 13),
        average "mean" lead, printes(lead, \\n)"""
    _, out = run(text, seed=5)
    deals = oneline_deals(out)
    assert len(deals) == 3
    values = [lead_tricks(d, Seat.NORTH, Strain.NOTRUMP) for d in deals]
    lines = out.splitlines()
    start = lines.index("Frequency lead:")
    assert lines[start + 1 : start + 1 + len(count_by_lead(values)) + 2] == lead_table(count_by_lead(values))
    down = [[13 - v for v in per_lead] for per_lead in values]
    start = lines.index("Frequency down:")
    assert lines[start + 1 : start + 1 + len(count_by_lead(down)) + 2] == lead_table(count_by_lead(down))
    mean = sum(sum(v) / len(v) for v in values) / 3
    assert f"mean: {mean:g}" in lines
    # printing one prints the mean over the leads as a whole number (C's truncation), as dealer does
    printed = [int(line) for line in lines if re.fullmatch(r"\d+", line)]
    assert printed == [sum(v) // len(v) for v in values]


def test_leadtricks_compares_lead_by_lead_and_holds_as_a_condition_for_every_lead() -> None:
    pytest.importorskip("endplay")
    from contractbridge.cards import Strain

    text = f"""predeal east {LEADER}
    lead = leadtricks(north, spades)
    produce 4
    condition lead >= 3
    action printoneline,
        frequency "eq" (lead == 8, 0, 1), frequency "rho" (8 < lead, 0, 1), frequency "not" (!(lead - 8), 0, 1),
        frequency "all" (lead >= 8 && 1, 0, 1), frequency "if" (lead - 8 ? 1 : 0, 0, 1),
        frequency "abs" (abs(lead - 8), 0, 13), frequency "imps" (imps(score(nv, x4S, lead) - 420), -24, 24)"""
    _, out = run(text, seed=11)
    deals = oneline_deals(out)
    assert len(deals) == 4
    values = [lead_tricks(d, Seat.NORTH, Strain.SPADES) for d in deals]
    assert all(v >= 3 for per_lead in values for v in per_lead)
    lines = out.splitlines()

    def table(label: str, f: object) -> None:
        rows = count_by_lead([[f(v) for v in per_lead] for per_lead in values])  # type: ignore[operator]
        start = lines.index(f"Frequency {label}:")
        assert lines[start + 1 : start + 1 + len(rows) + 2] == lead_table(rows)

    table("eq", lambda v: int(v == 8))
    table("rho", lambda v: int(v > 8))  # 8 < lead means lead > 8 (dealer itself swaps it to lead >= 8)
    table("not", lambda v: int(v == 8))
    table("abs", lambda v: abs(v - 8))
    from contractbridge.scoring.compare import imps
    from contractbridge.scoring.duplicate import score_array

    table("imps", lambda v: imps(int(score_array(4, int(Strain.SPADES), 0, v, False)) - 420))

    # && and ?: make one value of it: true where every lead's value is
    def one(label: str, wanted: list[bool]) -> None:
        start = lines.index(f"Frequency {label}:")
        counts = {0: wanted.count(False), 1: wanted.count(True)}
        assert lines[start + 1 : start + 1 + sum(1 for n in counts.values() if n)] == [
            f"{v:5d}\t{n:8d}" for v, n in counts.items() if n
        ]

    one("all", [all(v >= 8 for v in per_lead) for per_lead in values])
    one("if", [all(v != 8 for v in per_lead) for per_lead in values])


def test_leadtricks_needs_the_opening_leaders_13_cards_predealt() -> None:
    with pytest.raises(DealerScriptError) as caught:
        parse_script("predeal north SA\nlead = leadtricks(south, hearts)\n", "x.dlr")
    err = caught.value
    assert (err.line, err.column) == (2, 8) and "west, needs 13 cards predealt" in err.reason
    # dealer reads the predeal when it deals: a leader predealt after the leadtricks using it counts
    later = parse_script(f"lead = leadtricks(north, notrump)\ncondition lead > 2\npredeal east {LEADER}\n")
    assert [str(c) for c in lead_cards(later.condition)] == LEADS
    from contractbridge.dealer import parse_constraint
    from contractbridge.errors import ConstraintError

    with pytest.raises(ConstraintError, match="needs 13 cards predealt"):
        parse_constraint("leadtricks(N, S) > 5")
