"""The Kubo ``greedy`` bot: most points now, fewest chances left for the next
player (R-KU-7), and an empty hand ends the round (R-KU-9b)."""

from __future__ import annotations

from pakka.bots.zoker_kubo import plan_turn
from pakka.games.zoker.deck import LINE_KINDS, NUM_LINES, parse_card
from pakka.games.zoker.kubo.rules import geometry

GEO = geometry("colour")
POINTS = tuple((1, 2, 4)[LINE_KINDS[ln]] for ln in range(NUM_LINES))
CORNERS = sum(1 << c for c in GEO.corners)


def cards(text: str) -> list[int]:
    return [int(parse_card(t)) for t in text.split()]


def mask(text: str) -> int:
    return sum(1 << c for c in cards(text))


def test_r_ku_7_greedy_takes_the_points_now() -> None:
    """R-KU-7: with BS2 on the table, BS3 completes the straight BS1..BS4; with
    BM2 on the table, BM3 then BL2 completes the diagonal BS4-BM3-BL2-BXL1."""
    _, first = plan_turn(CORNERS | mask("BS2"), cards("BS3 RXL2 OM2"), GEO, POINTS)
    assert first == int(parse_card("BS3"))
    value, first = plan_turn(CORNERS | mask("BM2"), cards("BM3 BL2 RXL2"), GEO, POINTS)
    assert first in cards("BM3 BL2") and value == 20 - 5  # two points, one card kept


def test_r_ku_7_greedy_leaves_few_chances_to_the_next_player() -> None:
    """R-KU-7: BS2 alone scores nothing and leaves BS1-BS2-?-BS4 one card short
    with BS3 placeable, so the greedy bot keeps it; without the penalty for the
    next player's chances it would place it. Holding BS3 too, the chance is its
    own: it places both and scores the straight."""
    _, first = plan_turn(CORNERS, cards("BS2 RXL2"), GEO, POINTS)
    assert first == -1
    _, first = plan_turn(CORNERS, cards("BS2 RXL2"), GEO, POINTS, risk=0)
    assert first == int(parse_card("BS2"))
    value, first = plan_turn(CORNERS, cards("BS2 BS3 RXL2"), GEO, POINTS)
    assert first in cards("BS2 BS3") and value == 10 - 5


def test_r_ku_9_greedy_empties_its_hand_to_end_the_round() -> None:
    """R-KU-9 (b): placing every card ends the round with nothing in hand, even
    when the last card leaves a line one card short."""
    value, first = plan_turn(CORNERS, cards("BS2 BM1"), GEO, POINTS)
    assert first in cards("BS2 BM1") and value >= 40
