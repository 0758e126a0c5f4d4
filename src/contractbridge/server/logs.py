"""Logs of the web server: readable lines on a console (time, level, message and the fields given as
``extra``), or one JSON object a line for a log collector (``serve --json-logs``). Events are logged as the table
stores them; a board event is logged without its deal, a face-down opening lead without its card. A secret link's
token never reaches a log: ``TokenFilter`` blanks ``token=…`` in every record of the server's and Uvicorn's loggers
(Uvicorn's access log writes each request's URL, and old links carry the token there)."""

from __future__ import annotations

import json
import logging
import re
import sys
from datetime import UTC, datetime
from typing import Any, Final

__all__ = ["LOGGERS", "JsonFormatter", "TextFormatter", "TokenFilter", "configure", "protect", "redact"]

#: The loggers of the server and of Uvicorn (``uvicorn.error`` logs each WebSocket's URL, ``uvicorn.access``
#: each request's).
LOGGERS: Final = ("contractbridge", "uvicorn", "uvicorn.error", "uvicorn.access")

_TOKEN: Final = re.compile(r"(token(?:=|%3D))[^&\s\"']+", re.IGNORECASE)


def redact(text: str) -> str:
    """``text`` with the value of every ``token=`` blanked out."""
    return _TOKEN.sub(r"\1[secret]", text)


class TokenFilter(logging.Filter):
    """Blank the tokens of a record's message and arguments (the record is kept, only the secret goes)."""

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.msg, str):
            record.msg = redact(record.msg)
        if isinstance(record.args, tuple):  # shape kept: Uvicorn's access formatter unpacks the arguments
            record.args = tuple(redact(a) if isinstance(a, str) else a for a in record.args)
        elif isinstance(record.args, dict):
            record.args = {k: redact(v) if isinstance(v, str) else v for k, v in record.args.items()}
        return True


def protect() -> None:
    """Put a ``TokenFilter`` on each of ``LOGGERS`` (once), however the server was started."""
    for name in LOGGERS:
        logger = logging.getLogger(name)
        if not any(isinstance(f, TokenFilter) for f in logger.filters):
            logger.addFilter(TokenFilter())


_STANDARD: Final = frozenset(vars(logging.LogRecord("", 0, "", 0, "", None, None))) | {"message", "asctime"}


def _fields(record: logging.LogRecord) -> dict[str, Any]:
    """The fields a record was given as ``extra``; a board event without its deal, a face-down opening lead without
    its card (L41A; the card is logged when it is faced): the hands stay secret."""
    out = {key: value for key, value in vars(record).items() if key not in _STANDARD}
    event = out.get("event")
    secret = {"board": "deal", "face_down_lead": "card"}
    if isinstance(event, dict) and event.get("event") in secret:
        out["event"] = {k: v for k, v in event.items() if k != secret[event["event"]]}
    return out


class JsonFormatter(logging.Formatter):
    """One JSON object a line: time, level, logger, message, the extra fields, the exception."""

    def format(self, record: logging.LogRecord) -> str:
        out: dict[str, Any] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname.lower(),
            "logger": record.name,
            "message": record.getMessage(),
            **_fields(record),
        }
        if record.exc_info:
            out["exception"] = self.formatException(record.exc_info)
        return json.dumps(out, default=str)


class TextFormatter(logging.Formatter):
    """A line a person reads: ``12:04:05 info  table 3: N plays SQ  (table=3)``, the exception below it."""

    def format(self, record: logging.LogRecord) -> str:
        when = datetime.fromtimestamp(record.created).strftime("%H:%M:%S")
        fields = " ".join(f"{k}={json.dumps(v, default=str)}" for k, v in _fields(record).items())
        line = f"{when} {record.levelname.lower():<7} {record.getMessage()}" + (f"  ({fields})" if fields else "")
        if record.exc_info:
            line += "\n" + self.formatException(record.exc_info)
        return line


def configure(level: int = logging.INFO, *, json_lines: bool = False) -> None:
    """Logs on stderr for the server and Uvicorn: readable lines, or JSON lines with ``json_lines``."""
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(JsonFormatter() if json_lines else TextFormatter())
    handler.addFilter(TokenFilter())
    protect()
    for name in LOGGERS:
        logger = logging.getLogger(name)
        logger.handlers[:] = [handler]
        logger.setLevel(level)
        logger.propagate = False
