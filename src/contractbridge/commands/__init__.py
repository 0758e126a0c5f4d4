"""Command groups of the ``contractbridge`` CLI; each module exposes ``register(app)``.

``INDEX`` lists each module's commands in registration order with the first paragraph of their help: what
``contractbridge --help`` shows, without importing the modules (``contractbridge.cli``). tests/test_cli_lazy.py
checks it against the modules and prints the entry to paste when a command changes."""

from __future__ import annotations

from typing import Final

INDEX: Final[dict[str, tuple[tuple[str, str], ...]]] = {
    "table": (
        (
            "deal",
            "Deal a random board and print its four hands.",
        ),
        (
            "replay",
            "Replay an event log; print the final state, or the first bad line (exit code 1).",
        ),
        (
            "play",
            "A table at the terminal: robots play the seats you give them, you the rest (type help at the prompt).",
        ),
    ),
    "scoring": (
        (
            "score",
            "Duplicate score of one board (L77), signed for NS and for EW.",
        ),
        (
            "imps",
            "IMPs for a point difference (L78B). Differences that are not multiples of 10 are rounded "
            "to the nearest\n10 first.",
        ),
        (
            "rubber",
            "Keep a rubber score sheet interactively: enter each hand's contract, declarer, tricks and honours.",
        ),
        (
            "matchpoint",
            "Matchpoint a pairs session (L78A): matchpoints per board for both directions, then the "
            "ranking by\npercentage over the boards each pair played.",
        ),
    ),
    "director": (
        (
            "rule",
            "Replay LOG and print the state and the pending ruling (JSON, then in words).",
        ),
    ),
    "bidding": (
        (
            "evaluate",
            "Every figure of the EST30 evaluation for HAND, each with its breakdown (EST-B07 – B56).",
        ),
        (
            "bid",
            "The call the robot makes with HAND after AUCTION, and why.",
        ),
        (
            "auction",
            "Four robots bid DEAL; the auction with each call's explanation.",
        ),
    ),
    "formats": (
        (
            "show",
            "Show the boards of a file: diagram, auction, play and result.",
        ),
        (
            "convert",
            "Convert between PBN, LIN and JSON lines (by extension); same format: rewrite losslessly. "
            "LIN to PBN\nkeeps a vugraph file's event, teams, results line and commentary. JSON lines "
            "hold one board a file: a\nfile of several boards becomes TARGET-<board>.jsonl, one per "
            "board. An existing TARGET is refused\nunless --force.",
        ),
        (
            "check",
            "Report every problem of a file as file:line:column; exit status 1 if there is any.",
        ),
    ),
    "analysis": (
        (
            "dd",
            "Double-dummy tricks for every strain and declarer, and par (DDS).",
        ),
        (
            "generate",
            "Deal hands at random that satisfy a constraint (see README: the constraint language); with "
            "--dd each\ndeal is solved as it comes, the count shown as it goes.",
        ),
        (
            "simulate",
            "Deal n hands satisfying a constraint, solve them double dummy and tabulate (Ctrl-C keeps the results).",
        ),
    ),
    "dealer": (
        (
            "dealer",
            "Run a dealer script: generate/produce, dealer, vulnerable, predeal, pointcount/altcount, condition,\n"
            "variables, actions (printall, printew, printpbn, printcompact, printoneline, printes, print, average,\n"
            "frequency, evalcontract).",
        ),
    ),
    "rubbergame": (
        (
            "draw",
            "Draw for the first rubber (NBB R3, R4; EST-L03, L04): who plays, who sits out, who deals.",
        ),
        (
            "rubber-game",
            "Play a whole rubber against the robots, the We/They sheet after each hand (NBB R27–R36; EST-S).",
        ),
    ),
    "tablemanager": (
        (
            "serve-tm",
            "Run a table manager (Blue Chip Bridge protocol v18): four clients connect, one per seat, "
            "and play the\nboards; a seat that drops may connect again and the board in progress starts "
            "again.",
        ),
        (
            "tm-client",
            "Sit our robot at a table manager for one seat and play until the session ends.",
        ),
    ),
    "server": (
        (
            "serve",
            "Serve the web table: open http://HOST:PORT/ for the lobby.",
        ),
    ),
    "tournament": (
        (
            "results",
            "Re-score every board of a published results file from its contracts and results (L77), "
            "recompute the\nmatchpoints, IMPs or VPs by the event's form (L78, L12C2), print the "
            "ranking, and say where the file's\npublished numbers differ from the recomputed ones and "
            "why.",
        ),
        (
            "event",
            "Run a pairs event from a JSON event file (create, movement, result, travellers, rank, export).",
        ),
    ),
}
