"""One board at one table (docs/architecture.md §2): ``Table`` (the state, a fold over the event log, in ``state``),
what it shows (``view``: ``TableView``, ``Phase``, ``Claim``, ``Result``) and the irregularities it records
(``irregularities``: one vocabulary with the director's rulings)."""

from __future__ import annotations

from contractbridge.table.irregularities import Irregularity, IrregularityKind
from contractbridge.table.state import Table
from contractbridge.table.view import Claim, Phase, Result, TableView

__all__ = ["Claim", "Irregularity", "IrregularityKind", "Phase", "Result", "Table", "TableView"]
