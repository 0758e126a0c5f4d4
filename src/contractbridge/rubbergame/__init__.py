"""The rubber game at one table as the 1930s books describe it (laws-historic.md §1, §4).

``formation``: members, the draw, partners, seats and rotation (NBB R1–R6, R62–R65; EST-L01–L04).
``dealing``: the two packs, shuffle, cut, deal and redeal (NBB R6–R10, R38; EST-L05–L08).
``session``: ``RubberSession``, hands played through ``Table`` and scored on ``scoring.rubber.Rubber``.

What a book says is the edition's data (``formation``, ``deal_rules``, ``rubber``); this package branches on no
edition. A driver-level package: may import the table, ``laws``, ``robots``, ``players`` and below; never
``server``, ``commands`` or a UI.
"""

from __future__ import annotations

from contractbridge.rubbergame.dealing import Packs, RedealVerdict, cut_faults, deal_pack, redeal
from contractbridge.rubbergame.formation import ClubTable, Drawn, FormationError, Lineup, draw, draw_key, ranked
from contractbridge.rubbergame.session import RubberSession

__all__ = [
    "ClubTable",
    "Drawn",
    "FormationError",
    "Lineup",
    "Packs",
    "RedealVerdict",
    "RubberSession",
    "cut_faults",
    "deal_pack",
    "draw",
    "draw_key",
    "ranked",
    "redeal",
]
