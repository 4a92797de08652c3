"""Viisisataa bots: ``rules`` (a club player's heuristics) and ``ismcts`` (search per hand).

``rules`` sees only the seat's view: it bids from a trick estimate per trump
(bowers, joker, length, side aces, voids) and the score situation near 500,
discards to make voids, draws trumps as contractor, co-operates against the
contractor, keeps the joker for when it matters, and bids and plays misère.

``pimc`` (the ``hard`` level, the strongest) is determinized search: every bid
and card is tried in a few dozen deals of the unseen cards that agree with the
view and with the other seats' bids, played out to the end of the hand by
``rules`` in every seat; the best average points (own minus the opponents')
wins. Discards, doubling and partner choice come from ``rules``.

``ismcts`` is information-set MCTS over the card play with a *hand horizon*:
each iteration redeals the unseen cards (``sample_consistent``), plays to the
end of the current hand with a greedy rollout and scores the hand's points
(not the whole match). Bidding, doubling, partner choice and discards come
from ``rules`` (searching them would cost whole hands per iteration).
"""

from __future__ import annotations

import math
import random
from typing import Any

from pakka.bots.base import SeatHandle
from pakka.bots.ismcts import ISMCTSBot, _Node
from pakka.core.cards import JOKER_INDEX, parse_card
from pakka.core.game import Action, Game, State
from pakka.games.viisisataa.actions import (
    ACTIONS,
    BID_BASE,
    BID_SUIT_TO_CARD_SUIT,
    CALLS,
    DISCARDS,
    DOUBLE_ID,
    EFFECTIVE,
    JOKER_LEAD,
    JOKER_LEADS,
    MISERE_ID,
    MISERE_VALUE,
    NO_TRUMP,
    PARTNER_BASE,
    PASS_ID,
    PLAYS,
    POWER,
    REDOUBLE_ID,
    SUIT_MASK,
    Move,
    bid_tricks,
    bid_value,
    cards_of,
    trump_rank,
)
from pakka.games.viisisataa.rules import BIDDING, DISCARDING, PLAYING
from pakka.games.viisisataa.state import ViisisataaState

_SUIT_INDEX = {"S": 0, "H": 1, "D": 2, "C": 3}


def _mask(cards: list[str]) -> int:
    m = 0
    for c in cards:
        m |= 1 << parse_card(c).index
    return m


def _rank(c: int) -> int:
    return c % 13 + 2 if c != JOKER_INDEX else 20


# -- hand evaluation --------------------------------------------------------------------------
def estimate_tricks(hand: int, t: int, players: int) -> float:
    """Tricks a hand should take with trump context ``t`` (4 = grand), before the kitty."""
    tricks = 0.0
    trumps = hand & SUIT_MASK[t][t] if t < 4 else hand & (1 << JOKER_INDEX)
    ntr = trumps.bit_count()
    if t < 4:
        order = sorted(cards_of(trumps), key=lambda c: -trump_rank(t, c))
        top = [trump_rank(t, c) for c in order]
        # Sure-ish trump winners: count the top trumps from the joker down.
        expect = [50, 49, 48, 44, 43, 42]
        for i, r in enumerate(top):
            if r in expect[: i + 2]:
                tricks += 1.0 if r >= 48 else 0.8
            elif r >= 42 and ntr >= 4:
                tricks += 0.5
        tricks += max(0, ntr - 4) * 0.9  # long trumps win by length
    elif hand >> JOKER_INDEX & 1:
        tricks += 1.0
    for s in range(4):
        if s == t:
            continue
        suit = hand & SUIT_MASK[t][s] & ~(1 << JOKER_INDEX)
        n = suit.bit_count()
        ranks = sorted((_rank(c) for c in cards_of(suit)), reverse=True)
        if n == 0:
            if t < 4 and ntr >= 2:
                tricks += 0.7  # a void to ruff in
            continue
        if ranks[0] == 14:
            tricks += 0.95
            if len(ranks) > 1 and ranks[1] == 13:
                tricks += 0.7
        elif ranks[0] == 13 and n >= 2:
            tricks += 0.45
        if t == 4 and n >= 5 and ranks[0] >= 13:
            tricks += (n - 4) * 0.7  # a long suit runs in grand
        if t < 4 and n == 1 and ranks[0] != 14 and ntr >= 3:
            tricks += 0.35  # a singleton soon becomes a ruff
    if players == 4:
        tricks += 1.2  # the partner's help
    elif players == 5:
        tricks += 1.0  # a chosen partner
    elif players == 2:
        tricks += 0.8  # the dead hand holds many of the missing cards
    return tricks


