"""Zoker Kubo with stacked decks: R-KU-1..11, D-KU-1..6.

A stacked Kubo deck deals its first four cards to seat 0, the next four to
seat 1 (and so on); the next card is the first one drawn (by seat 1, who
starts because seat 0 deals).
"""

from __future__ import annotations

import pytest

import pakka
from pakka.games.zoker.deck import FULL_MASK, parse_card
from pakka.games.zoker.kubo.state import KuboState


def new(deck: str, players: int = 2, **opts: object) -> KuboState:
    s = pakka.load("zoker-kubo", players=players, **opts).new_state(seed=0, deck=deck)
    assert isinstance(s, KuboState)
    return s


def bit(*names: str) -> int:
    return sum(1 << int(parse_card(n)) for n in names)


def places(s: KuboState) -> set[str]:
    return {str(a) for a in s.legal_actions() if a.id < 64}


SEAT0 = "RXL1 RXL2 RXL3 RL1"  # cards that cannot be placed early


def test_d_ku_1_two_to_five_players() -> None:
    """D-KU-1: 2-5 players."""
    for bad in (1, 6):
        with pytest.raises(pakka.RulesError):
            pakka.load("zoker-kubo", players=bad)
    assert pakka.load("zoker-kubo", players=5).new_state(seed=1).view(0)["stock"] == 60 - 20 - 1


def test_r_ku_1_r_ku_2_setup() -> None:
    """R-KU-1 / R-KU-2: four blue corners on the table, four cards each, seat 1 starts
    (and draws first); every card has one place in its colour's layer."""
    s = new(f"{SEAT0} BS2 GS1 BM2 GS2 BM1")
    v = s.view(1)
    assert set(v["board"]) == {"BS1", "BS4", "BXL1", "BXL4"}
    assert v["grids"][0][0] == ["BS1", None, None, "BS4"]
    assert v["grids"][0][3] == ["BXL1", None, None, "BXL4"]
    assert v["hand"] == ["BS2", "BM1", "BM2", "GS1", "GS2"] or sorted(v["hand"]) == sorted(
        ["BS2", "GS1", "BM2", "GS2", "BM1"]
    )
    assert s.current_player == 1 and v["hand_sizes"] == [4, 5] and v["stock"] == 51
    with pytest.raises(pakka.RulesError):
        new("BS1")  # a corner card cannot be stacked into the deck


def test_r_ku_3_next_to_or_on_top() -> None:
    """R-KU-3: next to BS1 go BS2 or BM1, on top of it GS1; BM2 and GS2 have no support."""
    s = new(f"{SEAT0} BS2 GS1 BM2 GS2 BM1")
    assert places(s) == {"BS2", "GS1", "BM1"}
    with pytest.raises(pakka.IllegalAction, match="next to a card of its own layer"):
        s.apply("GS2")


def test_r_ku_4_next_to_a_higher_card_over_empty() -> None:
    """R-KU-4: once GS1 lies on BS1, GS2 may go next to it over the empty BS2 place."""
    s = new(f"{SEAT0} BS2 GS1 BM2 GS2 BM1")
    s.apply("GS1")
    assert "GS2" in places(s)


def test_r_ku_5_never_under_a_placed_card() -> None:
    """R-KU-5: with GS2 placed, BS2 can never be played; it stays in hand as -1."""
    s = new(f"{SEAT0} BS2 GS1 BM2 GS2 BM1")
    s.apply("GS1")
    s.apply("GS2")
    assert "BS2" not in places(s) and "BS2" in s.view(0)["covered"]
    with pytest.raises(pakka.IllegalAction, match="covered"):
        s.apply("BS2")


def test_r_ku_6_d_ku_2_draw_rule() -> None:
    """R-KU-6 / D-KU-2: one card is always drawn; after placing two or more on the
    previous turn, more may be drawn one at a time up to a hand of five."""
    s = new(f"{SEAT0} BS2 GS1 BM2 GS2 BM1 GXL1 OXL1")
    s.apply("GS1")
    s.apply("GS2")
    assert "draw" not in s.history and s.legal_actions()[-1] == s.parse_action("end")
    s.apply("end")
    assert s.current_player == 0 and s.view(0)["hand_sizes"][0] == 5  # drew one
    assert "draw" not in [str(a) for a in s.legal_actions()]
    s.apply("end")
    # Seat 1 placed two last turn: hand 3 + 1 drawn = 4, so one more may be drawn.
    assert s.view(1)["hand_sizes"][1] == 4 and s.view(1)["may_draw"]
    s.apply("draw")
    assert s.view(1)["hand_sizes"][1] == 5 and not s.view(1)["may_draw"]
    with pytest.raises(pakka.IllegalAction, match="draw more"):
        s.apply("draw")


def test_r_ku_6_several_placements_then_end() -> None:
    """R-KU-6: as many placements as wanted in a turn, then end (zero is allowed)."""
    s = new(f"{SEAT0} BS2 GS1 BM2 GS2 BM1")
    s.apply("BM1")
    s.apply("BM2")  # next to BM1, placed this turn
    s.apply("end")
    assert s.placed_last[1] == 2 and s.current_player == 0
    s.apply("end")  # zero placements
    assert s.placed_last[0] == 0


