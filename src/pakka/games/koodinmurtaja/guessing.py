"""Guessing: the guesses, continue or stop, and the penalty reveal (R-KM-8, R-KM-10..13,
D-KM-2..4, D-KM-6, D-KM-7).

The section of :class:`~pakka.games.koodinmurtaja.state.KMState` that lists, checks
and carries out the actions of a turn.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right, insort
from collections.abc import Callable, Sequence
from operator import itemgetter
from typing import Any

from pakka.core.errors import IllegalAction
from pakka.core.game import State
from pakka.games.koodinmurtaja.actions import Guess, GuessRank, KMAction, Reveal, Stop
from pakka.games.koodinmurtaja.cards import rank_of, text_of
from pakka.games.koodinmurtaja.fields import KMFields
from pakka.games.koodinmurtaja.refusals import Refusal
from pakka.games.koodinmurtaja.rules import CARD_TEXT, CONTINUE, GUESS, RANK_NAMES, REVEAL


def _picker(mask: int) -> Callable[[Sequence[Any]], tuple[Any, ...]]:
    """The guesses (or their ids) of a row (ranks 2..A) whose rank survives a
    refuted-rank bitmask."""
    keep = [r for r in range(13) if not (mask >> r) & 1]
    if len(keep) >= 2:
        return itemgetter(*keep)  # one C call returns the tuple
    return lambda row: tuple(row[r] for r in keep)  # itemgetter(r) would not return a tuple


_PICK = tuple(_picker(mask) for mask in range(1 << 13))
"""_PICK[mask](row): the guesses at one card that D-KM-7 still allows, given its refuted ranks."""


class _Guessing(KMFields):
    """A turn's guesses (R-KM-8, D-KM-2), what follows a right one (R-KM-10, R-KM-12,
    D-KM-3) or a wrong one (R-KM-11, R-KM-13, D-KM-4), and the refuted guesses and
    the empty-stock penalty of D-KM-7."""

    __slots__ = ()

    def _guesses_at(self, t: int, out: list[KMAction]) -> None:
        code = self.code[t]
        if self.rank_only:
            # D-KM-7 (rank-only): "t holds no hidden card of rank r" is refuted.
            rr = self.rank_refuted[t]
            ranks = self.table.rank_rows[t]
            out.extend(ranks if not rr else [a for a in ranks if not (rr >> (a.rank - 2)) & 1])
            return
        refuted = self.refuted
        rows = self.table.guess_rows[t]  # rows[pos]: the guesses at position pos, ranks 2..A
        offered = self.offered
        for k in self.concealed[t]:
            row = offered[k]
            if row is None:
                # D-KM-7: a publicly refuted guess at the same card is not legal.
                row = offered[k] = _PICK[refuted[k]](rows[bisect_left(code, k)])
            out += row

    def _guess_ids_at(self, t: int, out: list[int]) -> None:
        """The ids of :meth:`_guesses_at` (same rules, same order)."""
        code = self.code[t]
        if self.rank_only:
            # D-KM-7 (rank-only): "t holds no hidden card of rank r" is refuted.
            rr = self.rank_refuted[t]
            ranks = self.table.rank_id_rows[t]  # ranks[r - 2]: the id of rank r
            out.extend(ranks if not rr else [i for r, i in enumerate(ranks) if not (rr >> r) & 1])
            return
        refuted = self.refuted
        rows = self.table.guess_id_rows[t]  # rows[pos]: the ids of guess_rows[t][pos]
        kept = self.offered_ids
        for k in self.concealed[t]:
            ids = kept[k]
            if ids is None:
                # D-KM-7: a publicly refuted guess at the same card is not legal.
                ids = kept[k] = _PICK[refuted[k]](rows[bisect_left(code, k)])
            out += ids

    def legal_ids(self) -> list[int]:
        """The ids of :meth:`legal_actions`, in its order, from the table's id rows
        (the same rules: R-KM-8, R-KM-10, D-KM-3, D-KM-7)."""
        cp = self.cp
        if cp is None:
            return []
        out: list[int] = []
        phase = self.phase
        if phase == GUESS:
            self._guess_ids_at(self.target, out)
        elif phase == CONTINUE:
            if self.hidden[self.target]:
                self._guess_ids_at(self.target, out)
            if self.next_target >= 0:
                self._guess_ids_at(self.next_target, out)
            out.append(self.table.stop.id)
        else:  # REVEAL
            code = self.code[cp]
            ids = self.table.reveal_ids
            up = self.up
            out.extend([ids[pos] for pos, k in enumerate(code) if not up[k]])
        return out

    def legal_actions(self) -> list[KMAction]:
        cp = self.cp
        if cp is None:
            return []
        out: list[KMAction] = []
        phase = self.phase
        if phase == GUESS:
            self._guesses_at(self.target, out)
        elif phase == CONTINUE:
            # R-KM-10 / D-KM-3: the same target (if it still has hidden cards), the next
            # active player after it (never the guesser), or stop.
            if self.hidden[self.target]:
                self._guesses_at(self.target, out)
            if self.next_target >= 0:
                self._guesses_at(self.next_target, out)
            out.append(self.table.stop)
        else:  # REVEAL
            code = self.code[cp]
            reveals = self.table.reveals
            out.extend(reveals[pos] for pos, k in enumerate(code) if not self.up[k])
        return out

    def parse_action(self, text: str) -> KMAction:
        if not isinstance(text, str):
            raise IllegalAction(f"{text!r} is not action notation")
        action = self.table.parse(text)
        self.verify(action)
        return action

    def _quick_guess(self, action: object) -> int:
        """The card guessed at if ``action`` is the commonest legal move, else -1 (then
        :meth:`_verify` decides, with a reason).

        That move is the first guess of a turn (R-KM-8) at a hidden card of the target
        that is not publicly refuted (D-KM-7), given as this game's own action value.
        """
        if type(action) is Guess and self.phase == GUESS and action.target == self.target:
            try:
                if self.table.all[action.id] is action:
                    k = self.code[action.target][action.position]
                    if not (
                        self.up[k] or (self.refuted[k] >> (action.rank - 2)) & 1 or self.rank_only
                    ):
                        return k
            except IndexError:  # a foreign id, or a position beyond the code
                pass
        return -1

    def verify(self, action: KMAction) -> None:
        if self._quick_guess(action) < 0:
            self._verify(action)

    def apply(self, action: KMAction | str) -> None:
        # The commonest move skips the general route (parse or verify, then dispatch).
        k = self._quick_guess(action)
        if k < 0:
            State.apply(self, action)
            return
        self._kcache = None
        # _quick_guess has established that action is a Guess of this game.
        guess: Guess = action  # type: ignore[assignment]
        if k // 4 + 2 == guess.rank:
            self._right_guess(self.cp, guess.target, guess.position, guess.rank, k)  # type: ignore[arg-type]
        else:
            self._wrong_guess(self.cp, guess.target, guess.position, guess.rank, k)  # type: ignore[arg-type]
        self._actions.append(guess)

    def _verify(self, action: KMAction) -> None:
        """The full legality check, with the reason for a refusal: what every action
        needs (a game in progress, an action of this game, the penalty reveal first),
        then the check of its kind (:meth:`verify_reveal`, :meth:`verify_stop`,
        :meth:`verify_guess_rank`, :meth:`verify_guess`)."""
        if self.cp is None:
            raise Refusal("koodinmurtaja.why.over")
        try:
            known = self.table.all[action.id] is action or self.table.all[action.id] == action
        except (AttributeError, IndexError, TypeError):
            known = False
        if not known:
            raise Refusal("koodinmurtaja.why.not_action", action=repr(action))
        if isinstance(action, Reveal):
            self.verify_reveal(action)
        elif self.phase == REVEAL:
            # D-KM-7: after a wrong guess with an empty stock only the reveal is open.
            raise Refusal("koodinmurtaja.why.must_reveal")
        elif isinstance(action, Stop):
            self.verify_stop()
        elif isinstance(action, GuessRank):
            self.verify_guess_rank(action)
        else:
            self.verify_guess(action)

    def verify_reveal(self, action: Reveal) -> None:
        """D-KM-7: the empty-stock penalty reveals one of the guesser's own hidden cards."""
        if self.phase != REVEAL:
            raise Refusal("koodinmurtaja.why.reveal_only_penalty")
        code = self.code[self.cp]  # type: ignore[index]
        if action.position >= len(code) or self.up[code[action.position]]:
            raise Refusal("koodinmurtaja.why.own_not_hidden", position=action.position + 1)

    def verify_stop(self) -> None:
        """R-KM-12: the drawn card may be hidden (stop) only after a correct guess."""
        if self.phase != CONTINUE:
            raise Refusal("koodinmurtaja.why.stop_after_right")

    def verify_target(self, t: int) -> None:
        """R-KM-9, R-KM-10, D-KM-3: the first guess of a turn is at the target; after a
        right guess at the same target (if it still has hidden cards) or the next
        active player after it."""
        if self.phase == GUESS:
            allowed = [self.target]
        else:
            allowed = ([self.target] if self.hidden[self.target] else []) + (
                [self.next_target] if self.next_target >= 0 else []
            )
        if t in allowed:
            return
        if not allowed:
            raise Refusal("koodinmurtaja.why.target_none", target=t)
        if len(allowed) == 1:
            raise Refusal("koodinmurtaja.why.target_one", seat=allowed[0], target=t)
        raise Refusal("koodinmurtaja.why.target_two", seat=allowed[0], other=allowed[1], target=t)

    def verify_guess_rank(self, action: GuessRank) -> None:
        """D-KM-2 (rank-only): name a rank the target holds; D-KM-7: not one it is
        publicly known not to hold."""
        t = action.target
        self.verify_target(t)
        if not self.rank_only:
            raise Refusal("koodinmurtaja.why.positional")
        if (self.rank_refuted[t] >> (action.rank - 2)) & 1:
            raise Refusal(
                "koodinmurtaja.why.rank_refuted", target=t, rank=RANK_NAMES[action.rank - 2]
            )

    def verify_guess(self, action: Guess) -> None:
        """R-KM-8: point at a hidden card of the target and name a rank; D-KM-7: not a
        rank publicly refuted for that card."""
        t = action.target
        self.verify_target(t)
        if self.rank_only:
            raise Refusal("koodinmurtaja.why.rank_only")
        code = self.code[t]
        if action.position >= len(code) or self.up[code[action.position]]:
            hidden = [str(i + 1) for i, k in enumerate(code) if not self.up[k]]
            raise Refusal(
                "koodinmurtaja.why.not_hidden",
                position=action.position + 1,
                target=t,
                hidden=", ".join(hidden),
            )
        if (self.refuted[code[action.position]] >> (action.rank - 2)) & 1:
            raise Refusal(
                "koodinmurtaja.why.refuted",
                position=action.position + 1,
                target=t,
                rank=RANK_NAMES[action.rank - 2],
            )

    # -- carrying out actions ------------------------------------------------------------
    def _apply(self, action: KMAction) -> None:
        self._kcache = None
        cp = self.cp
        assert cp is not None
        if action.__class__ is Guess:
            t = action.target
            pos = action.position
            rank = action.rank
            self._resolve_guess(cp, t, pos, rank, self.code[t][pos])
        elif isinstance(action, GuessRank):
            t = action.target
            pos = next(
                (
                    i
                    for i, k in enumerate(self.code[t])
                    if not self.up[k] and rank_of(k) == action.rank
                ),
                -1,
            )
            self._resolve_guess(cp, t, pos, action.rank, self.code[t][pos] if pos >= 0 else -1)
        elif isinstance(action, Stop):
            if self.drawn >= 0:
                pos = self._insert(cp, self.drawn)
                insort(self.concealed[cp], self.drawn)
                self._moved_up(cp, self.drawn)
                # R-KM-10.3: the drawn card goes hidden into the code at its sorted place.
                self.hidden[cp] += 1
                self.rank_refuted[cp] = 0  # a new hidden card lifts rank-only refutations
                self._say(
                    "koodinmurtaja.stop",
                    player=cp,
                    position=pos + 1,
                    handle=self.handle_of[self.drawn],
                )
                self.drawn = -1
            else:
                self._say("koodinmurtaja.stop_empty", player=cp)
            self._end_turn(cp)
        else:  # Reveal (D-KM-7 option empty_stock_penalty)
            k = self.code[cp][action.position]
            self._reveal(cp, k)
            self._say(
                "koodinmurtaja.penalty_reveal",
                player=cp,
                position=action.position + 1,
                card=text_of(k),
                handle=self.handle_of[k],
            )
            if self._over_check():
                return
            self._end_turn(cp)

    def _insert(self, seat: int, k: int) -> int:
        code = self.code[seat]
        pos = bisect_left(code, k)
        code.insert(pos, k)
        return pos

    def _resolve_guess(self, cp: int, t: int, pos: int, rank: int, k: int) -> None:
        """Carry out a guess of ``rank`` at card ``k`` (position ``pos``) of seat ``t``;
        in the rank-only game ``k`` is the first hidden card of that rank, or -1."""
        if k >= 0 and k // 4 + 2 == rank:
            if self.rank_only:
                self._none_below(t, rank, k)
            self._right_guess(cp, t, pos, rank, k)
        elif self.rank_only:
            self._wrong_rank(cp, t, rank)
        else:
            self._wrong_guess(cp, t, pos, rank, k)

    def _none_below(self, t: int, rank: int, k: int) -> None:
        """D-KM-2 (rank-only): a right guess reveals the *lowest* hidden card of ``rank``,
        ``k``; so everyone learns that no card of ``t`` hidden now and lower than ``k``
        (R-KM-3 strength, which is also code position: codes are sorted, R-KM-4) is of
        ``rank``. Kept per card like a refuted guess (D-KM-7), so the fact stays with
        these cards when positions shift, and a card hidden later is not covered."""
        bit = 1 << (rank - 2)
        refuted = self.refuted
        for c in self.concealed[t]:
            if c >= k:
                break
            refuted[c] |= bit

    def _right_guess(self, cp: int, t: int, pos: int, rank: int, k: int) -> None:
        self._log.append(
            (
                "koodinmurtaja.right",
                {
                    "player": cp,
                    "target": t,
                    "position": pos + 1,
                    "rank": RANK_NAMES[rank - 2],
                    "card": CARD_TEXT[k],
                    "handle": self.handle_of[k],
                },
                None,
            )
        )
        self._reveal(t, k)  # R-KM-10: the card is turned face up
        self.right = True
        self.target = t
        # R-KM-14: only a code turned all face up can end the game.
        if not self.hidden[t] and self._over_check():
            return
        self.phase = CONTINUE
        nxt = self.succ[t]
        self.next_target = nxt if nxt != cp else -1  # the chain never wraps (R-KM-10.2)

    def _wrong_guess(self, cp: int, t: int, pos: int, rank: int, k: int) -> None:
        """A wrong guess at card ``k``: D-KM-7, everyone now knows it is not ``rank``."""
        self.refuted[k] |= 1 << (rank - 2)
        self.offered[k] = None
        self.offered_ids[k] = None
        drawn = self.drawn
        if drawn < 0:
            self._log.append(
                (
                    "koodinmurtaja.wrong",
                    {
                        "player": cp,
                        "target": t,
                        "position": pos + 1,
                        "rank": RANK_NAMES[rank - 2],
                        "handle": self.handle_of[k],
                    },
                    None,
                )
            )
            self._wrong_without_card(cp)
            return
        placed = self._place_face_up(cp, drawn)
        handle_of = self.handle_of
        self._log.append(
            (
                "koodinmurtaja.wrong_open",
                {
                    "player": cp,
                    "target": t,
                    "position": pos + 1,
                    "rank": RANK_NAMES[rank - 2],
                    "handle": handle_of[k],
                    "placed": placed + 1,
                    "card": CARD_TEXT[drawn],
                    "placed_handle": handle_of[drawn],
                },
                None,
            )
        )
        self._start_turn(self.succ[cp])

    def _wrong_rank(self, cp: int, t: int, rank: int) -> None:
        """A wrong guess in the rank-only game: D-KM-7, seat ``t`` holds no hidden ``rank``."""
        bit = 1 << (rank - 2)
        self.rank_refuted[t] |= bit
        for k in self.code[t]:
            if not self.up[k]:
                self.refuted[k] |= bit
                self.offered[k] = None
                self.offered_ids[k] = None
        self._say("koodinmurtaja.wrong_rank", player=cp, target=t, rank=RANK_NAMES[rank - 2])
        drawn = self.drawn
        if drawn < 0:
            self._wrong_without_card(cp)
            return
        placed = self._place_face_up(cp, drawn)
        self._say(
            "koodinmurtaja.placed_open",
            player=cp,
            position=placed + 1,
            card=CARD_TEXT[drawn],
            handle=self.handle_of[drawn],
        )
        self._start_turn(self.succ[cp])

    def _place_face_up(self, cp: int, k: int) -> int:
        """R-KM-11: after a wrong guess the drawn card ``k`` goes face up into the
        guesser's code at its sorted place (returned)."""
        code = self.code[cp]
        pos = bisect_left(code, k)
        code.insert(pos, k)
        self.up[k] = 1
        self.drawn = -1
        self._moved_up(cp, k)
        return pos

    def _moved_up(self, seat: int, k: int) -> None:
        """Card ``k`` went into ``seat``'s code: the hidden cards above it moved one place
        up, so their kept guesses (which name positions) are stale."""
        offered = self.offered
        offered_ids = self.offered_ids
        concealed = self.concealed[seat]
        for c in concealed[bisect_right(concealed, k) :]:
            offered[c] = None
            offered_ids[c] = None

    def _wrong_without_card(self, cp: int) -> None:
        if self.penalty:
            # D-KM-7 option: with no drawn card the guesser reveals a hidden card instead.
            self.phase = REVEAL
        else:
            # D-KM-4: no drawn card, no further cost.
            self._start_turn(self.succ[cp])
