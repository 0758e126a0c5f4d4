"""Replaying files by the laws: installs ``Table.from_events`` as the formats' replayer
(:func:`contractbridge.formats.registry.install_replayer`), so that ``contractbridge check --replay`` and
``files.check(path, replay=True)`` replay every record at a table while the formats import nothing above the
records (#22 item 4). ``formats.registry.replayer`` loads this module on first use."""

from __future__ import annotations

from typing import Any

from contractbridge.formats.registry import install_replayer
from contractbridge.table import Table

__all__ = ["replay_log"]


def replay_log(log: list[dict[str, Any]]) -> None:
    """Replay one event log at a table (strict laws); the table's typed error at the first irregularity."""
    Table.from_events(log)


install_replayer(replay_log)