def test_r_ku_7_straight_one_point() -> None:
    """R-KU-7: completing a straight scores 1 (default points)."""
    s = new(f"{SEAT0} BS2 BS3 RM1 RM2 RM3")
    s.apply("BS2")
    assert s.points == [0, 0]
    s.apply("BS3")
    assert s.points == [0, 1]
    assert any(e.key == "kubo.score" and e.args["line"] == "BS1-BS2-BS3-BS4" for e in s.log)


def test_r_ku_7_plane_diagonal_two_points_several_at_once() -> None:
    """R-KU-7: a plane diagonal scores 2; one card may complete several lines."""
    s = new(f"{SEAT0} BS2 BM2 BXL3 BL3 BS3")
    for c in ("BS2", "BM2", "BXL3"):
        s.apply(c)
    s.apply("BL3")  # completes the diagonal BS1-BM2-BL3-BXL4
    assert s.points == [0, 2]
    s.apply("BS3")  # completes BS1..BS4 and ends the round (hand empty)
    assert s.is_terminal and s.totals == [-4, 3]


def test_r_ku_7_d_ku_3_points_option() -> None:
    """D-KU-3: option points changes the values (here 3 for a straight)."""
    s = new(f"{SEAT0} BS2 BS3 RM1 RM2 RM3", points="3,5,10")
    s.apply("BS2")
    s.apply("BS3")
    assert s.points == [0, 3]


def test_r_ku_9_a_zoker_ends_at_once() -> None:
    """R-KU-9 (a) / R-KU-7: a completed Zoker scores 4 and ends the round."""
    s = new(f"{SEAT0} RXL4 RM1 RM2 RM3 RS2")
    s.board |= bit("GM2", "OL3", "OXL4")  # an advanced cube (set up directly)
    s.apply("RXL4")
    assert s.is_terminal
    assert s.totals == [-4, 4 - 4]
    assert any(e.args.get("kind") == "zoker" for e in s.log)


def test_r_ku_9_b_hand_emptied_ends() -> None:
    """R-KU-9 (b) / R-KU-10: placing every card ends the round; -1 per card in hand."""
    s = new(f"{SEAT0} BS2 BS3 BM1 BXL2 BXL3")
    for c in ("BS2", "BS3", "BM1", "BXL2"):
        s.apply(c)
    assert not s.is_terminal
    s.apply("BXL3")
    assert s.is_terminal and s.winners == [1]
    assert s.totals == [-4, 2]  # two straights, no cards left; seat 0 holds four


def test_r_ku_9_c_top_layer_full_ends() -> None:
    """R-KU-9 (c): when every place of the top (red) layer is filled the round ends."""
    s = new(f"{SEAT0} RS1 BM1 BM2 BM3 BL1")
    red = [f"R{z}{k}" for z in ("S", "M", "L", "XL") for k in "1234"]
    s.board |= bit(*[r for r in red if r not in ("RS1", "RXL1", "RXL2", "RXL3", "RL1")])
    s.board |= bit("RXL1", "RXL2", "RXL3", "RL1")  # pretend seat 0's cards are down
    s.hands[0] = [int(parse_card(x)) for x in ("GM1", "GM2", "GM3", "GM4")]
    s.apply("RS1")
    assert s.is_terminal and s.log[-2].args["reason"] == "full"


def test_d_ku_5_stock_empty_round_without_placement_ends() -> None:
    """D-KU-5: the stock is empty and a full round of turns passes in which nobody
    placed a card: the game ends, even though seat 1 could have placed (placing is
    never compulsory)."""
    s = new(f"{SEAT0} RM1 RM2 RM3 RM4 BS2")
    s.stock = []
    s.apply("end")  # seat 1 could place BS2 but does not
    assert not s.is_terminal
    s.apply("end")  # seat 0 cannot place
    assert s.is_terminal and s.log[-2].args["reason"] == "blocked"


def test_r_ku_8_d_ku_4_manual_claims_and_steal() -> None:
    """R-KU-8 / D-KU-4: with manual claims the placer must claim; a missed line can
    be stolen with Piste! right after the turn; nobody claiming it, it never scores."""
    s = new(f"{SEAT0} BS2 BS3 RM1 RM2 RM3", claims="manual")
    assert pakka.load("zoker-kubo", players=2).options["claims"] == "auto"
    s.apply("BS2")
    s.apply("BS3")
    assert s.points == [0, 0] and s.view(0)["open_lines"] == ["BS1-BS2-BS3-BS4"]
    s.apply("piste BS1-BS2-BS3-BS4")
    assert s.points == [0, 1]
    # Stolen: the placer ends without claiming; seat 0 calls Piste!
    t = new(f"{SEAT0} BS2 BS3 RM1 RM2 RM3", claims="manual")
    t.apply("BS2")
    t.apply("BS3")
    t.apply("end")
    assert t.current_player == 0 and [str(a) for a in t.legal_actions()] == [
        "piste BS1-BS2-BS3-BS4",
        "pass",
    ]
    t.apply("piste BS4-BS3-BS2-BS1")
    assert t.points == [1, 0] and t.current_player == 0 and t.view(0)["phase"] == "play"
    # Nobody notices: it never scores.
    u = new(f"{SEAT0} BS2 BS3 RM1 RM2 RM3", claims="manual")
    u.apply("BS2")
    u.apply("BS3")
    u.apply("end")
    u.apply("pass")
    assert u.points == [0, 0] and any(e.key == "kubo.missed" for e in u.log)


