"""A player's history and statistics per game, read from game records through the engines.

Pure: :func:`history` takes the finished games of one profile (each a
:class:`~pakka.core.record.Record` and the seat the profile held) and replays them
with the engines; nothing here reads the database or re-derives a rule. A finished
game never changes, so its result for a seat (:class:`GameResult`) is kept in a
:class:`ResultCache` (the hub's ``results``) and each game is replayed once. Every game
gets games, wins and scores (best and average); a game whose state says more about a
seat (:func:`game_facts`) adds its own figures.
"""

from __future__ import annotations

import logging
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

from pakka.core.errors import PakkaError
from pakka.core.game import State
from pakka.core.record import Record

log = logging.getLogger("pakka.server")


def result_of(state: State[Any], seat: int) -> str:
    """``win``, ``draw`` (a shared win or nobody won) or ``loss`` for ``seat``."""
    w = state.winners
    if seat in w:
        return "win" if len(w) == 1 else "draw"
    return "draw" if not w else "loss"


def _viisisataa(state: State[Any], seat: int, rec: Record) -> dict[str, int]:
    """Contracts the seat bid and made or was set on, and its misère record, from the
    public score sheet (R-5S-17..23)."""
    out = {"contracts_made": 0, "contracts_set": 0, "misere_made": 0, "misere_set": 0}
    for row in state.view(None, log=False).get("sheet", []):
        if row.get("contractor") != seat or row.get("made") is None:
            continue
        misere = "mis" in str(row.get("contract") or "")
        if row["made"]:
            out["misere_made" if misere else "contracts_made"] += 1
        else:
            out["misere_set" if misere else "contracts_set"] += 1
    return out


def _ravaytys(state: State[Any], seat: int, rec: Record) -> dict[str, int]:
    """Rounds the seat won by going out (R-RV-18) and of them those it went out in one
    go (räväytys: laid its contract down and went out in the same turn, R-RV-15), from
    the public log."""
    rounds = rav = 0
    laid = start = -1
    for i, e in enumerate(state.log_for(None)):
        if e["args"].get("player") != seat:
            continue
        if e["key"] in ("rv.draw", "rv.take"):
            start = i
        elif e["key"] == "rv.laid_down":
            laid = i
        elif e["key"] == "rv.out":
            rounds += 1
            rav += laid > start
    return {"rounds_won": rounds, "ravaytys": rav}


def _koodinmurtaja(state: State[Any], seat: int, rec: Record) -> dict[str, int]:
    """Codes the seat broke: opponents whose last hidden card its guesses revealed
    (R-KM-9), found by replaying the record and watching the public view."""
    broken = 0
    st = rec.new_state()
    before = list(st.view(None, log=False).get("out", []))
    for text in rec.actions:
        actor = st.current_player
        st.apply(text)
        after = list(st.view(None, log=False).get("out", []))
        if actor == seat:
            broken += sum(
                1
                for p, (a, b) in enumerate(zip(before, after, strict=False))
                if b and not a and p != seat
            )
        before = after
    return {"codes_broken": broken}


FACTS = {"viisisataa": _viisisataa, "ravaytys": _ravaytys, "koodinmurtaja": _koodinmurtaja}
"""The games with counters of their own (others: games, wins and scores only; Solo's
best and average score are those)."""


def game_facts(state: State[Any], seat: int, rec: Record) -> dict[str, int]:
    """Counters one finished game adds to a seat's statistics for its game, beyond
    games, wins and scores."""
    fn = FACTS.get(rec.game)
    return {} if fn is None else fn(state, seat, rec)


@dataclass(frozen=True)
class GameResult:
    """What one finished game says about one seat: all a profile page needs of it,
    kept by :class:`ResultCache` (a finished game never changes)."""

    game: str
    players: int
    result: str
    scores: tuple[int, ...]
    facts: tuple[tuple[str, int], ...]
    """:func:`game_facts`, as pairs."""


def game_result(rec: Record, seat: int) -> GameResult | None:
    """Replay a finished game's record through its engine and sum up ``seat``'s part
    (``None``: the record no longer replays or the game is not over)."""
    try:
        state = rec.replay()
    except PakkaError:
        return None
    if not state.is_terminal:
        return None
    facts = tuple(sorted(game_facts(state, seat, rec).items()))
    scores = tuple(state.scores)
    return GameResult(rec.game, rec.players, result_of(state, seat), scores, facts)


