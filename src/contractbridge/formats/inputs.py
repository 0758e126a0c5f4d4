"""Bounded input for every reader: a file larger than its limit is refused before it is read, and what is read
fails only with ``FormatError`` (file, line, column): never ``MemoryError``, ``UnicodeDecodeError``,
``RecursionError`` or a plain ``ValueError``.

The limits (``LIMITS``, in bytes) are documented in docs/formats.md; every reader takes a ``limit`` keyword and
the ``show``/``convert``/``check`` commands a ``--max-size`` option to raise them.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Final

from contractbridge.errors import FormatError

__all__ = ["LIMITS", "decode_utf8", "loads_json", "read_at_most", "read_bytes", "read_json", "read_system", "read_utf8"]

MiB: Final = 1 << 20
_CHUNK: Final = 64 * MiB
#: Largest file each reader accepts by default, in bytes. The largest real file of the corpus is a 1.9 MB PBN
#: archive of 7,632 boards; a rubber sheet or a system description is a few kilobytes.
LIMITS: Final[Mapping[str, int]] = {
    "pbn": 64 * MiB,
    "lin": 64 * MiB,
    "jsonl": 64 * MiB,
    "csv": 16 * MiB,
    "rubber": 4 * MiB,
    "system": 4 * MiB,
}


def read_bytes(path: str | Path, limit: int) -> bytes:
    """The bytes of ``path``; a ``FormatError`` when it cannot be read or holds more than ``limit`` bytes (checked
    before and while reading, so a growing file or a device cannot exhaust memory)."""
    try:
        data = read_at_most(path, limit + 1)
    except OSError as err:
        raise FormatError(f"cannot read: {err.strerror or err}", file=str(path)) from None
    if len(data) > limit:
        raise FormatError(
            f"the file is larger than the limit of {limit:,} bytes (raise it with --max-size or limit=)",
            file=str(path),
        )
    return data


def read_at_most(path: str | Path, size: int) -> bytes:
    """The first ``size`` bytes of ``path`` (all of a shorter file), read a chunk at a time: a huge ``size`` (a
    ``--max-size`` of any number) is never allocated at once. ``OSError`` when it cannot be read."""
    chunks: list[bytes] = []
    left = size
    with Path(path).open("rb") as handle:
        while left > 0:
            chunk = handle.read(min(left, _CHUNK))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
    return chunks[0] if len(chunks) == 1 else b"".join(chunks)


def decode_utf8(data: bytes, file: str | None = None) -> str:
    """``data`` as UTF-8 (a leading BOM dropped); a bad byte is a ``FormatError`` at its line and column."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as err:
        head = data[: err.start]
        line = head.count(b"\n") + 1
        column = err.start - (head.rfind(b"\n") + 1) + 1
        raise FormatError(f"not UTF-8: byte 0x{data[err.start]:02x}", file=file, line=line, column=column) from None


def read_utf8(path: str | Path, limit: int) -> str:
    """A UTF-8 text file within ``limit`` bytes."""
    return decode_utf8(read_bytes(path, limit), str(path))


def loads_json(text: str, file: str | None = None, what: str = "JSON") -> Any:
    """Parse JSON text; every failure is a ``FormatError`` with line and column."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as err:
        raise FormatError(f"{what}: {err.msg}", file=file, line=err.lineno, column=err.colno) from None
    except RecursionError:
        raise FormatError(f"{what}: nested too deeply", file=file, line=1, column=1) from None
    except ValueError as err:  # a number over Python's digit limit
        raise FormatError(f"{what}: {err}", file=file, line=1, column=1) from None


def read_json(path: str | Path, limit: int, what: str = "JSON") -> Any:
    """A JSON file within ``limit`` bytes."""
    return loads_json(read_utf8(path, limit), str(path), what)


def read_system(path: str | Path, limit: int = LIMITS["system"]) -> dict[str, dict[str, Any]]:
    """A partnership-agreements description (``PartnershipAgreements.from_dict``'s input), its shape checked: an
    object of auction keys to objects with ``artificial``/``notrump`` (true or false) and ``suits`` (a list of suit
    letters)."""
    name = str(path)

    def fail(message: str) -> FormatError:
        return FormatError(f"system description: {message}", file=name, line=1, column=1)

    obj = read_json(path, limit, "system description")
    if not isinstance(obj, dict):
        raise fail("a JSON object of auction keys expected")
    for key, value in obj.items():
        if not isinstance(value, dict):
            raise fail(f"{key!r}: expected an object")
        suits = value.get("suits", [])
        if not isinstance(suits, list) or not all(isinstance(s, str) for s in suits):
            raise fail(f"{key!r}: suits is a list of letters")
        for flag in ("artificial", "notrump"):
            if not isinstance(value.get(flag, False), bool):
                raise fail(f"{key!r}: {flag} is true or false")
    return obj
