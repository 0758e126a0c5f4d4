"""Bridge file formats: PBN 2.1 (``pbn``), BBO LIN (``lin``), JSON event logs and records (``json``), and hand
diagrams (``diagram``). Every reader raises only ``FormatError`` (with file, line and column).

Core: may import the values, ``events``, ``auction``, ``play`` and ``rulebooks``; ``files`` still imports the
table inside its replay check (#22 item 4 moves that behind the formats registry)."""

from contractbridge.errors import FormatError
from contractbridge.formats.record import Record, RecordCall

__all__ = ["FormatError", "Record", "RecordCall"]
