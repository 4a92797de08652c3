"""Draw the web app's icons (``static/icons``): a card with a heart on the felt.

``python scripts/make_icons.py`` writes ``icon.svg`` and ``icon-192.png`` /
``icon-512.png`` (PNG written with zlib alone, no imaging library). The PNGs are
drawn from the same shapes as the SVG: rounded felt square, white card, red heart.
"""

from __future__ import annotations

import math
import struct
import zlib
from pathlib import Path

OUT = Path(__file__).resolve().parents[1] / "src" / "pakka" / "server" / "static" / "icons"
FELT = (15, 81, 50)
CARD = (251, 250, 245)
HEART = (200, 30, 45)
EDGE = (255, 210, 90)

SVG = """<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">
<rect width="100" height="100" rx="18" fill="#0f5132"/>
<rect x="26" y="14" width="48" height="72" rx="7" fill="#fbfaf5" stroke="#ffd25a" stroke-width="2"/>
<path d="M50 66 C30 52 30 36 41 35 C46 35 49 38 50 42 C51 38 54 35 59 35 C70 36 70 52 50 66Z"
 fill="#c81e2d"/>
</svg>
"""


def pixel(x: float, y: float) -> tuple[int, int, int, int]:
    """The colour at (x, y) in 0..100 units (transparent outside the rounded square)."""
    r = 18.0
    cx, cy = min(max(x, r), 100 - r), min(max(y, r), 100 - r)
    if math.hypot(x - cx, y - cy) > r:
        return (0, 0, 0, 0)
    in_card = 26 <= x <= 74 and 14 <= y <= 86
    if in_card:
        edge = x < 27 or x > 73 or y < 15 or y > 85
        # The heart: (u^2 + v^2 - 1)^3 - u^2 v^3 <= 0, centred on the card.
        u = (x - 50) / 16
        v = -(y - 50) / 16
        heart = (u * u + v * v - 1) ** 3 - u * u * v**3 <= 0
        colour = EDGE if edge else HEART if heart else CARD
        return (*colour, 255)
    return (*FELT, 255)


def png(size: int) -> bytes:
    """The icon as PNG bytes, ``size`` pixels square."""
    rows = bytearray()
    for j in range(size):
        rows.append(0)
        for i in range(size):
            rows.extend(pixel((i + 0.5) * 100 / size, (j + 0.5) * 100 / size))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    head = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", head)
        + chunk(b"IDAT", zlib.compress(bytes(rows), 9))
        + chunk(b"IEND", b"")
    )


def main() -> None:
    """Write the icons."""
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / "icon.svg").write_text(SVG)
    for size in (192, 512):
        (OUT / f"icon-{size}.png").write_bytes(png(size))


if __name__ == "__main__":
    main()
