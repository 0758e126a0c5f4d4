"""Teams schedules: a round robin (every team meets every other once), Swiss pairings (by score, no repeat
meetings) and knock-out brackets. Teams are numbered 1…n; ``None`` is the bye of an odd count."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from contractbridge.errors import TournamentError

__all__ = ["Match", "check_schedule", "knockout_round", "knockout_seeding", "round_robin", "swiss"]


@dataclass(frozen=True, slots=True)
class Match:
    """A match of one round: ``home`` against ``away``; ``away`` is None for a bye."""

    round: int
    home: int
    away: int | None


def _teams(n: int, low: int = 2) -> None:
    if isinstance(n, bool) or not isinstance(n, int) or n < low:
        raise TournamentError(f"a schedule needs {low} or more teams, not {n!r}")


def round_robin(teams: int) -> tuple[Match, ...]:
    """A complete round robin by the circle (Berger) method: team ``n`` (or the bye, for an odd count) stays put
    and the others rotate; ``n − 1`` rounds (``n`` for an odd count), home and away alternating for the fixed
    team."""
    _teams(teams)
    n = teams + teams % 2
    ring = list(range(1, n + 1))
    matches: list[Match] = []
    for r in range(1, n):
        pairs = [(ring[i], ring[n - 1 - i]) for i in range(n // 2)]
        for i, (a, b) in enumerate(pairs):
            if i == 0 and r % 2 == 0:
                a, b = b, a
            home, away = (a, b) if a <= teams else (b, a)
            matches.append(Match(r, home, away if away <= teams else None))
        ring = [ring[0], ring[-1], *ring[1:-1]]
    return tuple(matches)


def swiss(
    standings: Mapping[int, float],
    played: Iterable[tuple[int, int | None]] = (),
    round_number: int = 1,
) -> tuple[Match, ...]:
    """The next Swiss round: teams in order of score (ties by number), each paired with the highest-placed team
    it has not met, backtracking when the bottom of the field would be left with a repeat. For an odd count the
    lowest-placed team that has not had a bye gets it. Raises ``TournamentError`` when no pairing without a
    repeat meeting exists."""
    teams = sorted(standings, key=lambda t: (-standings[t], t))
    _teams(len(teams))
    met: set[frozenset[int]] = set()
    byes: set[int] = set()
    for a, b in played:
        if b is None:
            byes.add(a)
        else:
            met.add(frozenset((a, b)))
    bye: int | None = None
    if len(teams) % 2:
        candidates = [t for t in reversed(teams) if t not in byes] or list(reversed(teams))
        for candidate in candidates:
            rest = [t for t in teams if t != candidate]
            pairing = _pair(rest, met)
            if pairing is not None:
                bye = candidate
                break
        else:
            raise TournamentError(f"round {round_number}: no Swiss pairing without a repeat meeting")
    else:
        rest = teams
        pairing = _pair(rest, met)
        if pairing is None:
            raise TournamentError(f"round {round_number}: no Swiss pairing without a repeat meeting")
    matches = [Match(round_number, a, b) for a, b in pairing]
    if bye is not None:
        matches.append(Match(round_number, bye, None))
    return tuple(matches)


def _pair(order: list[int], met: set[frozenset[int]]) -> list[tuple[int, int]] | None:
    """Pair ``order`` top-down: the first team with the next highest it has not met, backtracking (depth-first)."""
    if not order:
        return []
    first, rest = order[0], order[1:]
    for i, other in enumerate(rest):
        if frozenset((first, other)) in met:
            continue
        tail = _pair(rest[:i] + rest[i + 1 :], met)
        if tail is not None:
            return [(first, other), *tail]
    return None


def check_schedule(matches: Iterable[Match], teams: int, *, complete: bool = False) -> list[str]:
    """Faults of a teams schedule: a team twice in a round, a repeat meeting, and (``complete``) a pair of teams
    that never meets."""
    problems: list[str] = []
    seated: set[tuple[int, int]] = set()
    met: set[frozenset[int]] = set()
    for m in matches:
        for team in (m.home, m.away):
            if team is None:
                continue
            if not 1 <= team <= teams:
                problems.append(f"round {m.round}: no team {team}")
            if (m.round, team) in seated:
                problems.append(f"round {m.round}: team {team} plays twice")
            seated.add((m.round, team))
        if m.away is not None:
            key = frozenset((m.home, m.away))
            if m.home == m.away:
                problems.append(f"round {m.round}: team {m.home} plays itself")
            elif key in met:
                problems.append(f"round {m.round}: teams {m.home} and {m.away} meet again")
            met.add(key)
    if complete:
        for a in range(1, teams + 1):
            for b in range(a + 1, teams + 1):
                if frozenset((a, b)) not in met:
                    problems.append(f"teams {a} and {b} never meet")
    return problems


def knockout_seeding(teams: int) -> tuple[Match, ...]:
    """The first round of a knock-out for seeds 1…n: a bracket of the next power of two, seed 1 against the
    lowest, the top seeds getting the byes, and seeds 1 and 2 in opposite halves (the standard bracket order)."""
    _teams(teams)
    size = 1
    while size < teams:
        size *= 2
    order = [1]
    while len(order) < size:
        total = 2 * len(order) + 1
        order = [x for seed in order for x in (seed, total - seed)]
    return tuple(Match(1, a, b if b <= teams else None) for a, b in (order[i : i + 2] for i in range(0, size, 2)))


def knockout_round(previous: Sequence[Match], winners: Mapping[tuple[int, int | None], int]) -> tuple[Match, ...]:
    """The next knock-out round: the winners of consecutive matches meet (a bye's team goes through).
    ``winners[(home, away)]`` is the winning team of each played match."""
    through = []
    for m in previous:
        if m.away is None:
            through.append(m.home)
            continue
        winner = winners.get((m.home, m.away))
        if winner is None or winner not in (m.home, m.away):
            raise TournamentError(f"no winner of {m.home} v {m.away} in round {m.round}")
        through.append(winner)
    if len(through) < 2:
        raise TournamentError("the knock-out is over: one team is left")
    r = previous[0].round + 1
    return tuple(Match(r, a, b) for a, b in zip(through[::2], through[1::2], strict=True))
