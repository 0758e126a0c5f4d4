"""Movements and teams schedules (#23 item 1), checked as data (L6–L8, L15A): property tests over Mitchell
3–20 tables, Howell 3–8 tables, Swiss 6–40 teams, with and without sit-outs and arrow-switches."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from contractbridge.errors import TournamentError
from contractbridge.tournament.movements import HOWELL_STARTS, Encounter, Kind, check, howell, mitchell
from contractbridge.tournament.teams import (
    Match,
    check_schedule,
    knockout_round,
    knockout_seeding,
    round_robin,
    swiss,
)


@pytest.mark.parametrize("tables", range(3, 21))
def test_every_mitchell_passes_the_checks(tables: int) -> None:
    m = mitchell(tables, 2)
    assert check(m) == []
    assert m.rounds == (tables if tables % 2 else tables - 1)  # a skip for an even number of tables
    # every board is played once in every round it is in play, by one NS and one EW pair (L7B, L8)
    plays = [b for e in m.encounters for b in e.boards]
    assert {plays.count(b) for b in set(plays)} == {m.rounds}
    assert check(mitchell(tables, 3, pairs=2 * tables - 1)) == []
    assert check(mitchell(tables, 1, arrow_switch=[m.rounds])) == []


@pytest.mark.parametrize("tables", range(4, 21, 2))
def test_relay_and_bye_stand_mitchell(tables: int) -> None:
    m = mitchell(tables, 2, relay=True)
    assert check(m) == [] and m.rounds == tables  # no skip: every EW pair meets every NS pair
    for r in range(1, m.rounds + 1):
        sets = [e.boards for e in m.round(r)]
        assert sets[0] == sets[-1]  # tables 1 and T share a set (L7D)
        assert len(set(sets)) == tables - 1  # one set rests on the bye stand
    assert check(mitchell(tables, 2, relay=True, pairs=2 * tables - 1)) == []


@given(st.integers(3, 20), st.integers(1, 4), st.booleans(), st.data())
@settings(max_examples=60, deadline=None)
def test_mitchell_property(tables: int, per_round: int, odd: bool, data: st.DataObject) -> None:
    most = tables if tables % 2 else tables - 1
    rounds = data.draw(st.integers(1, most))
    switched = data.draw(st.sets(st.integers(1, rounds), max_size=2))
    m = mitchell(tables, per_round, rounds=rounds, arrow_switch=switched, pairs=2 * tables - (1 if odd else 0))
    assert check(m) == []
    for pair in m.pairs:
        if pair != m.phantom:
            card = m.card(pair)
            assert len(card) == rounds
            boards = [b for place in card for b in place.boards]
            assert len(boards) == len(set(boards))  # L15A: no board twice


@pytest.mark.parametrize("tables", range(3, 9))
def test_every_howell_is_complete(tables: int) -> None:
    for pairs in (2 * tables, 2 * tables - 1):
        m = howell(tables, 3, pairs=pairs)
        assert m.kind is Kind.HOWELL and check(m) == []
        assert m.rounds == 2 * tables - 1
        real = [p for p in m.pairs if p != m.phantom]
        for pair in real:
            opponents = [place.opponent for place in m.card(pair) if place.opponent is not None]
            assert sorted(opponents) == sorted(p for p in real if p != pair)  # meets every other pair once
    assert HOWELL_STARTS[tables].source


def test_the_published_four_table_howell_is_the_one_encoded() -> None:
    first = howell(4, 2).round(1)
    assert [(e.ns, e.ew) for e in first] == [(8, 1), (7, 2), (6, 3), (5, 4)]
    assert [e.boards for e in first] == [(1, 2), (5, 6), (9, 10), (3, 4)]  # sets 1 3 5 2


def test_the_checks_find_faults() -> None:
    m = mitchell(5, 2)
    e = m.encounters
    twice = Encounter(2, 1, e[0].ns, e[0].ew, e[0].boards)  # pair 1 meets 6 again and replays boards 1-2
    bad = type(m)(m.name, m.kind, m.tables, m.rounds, m.boards_per_round, m.pairs, (*e[:5], twice, *e[6:]))
    found = " | ".join(str(p) for p in check(bad))
    assert "plays board 1 again" in found and "meet 2 times" in found and "scheduled" in found
    seated = type(m)(m.name, m.kind, m.tables, m.rounds, m.boards_per_round, m.pairs,
                     (Encounter(1, 1, 1, 1, (1,)),))  # fmt: skip
    assert any("both sides" in p.what for p in check(seated))


def test_movement_bad_input() -> None:
    with pytest.raises(TournamentError, match="3 to 8"):
        howell(9)
    with pytest.raises(TournamentError, match="rounds"):
        mitchell(4, rounds=4)  # an even Mitchell has a skip: 3 rounds at most
    with pytest.raises(TournamentError, match="seats"):
        mitchell(4, pairs=5)
    with pytest.raises(TournamentError, match="arrow-switch"):
        mitchell(5, arrow_switch=[6])
    with pytest.raises(TournamentError, match="no pair"):
        howell(4, pairs=7).card(8)


def test_sit_out_pairs_have_a_bye() -> None:
    m = howell(5, 2, pairs=9)
    byes = [e.sit_out for e in m.encounters if e.sit_out is not None]
    assert sorted(byes) == list(range(1, 10))  # each pair sits out once, opposite the phantom pair 10


@pytest.mark.parametrize("teams", range(2, 21))
def test_round_robin_meets_everyone_once(teams: int) -> None:
    schedule = round_robin(teams)
    assert check_schedule(schedule, teams, complete=True) == []
    assert max(m.round for m in schedule) == teams - 1 + teams % 2


@given(st.integers(6, 40), st.integers(0, 2**32))
@settings(max_examples=40, deadline=None)
def test_swiss_never_repeats_a_meeting(teams: int, seed: int) -> None:
    rng = random.Random(seed)
    scores = {t: 0.0 for t in range(1, teams + 1)}
    played: list[tuple[int, int | None]] = []
    schedule: list[Match] = []
    for r in range(1, min(teams // 2, 8) + 1):  # at most n/2 rounds: Dirac guarantees a pairing exists
        matches = swiss(scores, played, r)
        assert sorted(t for m in matches for t in (m.home, m.away) if t is not None) == sorted(scores)
        schedule += matches
        for m in matches:
            played.append((m.home, m.away))
            if m.away is None:
                scores[m.home] += 12
            else:
                a = round(rng.uniform(0, 20), 2)
                scores[m.home] += a
                scores[m.away] += 20 - a
    assert check_schedule(schedule, teams) == []
    byes = [m.home for m in schedule if m.away is None]
    assert len(byes) == len(set(byes))  # nobody has two byes


def test_swiss_pairs_by_score() -> None:
    matches = swiss({1: 10, 2: 30, 3: 20, 4: 40})
    assert [(m.home, m.away) for m in matches] == [(4, 2), (3, 1)]
    assert [(m.home, m.away) for m in swiss({1: 10, 2: 30, 3: 20, 4: 40}, [(4, 2)], 2)] == [(4, 3), (2, 1)]
    with pytest.raises(TournamentError, match="repeat"):
        swiss({1: 0, 2: 0}, [(1, 2)], 2)


def test_knockout_bracket() -> None:
    first = knockout_seeding(6)
    assert [(m.home, m.away) for m in first] == [(1, None), (4, 5), (2, None), (3, 6)]
    second = knockout_round(first, {(4, 5): 5, (3, 6): 3})
    assert [(m.home, m.away) for m in second] == [(1, 5), (2, 3)]
    with pytest.raises(TournamentError, match="no winner"):
        knockout_round(first, {(4, 5): 5})


@pytest.mark.parametrize("teams", range(3, 13))
def test_a_teams_round_robin_movement(teams: int) -> None:
    """Every team meets every other once; a match's two tables play the same boards, the home team NS at the
    first and EW at the second; each team at one match a round (both its rooms), an odd count's bye at none."""
    from collections import Counter

    from contractbridge.tournament.movements import teams_round_robin

    m = teams_round_robin(teams, 2)
    assert m.kind is Kind.TEAMS and m.tables == 2 * (teams // 2)
    met: Counter[frozenset[int | None]] = Counter()
    for open_room, closed_room in zip(m.encounters[::2], m.encounters[1::2], strict=True):
        assert (open_room.round, open_room.table + 1) == (closed_room.round, closed_room.table)
        assert (open_room.ns, open_room.ew) == (closed_room.ew, closed_room.ns)
        assert open_room.boards == closed_room.boards and None not in (open_room.ns, open_room.ew)
        met[frozenset((open_room.ns, open_room.ew))] += 1
    assert set(met.values()) == {1} and len(met) == teams * (teams - 1) // 2
    for r in range(1, m.rounds + 1):
        seated = Counter(t for e in m.round(r) for t in (e.ns, e.ew))
        assert set(seated.values()) == {2} and len(seated) == teams - teams % 2


def test_the_movement_sheet_names_the_pair_that_sits_out() -> None:
    """A sit-out table plays no boards (L8): the sheet says who sits out (it printed ``T1 --1: 1-2``)."""
    from contractbridge.tournament.movements import howell

    sheet = howell(3, 2, pairs=5).printout()
    assert "round 1: T1 1 sits out; T2 5-2: 1-2" in sheet and "--" not in sheet
