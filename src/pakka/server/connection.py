"""One client's WebSocket connection: its seats, outgoing queue and rate bucket.

Frames are queued under the table lock and sent by the connection's writer task
after the lock is released; a client too slow to drain its queue is dropped.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from typing import Any

import orjson
from fastapi import WebSocket

from pakka.server.config import Settings


def encode(frame: dict[str, Any]) -> str:
    """A frame as JSON text, compact: orjson, several times faster than ``json.dumps``
    on the frames every action sends to every client (keys that are not strings, such
    as a view's seat numbers, become strings as ``json.dumps`` makes them); a value
    orjson refuses (an integer beyond 64 bits) goes through ``json.dumps``."""
    try:
        return orjson.dumps(frame, option=orjson.OPT_NON_STR_KEYS).decode()
    except TypeError:  # orjson.JSONEncodeError is a TypeError
        return json.dumps(frame, separators=(",", ":"))


class Connection:
    """One client's WebSocket: the seats it holds, its outgoing queue, its rate bucket."""

    def __init__(self, ws: WebSocket, settings: Settings) -> None:
        self.ws = ws
        self.seats: list[int] = []
        self.spectator = False
        self.queue: asyncio.Queue[str | None] = asyncio.Queue(maxsize=1000)
        self.log_pos: dict[int | None, int] = {}
        self.rate = settings.msg_rate
        self.burst = settings.msg_burst
        self.tokens = settings.msg_burst
        self.stamp = time.monotonic()
        self.closed = False
        self.idle = False
        """The client said its player is away (page hidden or untouched): presence."""
        self.close_code = 1008
        """The close code the writer uses when it is told to stop."""
        self.chat_key: str | None = None
        """A spectator's chat identity (:mod:`pakka.server.chat`)."""

    @property
    def view_seats(self) -> list[int | None]:
        """The seats whose views this client receives (``[None]`` for a spectator)."""
        return [None] if self.spectator else list(self.seats)

    def allow(self) -> bool:
        """Token bucket: whether one more message is within the rate limit."""
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False

    def send(self, frame: dict[str, Any] | str) -> None:
        """Queue a frame; a client too slow to drain its queue is disconnected."""
        if self.closed:
            return
        text = frame if isinstance(frame, str) else encode(frame)
        try:
            self.queue.put_nowait(text)
        except asyncio.QueueFull:
            self.closed = True
            with contextlib.suppress(asyncio.QueueFull):
                self.queue.get_nowait()
                self.queue.put_nowait(None)

    def close_soon(self, code: int = 1008) -> None:
        """Close the connection (with ``code``) once the frames queued so far are sent."""
        if self.closed:
            return
        self.close_code = code
        with contextlib.suppress(asyncio.QueueFull):
            self.queue.put_nowait(None)
        self.closed = True

    async def writer(self) -> None:
        """Send queued frames in order until the connection ends."""
        while True:
            text = await self.queue.get()
            if text is None:
                with contextlib.suppress(Exception):
                    await self.ws.close(code=self.close_code)
                return
            await self.ws.send_text(text)