def misere_risk(hand: int) -> float:
    """How dangerous a hand is for misère (lower is safer): high cards, short low cover."""
    risk = 0.0
    if hand >> JOKER_INDEX & 1:
        risk += 1.5
    for s in range(4):
        ranks = sorted(_rank(c) for c in cards_of(hand & SUIT_MASK[NO_TRUMP][s]))
        for i, r in enumerate(ranks):
            # the i-th lowest card is safe if low enough (7, 8, 9 cover each other)
            if r > 8 + 2 * i:
                risk += (r - 8 - 2 * i) / 6
    return risk


class RulesBot:
    """Rule-based Viisisataa player (see the module docstring)."""

    name = "rules"

    def __init__(self, game: Game[Any], seed: int = 0, aggression: float = 0.0) -> None:
        self.game = game
        self.rng = random.Random(seed)
        self.aggression = float(aggression)

    def choose(self, handle: SeatHandle) -> Action:
        """One legal action for the seat."""
        view = handle.view()
        legal: list[Move] = handle.legal_actions()  # type: ignore[assignment]
        if len(legal) == 1:
            return legal[0]
        phase = view["phase"]
        seat = handle.seat
        if phase == "bidding":
            return self._bid(view, seat, legal)
        if phase == "doubling":
            return self._double(view, seat, legal)
        if phase == "redoubling":
            return self._redouble(view, seat, legal)
        if phase == "partner":
            return self._partner(view, seat, legal)
        if phase == "discard":
            return self._discard(view, legal)
        if phase == "call":
            return self._call(view, legal)
        return play_card(view, seat, legal)

    # bidding
    def _bid(self, view: dict[str, Any], seat: int, legal: list[Move]) -> Move:
        high = min((_value_of(a.id) for a in legal if a.id != PASS_ID), default=10**6) - 1
        aid = rules_bid(
            _mask(view["hand"]),
            view["players"],
            seat,
            view["scores"],
            high,
            any(a.id == MISERE_ID for a in legal),
            self.aggression,
        )
        return ACTIONS[aid]

    def _double(self, view: dict[str, Any], seat: int, legal: list[Move]) -> Move:
        hand = _mask(view["hand"])
        contract = view["contract"] or ""
        if contract == "misere" or not contract.startswith("bid "):
            return ACTIONS[PASS_ID]
        b = next(a.id for a in ACTIONS if a.text == contract) - BID_BASE
        t = BID_SUIT_TO_CARD_SUIT[b % 5]
        defence = estimate_tricks(hand, t, 3) - (0.7 if t < 4 else 0)
        margin = 10 - bid_tricks(b)
        n = view["players"]
        # With two defenders my share of the allowed tricks is about half.
        if defence >= margin * (0.75 if n >= 3 else 1.0) + 1.5:
            return ACTIONS[DOUBLE_ID]
        return ACTIONS[PASS_ID]

    def _redouble(self, view: dict[str, Any], seat: int, legal: list[Move]) -> Move:
        hand = _mask(view["hand"])
        contract = view["contract"] or ""
        if not contract.startswith("bid "):
            return ACTIONS[PASS_ID]
        b = next(a.id for a in ACTIONS if a.text == contract) - BID_BASE
        est = estimate_tricks(hand, BID_SUIT_TO_CARD_SUIT[b % 5], view["players"])
        return ACTIONS[REDOUBLE_ID] if est >= bid_tricks(b) + 2 else ACTIONS[PASS_ID]

    def _partner(self, view: dict[str, Any], seat: int, legal: list[Move]) -> Move:
        # Prefer the other strongest bidder (they showed cards), else the left neighbour.
        best: tuple[int, int] | None = None
        for entry in view["bids"]:
            if entry["seat"] != seat and entry["bid"] != "pass":
                v = next(a.id for a in ACTIONS if a.text == entry["bid"])
                if best is None or v > best[0]:
                    best = (v, entry["seat"])
        target = best[1] if best else (seat + 1) % view["players"]
        return ACTIONS[PARTNER_BASE + target]

    def _call(self, view: dict[str, Any], legal: list[Move]) -> Move:
        # Name the highest trump I lack: its holder is a strong partner.
        trump = view["trump"]
        t = _SUIT_INDEX.get(trump, NO_TRUMP)
        ids = {a.id for a in legal}
        order = sorted(
            range(53),
            key=lambda c: -(trump_rank(t, c) if t < 4 and EFFECTIVE[t][c] == t else _rank(c) - 30),
        )
        for c in order:
            if CALLS[c].id in ids:
                return CALLS[c]
        return legal[0]

    def _discard(self, view: dict[str, Any], legal: list[Move]) -> Move:
        t = _SUIT_INDEX.get(view["trump"], NO_TRUMP)
        return DISCARDS[rules_discard(_mask(view["hand"]), t, view["contract"] == "misere")]


