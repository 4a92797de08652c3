"""Per-game statistics of a player's history (:mod:`pakka.server.playerstats`), from
records played through the engines."""

from __future__ import annotations

import random
from typing import Any

import pytest

import pakka
from pakka.core.record import Record
from pakka.server import playerstats

GAMES: dict[str, tuple[int, dict[str, Any]]] = {
    "viisisataa": (3, {"max_hands": 3}),
    "ravaytys": (3, {"max_turns_per_round": 6}),
    "koodinmurtaja": (3, {}),
    "zoker-solo": (1, {}),
}


def random_record(game: str, seed: int) -> Record:
    """A finished game of random legal moves (seeded)."""
    players, options = GAMES[game]
    g = pakka.load(game, players=players, **options)
    state = g.new_state(seed=seed)
    rng = random.Random(seed)
    while not state.is_terminal:
        state.apply(rng.choice(state.legal_actions()))
    return Record.from_state(state)


def rows(rec: Record, seat: int, n: int = 1) -> list[dict[str, Any]]:
    return [
        {"record": rec, "seat": seat, "table_id": f"t{i}", "table_name": "T", "game_no": 1,
         "finished": 1.0}
        for i in range(n)
    ]  # fmt: skip


@pytest.mark.parametrize("game", sorted(GAMES))
def test_results_and_scores_from_the_engine(game: str) -> None:
    rec = random_record(game, 7)
    state = rec.replay()
    for seat in range(rec.players):
        out = playerstats.history(rows(rec, seat, 2))
        g = out["games"][0]
        assert g["score"] == state.scores[seat] and g["scores"] == list(state.scores)
        won = seat in state.winners
        assert g["result"] == ("loss" if not won else "win" if len(state.winners) == 1 else "draw")
        s = out["stats"][game]
        assert s["games"] == 2 and s["wins"] == 2 * (g["result"] == "win")
        assert s["best"] == state.scores[seat] and s["average"] == state.scores[seat]


def test_viisisataa_contracts_counted_from_the_sheet() -> None:
    rec = random_record("viisisataa", 3)
    sheet = rec.replay().view(None, log=False)["sheet"]
    total = 0
    for seat in range(3):
        s = playerstats.history(rows(rec, seat))["stats"]["viisisataa"]
        mine = [r for r in sheet if r["contractor"] == seat and r["made"] is not None]
        assert s["contracts_made"] + s["misere_made"] == sum(1 for r in mine if r["made"])
        assert s["contracts_set"] + s["misere_set"] == sum(1 for r in mine if not r["made"])
        total += len(mine)
    assert total == sum(1 for r in sheet if r["contractor"] is not None)


def test_ravaytys_rounds_won_and_ravaytys() -> None:
    rec = random_record("ravaytys", 5)
    log = rec.replay().log_for(None)
    outs = [e["args"]["player"] for e in log if e["key"] == "rv.out"]
    won = [playerstats.history(rows(rec, s))["stats"]["ravaytys"]["rounds_won"] for s in range(3)]
    assert won == [outs.count(s) for s in range(3)]


class _Log:
    """A state stand-in with only a public log (for the räväytys rule)."""

    def __init__(self, entries: list[tuple[str, int]]) -> None:
        self.entries = [{"key": k, "args": {"player": p}} for k, p in entries]

    def log_for(self, seat: int | None) -> list[dict[str, Any]]:
        return self.entries


def test_r_rv_15_ravaytys_is_laying_down_and_going_out_in_one_turn() -> None:
    rec = Record(game="ravaytys", players=2, options={}, seed=1, actions=[])
    one_go = _Log([("rv.draw", 0), ("rv.laid_down", 0), ("rv.out", 0)])
    later = _Log([("rv.draw", 0), ("rv.laid_down", 0), ("rv.draw", 1), ("rv.take", 0),
                  ("rv.out", 0)])  # fmt: skip
    assert playerstats._ravaytys(one_go, 0, rec) == {"rounds_won": 1, "ravaytys": 1}  # type: ignore[arg-type]
    assert playerstats._ravaytys(later, 0, rec) == {"rounds_won": 1, "ravaytys": 0}  # type: ignore[arg-type]
    assert playerstats._ravaytys(one_go, 1, rec) == {"rounds_won": 0, "ravaytys": 0}  # type: ignore[arg-type]


def test_koodinmurtaja_codes_broken_add_up_to_the_eliminations() -> None:
    rec = random_record("koodinmurtaja", 11)
    state = rec.replay()
    broken = [
        playerstats.history(rows(rec, s))["stats"]["koodinmurtaja"]["codes_broken"]
        for s in range(3)
    ]
    view = state.view(None, log=False)
    # every game of the match ends with all but one seat out, each broken by a guess
    assert sum(broken) == sum(len(r["ranking"]) - 1 for r in view["results"])


def test_cached_results_give_the_same_history_without_records() -> None:
    """A finished game's result (:class:`playerstats.GameResult`) is all the history
    needs of it: rows whose results are known need no record, and the answer is the
    same as replaying; the cache keeps at most ``entries``, the newest used."""
    recs = [random_record(g, 11) for g in sorted(GAMES)]
    full = [
        {"record": rec, "seat": 0, "table_id": f"t{i}", "table_name": "T", "game_no": 1,
         "finished": float(i)}
        for i, rec in enumerate(recs)
    ]  # fmt: skip
    want = playerstats.history(full)
    cache = playerstats.ResultCache(entries=3)
    cache.put(playerstats.results(full))
    assert len(cache) == 3 and cache.builds == len(recs)
    keys = [playerstats.result_key(r) for r in full]
    known = cache.lookup(keys)
    assert set(known) == set(keys[1:]) and cache.hits == 3  # the oldest was dropped
    bare = [{k: v for k, v in r.items() if k != "record"} for r in full[1:]]
    assert playerstats.history([full[0], *bare], known) == want
