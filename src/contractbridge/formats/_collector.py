"""The cyclic garbage collector paused while a reader builds a file's values (docs/performance.md)."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

__all__ = ["paused_gc"]


@contextmanager
def paused_gc(*, long_lived: bool = False) -> Iterator[None]:
    """The cyclic collector paused while a file's values are built: they hold no reference cycles (reference
    counting frees them), and each collection on the way would walk every value built so far (converting 10,000
    LIN boards cost 13× the time of 1,000 instead of 10×; reading a PBN file spent a fifth of its time in the
    collector). The collector's state is restored after, also when reading fails.

    ``long_lived`` (#28): once the values are built, every tracked object goes to the collector's oldest
    generation (``gc.freeze`` then ``gc.unfreeze``: two list moves), where the file's values would be after
    surviving two collections. Built while the collector was paused, they all sit in the youngest generation,
    and the next collections would walk them one more time each (reading a PBN file's typed values spent ~20 % of
    its time there). Not done when the caller has frozen objects (``gc.get_freeze_count``), whose freeze stays."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
        if long_lived and gc.get_freeze_count() == 0:
            gc.freeze()
            gc.unfreeze()
    finally:
        if was:
            gc.enable()
