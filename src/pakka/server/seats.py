"""Seats and credentials: seat kinds and states, secrets and what the store keeps of them.

A credential (seat token, invite code, admin or spectator code) is 128 random bits
shown once; the database and the in-memory indexes keep only its SHA-256 digest.
"""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass

HUMAN, BOT = "human", "bot"
OPEN, CLAIMED, LEFT, BOTSEAT = "open", "claimed", "left", "bot"


def new_secret() -> str:
    """A fresh credential: 128 bits from :mod:`secrets`, url-safe (22 characters)."""
    return secrets.token_urlsafe(16)


def digest(secret: str) -> str:
    """What the database keeps of a credential."""
    return hashlib.sha256(secret.encode()).hexdigest()


@dataclass
class Seat:
    """One seat of a live table."""

    kind: str
    level: str | None
    name: str | None
    status: str
    token_hash: str | None = None
    invite_hash: str | None = None
    zombie: bool = False

    @property
    def bot_controlled(self) -> bool:
        """Whether the server plays this seat (a bot seat, or a human seat's zombie)."""
        return self.kind == BOT or self.zombie
