"""The web table's robots think in a pool of processes (#26 item 2, ``server.robots.RobotPool``): each decision is
made in another process from the robot's own seat's view only, and comes back as the table driver expects it."""

from __future__ import annotations

import os

from contractbridge import Board, Deal, Table
from contractbridge.cards import Seat
from contractbridge.players import Action, Driver
from contractbridge.server.robots import Meaning, RobotPool


def test_pooled_robots_play_a_board_from_their_views_in_another_process() -> None:
    pool = RobotPool(1)
    try:
        table = Table(Board(1, Deal.random("pool")))
        robots = {s: pool.robot("t1", s.letter, "WBF2017") for s in Seat}
        driver = Driver(table, robots, claims=False)
        meanings = 0
        while isinstance(decided := driver.decide(), Action):
            if decided.kind == "call":  # the call's meaning comes back with it (the table's alerts, L20F)
                meaning = robots[Seat.parse(decided.event["seat"])].last_meaning
                meanings += isinstance(meaning, Meaning) and bool(meaning.text)
            table.apply(decided.event)
        assert table.result is not None and meanings > 0
        workers = [w for p in pool._pools for w in getattr(p, "_processes", {}).values()]
        assert workers and all(w.pid != os.getpid() for w in workers)
    finally:
        pool.close()


def test_no_pool_processes_thinks_in_the_calling_thread() -> None:
    """``robot_processes=0``: the robot decides where it is asked (no process is started)."""
    pool = RobotPool(0)
    table = Table(Board(2, Deal.random("threads")))
    view = table.view(table.actor or Seat.NORTH)
    assert pool.robot("t2", view.seat.letter, "WBF2017").call(view) in view.legal_calls
    assert not pool._pools
    pool.close()