def _value_of(action_id: int) -> int:
    return MISERE_VALUE if action_id == MISERE_ID else bid_value(action_id - BID_BASE)


# Every bid in rising value order (misère at 250 between 8S and 8C: R-5S-11).
_LADDER: list[tuple[int, int]] = sorted(
    [(bid_value(b), BID_BASE + b) for b in range(25)] + [(MISERE_VALUE, MISERE_ID)]
)


def rules_bid(
    hand: int,
    n: int,
    seat: int,
    scores: list[int],
    high: int,
    misere_ok: bool,
    aggression: float = 0.0,
) -> int:
    """The rules bot's bid (an action id) with ``hand`` when the highest bid so far is
    worth ``high`` points (0: none); ``misere_ok``: misère is in the game."""
    # The kitty's expected help plus a calibration so that about three contracts
    # in four are made (measured with rules vs rules).
    kitty_bonus = 1.4 if n != 2 else 1.2
    mine = scores[seat]
    best_other = max(x for i, x in enumerate(scores) if i != seat) if n > 1 else 0
    # Near the end, push harder: a made contract may win the match, and an
    # opponent about to reach 500 must be stopped.
    push = 0.5 if best_other >= 400 else 0.0
    ests = [estimate_tricks(hand, t, n) + kitty_bonus + aggression + push for t in range(5)]
    best = PASS_ID
    best_val = -1
    for value, aid in _LADDER:
        if value <= high:
            continue
        if aid == MISERE_ID:
            if misere_ok and misere_risk(hand) < 0.6 + 0.3 * aggression and best_val < 250:
                best, best_val = aid, 250
            continue
        b = aid - BID_BASE
        est = ests[BID_SUIT_TO_CARD_SUIT[b % 5]]
        if mine + value >= 500:
            est += 0.4
        if est >= bid_tricks(b) and value > best_val:
            best, best_val = aid, value
    return best


def rules_discard(hand: int, t: int, misere: bool) -> int:
    """The card the rules bot discards from ``hand`` (kitty included) under trump ``t``."""
    cards = cards_of(hand)
    if misere:
        # Throw the most dangerous card: the highest, from the shortest suit.
        return max(cards, key=lambda c: (_rank(c), -_suit_len(hand, t, c)))

    def keep_value(c: int) -> float:
        if c == JOKER_INDEX:
            return 100.0
        if t < 4 and EFFECTIVE[t][c] == t:
            return 50.0 + trump_rank(t, c)
        r = _rank(c)
        length = _suit_len(hand, t, c)
        v = r / 2 + (20.0 if r == 14 else 0.0) + (6.0 if r == 13 and length >= 2 else 0.0)
        # Short side suits go first: discarding them makes voids to ruff in.
        return v + length * (1.0 if t < 4 else 2.5)

    return min(cards, key=keep_value)


