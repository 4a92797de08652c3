"""Every refusal says why in both languages (issue 15): for every built-in game, over
random positions, random illegal action ids and malformed or illegal notation are
refused with an :class:`~pakka.core.errors.IllegalAction` that carries a message key
of the game's catalogue, present in English and Finnish, whose Finnish text differs
from the English one, shows no rule id (rule ids belong to the rules reference) and
names every card and bid in words, never as a code (``4H``, ``2S=7``, ``6NT``,
``BS1``); only what the player typed may be quoted back as typed.
A scan of the engines' source checks that no refusal is raised as a bare English
sentence outside the short list of programmer errors below."""

from __future__ import annotations

import ast
import random
import re
from pathlib import Path

import pytest

import pakka
from pakka.core.errors import PakkaError, reason_message
from pakka.core.registry import game_class, load_automated
from pakka.core.render import one_based
from pakka.games import BUILTIN
from pakka.i18n import messages, render_entry

GAMES = sorted(BUILTIN)

JUNK = [
    "",
    "zz",
    "99",
    "foo bar",
    "AS",
    "XX9",
    "discard QQ",
    "lay 7H M9",
    "9/9=Q",
    "0/1=Z",
    "reveal 9",
    "bid 5S",
    "z9-a1",
    "a1-a1",
    "piste BS1-BS2",
    "BS1+BS1",
    "pass",
    "stop",
    "take",
    "discard 7H",
    "discard JK",
    "play AS",
    "10H",
    "JK",
    "lay 4H M1 lo",
    "lay 9C M1",
    "lay 2S M1 hi",
    "swap 4S M1 JK",
    "place M1 lo",
    "add 7H",
    "set 7",
    "run H 4",
    "meld",
    "close",
    "buy",
    "bid 6S",
    "bid 7NT",
    "bid 10H",
    "double",
    "call AS",
    "partner 2",
    "5 spades",
    "5 pata",
    "bid 5 spades",
    "11 hearts",
    "bid 11 hearts",
    "4 no trumps",
]
"""Texts a player may type by mistake (some are legal somewhere; those are skipped)."""

RULE_ID = re.compile(r"\b[RD]-[A-Z0-9]{2,3}-\d")

CODE = re.compile(
    r"(?<!\w)(?:10|[2-9JQKA])[SHDC](?:=\w+)?(?!\w)"  # a French card, a wild card as 7
    r"|(?<!\w)JK=\w+"  # the joker standing for a card (Räväytys)
    r"|(?<!\w)(?:[6-9]|10)NT(?!\w)"  # a no-trump bid (Viisisataa)
    r"|(?<!\w)(?:1[1-9]|[0-5])NT(?!\w)|(?<!\w)1[1-9][SHDC](?!\w)"  # a bid out of range
    r"|(?<!\w)[BGOR](?:XL|S|M|L)[1-4](?!\w)"  # a Zoker card
)
"""The card and bid notation of every built-in game: none of it in a refusal's words."""


NOTATION_EXAMPLE = re.compile(r"(?:\be\.g\.|\besim\.|\blike) [^\s,;()]+")
"""A notation example ("e.g. GS1", "like BS1+BS2"): a hint of what to type, where
notation belongs."""


def _codes(text: str, typed: str) -> list[str]:
    """The card or bid codes in ``text`` outside what the player typed (a refusal may
    quote the typed text, or a word of it, back as it was typed) and outside notation
    examples (:data:`NOTATION_EXAMPLE`)."""
    text = NOTATION_EXAMPLE.sub("", text)
    for part in sorted({typed, *typed.split()}, key=len, reverse=True):
        if part:
            # whole words only: the "5" of a typed "5 spades" must not hide a "5S"
            text = re.sub(rf"(?<!\w){re.escape(part)}(?!\w)", "", text, flags=re.I)
    return CODE.findall(text)


