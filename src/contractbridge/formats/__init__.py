"""Bridge file formats: PBN 2.1 (``pbn``), BBO LIN (``lin``), JSON event logs and records (``json``), and hand
diagrams (``diagram``). Every reader raises only ``FormatError`` (with file, line and column).

Each format registers itself in ``registry`` (suffixes, sniffing, limit, ``load``/``loads``/``dump``/``dumps``
of the neutral ``Record``), which ``files`` and the commands use.

Core: may import the values, ``events``, ``auction``, ``play`` and ``rulebooks``, never the table or the laws;
replaying a record by the laws goes through the replayer the table layer installs (``contractbridge.replay``)."""

from contractbridge.errors import FormatError
from contractbridge.formats.record import Record, RecordCall

__all__ = ["FormatError", "Record", "RecordCall"]