def _suit_len(hand: int, t: int, c: int) -> int:
    return (hand & SUIT_MASK[t][EFFECTIVE[t][c]]).bit_count()


# -- card play ---------------------------------------------------------------------------------
def play_card(view: dict[str, Any], seat: int, legal: list[Move]) -> Move:
    """The rules bot's card play from a view."""
    trick = view["trick"]
    return choose_play(
        seat=seat,
        n=view["players"],
        t=_SUIT_INDEX.get(view["trump"], NO_TRUMP),
        hand=_mask(view["hand"]),
        contractor=view["contractor"],
        partner=view["partner"],
        misere=view["contract"] == "misere",
        trick_seats=[e["seat"] for e in trick],
        trick_cards=[parse_card(e["card"]).index for e in trick],
        led=_SUIT_INDEX[view["led_suit"]] if trick else -1,
        played=_mask(view["played"]),
        active=view["players"] - (1 if view["sitting_out"] is not None else 0),
        deck=view_deck_mask(view),
        legal=legal,
    )


def play_from_state(s: ViisisataaState) -> Move:
    """The rules bot's card play read straight from a (sampled) state: the fast path for
    playouts. The seat knows its partner when the partner is public or is itself."""
    p = s.turn
    assert p is not None
    partner = s.partner
    if partner >= 0 and not (s.partner_known or p == partner):
        partner = -1
    legal = s.legal_actions()
    if len(legal) == 1:
        return legal[0]
    return choose_play(
        seat=p,
        n=s.n,
        t=s.tc,
        hand=s.hands[p],
        contractor=s.contractor if s.contractor >= 0 else None,
        partner=partner if partner >= 0 else None,
        misere=s.contract_id == MISERE_ID,
        trick_seats=s.trick_seats,
        trick_cards=s.trick,
        led=s.led,
        played=s.played,
        active=s.nactive,
        deck=s.game.deck_mask,
        legal=legal,
    )


def choose_play(
    *,
    seat: int,
    n: int,
    t: int,
    hand: int,
    contractor: int | None,
    partner: int | None,
    misere: bool,
    trick_seats: list[int],
    trick_cards: list[int],
    led: int,
    played: int,
    active: int,
    deck: int,
    legal: list[Move],
) -> Move:
    """The rules bot's card play from the facts a seat knows (see the module docstring)."""
    side = _side_of(seat, contractor, partner, n)
    if not trick_cards:
        return _lead(seat, legal, hand, t, contractor, side, misere, played, deck)
    power = POWER[t][led]
    win_i = 0
    best = power[trick_cards[0]]
    for i in range(1, len(trick_cards)):
        if power[trick_cards[i]] > best:
            best = power[trick_cards[i]]
            win_i = i
    win_seat = trick_seats[win_i]
    win_card = trick_cards[win_i]
    last = len(trick_cards) == active - 1
    plays = [a for a in legal if a.kind != JOKER_LEAD]
    beaters = sorted((a for a in plays if power[a.arg] > best), key=lambda a: power[a.arg])
    if misere and seat == contractor:
        # Duck: the highest card that still loses, else the lowest winner.
        losers = [a for a in plays if power[a.arg] <= best]
        if losers:
            return max(losers, key=lambda a: (_rank(a.arg), -power[a.arg]))
        return beaters[0]
    if misere:
        # Defending misère: keep low cards; let the contractor win when possible.
        if win_seat == contractor:
            return max(plays, key=lambda a: _rank(a.arg) if power[a.arg] <= best else -1)
        return min(plays, key=lambda a: _rank(a.arg))
    friend_winning = _side_of(win_seat, contractor, partner, n) == side
    if contractor is None:
        friend_winning = win_seat == seat
    if friend_winning and (last or best >= 100 or _rank(win_card) >= 13):
        return _dump(plays, t, hand)
    if beaters:
        cheap = [a for a in beaters if a.arg != JOKER_INDEX]
        if last:
            return (cheap or beaters)[0]
        # Not last: win with a card the later players are unlikely to beat.
        strong = [a for a in cheap if power[a.arg] >= 100 or _rank(a.arg) == 14]
        if strong:
            return strong[0]
        if cheap:
            return cheap[-1] if _rank(cheap[-1].arg) >= 12 else _dump(plays, t, hand)
        # Only the joker wins: use it when the trick is worth it (against the contractor's
        # side, or to make my own contract).
        return beaters[0]
    return _dump(plays, t, hand)


