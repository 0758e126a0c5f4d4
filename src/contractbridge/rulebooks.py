"""Finding a rule book by its name from below the laws.

The editions (``contractbridge.laws``) build on the director's record and on the scoring data, so neither may
import them (docs/architecture.md §2). Where a record or a score sheet is given an edition by name
(``DirectedAuction(dealer, "NBB30")``, ``Rubber(edition="EST30")``) it asks ``find`` here, and
``contractbridge.laws`` installs its lookup (``install``) when it is imported. ``import contractbridge`` imports
its names on first use (docs/performance.md), so when nothing has imported the laws yet ``find`` loads them by
name (``importlib``, at run time: this module still imports nothing above it).
This module holds that one seam and the default names; the registry itself is ``contractbridge.laws``.
"""

from __future__ import annotations

import functools
import importlib
from collections.abc import Callable
from typing import TYPE_CHECKING, Final, TypeVar

from contractbridge.errors import BridgeError, EditionError

if TYPE_CHECKING:
    from contractbridge.laws.base import Edition

__all__ = ["DEFAULT_EDITION", "DEFAULT_RUBBER_EDITION", "find", "install", "recited", "refusal", "rubber_editions"]

E = TypeVar("E", bound=BridgeError)

#: the edition a table, a record or a log uses when none is named
DEFAULT_EDITION: Final = "WBF17"
#: the rubber-bridge code a score sheet, a rubber game or its table formation uses when none is named
DEFAULT_RUBBER_EDITION: Final = "NBB30"

_lookup: Callable[[str], Edition] | None = None
_names: tuple[str, ...] = ()


def install(lookup: Callable[[str], Edition], names: tuple[str, ...]) -> None:
    """Make ``lookup`` the way a name becomes an ``Edition`` (``contractbridge.laws.edition``), for ``names``."""
    global _lookup, _names
    _lookup, _names = lookup, names


def _loaded() -> Callable[[str], Edition]:
    """The installed lookup, the rule books loaded first if nothing has imported them yet."""
    if _lookup is None:
        importlib.import_module("contractbridge.laws")  # installs its lookup
    if _lookup is None:
        raise EditionError("the rule books did not install their lookup: contractbridge.laws is broken")
    return _lookup


def find(name: str) -> Edition:
    """The edition called ``name``, a new object each time; ``EditionError`` for an unknown name."""
    return _loaded()(name)


def rubber_editions() -> list[str]:
    """The editions that score rubber bridge (``Edition.rubber`` is set)."""
    _loaded()
    return [name for name in _names if find(name).rubber is not None]


def refusal(kind: type[E], text: str, topic: str, edition: Edition | None = None) -> E:
    """An error of ``kind`` saying ``text`` about ``topic`` with ``edition``'s citation for it, or the default
    edition's when no edition is in force (a bare value or ``Auction``); it keeps ``topic`` and ``text`` so that
    a table re-cites it in its own edition (``recited``)."""
    err = kind(f"{text}{_default_cited(topic) if edition is None else edition.cited(topic)}")
    err.topic, err.text = topic, text
    return err


def recited(err: E, edition: Edition) -> E:
    """``err``, a core error about a ``topic`` (``refusal``), citing ``edition``'s law for it: a table's own book."""
    return err if err.topic is None else refusal(type(err), err.text, err.topic, edition)


@functools.cache
def _default_cited(topic: str) -> str:
    return find(DEFAULT_EDITION).cited(topic)