ResultKey = tuple[str, int, int]
"""A cached result's key: table, game number, seat."""


class ResultCache:
    """Results of finished games by (table, game, seat), the most recently used kept
    (at most ``entries``): a profile page replays each game once, not on every request.
    ``None`` (a record that does not replay) is kept too. Used from the event loop
    only (not thread-safe). ``hits`` and ``builds`` count the results answered from
    the cache and those computed."""

    def __init__(self, entries: int = 50_000) -> None:
        self.entries = entries
        self._items: OrderedDict[ResultKey, GameResult | None] = OrderedDict()
        self.hits = 0
        self.builds = 0

    def lookup(self, keys: list[ResultKey]) -> dict[ResultKey, GameResult | None]:
        """The kept results among ``keys``."""
        out = {}
        for key in keys:
            if key in self._items:
                self._items.move_to_end(key)
                out[key] = self._items[key]
        self.hits += len(out)
        return out

    def put(self, results: dict[ResultKey, GameResult | None]) -> None:
        """Keep ``results`` (dropping the least recently used beyond the bound)."""
        self.builds += len(results)
        for key, result in results.items():
            self._items[key] = result
            self._items.move_to_end(key)
        while len(self._items) > self.entries:
            self._items.popitem(last=False)

    def __len__(self) -> int:
        return len(self._items)


def result_key(row: dict[str, Any]) -> ResultKey:
    """The cache key of a history row (``table_id``, ``game_no``, ``seat``)."""
    return (str(row["table_id"]), int(row["game_no"]), int(row["seat"]))


def results(rows: list[dict[str, Any]]) -> dict[ResultKey, GameResult | None]:
    """Replay each row's ``record`` for its ``seat`` (:func:`game_result`), by key;
    a record that no longer replays is logged."""
    out = {}
    for row in rows:
        key = result_key(row)
        out[key] = got = game_result(row["record"], key[2])
        if got is None:
            log.warning("the record of %s game %s does not replay", key[0], key[1])
    return out


def history(
    rows: list[dict[str, Any]], known: dict[ResultKey, GameResult | None] | None = None
) -> dict[str, Any]:
    """``{"games": [...], "stats": {game: {...}}}`` from rows with ``seat``,
    ``table_id``, ``table_name``, ``game_no``, ``finished`` and ``record`` (a
    :class:`Record`; a row whose result ``known`` holds needs none).

    Each game lists its result and scores; ``stats`` per game has ``games``,
    ``wins``, ``best`` and ``average`` (of the seat's final score) and the game's own
    counters summed (:func:`game_facts`). A record that no longer replays is left
    out (and logged)."""
    known = dict(known or {})
    missing = [r for r in rows if result_key(r) not in known]
    known.update(results(missing))
    games: list[dict[str, Any]] = []
    stats: dict[str, dict[str, Any]] = {}
    for row in rows:
        seat = int(row["seat"])
        got = known[result_key(row)]
        if got is None:
            continue
        scores = list(got.scores)
        res = got.result
        games.append(
            {
                "table_id": row["table_id"],
                "table_name": row["table_name"],
                "game": got.game,
                "game_no": row["game_no"],
                "seat": seat,
                "players": got.players,
                "finished": row["finished"],
                "result": res,
                "score": scores[seat] if seat < len(scores) else None,
                "scores": scores,
                "replay": f"#replay={row['table_id']}&game={row['game_no']}",
            }
        )
        s = stats.setdefault(
            got.game, {"games": 0, "wins": 0, "draws": 0, "best": None, "total": 0}
        )
        s["games"] += 1
        s["wins"] += res == "win"
        s["draws"] += res == "draw"
        if seat < len(scores):
            s["best"] = scores[seat] if s["best"] is None else max(s["best"], scores[seat])
            s["total"] += scores[seat]
        for k, v in got.facts:
            s[k] = s.get(k, 0) + v
    for s in stats.values():
        s["average"] = round(s.pop("total") / s["games"], 2) if s["games"] else None
    return {"games": games, "stats": stats}