def _side_of(seat: int, contractor: int | None, partner: int | None, n: int) -> int:
    if contractor is None:
        return seat
    if seat == contractor or (partner is not None and seat == partner):
        return 1
    return 0


def _dump(plays: list[Move], t: int, hand: int) -> Move:
    """The least useful card: a low non-trump from a short suit (keeps the joker)."""

    def cost(a: Move) -> float:
        c = a.arg
        if c == JOKER_INDEX:
            return 1000.0
        if t < 4 and EFFECTIVE[t][c] == t:
            return 100.0 + trump_rank(t, c)
        return _rank(c) + 0.3 * _suit_len(hand, t, c)

    return min(plays, key=cost)


def _lead(
    seat: int,
    legal: list[Move],
    hand: int,
    t: int,
    contractor: int | None,
    side: int,
    misere: bool,
    played: int,
    deck: int,
) -> Move:
    plays = [a for a in legal if a.kind != JOKER_LEAD]
    if not plays:
        return legal[0]  # only the joker is left: declare any suit
    if misere and seat == contractor:
        return min(plays, key=lambda a: (_rank(a.arg), _suit_len(hand, t, a.arg)))
    if misere:
        return min(plays, key=lambda a: _rank(a.arg))
    if t < 4:
        trumps = [a for a in plays if EFFECTIVE[t][a.arg] == t]
        out_trumps = (SUIT_MASK[t][t] & deck & ~hand & ~played).bit_count()
        if side == 1 and trumps and out_trumps > 0:
            # Contractor's side draws trumps from the top.
            return max(trumps, key=lambda a: trump_rank(t, a.arg))
    # Cash a top card of a side suit (the highest still out).
    for a in sorted(plays, key=lambda a: -_rank(a.arg)):
        c = a.arg
        if t < 4 and EFFECTIVE[t][c] == t:
            continue
        s = EFFECTIVE[t][c]
        higher = [
            x for x in cards_of(SUIT_MASK[t][s] & ~played & ~hand & deck) if _rank(x) > _rank(c)
        ]
        if not higher:
            return a
    if t == NO_TRUMP and hand >> JOKER_INDEX & 1 and side == 1:
        longest = max(range(4), key=lambda s: (hand & SUIT_MASK[NO_TRUMP][s]).bit_count())
        return JOKER_LEADS[longest] if JOKER_LEADS[longest] in legal else legal[0]
    # Otherwise lead low from the longest side suit.
    side_plays = [a for a in plays if not (t < 4 and EFFECTIVE[t][a.arg] == t)] or plays
    return min(side_plays, key=lambda a: (-_suit_len(hand, t, a.arg), _rank(a.arg)))


_DECK_MASKS: dict[tuple[int, bool], int] = {}


def view_deck_mask(view: dict[str, Any]) -> int:
    """The deck of the view's player count (cached)."""
    key = (view["players"], bool(view["options"].get("full_deck")))
    m = _DECK_MASKS.get(key)
    if m is None:
        from pakka.games.viisisataa.rules import deck_for

        m = 0
        for c in deck_for(*key):
            m |= 1 << c.index
        _DECK_MASKS[key] = m
    return m


