"""The secret links of the web table: a seat's and the director's token, what the store keeps of it, its lifetime.

The store keeps ``sha256(token)`` and, when the token has a lifetime, the moment it expires: ``"<hash>.<unix
time>"``, to the millisecond (a token of an older server has no expiry; one of a server that kept whole seconds
is read as it was written). The token itself is never stored and never logged.
"""

from __future__ import annotations

import hashlib
import secrets
import time

__all__ = ["expired", "hash_token", "issue", "matches"]


def hash_token(token: str) -> str:
    """What the store keeps of a secret token."""
    return hashlib.sha256(token.encode()).hexdigest()


def issue(lifetime: float, now: float | None = None) -> tuple[str, str]:
    """A new secret token and what the store keeps of it; valid ``lifetime`` seconds (0: until released)."""
    token = secrets.token_urlsafe(18)
    if not lifetime:
        return token, hash_token(token)
    return token, f"{hash_token(token)}.{(time.time() if now is None else now) + lifetime:.3f}"


def matches(token: str, stored: str | None) -> bool:
    """Whether ``token`` is the one ``stored`` was made from (compared in constant time)."""
    return stored is not None and secrets.compare_digest(stored.partition(".")[0], hash_token(token))


def expired(stored: str | None, now: float | None = None) -> bool:
    """Whether the token ``stored`` was made from is past its lifetime."""
    if stored is None or "." not in stored:
        return False
    return float(stored.partition(".")[2]) <= (time.time() if now is None else now)