def test_a_typed_bid_is_quoted_as_typed_not_rewritten_as_a_code() -> None:
    """Viisisataa's "5 spades" is refused quoting "5 spades" (or in words), never as
    "5S": the check :func:`_codes` catches a typed text rewritten into notation."""
    assert _codes("5S is not a bid: the minimum bid is six tricks", "5 spades") == ["5S"]
    assert _codes("11H is not a bid", "11 hearts") == ["11H"]
    state = load_automated("viisisataa", 3).new_state(seed=1)
    for typed in ("5 spades", "5 pata", "11 hearts", "bid 5 spades"):
        with pytest.raises(PakkaError) as err:
            state.clone().apply(typed)
        _says_it_in_both("viisisataa", err.value, typed)
        said = typed.removeprefix("bid ")
        for lang in ("en", "fi"):
            why = reason_message(err.value)
            assert why is not None
            assert repr(said) in render_entry("viisisataa", why, lang)


def _says_it_in_both(game: str, e: PakkaError, typed: str = "") -> None:
    why = reason_message(e)
    assert why is not None, f"{game}: a refusal without a message key: {e}"
    cat = messages(game)
    assert why["key"] in cat["en"] and why["key"] in cat["fi"], why["key"]
    en = render_entry(game, why, "en")
    fi = render_entry(game, why, "fi")
    # str() is the English text; a game may count its seats from 1 there, as players do
    assert str(e) in (en, render_entry(game, one_based(why), "en")), (en, str(e))
    assert fi != en, (why["key"], fi)
    assert not RULE_ID.search(en) and not RULE_ID.search(fi), (en, fi)
    assert "{" not in en and "{" not in fi, (en, fi)  # no placeholder left unfilled
    assert not _codes(en, typed) and not _codes(fi, typed), (typed, en, fi)


@pytest.mark.parametrize("game", GAMES)
def test_every_refusal_has_a_key_in_both_languages(game: str) -> None:
    """Random illegal ids and typed mistakes over random positions of seeded games:
    each refusal has a key in both catalogues and reads differently in Finnish."""
    cls = game_class(game)
    refusals = 0
    for players in sorted({cls.min_players, min(cls.max_players, cls.min_players + 1)}):
        g = load_automated(game, players)
        rng = random.Random(players)
        for seed in range(2):
            state = g.new_state(seed=seed)
            step = 0
            while True:
                if step % 25 == 0 or state.is_terminal:
                    legal = {a.id for a in state.legal_actions()}
                    ids = [i for i in range(g.num_distinct_actions) if i not in legal]
                    for i in rng.sample(ids, min(12, len(ids))):
                        with pytest.raises(PakkaError) as err:
                            state.clone().apply_id(i)
                        _says_it_in_both(game, err.value)
                        refusals += 1
                    for text in JUNK:
                        c = state.clone()
                        try:
                            c.apply(text)
                        except PakkaError as e:
                            _says_it_in_both(game, e, text)
                            refusals += 1
                if state.is_terminal or step > 400:
                    break
                acts = state.legal_actions()
                state.apply(acts[rng.randrange(len(acts))])
                step += 1
    assert refusals > 50


ENGINES = Path(pakka.__file__).parent / "games"

PROGRAMMER_ERRORS = (
    "not legal now",  # the sentinel of can_<kind> (never shown)
    "no ",  # an action id out of range (action_from_id)
    "{text!r} is not action text",  # parse_action given a non-string
    "{action!r} is not a",  # a value that is not an action of the game
    "{action} cannot be applied",
    "{c} is not in the",  # a stacked deck naming a card of another deck (tests, setup)
    "deck: ",
    "{text!r} is not action notation",
    "{text!r} is not a Zoker card",  # the card parser's; the games refuse with their own key
)
"""Bare sentences allowed in the engines: errors of a program or a test set-up (an id,
a value or a stacked deck that no front end sends), never a player's move."""


def _bare_sentences() -> list[str]:
    out = []
    for path in sorted(ENGINES.rglob("*.py")):
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if not (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id in ("IllegalAction", "RulesError", "NotationError")
            ):
                continue
            if len(node.args) >= 2 or not node.args:
                continue  # a key is given (or a subclass passes its own)
            arg = node.args[0]
            text = ast.unparse(arg).strip("f'\"")
            if not any(text.startswith(p) for p in PROGRAMMER_ERRORS):
                out.append(f"{path.relative_to(ENGINES)}:{node.lineno}: {text}")
    return out


def test_no_engine_refuses_with_a_bare_english_sentence() -> None:
    """Every ``IllegalAction``/``RulesError``/``NotationError`` an engine raises for a
    player's input carries a message key (a game's ``Refusal``, or a key argument)."""
    assert _bare_sentences() == []
