"""Dealing, the turn and the draw (R-KM-4..7, R-KM-9, R-KM-13, D-KM-1, D-KM-8).

The section of :class:`~pakka.games.koodinmurtaja.state.KMState` that deals a game,
starts each turn with the draw and finds the first target.
"""

from __future__ import annotations

from pakka.core.log import LogEntry
from pakka.games.koodinmurtaja.fields import KMFields
from pakka.games.koodinmurtaja.rules import CARD_TEXT, CODE_SIZE, GUESS

_DRAW_LOG: dict[int, tuple[LogEntry, LogEntry]] = {}
"""The log entries of each distinct draw (public, then the drawer's own), built once and
shared by every state: an entry never changes once logged. At most 8 seats x 52 handles
x 52 cards x 52 stock sizes, and far fewer in practice (a handle fixes the stock size)."""

_NO_DRAW_LOG = tuple(LogEntry("koodinmurtaja.no_draw", {"player": p}) for p in range(8))
"""R-KM-13: "seat p has no card to draw", one shared entry per seat."""


def _draw_entries(
    key: int, player: int, handle: int, stock: int, card: int
) -> tuple[LogEntry, LogEntry]:
    entries = (
        LogEntry("koodinmurtaja.draw", {"player": player, "handle": handle, "stock": stock}),
        LogEntry("koodinmurtaja.draw_private", {"card": CARD_TEXT[card], "handle": handle}, player),
    )
    _DRAW_LOG[key] = entries
    return entries


class _Deal(KMFields):
    """Dealing (R-KM-4, R-KM-5, D-KM-1), whose turn it is (R-KM-6, D-KM-6, D-KM-8) and
    the draw that opens a turn (R-KM-7, R-KM-13), with its first target (R-KM-9)."""

    __slots__ = ()

    def _deal(self, stacked: list[int] | None) -> None:
        n = self.n
        deck = list(self.game.cards)
        self.rng.shuffle(deck)
        if stacked:
            # The given cards go on top in order; the shuffled rest follows.
            on_top = set(stacked)
            rest = [k for k in deck if k not in on_top]
            deck = stacked + rest
        # handle = position in the dealt deck (0 = top): stable, reveals nothing.
        self.card_at = list(deck)
        self.handle_of = dict(zip(deck, range(len(deck)), strict=True))
        first = (self.dealer + 1) % n
        # R-KM-4: one card at a time, clockwise from the dealer's left: the seat j places
        # after the first gets every n-th card of the top 4n, starting at index j.
        dealt = CODE_SIZE * n
        code: list[list[int]] = [[]] * n
        for j in range(n):
            code[(first + j) % n] = sorted(deck[j:dealt:n])
        self.code = code
        self.concealed = [c.copy() for c in code]
        # R-KM-5: the rest is the stock; pop() takes the top card. D-KM-1: so the half
        # deck leaves 26 - 4n cards (18 for 2 players, 10 for 4, 2 for 6), the full deck
        # 52 - 4n (20 for 8 players).
        self.stock = deck[CODE_SIZE * n :][::-1]
        self.up = [0] * 52  # by card strength: 1 = face up (revealed)
        self.hidden = [CODE_SIZE] * n
        self.succ = self.game.next_seat  # nobody is out yet
        self.refuted = [0] * 52  # by card strength: bit (rank-2) publicly refuted
        self.offered = [None] * 52
        """offered[k]: the legal guesses at hidden card k, kept until its position or its
        refutations change (None: not known yet)."""
        self.offered_ids = [None] * 52
        """offered_ids[k]: the ids of offered[k] (State.legal_ids), made and dropped
        with it (made on their own: either may be asked first)."""
        self.rank_refuted = [0] * n  # rank-only variant: seat holds no hidden card of rank
        self.eliminated = []
        self.drawn = -1
        self.right = False
        self.target = -1
        self.next_target = -1
        self.phase = GUESS
        self.cp: int | None = None
        self.is_terminal = False  # an attribute, not a property: every playout loop asks
        self._say(
            "koodinmurtaja.deal", dealer=self.dealer, game=self.game_no + 1, stock=len(self.stock)
        )
        for p in range(n):
            self._say("koodinmurtaja.your_code", to=p, cards=[CARD_TEXT[k] for k in self.code[p]])
        # R-KM-6: the player to the dealer's left starts.
        self._start_turn(first)

    def _update_succ(self) -> None:
        """Recompute ``succ[p]``: the next player clockwise after ``p`` who still has
        hidden cards (``p`` itself if nobody else has). Only an elimination changes it."""
        hidden = self.hidden
        self.succ = tuple(next((q for q in self.order[p] if hidden[q]), p) for p in range(self.n))

    def _start_turn(self, player: int) -> None:
        self.cp = player
        self.right = False
        self.phase = GUESS
        self.next_target = -1
        if self.stock:
            # R-KM-7: draw the top card without showing it.
            self.drawn = k = self.stock.pop()
            h = self.handle_of[k]
            key = ((player * 64 + h) * 64 + len(self.stock)) * 64 + k
            entries = _DRAW_LOG.get(key)
            if entries is None:
                entries = _draw_entries(key, player, h, len(self.stock), k)
            self._log += entries
        else:
            # R-KM-13: with the stock empty a turn is guessing only.
            self.drawn = -1
            self._log.append(_NO_DRAW_LOG[player])
        # R-KM-9: the first target is the next active player to the left.
        self.target = self.succ[player]

    def _end_turn(self, cp: int) -> None:
        self._start_turn(self.succ[cp])

    @property
    def current_player(self) -> int | None:
        return self.cp
