"""A small arena for the Zoker games (until ``pakka arena`` is on main).

Plays ``--games`` seeded games of GAME between two bot specs, rotating the
seats (seat ``i`` of game ``g`` gets spec ``(g + i) % 2``), and prints each
spec's mean share of wins and mean score. Example::

    uv run python benchmarks/zoker_arena.py zoker-tiko search rules --players 2 --games 100
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import pakka
from pakka.bots import make_bot, play_bot_turn


def run(game_name: str, specs: list[str], players: int, games: int, seed: int) -> None:
    """Play the match and print a small table."""
    game = pakka.load(game_name, players=players)
    wins = {s: 0.0 for s in specs}
    score = {s: [] for s in specs}  # type: dict[str, list[float]]
    seats_played = {s: 0 for s in specs}
    t0 = time.perf_counter()
    for g in range(games):
        state = game.new_state(seed=seed + g)
        assign = [specs[(g + i) % len(specs)] for i in range(players)]
        bots = [
            make_bot(game, spec, seed=seed * 1000 + g * 10 + i) for i, spec in enumerate(assign)
        ]
        rng = random.Random(g)
        while not state.is_terminal:
            p = state.current_player
            assert p is not None
            play_bot_turn(bots[p], state, rng)
        ret = state.returns()
        for i, spec in enumerate(assign):
            wins[spec] += ret[i]
            score[spec].append(state.scores[i])
            seats_played[spec] += 1
    dt = time.perf_counter() - t0
    print(f"{game_name} players={players} games={games} seed={seed} ({dt:.1f} s)")
    for s in specs:
        k = seats_played[s]
        mean = statistics.mean(score[s])
        print(f"  {s:32s} win share/seat {wins[s] / k:.3f}  mean score {mean:.2f}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("game")
    ap.add_argument("specs", nargs="+")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--games", type=int, default=50)
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()
    run(a.game, a.specs, a.players, a.games, a.seed)


if __name__ == "__main__":
    main()
