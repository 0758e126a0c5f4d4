"""The readers pause the cyclic collector while they build a file's values and restore its state after (#28)."""

from __future__ import annotations

import gc

import pytest

from contractbridge.errors import FormatError
from contractbridge.formats import lin, pbn
from contractbridge.formats._collector import paused_gc

_PBN = '[Event "x"]\n[Board "1"]\n[Deal "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"]\n'


def test_paused_inside_and_restored_after() -> None:
    assert gc.isenabled()
    with paused_gc():
        assert not gc.isenabled()
    assert gc.isenabled()


def test_a_disabled_collector_stays_disabled() -> None:
    gc.disable()
    try:
        with paused_gc():
            assert not gc.isenabled()
        assert not gc.isenabled()
        assert pbn.loads(_PBN)[0].deal is not None
        assert not gc.isenabled()
    finally:
        gc.enable()


@pytest.mark.parametrize(
    "read",
    [lambda: pbn.loads('[Event "x"\n', strict=True), lambda: lin.loads("md|3SAKQ|sv|o|pc|")],
    ids=["pbn", "lin"],
)
def test_restored_when_reading_fails(read: object) -> None:
    assert gc.isenabled()
    with pytest.raises(FormatError):
        read()  # type: ignore[operator]
    assert gc.isenabled()


def test_readers_leave_it_enabled() -> None:
    games = pbn.loads(_PBN)
    assert gc.isenabled() and games[0].deal is not None
    boards = lin.loads("pn|a,b,c,d|md|3SAKQJHT98D765C432,ST98H765D432CAKQJ,S765H432DAKQJCT98|sv|o|").boards
    assert gc.isenabled() and boards[0].deal is not None
