"""Räväytys's typed view and display layer: card names in words, structured legal
actions (kinds, cards, targets, labels in both languages without raw codes), the
phase prompts, the score sheet and the hint."""

from __future__ import annotations

import json
import random
import re
from typing import Any

import jsonschema

import pakka
from pakka.core.seam import LEGAL_ACTION_SCHEMA, ActionKind, check_view
from pakka.games.ravaytys.display import RavaytysDisplay, hint_for_hand
from pakka.games.ravaytys.view import RavaytysView
from pakka.i18n import LANGUAGES, messages, render_entry

_CODE = re.compile(r"\b(?:[2-9]|10|[JQKA])[SHDC]\b|\bJK\b")


def _positions(players: int, seed: int, every: int = 3) -> list[Any]:
    """States along a seeded random game with short rounds (the rules bot mixed in,
    so that lay-offs, swaps and places occur)."""
    from pakka.bots.ravaytys import rules_policy

    game = pakka.load("ravaytys", players=players, max_turns_per_round=40)
    s = game.new_state(seed=seed)
    rng = random.Random(seed)
    out = [s.clone()]
    step = 0
    while not s.is_terminal:
        if rng.random() < 0.3:
            legal = s.legal_actions()
            s.apply(legal[rng.randrange(len(legal))])
        else:
            s.apply(rules_policy(s, rng))
        step += 1
        if step % every == 0 or s.is_terminal:
            out.append(s.clone())
    return out


def test_card_names_in_words() -> None:
    d = RavaytysDisplay()
    en, fi = d.card_names("en"), d.card_names("fi")
    assert en["AS"] == "ace of spades" and en["10D"] == "10 of diamonds"
    assert en["JK"] == "joker" and en["2S=7"] == "black two as 7"
    assert en["JK=QH"] == "joker as queen of hearts"
    assert fi["AS"] == "pata-ässä" and fi["10D"] == "ruutu-10"
    assert fi["KH"] == "hertta-kuningas" and fi["JK"] == "jokeri"
    assert fi["2C=7"] == "musta kakkonen jokerina 7"
    assert fi["QC"] == "risti-rouva" and fi["JD"] == "ruutu-jätkä"
    assert len(en) == len(fi) == 53 + 3 * (13 + 52)


def test_views_have_the_typed_shape_through_short_games() -> None:
    """Every seat's and a spectator's view validates strictly against RavaytysView and
    its generated schema (short rounds: the conformance test's default 500-turn
    rounds make the same check very slow)."""
    game = pakka.load("ravaytys", players=3)
    validator = jsonschema.Draft202012Validator(game.view_schema())
    for players in (3, 6):
        states = _positions(players, seed=12, every=5)
        for i, s in enumerate(states):
            for seat in [*range(players), None]:
                # the log (long, and checked by its own type) only every 20th position
                view = s.view(seat, log=i % 20 == 0 or i == len(states) - 1)
                check_view(RavaytysView, view)
                validator.validate(json.loads(json.dumps(view)))


def test_structured_actions_name_cards_in_words_in_both_languages() -> None:
    validator = jsonschema.Draft202012Validator(LEGAL_ACTION_SCHEMA)
    cat = messages("ravaytys")
    kinds: set[str] = set()
    for players in (3, 5):
        for s in _positions(players, seed=5, every=4 if players == 3 else 9):
            game = s.game
            described = game.display.legal(s)
            legal = s.legal_actions()
            assert [d["id"] for d in described] == [a.id for a in legal]
            assert [d["text"] for d in described] == [str(a) for a in legal]
            view = s.view(s.current_player, log=False)
            for d, a in zip(described, legal, strict=True):
                validator.validate(json.loads(json.dumps(d)))
                assert d == game.display.describe(s, a)
                assert d["label"] == game.display.label_for_text(view, d["text"])
                kinds.add(d["kind"])
                ActionKind(d["kind"])
                for lang in LANGUAGES:
                    assert d["label"]["key"] in cat[lang]
                    text = render_entry("ravaytys", d["label"], lang)
                    assert not _CODE.search(text), (d["text"], text)
                    assert "{" not in text, text
                t = d["target"] or {}
                if d["kind"] == "lay-off":
                    assert "meld" in t
                if d["kind"] == "swap":
                    assert t["meld"] >= 0 and t["wild"] == d["cards"][0]
                if d["kind"] in ("draw", "take"):
                    assert t["pile"] in ("stock", "discard")
    assert {"discard", "take", "draw", "buy", "decline", "meld", "build", "lay-off"} <= kinds


def test_prompts_sheet_and_hint() -> None:
    d = RavaytysDisplay()
    cat = messages("ravaytys")
    for s in _positions(3, seed=8, every=23):
        for seat in [*range(3), None]:
            view = s.view(seat, log=False)
            for m in (d.prompt(view), d.round_title(view)):
                for lang in LANGUAGES:
                    assert m["key"] in cat[lang]
                    assert not _CODE.search(render_entry("ravaytys", m, lang))
            rows = d.sheet(view)
            assert [r["total"] for r in rows] == view["scores"]
            h = d.hint(view)
            if seat is None or view["down"][seat] or not view["hand"]:
                assert h is None
            elif h is not None and h["possible"]:
                assert h["steps"][0] == "meld"
                placed = sum(len(g) for g in h["groups"]) + len(h["left"])
                assert placed == len(view["hand"])


def test_hint_shows_wild_cards_with_what_they_stand_for() -> None:
    h = hint_for_hand(
        ["7H", "7S", "JK", "9D", "9C", "9S", "KH"],
        {"sets": 2, "runs": 0},
        {"scoring": "default", "go_out_by_melding": False, "max_wilds_per_group": 0},
    )
    assert h["possible"]
    assert sorted(["7H", "7S", "JK=7"]) in [sorted(g) for g in h["groups"]]
    assert h["left"] == ["KH"] and h["value"] == 10
