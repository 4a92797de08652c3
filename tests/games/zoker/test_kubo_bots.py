"""The Kubo ``greedy`` bot: most points now, fewest chances left for the next
player (R-KU-7), and an empty hand ends the round (R-KU-9b)."""

from __future__ import annotations

import random

import pakka
from pakka.bots.base import SeatHandle
from pakka.bots.zoker_kubo import CarefulBot, GreedyBot, plan_turn
from pakka.games.zoker.deck import LINE_KINDS, NAMES, NUM_LINES, parse_card
from pakka.games.zoker.kubo.rules import geometry
from pakka.games.zoker.kubo.state import KuboState

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


def stacked(deck: list[str]) -> KuboState:
    s = pakka.load("zoker-kubo", players=2).new_state(seed=0, deck=deck)
    assert isinstance(s, KuboState)
    return s


def shuffled_deck(seed: int) -> list[str]:
    corners = set(GEO.corners)
    cards = [NAMES[c] for c in range(64) if c not in corners]
    random.Random(seed).shuffle(cards)
    return cards


# -- the careful bot (``hard``) ------------------------------------------------------------


def careful_choices(state: KuboState, seat: int, seed: int) -> list[str]:
    """The careful bot's actions for ``seat`` through the rest of its current turn."""
    bot = CarefulBot(state.game, seed=seed)
    out = []
    s = state.clone()
    while s.current_player == seat and not s.is_terminal:
        a = bot.choose(SeatHandle(s, seat, random.Random(seed)))
        out.append(str(a))
        s.apply(str(a))
        if str(a) == "end":
            break
    return out


def play_out(deck: list[str], seed: int) -> list[str]:
    """A whole game, ``careful`` in seat 0 against ``greedy``: every action in order."""
    s = stacked(deck)
    bots: list[CarefulBot | GreedyBot] = [CarefulBot(s.game, seed=seed), GreedyBot(s.game)]
    out: list[str] = []
    while not s.is_terminal:
        p = s.current_player
        assert p is not None
        a = bots[p].choose(SeatHandle(s, p, random.Random(seed + len(out))))
        out.append(str(a))
        s.apply(str(a))
    return out


def test_careful_bot_is_deterministic_from_its_seed() -> None:
    """The same seed gives the same game; the bot draws nothing at random, so another
    seed (of the bot and of the samples its handle holds) gives the same game too."""
    deck = shuffled_deck(3)
    first = play_out(deck, seed=11)
    assert len(first) > 20 and play_out(deck, seed=11) == first
    assert play_out(deck, seed=12) == first


def test_careful_bot_reads_only_its_seats_view() -> None:
    """Two deals seat 1 cannot tell apart (seat 0's hand swapped with cards deep in the
    stock; seat 1's hand and first draw the same) get the same actions."""
    deck = shuffled_deck(5)
    other = deck[20:24] + deck[4:20] + deck[0:4] + deck[24:]
    a, b = stacked(deck), stacked(other)
    assert a.hands[0] != b.hands[0] and a.hands[1] == b.hands[1]
    assert a.view(1) == b.view(1)
    assert careful_choices(a, 1, seed=4) == careful_choices(b, 1, seed=4)


def covering_position() -> KuboState:
    """Seat 0 to act early in the round: on the table the corners and GS1 (on BS1).
    Seat 0 holds GS2 (placeable next to GS1), BS2 (placeable next to BS1) and RXL2
    (no support, R-KU-3). Seat 1 holds four cards, the stock the rest."""
    s = stacked(shuffled_deck(1))
    board = CORNERS | mask("GS1")
    mine = cards("GS2 BS2 RXL2")
    rest = [c for c in range(64) if not board >> c & 1 and c not in mine]
    random.Random(2).shuffle(rest)
    s.board = board
    s.hands = [mine, sorted(rest[:4])]
    s.stock = rest[4:]
    s.turn = 0
    s.placed_now = 0
    s.placed_last = [0, 0]
    s.idle_turns = 0
    return s


def test_r_ku_5_r_ku_10_careful_bot_does_not_bury_its_own_card() -> None:
    """R-KU-5: once GS2 lies at (S, 2), BS2 can never be placed, so it stays in hand
    and costs a point at the end (R-KU-10): a sure point lost. BS2 itself would leave
    the straight BS1-BS2-?-BS4 one card short with BS3 placeable (R-KU-7), a point
    for the next player if it holds BS3. The plain greedy plan places GS2 alone and
    buries BS2; the careful bot keeps both, so BS2 stays placeable (and GS2 can still
    go on it later, R-KU-3)."""
    s = covering_position()
    assert {str(a) for a in s.legal_actions()} == {"GS2", "BS2", "end"}
    greedy = GreedyBot(s.game)
    assert str(greedy.choose(SeatHandle(s, 0, random.Random(1)))) == "GS2"
    buried = s.clone()
    buried.apply("GS2")
    assert "BS2" not in {str(a) for a in buried.legal_actions()}
    assert "BS2" in buried.view(0)["covered"]
    assert careful_choices(s, 0, seed=3) == ["end"]
    kept = s.clone()
    kept.apply("end")
    assert "BS2" not in kept.view(0)["covered"] and "BS2" in kept.view(0)["placeable"]
    # Without the charge for a buried card it would bury BS2 as greedy does.
    assert str(CarefulBot(s.game, dead=0).choose(SeatHandle(s, 0, random.Random(1)))) == "GS2"
