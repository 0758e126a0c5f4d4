"""The editions: the only place where the law varies (DESIGN §3.4), and the only registry of them.
``edition("WBF17")`` → ``Edition``; ``EDITIONS`` names every known rule book."""

from __future__ import annotations

from typing import Final

from contractbridge.errors import EditionError
from contractbridge.laws.base import Edition
from contractbridge.laws.wbf17 import WBF17
from contractbridge.scoring import rubber
from contractbridge.scoring.rules import ALTERNATING_NOTRUMP

__all__ = ["DEFAULT_EDITION", "EDITIONS", "Edition", "edition", "rubber_editions"]

#: every known edition id and what it is; those without a class here are not implemented yet
EDITIONS: Final[dict[str, str]] = {
    "WBF17": "Laws of Duplicate Bridge 2017",
    "NBB30": "Dutch rubber-bridge laws of the 1930s",
    "EST30": "Estonian rules of the 1930s",
    "NL36": "Dutch laws for table arbiters, 1936",
    "NL75": "Dutch duplicate laws, 1975",
}

#: the edition a table, a record or a log uses when none is named
DEFAULT_EDITION: Final = "WBF17"

_IMPLEMENTED: Final[dict[str, type[Edition]]] = {"WBF17": WBF17}

#: the scoring tables of the editions whose rules are not implemented yet (NBB R30, EST-S05 and T1–T2)
_RUBBER: Final[dict[str, rubber.RubberRules]] = {"NBB30": rubber.NBB30, "EST30": rubber.EST30}


def edition(name: str) -> Edition:
    """The edition called ``name`` (case-insensitive), a new object each time (a table owns its own). A known
    edition whose rules are not implemented yet is a bare ``Edition`` that plays by the correct procedure,
    scores by its tables, and raises ``EditionNotSupportedError`` when asked to rectify an irregularity."""
    key = name.strip().upper() if isinstance(name, str) else ""
    if key not in EDITIONS:
        raise EditionError(f"unknown edition {name!r} (known: {', '.join(EDITIONS)})")
    klass = _IMPLEMENTED.get(key)
    if klass is not None:
        return klass()
    bare = Edition(key, EDITIONS[key])
    sheet = _RUBBER.get(key)
    if sheet is not None:
        bare.rubber = sheet
        bare.scoring = ALTERNATING_NOTRUMP
    return bare


def rubber_editions() -> list[str]:
    """The editions that score rubber bridge (``Edition.rubber`` is set)."""
    return [name for name in EDITIONS if edition(name).rubber is not None]
