"""Double-dummy analysis (dd.py) against the DD results other programs recorded in shared/corpus (MANIFEST.md)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from contractbridge import dd
from contractbridge.cards import Card, Hand, Seat, Side, Strain, Suit
from contractbridge.contract import Contract, Doubling
from contractbridge.deal import Deal, Vulnerability
from contractbridge.errors import DDSUnavailableError, DoubleDummyError
from dd_oracles import Oracle, read_dds_list, read_gib_sol, read_pbn

endplay = pytest.importorskip("endplay")

LIST1 = "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3"


def _check(oracles: list[Oracle], *, par: bool = True) -> int:
    """Every recorded DD cell equals ours; every recorded par score (and DDS par contracts) equals ours."""
    tables = dd.dd_tables([o.deal for o in oracles])
    checked = 0
    for oracle, table in zip(oracles, tables, strict=True):
        for (strain, seat), tricks in oracle.cells.items():
            assert table.tricks(strain, seat) == tricks, f"{oracle.source}: {strain.letter} by {seat.letter}"
            checked += 1
        if par and oracle.par_score is not None and oracle.dealer is not None and oracle.vulnerability is not None:
            result = dd.par(table, oracle.vulnerability, oracle.dealer)
            assert result.score == oracle.par_score, f"{oracle.source}: par {result} vs {oracle.par_score}"
            if oracle.par_contracts is not None:
                assert {_par2(c) for c in result.contracts} == oracle.par_contracts, oracle.source
            _check_par_with_l77(result, oracle.vulnerability)
    return checked


def _check_par_with_l77(result: dd.ParResult, vulnerability: Vulnerability) -> None:
    """Each par contract, scored by our L77 scoring with its DD tricks, gives the par score."""
    from contractbridge.scoring import duplicate

    if not result.contracts:
        assert result.score == 0
    for c in result.contracts:
        for seat in c.declarers:
            tricks = c.contract.tricks_needed + c.result
            score = duplicate.score(c.contract, seat, tricks, vulnerability.is_vulnerable(seat))
            assert (score if seat.side is Side.NS else -score) == result.score, str(c)


def _par2(c: dd.ParContract) -> str:
    """DDS ``PAR2`` notation: ``4S*-EW-1``, ``4N-W+1``, ``7N-NS``."""
    strain = "N" if c.contract.strain is Strain.NOTRUMP else c.contract.strain.letter
    doubled = "*" if c.contract.doubling is Doubling.DOUBLED else ""
    res = "" if c.result == 0 else f"{c.result:+d}"
    return f"{c.contract.level}{strain}{doubled}-{''.join(s.letter for s in c.declarers)}{res}"


# --- the corpus -------------------------------------------------------------------------------------------------


def test_dds_list100_first_ten_tables_and_par(corpus: Path) -> None:
    """DDS hands/list100.txt, its first 10 deals: TABLE (strains S H D C NT × N E S W) and PAR2 (dealer-aware
    par). All 100 are in the slow suite (#10: the full list took over two minutes of the fast suite)."""
    oracles = list(read_dds_list(corpus / "dds" / "list100.txt"))
    assert len(oracles) == 100
    assert _check(oracles[:10]) == 200


@pytest.mark.slow
def test_dds_list100_tables_and_par(corpus: Path) -> None:
    """DDS hands/list100.txt: TABLE and PAR2 for all 100 deals."""
    oracles = list(read_dds_list(corpus / "dds" / "list100.txt"))
    assert _check(oracles) == 2000


@pytest.mark.slow
@pytest.mark.parametrize("name", ["list1000.txt", "list300.txt", "largest.txt", "thomas1.txt"])
def test_dds_lists_slow(corpus: Path, name: str) -> None:
    oracles = list(read_dds_list(corpus / "dds" / name))
    assert oracles
    assert _check(oracles) == 20 * len(oracles)


def test_gib_sol10(corpus: Path) -> None:
    """DDS hands/sol10.txt in GIB format (slots E N W S, NS tricks in the E/W slots)."""
    oracles = list(read_gib_sol(corpus / "dds" / "sol10.txt"))
    assert len(oracles) == 10
    assert _check(oracles) == 200


QUICK_PBN = [
    "vlmaier_bridgecomposer5.102_dealer_dd.pbn",  # DoubleDummyTricks + ORT + OptimumScore (Bridge Composer)
    "dealconvert_test.pbn",  # ORT + Ability + OptimumScore (BCDD)
    "endplay_examples_sample.pbn",  # partial ORT (declarers N and W only)
]
#: Boards 33-160 of the Camrose file carry corrupted DD (MANIFEST.md "Oracle caveat").
CORRUPT = {"ben_camrose24_bridgecomposer_dd.pbn": 32}


def _pbn_oracles(path: Path) -> list[Oracle]:
    oracles = [o for o in read_pbn(path) if o.cells or o.par_score is not None]
    limit = CORRUPT.get(path.name)
    if limit is not None:
        oracles = [o for o in oracles if int(o.source.rsplit(":", 1)[1]) <= limit]
    return oracles


@pytest.mark.parametrize("name", QUICK_PBN)
def test_pbn_dd_tags(corpus: Path, name: str) -> None:
    """DoubleDummyTricks / Ability / OptimumResultTable cells and OptimumScore of every board of the file."""
    oracles = _pbn_oracles(corpus / "pbn" / name)
    assert oracles
    assert _check(oracles) > 0


@pytest.mark.slow
def test_pbn_dd_tags_all_files(corpus: Path) -> None:
    """Every PBN file of the corpus that records DD results or par scores."""
    files = 0
    for path in sorted((corpus / "pbn").glob("*.pbn")):
        oracles = _pbn_oracles(path)
        if oracles:
            files += 1
            _check(oracles)
    assert files >= 20


# --- table values -----------------------------------------------------------------------------------------------


def test_ddtable_indexing_and_text() -> None:
    table = dd.dd_table(Deal(LIST1))
    # list1.txt TABLE: S 5 8 5 8, H 6 6 6 6, D 5 7 5 7, C 7 5 7 5, NT 6 6 6 6
    assert table[Strain.SPADES] == (5, 8, 5, 8)
    assert table[Strain.CLUBS][Seat.NORTH] == 7
    assert table.tricks(Strain.NOTRUMP, Seat.WEST) == 6
    assert DDTable_roundtrip(table)
    assert str(table).splitlines()[1] == "N   6  5  6  5  7"
    assert len(list(table)) == 20
    with pytest.raises(AttributeError):
        table._rows = ()  # type: ignore[misc]


def DDTable_roundtrip(table: dd.DDTable) -> bool:
    import pickle

    return dd.DDTable.from_array(table.to_array()) == table and pickle.loads(pickle.dumps(table)) == table


def test_ddtable_rejects_bad_cells() -> None:
    with pytest.raises(ValueError):
        dd.DDTable([[0, 0, 0, 0]] * 4)
    with pytest.raises(ValueError):
        dd.DDTable([[14, 0, 0, 0]] * 5)


def test_par_list1() -> None:
    """list1.txt PAR: "NS -110", EW 2S (dealer N, none vulnerable)."""
    result = dd.par(Deal(LIST1), Vulnerability.NONE, Seat.NORTH)
    assert result.score == -110
    assert [str(c) for c in result.contracts] == ["EW 2S="]
    assert result.contracts[0].contract == Contract(2, Strain.SPADES)
    _check_par_with_l77(result, Vulnerability.NONE)


def test_dd_result_of_a_contract() -> None:
    deal = Deal(LIST1)
    assert dd.dd_result(deal, Contract.parse("2S"), Seat.EAST) == 0  # 8 tricks
    assert dd.dd_result(deal, Contract.parse("4SX"), Seat.WEST) == -2
    assert dd.dd_result(deal, Contract.parse("1C"), Seat.NORTH) == 0


# --- batches and the cache -------------------------------------------------------------------------------------


def _check_batches(deals: list[Deal]) -> None:
    """Batched tables equal endplay's single-table solver at the chunk edges; repeats hit the cache."""
    from endplay.dds import calc_dd_table
    from endplay.types import Denom, Player

    dd.clear_cache()
    tables = dd.dd_tables([*deals, deals[0]])
    assert len(tables) == len(deals) + 1 and tables[-1] == tables[0]
    for i in (0, len(deals) - 1):
        theirs = calc_dd_table(dd.to_endplay(deals[i]))
        for strain, seat, tricks in tables[i]:
            denom = Denom.nt if strain is Strain.NOTRUMP else Denom(3 - int(strain))
            assert theirs[denom, Player(int(seat))] == tricks
    info = dd.cache_info()
    assert info["size"] == len(deals)
    dd.dd_table(deals[1])
    assert dd.cache_info()["hits"] == info["hits"] + 1


def test_batches_split_and_cache(monkeypatch: pytest.MonkeyPatch) -> None:
    """Batches are cut at the per-call limit (lowered here to 3: five deals take two calls)."""
    monkeypatch.setattr(dd, "MAX_TABLES_PER_CALL", 3)
    _check_batches([Deal.random(f"batch-{i}") for i in range(5)])


@pytest.mark.slow
def test_batches_beyond_forty() -> None:
    """41 deals take two CalcAllTables calls at DDS's real limit of 40 tables."""
    assert dd.MAX_TABLES_PER_CALL == 40
    _check_batches([Deal.random(f"batch-{i}") for i in range(41)])


def test_incomplete_deal_is_a_typed_error() -> None:
    partial = Deal.partial("N:AKQ... - - -")
    with pytest.raises(DoubleDummyError):
        dd.dd_table(partial)


def test_array_path_checks_deals() -> None:
    holdings = dd.holdings_array([Deal.random(1)])
    holdings[0, 0, 0] ^= 1  # North loses or gains the two of clubs
    with pytest.raises(DoubleDummyError, match="#0"):
        dd.dd_tables_array(holdings)
    assert dd.dd_tables_array(holdings[:0]).shape == (0, 5, 4)


def test_missing_dds_is_a_typed_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(dd, "_lib", None)
    monkeypatch.setitem(sys.modules, "endplay._dds", None)
    dd.clear_cache()
    with pytest.raises(DDSUnavailableError, match="endplay"):
        dd.dd_table(Deal.random(1))


# --- conversions ------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(5))
def test_endplay_conversion_both_ways(seed: int) -> None:
    deal = Deal.random(seed)
    ep = dd.to_endplay(deal)
    assert ep.to_pbn() == deal.to_pbn()
    assert dd.from_endplay(ep) == deal
    back = endplay.types.Deal(deal.to_pbn(Seat.EAST))
    assert dd.from_endplay(back) == deal


def test_endplay_conversion_partial() -> None:
    deal = Deal.partial("N:AK.QJ.T9.87 - 2.3.4.5 -")
    assert dd.from_endplay(dd.to_endplay(deal)) == deal
    assert not dd.from_endplay(dd.to_endplay(deal)).is_complete


# --- one position -----------------------------------------------------------------------------------------------


def test_solve_opening_position_matches_dds_fut(corpus: Path) -> None:
    """list*.txt FUT lines: SolveBoard at trick one (all cards with scores) for the given trump and leader."""
    checked = 0
    positions: list[dd.Position] = []
    expectations: list[dict[Card, int]] = []
    for name in ("list10.txt",):
        lines = (corpus / "dds" / name).read_text().splitlines()
        pbn_lines = [x for x in lines if x.startswith("PBN ")]
        fut_lines = [x for x in lines if x.startswith("FUT ")]
        for pbn_line, fut_line in zip(pbn_lines, fut_lines, strict=True):
            parts = pbn_line.split(" ", 5)
            trump = dd._our_strain(int(parts[3]))
            leader = Seat(int(parts[4]))
            deal = Deal(parts[5].strip().strip('"'))
            nums = [int(x) for x in fut_line.split()[1:]]
            n = nums[0]
            suits, ranks, equals, scores = (nums[1 + k * n : 1 + (k + 1) * n] for k in range(4))
            expected = {}
            for s, r, eq, score in zip(suits, ranks, equals, scores, strict=True):
                bits = (1 << r) | eq
                for rank in range(2, 15):
                    if bits >> rank & 1:
                        expected[Card(Suit(3 - s), rank)] = score  # type: ignore[arg-type]
            positions.append(dd.Position(deal, trump, leader))
            expectations.append(expected)
            checked += 1
    assert checked == 10
    assert dd.solve(positions[0]) == expectations[0]
    assert dd.solve_all(positions) == expectations
    best, cards = dd.best_cards(positions[0])
    assert best == max(expectations[0].values())
    assert cards == {c for c, v in expectations[0].items() if v == best}


def test_solve_end_positions_by_hand() -> None:
    """One-card endings worked by hand: at hearts West ruffs North's ace; at notrump it holds."""
    hands = Deal.partial(
        {Seat.NORTH: Hand("A..."), Seat.EAST: Hand("K..."), Seat.SOUTH: Hand("2..."), Seat.WEST: Hand(".A..")}
    )
    assert dd.solve(dd.Position(hands, Strain.HEARTS, Seat.NORTH)) == {Card("SA"): 0}
    assert dd.solve(dd.Position(hands, Strain.NOTRUMP, Seat.NORTH)) == {Card("SA"): 1}
    # Mid-trick: North led the SA, East follows; South to play its only card.
    mid = Deal.partial({Seat.NORTH: Hand(), Seat.EAST: Hand(), Seat.SOUTH: Hand("2..."), Seat.WEST: Hand(".A..")})
    assert dd.solve(dd.Position(mid, Strain.HEARTS, Seat.NORTH, (Card("SA"), Card("SK")))) == {Card("S2"): 0}


def test_solve_two_card_ending_lists_equal_cards() -> None:
    """South leads at notrump holding the top two spades: both cards take both tricks (DDS reports them as equals)."""
    hands = Deal.partial(
        {Seat.NORTH: Hand("32..."), Seat.EAST: Hand("54..."), Seat.SOUTH: Hand("AK..."), Seat.WEST: Hand("76...")}
    )
    got = dd.solve(dd.Position(hands, Strain.NOTRUMP, Seat.SOUTH))
    assert got == {Card("SA"): 2, Card("SK"): 2}


def test_position_validation() -> None:
    hands = Deal.partial(
        {Seat.NORTH: Hand("A..."), Seat.EAST: Hand("K..."), Seat.SOUTH: Hand("2..."), Seat.WEST: Hand(".A..")}
    )
    with pytest.raises(DoubleDummyError, match="should hold"):
        dd.Position(hands, Strain.HEARTS, Seat.NORTH, (Card("SQ"),))
    with pytest.raises(DoubleDummyError, match="still in a hand"):
        dd.Position(hands, Strain.HEARTS, Seat.NORTH, (Card("SA"),))
    empty = Deal.partial({})
    with pytest.raises(DoubleDummyError, match="no cards"):
        dd.Position(empty, Strain.HEARTS, Seat.NORTH)


def test_dds_version() -> None:
    major, minor, _ = dd.dds_version().split(".")
    assert (int(major), int(minor)) >= (2, 9)


def test_dds_loads_without_the_rest_of_endplay() -> None:
    """A process that solves a deal loads only endplay's DDS bindings, not endplay's dealer and its Matplotlib
    (a second a process); a later ``import endplay`` shares those bindings (one DDS a process) and agrees."""
    code = f"""
import sys
from contractbridge import Deal, dd
ours = dd.dd_table(Deal({LIST1!r}))
print(sorted(m for m in ("endplay", "endplay.dealer", "matplotlib") if m in sys.modules))
import endplay
from endplay.dds import calc_dd_table
from endplay.types import Denom, Player
theirs = calc_dd_table(dd.to_endplay(Deal({LIST1!r})))
print(endplay._dds is dd._dds(), all(
    theirs[Denom.nt if strain == 4 else Denom(3 - int(strain)), Player(int(seat))] == tricks
    for strain, seat, tricks in ours
))
"""
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split("\n")[:2] == ["[]", "True True"], done.stdout
