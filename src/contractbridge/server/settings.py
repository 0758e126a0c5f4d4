"""The web table's settings: the pace of the robots, the reproducible seed and the abuse limits, read once.

``Settings.from_env()`` reads ``CONTRACTBRIDGE_WEB_<FIELD>`` (e.g. ``CONTRACTBRIDGE_WEB_TABLES_PER_MINUTE=30``);
``contractbridge serve`` takes the same values as options. A limit of 0 means no limit. "A client" is the
address a request comes from (behind a reverse proxy every player has the proxy's address: raise the limits or
let the proxy enforce them).
"""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final

from contractbridge.errors import BridgeError

__all__ = ["CLARIFICATION_TIMEOUT", "ENV_PREFIX", "Settings", "SettingsError", "default_robot_processes"]

#: The prefix of the environment variables ``Settings.from_env`` reads.
ENV_PREFIX: Final = "CONTRACTBRIDGE_WEB_"
#: ``Settings.clarification_timeout`` by default: seconds.
CLARIFICATION_TIMEOUT: Final = 90.0


class SettingsError(BridgeError):
    """A setting that is not a number of the right kind, or out of its range."""


@dataclass(frozen=True, slots=True)
class Settings:
    """Everything the web table is configured with; immutable once the server runs."""

    #: Seconds before each robot action (so that people see the cards).
    robot_delay: float = 0.0
    #: Reproducible deals: the n-th table of the store deals from ``f"{seed}/{n}"`` (demonstrations, tests; numbered
    #: across the processes and runs of the server, ``Club.numbered``); None: each table gets a secret random seed.
    seed: str | None = None
    #: Messages a second on each WebSocket on average, and the burst allowed; one more and the server answers
    #: with one error frame and closes the connection (code 1008).
    rate: float = 20.0
    burst: float = 40.0
    #: Tables one client may have open at once, and open in any one minute.
    tables_per_client: int = 20
    tables_per_minute: int = 10
    #: Tables open on the server at once.
    max_tables: int = 1000
    #: Boards a table of four robots plays by itself, at most (a table asks for its number when it opens).
    robot_boards: int = 100
    #: Seconds a seat's or the director's secret link is valid after it is handed out; then the link is refused
    #: and the seat is free again for anybody to take.
    token_lifetime: float = 24 * 3600.0
    #: Seconds a connection without a token at a table without spectators has to send its ``hello``.
    hello_timeout: float = 10.0
    #: Seconds the clarification period before the opening lead is faced (L41B) waits without any question,
    #: answer or "no questions" before the lead is faced anyway (a player who left must not stop the table);
    #: 0: as long as it takes.
    clarification_timeout: float = CLARIFICATION_TIMEOUT
    #: Processes the robots think in (``server.robots.RobotPool``; 0: in the server's own threads); by default
    #: one a core, at most 4.
    robot_processes: int = dataclasses.field(default_factory=lambda: default_robot_processes())

    def __post_init__(self) -> None:
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            if isinstance(value, int | float) and not isinstance(value, bool) and value < 0:
                raise SettingsError(f"setting {f.name}: {value} is negative")
        if self.rate <= 0 or self.burst < 1:
            raise SettingsError(f"settings rate and burst: at least one message ({self.rate:g}/s, {self.burst:g})")

    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None, **given: Any) -> Settings:
        """The defaults, then ``CONTRACTBRIDGE_WEB_*`` from ``environ`` (default ``os.environ``), then ``given``
        (the values that are not None); ``SettingsError`` names a variable that is not a number."""
        env = os.environ if environ is None else environ
        values: dict[str, Any] = {}
        for f in dataclasses.fields(cls):
            name = ENV_PREFIX + f.name.upper()
            if name in env:
                values[f.name] = _read(name, env[name], cls.__annotations__[f.name])
        values.update({k: v for k, v in given.items() if v is not None})
        return cls(**values)

    def to_env(self) -> dict[str, str]:
        """The ``CONTRACTBRIDGE_WEB_*`` variables ``from_env`` reads back as these settings (for the workers of
        ``serve --workers``)."""
        values = {f.name: getattr(self, f.name) for f in dataclasses.fields(self)}
        return {ENV_PREFIX + name.upper(): str(value) for name, value in values.items() if value is not None}

    def limits(self) -> dict[str, Any]:
        """The abuse limits, as ``/health`` shows them."""
        skip = {"robot_delay", "seed", "robot_processes"}
        return {f.name: getattr(self, f.name) for f in dataclasses.fields(self) if f.name not in skip}


def default_robot_processes() -> int:
    """The robots' processes by default: one a core, at most 4 (scheduled below the server, ``robots.NICE``)."""
    return min(4, os.cpu_count() or 1)


def _read(name: str, text: str, kind: str) -> Any:
    if kind.startswith("str"):
        return text
    try:
        return int(text) if kind == "int" else float(text)
    except ValueError:
        raise SettingsError(f"{name}={text!r}: not a number ({kind})") from None
