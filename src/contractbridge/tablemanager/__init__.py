"""The Blue Chip Bridge table-manager protocol (version 18, the World Computer Bridge Championship's).

``messages`` holds the grammar, once, as data; ``client.TableManagerClient`` seats any ``Player`` at a table
manager; ``server.TableManagerServer`` is a table manager for four clients on the loopback interface.
"""

from contractbridge.tablemanager.client import TableManagerClient
from contractbridge.tablemanager.messages import (
    PROTOCOL_VERSION,
    ProtocolError,
    format_call,
    format_card,
    format_hand,
    parse_call,
    parse_card,
    parse_hand,
)
from contractbridge.tablemanager.server import TableManagerServer, serve_boards

__all__ = [
    "PROTOCOL_VERSION",
    "ProtocolError",
    "TableManagerClient",
    "TableManagerServer",
    "format_call",
    "format_card",
    "format_hand",
    "parse_call",
    "parse_card",
    "parse_hand",
    "serve_boards",
]
