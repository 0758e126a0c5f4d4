"""One board at one table (docs/architecture.md §2): ``Table`` (the state, a fold over the event log, in ``state``)
and what it shows one seat (``view``: ``TableView``). The plain values a table names (``Phase``, ``Claim``,
``Result``, ``Irregularity``, ``IrregularityKind``) live in ``contractbridge.values`` and are re-exported here.

May import: the values and core modules, ``director`` and ``laws`` (the table owns its edition and applies
what the law returns); never ``players``, ``robots``, ``commands``, ``server`` or a UI."""

from __future__ import annotations

from contractbridge.table.state import Table
from contractbridge.table.view import TableView
from contractbridge.values import Claim, Irregularity, IrregularityKind, Phase, Result

__all__ = ["Claim", "Irregularity", "IrregularityKind", "Phase", "Result", "Table", "TableView"]