# -- rollouts and search ---------------------------------------------------------------------------
def greedy_rollout(state: State[Any], rng: random.Random) -> Action:
    """A fast rollout move: win cheaply when an opponent leads the trick, else play low;
    lead a random card. Other phases: random."""
    s: ViisisataaState = state  # type: ignore[assignment]
    if s.phase != PLAYING:
        legal = s.legal_actions()
        return legal[rng.randrange(len(legal))]
    p = s.turn
    assert p is not None
    h = s.hands[p]
    tc = s.tc
    if not s.trick:
        cards = cards_of(h)
        if tc < 4 and (p == s.contractor or p == s.partner):
            # The contractor's side draws trumps with its best one.
            trumps = [c for c in cards if EFFECTIVE[tc][c] == tc]
            if trumps and rng.random() < 0.8:
                return PLAYS[max(trumps, key=lambda c: POWER[tc][tc][c])]
        aces = [c for c in cards if c != JOKER_INDEX and c % 13 == 12]
        if aces and rng.random() < 0.7:
            return PLAYS[aces[rng.randrange(len(aces))]]
        c = cards[rng.randrange(len(cards))]
        if c == JOKER_INDEX and tc == NO_TRUMP:
            return JOKER_LEADS[rng.randrange(4)]
        return PLAYS[c]
    m = h & SUIT_MASK[tc][s.led]
    if not m:
        m = h
    power = POWER[tc][s.led]
    trick = s.trick
    best = 0
    bi = 0
    for i, c in enumerate(trick):
        if power[c] > best:
            best = power[c]
            bi = i
    cards = cards_of(m)
    wseat = s.trick_seats[bi]
    friend = s.contractor >= 0 and (
        wseat == s.partner
        or (p == s.partner and wseat == s.contractor)
        or (p != s.contractor and p != s.partner and wseat != s.contractor and wseat != s.partner)
    )
    if not friend:
        win = [c for c in cards if power[c] > best]
        if win:
            return PLAYS[min(win, key=lambda c: power[c])]
    return PLAYS[min(cards, key=lambda c: power[c] * 100 + _rank(c))]


ROLLOUT_POLICIES = {"greedy": greedy_rollout}


class SearchBot(ISMCTSBot):
    """ISMCTS over the card play to the end of the current hand; ``rules`` elsewhere."""

    name = "ismcts"

    def __init__(
        self,
        game: Game[Any],
        seed: int = 0,
        iterations: int = 1000,
        seconds: float = 0.0,
        c: float = 0.35,
        max_depth: int = 400,
        rollout: str = "greedy",
        search_bidding: bool = False,
    ) -> None:
        super().__init__(
            game,
            seed=seed,
            iterations=iterations,
            seconds=seconds,
            c=c,
            max_depth=max_depth,
            rollout=rollout,
        )
        self.rules = RulesBot(game, seed=seed)
        self.search_bidding = bool(search_bidding)

    def choose(self, handle: SeatHandle) -> Action:
        """Search the card play; the rules bot bids, doubles, chooses and discards."""
        if handle.view()["phase"] != "play" and not self.search_bidding:
            return self.rules.choose(handle)
        return super().choose(handle)

    def search(self, handle: SeatHandle) -> _Node:
        """ISMCTS from the seat's information set with a hand horizon."""
        import time

        rng = self.rng
        base = handle.sample_consistent(rng)
        assert isinstance(base, ViisisataaState)
        seat = handle.seat
        base.silence()  # the search needs neither messages nor the history
        root = _Node(-1)
        deadline = time.perf_counter() + self.seconds if self.seconds > 0 else None
        it = 0
        while True:
            if deadline is None:
                if it >= self.iterations:
                    break
            elif it > 0 and time.perf_counter() >= deadline:
                break
            it += 1
            s = base.sample_consistent(seat, rng)  # silent too
            s.set_horizon(1)
            self._iterate(root, s, rng)
        self.last_iterations = it
        return root


# -- determinized search (PIMC) ------------------------------------------------------------------
class _StateSeat:
    """A seat handle over a sampled state, for the rules bot's rare phases inside playouts."""

    __slots__ = ("seat", "state")

    def __init__(self, state: ViisisataaState, seat: int) -> None:
        self.state = state
        self.seat = seat

    def view(self) -> dict[str, Any]:
        return self.state.view(self.seat)

    def legal_actions(self) -> list[Action]:
        return list(self.state.legal_actions())


