"""Reading bytes of bridge files as text: encoding (BOM, UTF-8, Latin-1) and line ends, kept for writing back."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from contractbridge.errors import FormatError
from contractbridge.formats.inputs import read_bytes

__all__ = ["TextInfo", "decode", "encode", "read_text"]

_BOM = b"\xef\xbb\xbf"


@dataclass(frozen=True, slots=True)
class TextInfo:
    """How a file was stored: its encoding, whether it began with a UTF-8 BOM, and its line end."""

    encoding: str = "utf-8"
    bom: bool = False
    newline: str = "\n"


def decode(data: bytes) -> tuple[str, TextInfo]:
    """Text with line ends turned into ``\\n``, and how it was stored (UTF-8 if it decodes, else Latin-1)."""
    bom = data.startswith(_BOM)
    if bom:
        data = data[len(_BOM) :]
    try:
        text = data.decode("utf-8")
        encoding = "utf-8"
    except UnicodeDecodeError:
        text = data.decode("latin-1")
        encoding = "latin-1"
    newline = "\r\n" if b"\r\n" in data else ("\r" if b"\r" in data and b"\n" not in data else "\n")
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    return text, TextInfo(encoding, bom, newline)


def encode(text: str, info: TextInfo) -> bytes:
    """Bytes in the stored form ``info`` describes; characters the encoding lacks are a FormatError."""
    if info.newline != "\n":
        text = text.replace("\n", info.newline)
    try:
        data = text.encode(info.encoding)
    except UnicodeEncodeError as err:
        raise FormatError(f"cannot write {text[err.start : err.end]!r} in {info.encoding}") from None
    return (_BOM + data) if info.bom else data


def read_text(path: str | Path, limit: int) -> tuple[str, TextInfo]:
    """A file of at most ``limit`` bytes as text (``inputs.read_bytes`` refuses a larger one)."""
    return decode(read_bytes(path, limit))
