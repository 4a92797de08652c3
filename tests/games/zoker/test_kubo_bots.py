"""The Kubo ``greedy`` bot: most points now, fewest chances left for the next
player (R-KU-7), and an empty hand ends the round (R-KU-9b)."""

from __future__ import annotations

import random

import pakka
from pakka.bots.base import SeatHandle
from pakka.bots.zoker_kubo import GreedyBot, RolloutBot, plan_turn
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


# -- the rollout bot (``hard``) ------------------------------------------------------------


def rollout_choices(
    state: KuboState, seat: int, seed: int, worlds: int = 4, margin: float = 0.0
) -> list[str]:
    """The rollout bot's actions for ``seat`` through the rest of its current turn."""
    game = state.game
    bot = RolloutBot(game, seed=seed, worlds=worlds, margin=margin)
    out = []
    s = state.clone()
    while s.current_player == seat and not s.is_terminal:
        a = bot.choose(SeatHandle(s, seat, random.Random(7)))
        out.append(str(a))
        s.apply(str(a))
        if str(a) == "end":
            break
    return out


def stacked(deck: list[str]) -> KuboState:
    s = pakka.load("zoker-kubo", players=2).new_state(seed=0, deck=deck)
    assert isinstance(s, KuboState)
    return s


def shuffled_deck(seed: int) -> list[str]:
    corners = set(GEO.corners)
    cards = [NAMES[c] for c in range(64) if c not in corners]
    random.Random(seed).shuffle(cards)
    return cards


def test_rollout_bot_is_deterministic_from_its_seed() -> None:
    """The same seed gives the same actions; the deals it samples come from its own
    generator (another seed samples other deals)."""
    s = stacked(shuffled_deck(3))
    seat = s.current_player
    assert seat == 1
    first = rollout_choices(s, seat, seed=11)
    assert first and rollout_choices(s, seat, seed=11) == first
    a, b = RolloutBot(s.game, seed=1), RolloutBot(s.game, seed=2)
    h = SeatHandle(s, seat, random.Random(7))
    wa = h.sample_consistent(a.rng)
    wb = h.sample_consistent(b.rng)
    assert isinstance(wa, KuboState) and isinstance(wb, KuboState)
    assert wa.hands[0] != wb.hands[0] or wa.stock != wb.stock


def test_rollout_bot_reads_only_its_seats_view() -> None:
    """Two deals seat 1 cannot tell apart (seat 0's hand swapped with cards deep in the
    stock; seat 1's hand and first draw the same) get the same actions: the bot only
    sees ``sample_consistent`` deals, never the hidden cards."""
    deck = shuffled_deck(5)
    other = deck[20:24] + deck[4:20] + deck[0:4] + deck[24:]
    a, b = stacked(deck), stacked(other)
    assert a.hands[0] != b.hands[0] and a.hands[1] == b.hands[1]
    assert a.view(1) == b.view(1)
    assert rollout_choices(a, 1, seed=4) == rollout_choices(b, 1, seed=4)


def endgame() -> KuboState:
    """A constructed end position, seat 0 to act, the stock empty (cards neither on the
    board nor in a hand are out of play). On the board: the corners, BM1 and BM2 (so
    the diagonal BS1-BM2-BL3-BXL4 lacks only BL3), GXL1 and GXL2 (GXL2 covers BXL2 for
    good, R-KU-5). Seat 0 holds BXL3 (placeable next to BXL4, no line of its own left one
    short) and RS2 (no support, R-KU-3); seat 1 holds BL3 alone, which has no card of its
    layer next to it yet."""
    s = stacked(shuffled_deck(1))
    s.board = CORNERS | mask("BM1 BM2 GXL1 GXL2")
    s.hands = [cards("BXL3 RS2"), cards("BL3")]
    s.stock = []
    s.turn = 0
    s.placed_now = 0
    s.placed_last = [0, 0]
    s.idle_turns = 0
    return s


def test_r_ku_3_r_ku_9_rollout_bot_does_not_open_the_place_that_ends_the_round() -> None:
    """R-KU-3: placing BXL3 puts a card of BL3's layer next to BL3, so seat 1 can place
    it, completing the diagonal (2 points, R-KU-7) and emptying its hand, which ends
    the round at once (R-KU-9b) with seat 0 still holding RS2 (-1, R-KU-10): margin -3.
    Ending the turn instead leaves nobody a card to place: a round of turns without
    placing ends the round (D-KU-5) with seat 0 holding two cards and seat 1 one:
    margin -1. The greedy plan places BXL3 (it only looks at the lines through the
    cards it places); the rollout bot, whose sampled deals all give seat 1 BL3 (the only
    unseen card), ends the turn."""
    s = endgame()
    assert {str(a) for a in s.legal_actions()} == {"BXL3", "end"}
    greedy = GreedyBot(s.game)
    assert str(greedy.choose(SeatHandle(s, 0, random.Random(1)))) == "BXL3"
    assert rollout_choices(s, 0, seed=3) == ["end"]
    # Two points better than the greedy choice: clear enough to override it at a margin
    # of one point, not at three.
    assert rollout_choices(s, 0, seed=3, margin=1.0) == ["end"]
    assert rollout_choices(s, 0, seed=3, margin=3.0) == ["BXL3", "end"]
    # The margins the test states, played out.
    placed = s.clone()
    for a in ("BXL3", "end", "BL3"):
        placed.apply(a)
    assert placed.is_terminal and placed.scores == [-1, 2]
    ended = s.clone()
    for a in ("end", "end"):
        ended.apply(a)
    assert ended.is_terminal and ended.scores == [-2, -1]
