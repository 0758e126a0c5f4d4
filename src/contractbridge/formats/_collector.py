"""The cyclic garbage collector paused while a reader builds a file's values (docs/performance.md)."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

__all__ = ["paused_gc"]


@contextmanager
def paused_gc() -> Iterator[None]:
    """The cyclic collector paused while a file's values are built: they hold no reference cycles (reference
    counting frees them), and each collection on the way would walk every value built so far (converting 10,000
    LIN boards cost 13× the time of 1,000 instead of 10×; reading a PBN file spent a fifth of its time in the
    collector). The collector's state is restored after, also when reading fails."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()
