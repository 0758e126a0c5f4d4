"""The rubber score sheet drawn with Rich for the terminal (the sheet itself, ``scoring.rubber``, stays pure)."""

from __future__ import annotations

from rich.table import Table as RichTable

from contractbridge.scoring.rubber import Rubber

__all__ = ["render"]


def render(sheet: Rubber) -> RichTable:
    """The classic We/They sheet as a Rich table: premiums above the line, trick scores below it, a rule under
    each game, totals at the foot."""
    table = RichTable(title=f"Rubber ({sheet.rules.edition})", show_lines=False)
    table.add_column(f"We ({sheet.we.name})", justify="right", min_width=10)
    table.add_column(f"They ({sheet.we.opponents.name})", justify="right", min_width=10)
    rows = list(sheet.rows())
    for i, (kind, we, they) in enumerate(rows):
        if kind in ("line", "game-line"):
            continue
        nxt = rows[i + 1][0] if i + 1 < len(rows) else ""
        style = "bold" if kind == "total" else None
        end = nxt in ("line", "game-line") or (kind == "below" and nxt == "total")
        table.add_row(we, they, style=style, end_section=end)
    return table
