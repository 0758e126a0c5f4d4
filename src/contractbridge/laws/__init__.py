"""The editions: the only place where the law varies (docs/architecture.md §3.4), and the only registry of them.
``edition("WBF17")`` → ``Edition``; ``EDITIONS`` names every known rule book. Importing this package installs
the lookup in ``contractbridge.rulebooks``, through which the record and the rubber sheet find a book by name.

Holds: ``base`` (the ``Edition`` interface and the data every book fills: ``DealRules``, ``FormationRules``,
``CITATIONS``), one subpackage per book (``wbf17``, ``nbb30``, ``est30``, ``nl36``, ``nl75``). May import: the
values, the core (``auction``, ``play``, ``scoring``, ``dd``, ``events``, ``systems``) and ``director``; never
``table``, ``eventlog``, ``players``, ``robots``, ``rubbergame``, ``server``, ``commands`` or a UI (a law reads
the table only through what a hook is handed; ``tests/test_architecture.py`` checks the imports)."""

from __future__ import annotations

from typing import Final

from contractbridge import rulebooks
from contractbridge.errors import EditionError
from contractbridge.laws.base import Choice, Edition, PlayTable
from contractbridge.laws.wbf17 import WBF17
from contractbridge.rulebooks import DEFAULT_EDITION, DEFAULT_RUBBER_EDITION, rubber_editions

__all__ = [
    "DEFAULT_EDITION",
    "DEFAULT_RUBBER_EDITION",
    "EDITIONS",
    "Choice",
    "Edition",
    "PlayTable",
    "edition",
    "edition_id",
    "rubber_editions",
]


def _historic_editions() -> dict[str, type[Edition]]:
    """NBB30, EST30, NL36, NL75 (laws-historic.md), registered by the historic editions' packages."""
    from contractbridge.laws.est30 import EST30
    from contractbridge.laws.nbb30 import NBB30
    from contractbridge.laws.nl36 import NL36
    from contractbridge.laws.nl75 import NL75

    return {e.name: e for e in (NBB30, EST30, NL36, NL75)}


#: every known edition id and what it is
EDITIONS: Final[dict[str, str]] = {
    "WBF17": "Laws of Duplicate Bridge 2017",
    "NBB30": "Dutch rubber-bridge laws of the 1930s",
    "EST30": "Estonian rules of the 1930s",
    "NL36": "Dutch laws for table arbiters, 1936",
    "NL75": "Dutch duplicate laws, 1975",
}

_IMPLEMENTED: Final[dict[str, type[Edition]]] = {"WBF17": WBF17}
_IMPLEMENTED.update(_historic_editions())


def edition(name: str) -> Edition:
    """The edition called ``name`` (case-insensitive), a new object each time (a table owns its own)."""
    return _IMPLEMENTED[edition_id(name)]()


def edition_id(name: str) -> str:
    """The id of the edition called ``name`` (case-insensitive: ``"wbf17"`` → ``"WBF17"``), without making it;
    ``EditionError`` for an unknown name, as ``edition`` (#28: a ``Table`` makes its ``Edition`` on first use)."""
    if type(name) is str and name in _IMPLEMENTED:  # an id as written (every new table asks)
        return name
    key = name.strip().upper() if isinstance(name, str) else ""
    if key not in EDITIONS:
        raise EditionError(f"unknown edition {name!r} (known: {', '.join(EDITIONS)})")
    return key


rulebooks.install(edition, tuple(EDITIONS))  # the record and the score sheet find editions by name through it