def rules_action(s: ViisisataaState, rules: RulesBot) -> Move:
    """The rules bot's action in a sampled state (fast paths for bidding, discards, play)."""
    ph = s.phase
    p = s.turn
    assert p is not None
    if ph == PLAYING:
        return play_from_state(s)
    if ph == BIDDING:
        return ACTIONS[
            rules_bid(s.hands[p], s.n, p, s.points, s.high, s.game.misere, rules.aggression)
        ]
    if ph == DISCARDING:
        return DISCARDS[rules_discard(s.hands[p], s.tc, s.contract_id == MISERE_ID)]
    return rules.choose(_StateSeat(s, p))  # type: ignore[arg-type,return-value]


def playout_hand(s: ViisisataaState, rules: RulesBot) -> None:
    """Play ``s`` (a search sample with a horizon set) to the end of its hand with the
    rules bot in every seat."""
    while s.turn is not None:
        s.apply_legal(rules_action(s, rules))


def hand_gain(s: ViisisataaState, seat: int) -> float:
    """The seat's points of the last scored hand minus the average of its opponents'
    (the other team with 4 players): what the seat wants to maximise in one hand."""
    n = s.n
    deltas = s.sheet[-1]["deltas"] if s.sheet else [0] * n
    others = [deltas[q] for q in range(n) if q != seat and not (n == 4 and q == (seat + 2) % 4)]
    return deltas[seat] - (sum(others) / len(others) if others else 0.0)


def bids_explained(s: ViisisataaState, me: int, aggression: float = 0.0) -> bool:
    """Whether every other seat's bids in this (sampled) hand are the ones the rules bot
    would have made with the cards that seat held at the time."""
    high = 0
    c = s.contractor
    n = s.n
    for q, aid in s.bids:
        if q != me:
            orig = s.hands[q] | s.seat_played[q]
            if q == c:
                orig = (orig | s.discards) & ~s.kitty_taken
            if rules_bid(orig, n, q, s.points, high, s.game.misere, aggression) != aid:
                return False
        if aid != PASS_ID:
            high = _value_of(aid)
    return True