def test_d_ku_6_first_in_turn_order_gets_the_steal() -> None:
    """D-KU-6: the first claimer in turn order after the placer gets the points."""
    s = new(f"{SEAT0} BS2 BS3 OM1 OM2 RM1 RM2 RM3 RM4 OM3", players=3, claims="manual")
    s.apply("BS2")
    s.apply("BS3")
    s.apply("end")
    assert s.current_player == 2
    s.apply("piste BS1-BS2-BS3-BS4")
    assert s.points == [0, 0, 1]
    assert s.current_player == 2 and s.view(0)["phase"] == "play"  # window closed


def test_d_ku_6_manual_zoker_unclaimed_does_not_end() -> None:
    """R-KU-8 / D-KU-4: an unclaimed Zoker neither scores nor ends the game."""
    s = new(f"{SEAT0} RXL4 RM1 RM2 RM3 RS2", claims="manual")
    s.board |= bit("GM2", "OL3", "OXL4")
    s.apply("RXL4")
    assert not s.is_terminal
    s.apply("end")
    s.apply("pass")
    assert not s.is_terminal and s.points == [0, 0]


def test_r_ku_10_rounds_and_target() -> None:
    """R-KU-10: rounds are summed; the next round has the next dealer; a target ends early."""
    s = new(f"{SEAT0} BS2 BS3 BM1 BXL2 BXL3", rounds=2)
    for c in ("BS2", "BS3", "BM1", "BXL2", "BXL3"):
        s.apply(c)
    assert not s.is_terminal and s.totals == [-4, 2] and s.round_no == 1
    assert s.current_player == 0  # seat 1 deals round 2
    assert len(s.view(0)["board"]) == 4
    t = new(f"{SEAT0} BS2 BS3 BM1 BXL2 BXL3", rounds=5, target=2)
    for c in ("BS2", "BS3", "BM1", "BXL2", "BXL3"):
        t.apply(c)
    assert t.is_terminal and t.winners == [1]


def test_r_ku_11_other_layers() -> None:
    """R-KU-11: layers=size puts BS1, BS4, RS1, RS4 in the corners; on top of BS1
    goes BM1, next to it BS2 or GS1."""
    s = new("RM2 RM3 RL2 RL3 BM1 GS1 BS2 GM1 BL1", layers="size")
    assert set(s.view(0)["board"]) == {"BS1", "BS4", "RS1", "RS4"}
    assert places(s) == {"BM1", "GS1", "BS2"}
    t = new("RM2 RM3 RL2 RL3 BS2 GS1 BM1 GM1 BL1", layers="shape")
    assert set(t.view(0)["board"]) == {"BS1", "BXL1", "RS1", "RXL1"}
    assert places(t) == {"BS2", "GS1", "BM1", "BL1"}  # BL1 next to the corner BXL1
    assert s.board & ~FULL_MASK == 0


@pytest.mark.parametrize("layers", ["colour", "size", "shape"])
def test_r_ku_1_r_ku_11_geometry_tables(layers: str) -> None:
    """R-KU-1 / R-KU-11: each card has one place; "next to" is symmetric within a
    layer (2-4 neighbours); "below" and "above" agree with the layer order."""
    from pakka.games.zoker.kubo.rules import geometry

    g = geometry(layers)
    la = g.layer_attr
    from pakka.games.zoker.deck import ATTRS

    for c in range(64):
        assert 2 <= g.neighbours[c].bit_count() <= 4
        for d in range(64):
            if g.neighbours[c] >> d & 1:
                assert g.neighbours[d] >> c & 1 and ATTRS[d][la] == ATTRS[c][la]
        assert g.above[c].bit_count() == 3 - ATTRS[c][la]
        if ATTRS[c][la]:
            below = g.below[c].bit_length() - 1
            assert g.above[below] >> c & 1
        else:
            assert g.below[c] == 0
    assert g.top_layer.bit_count() == 16


def test_d_ku_5_rules_texts_say_a_round_of_passes_ends_even_if_one_could_place() -> None:
    """D-KU-5 (reworded): the game also ends when the stock is empty and a full round
    of turns passes in which nobody placed a card; placing is never compulsory, so
    "nobody could place" would let a round of passes go on for ever. The player rules
    texts say so in both languages."""
    from pakka.rules import rules_text

    en = " ".join(rules_text("zoker-kubo", "en").split())
    fi = " ".join(rules_text("zoker-kubo", "fi").split())
    assert "nobody placed a card" in en and "never compulsory" in en
    assert "kukaan ei asettanut korttia" in fi and "ei ole koskaan pakko" in fi