class PimcBot:
    """Determinized search (perfect-information Monte Carlo) over the current hand.

    Each decision draws ``worlds`` deals of the unseen cards consistent with the
    seat's view (``sample_consistent``), preferring deals in which the other
    seats' bids are the ones the rules bot would have made with those cards;
    every candidate action is played out to the end of the hand in every world
    (the same worlds for every candidate) with the rules bot in all seats, and the
    action with the best average hand gain (own points minus the opponents'
    average) is chosen. Bids are searched the same way, the rest of the auction
    included; discards, doubling and partner choice come from ``rules``.
    """

    name = "pimc"

    def __init__(
        self,
        game: Game[Any],
        seed: int = 0,
        worlds: int = 24,
        bid_worlds: int = 40,
        tries: int = 20,
        search_bidding: bool = True,
        search_play: bool = True,
    ) -> None:
        self.game = game
        self.rng = random.Random(seed)
        self.worlds = int(worlds)
        self.bid_worlds = int(bid_worlds)
        self.tries = int(tries)
        self.search_bidding = bool(search_bidding)
        self.search_play = bool(search_play)
        self.rules = RulesBot(game, seed=seed)
        self.last_values: list[tuple[Move, float]] = []
        """Every candidate of the last search with its mean hand gain."""

    def choose(self, handle: SeatHandle) -> Action:
        """Search card play and bids; the rules bot for the other decisions."""
        legal: list[Move] = handle.legal_actions()  # type: ignore[assignment]
        self.last_values = []
        if len(legal) == 1:
            return legal[0]
        phase = handle.view()["phase"]
        if phase == "play" and self.search_play:
            return self._search(handle, legal, self.worlds)
        if phase == "bidding" and self.search_bidding:
            cands = self._bid_candidates(handle, legal)
            if len(cands) > 1:
                return self._search(handle, cands, self.bid_worlds)
            return cands[0]
        return self.rules.choose(handle)

    def _bid_candidates(
        self, handle: SeatHandle, legal: list[Move], above: float = 2.0
    ) -> list[Move]:
        """Pass, the rules bot's bid, and for every suit the legal bids near the hand's
        trick estimate (one below to ``above`` above)."""
        view = handle.view()
        hand = _mask(view["hand"])
        n = view["players"]
        out = [ACTIONS[PASS_ID]]
        rb = self.rules.choose(handle)
        if rb.id != PASS_ID:
            out.append(rb)  # type: ignore[arg-type]
        ids = {a.id for a in legal}
        kitty_bonus = 1.4 if n != 2 else 1.2
        for bs in range(5):
            est = estimate_tricks(hand, BID_SUIT_TO_CARD_SUIT[bs], n) + kitty_bonus
            for k in range(6, 11):
                if est - 1.0 <= k <= est + above:
                    aid = BID_BASE + (k - 6) * 5 + bs
                    if aid in ids and all(a.id != aid for a in out):
                        out.append(ACTIONS[aid])
        if MISERE_ID in ids and misere_risk(hand) < 2.0 and all(a.id != MISERE_ID for a in out):
            out.append(ACTIONS[MISERE_ID])
        return out

    def _worlds(self, handle: SeatHandle, count: int) -> list[ViisisataaState]:
        rng = self.rng
        seat = handle.seat
        base = handle.sample_consistent(rng)
        assert isinstance(base, ViisisataaState)
        base.silence()
        check = any(q != seat for q, _ in base.bids)
        out: list[ViisisataaState] = []
        spare: list[ViisisataaState] = []
        for _ in range(count * (self.tries if check else 1)):
            w = base.sample_consistent(seat, rng)
            if not check or bids_explained(w, seat, self.rules.aggression):
                out.append(w)
                if len(out) == count:
                    break
            elif len(spare) < count:
                spare.append(w)
        out.extend(spare[: count - len(out)])
        for w in out:
            w.set_horizon(1)
        return out

    def _search(self, handle: SeatHandle, cands: list[Move], count: int) -> Move:
        seat = handle.seat
        worlds = self._worlds(handle, count)
        rules = self.rules
        best = cands[0]
        best_v = -math.inf
        self.last_values = []
        for a in cands:
            total = 0.0
            for w in worlds:
                s = w.clone()
                s.apply_legal(a)
                playout_hand(s, rules)
                total += hand_gain(s, seat)
            self.last_values.append((a, total / max(1, len(worlds))))
            if total > best_v:
                best, best_v = a, total
        return best


def hint(game: Game[Any], handle: SeatHandle, lang: str = "en") -> dict[str, Any]:
    """The strongest bot's (``pimc``) suggestion for the seat with its three best candidates
    and their mean hand gain in points."""
    bot = PimcBot(game, seed=1)
    best = bot.choose(handle)
    if not bot.last_values or len(handle.legal_actions()) == 1:
        word = "sääntöbotti ehdottaa" if lang == "fi" else "the rules bot suggests"
        return {"best": str(best), "lines": [f"{word} {best}"]}
    ranked = sorted(bot.last_values, key=lambda av: -av[1])
    unit = "pistettä" if lang == "fi" else "points"
    lines = [f"{a}: {v:+.0f} {unit}" for a, v in ranked[:3]]
    return {"best": str(best), "lines": lines}


BENCH_SETUPS: list[tuple[int, dict[str, Any]]] = [(3, {}), (2, {}), (4, {}), (5, {})]
"""``pakka bench`` measures the main game (3 players) and every other player count."""


def expert(game: Game[Any], seed: int = 0, **params: Any) -> Any:
    """The ``expert`` bot (:class:`pakka.bots.viisisataa_expert.ExpertBot`: PIMC with the
    double-dummy solver), imported when first asked for (it builds on this module)."""
    from pakka.bots.viisisataa_expert import ExpertBot

    return ExpertBot(game, seed=seed, **params)


BOTS = {"rules": RulesBot, "ismcts": SearchBot, "pimc": PimcBot, "expert": expert}
LEVELS = {"easy": "rules:aggression=-0.8", "medium": "ismcts:iterations=300",
          "hard": "pimc"}  # fmt: skip

__all__ = ["BOTS", "LEVELS", "ROLLOUT_POLICIES", "PimcBot", "RulesBot", "SearchBot", "hint"]
