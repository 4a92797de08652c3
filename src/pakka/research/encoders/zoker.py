"""Exact observation encoders for the Zoker games (built from ``view(seat)`` only).

All five games use the 64-card Zoker deck (``BS1`` = 0 … ``RXL4`` = 63, card
``colour·16 + size·4 + shape``); a *card set* segment is 64 floats, 1 at
the index of every card in the set. Seats are relative to the observer
(0 = me, 1 = the next seat clockwise, …). Every value lies in 0..1 (counts
are divided by their largest possible value) except Kubo's match totals,
which can be negative (in -1..1). The layouts are in each
class's docstring and in ``docs/research.md``.

None of these encoders reads the view's log: every view keeps what a seat
needs (the cards played, the face-up cards ever seen, the board), so they
use the cheaper ``view(seat, log=False)``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from operator import attrgetter
from typing import Any

import numpy as np

from pakka.core.game import Game, State
from pakka.games.zoker.deck import (
    ALIKE_ANY,
    COMPATIBLE,
    LINE_KINDS,
    LINE_MASKS,
    LINES_THROUGH,
    NAMES,
    NUM_LINES,
    STRONGER,
    line_name,
)
from pakka.games.zoker.kubo.rules import CLAIMS as KUBO_CLAIMS
from pakka.games.zoker.kubo.rules import PLAY as KUBO_PLAY
from pakka.games.zoker.kubo.rules import geometry
from pakka.games.zoker.kubo.state import KuboState
from pakka.games.zoker.memo.state import MemoState
from pakka.games.zoker.pairs.state import PairsState
from pakka.games.zoker.solo.actions import UPPER
from pakka.games.zoker.solo.state import SoloState
from pakka.games.zoker.tiko.state import TikoState
from pakka.research.encoders.base import (
    INCREMENTAL,
    Encoder,
    FloatArray,
    bits_to_floats,
    float_view,
    rel_seat,
)

INDEX: dict[str, int] = {name: i for i, name in enumerate(NAMES)}
"""Card notation -> card index 0..63."""
CARDS = 64
STRONGER_ROWS = np.frombuffer(STRONGER, dtype=np.uint8).reshape(CARDS, CARDS).T.astype(np.float32)
"""``STRONGER_ROWS[t, c]`` = 1 when card ``c`` goes on top of card ``t`` (R-ZK-4)."""
COMPATIBLE_ROWS = np.array(
    [[(COMPATIBLE[a] >> b) & 1 for b in range(CARDS)] for a in range(CARDS)], dtype=np.float32
)
"""``COMPATIBLE_ROWS[a, b]`` = 1 when cards ``a`` and ``b`` are compatible (R-ZK-3)."""
ALIKE_ROWS = np.array(
    [[(ALIKE_ANY[a] >> b) & 1 for b in range(CARDS)] for a in range(CARDS)], dtype=np.float32
)
"""``ALIKE_ROWS[a, b]`` = 1 when ``a`` and ``b`` pair in Memo's easy game (D-ME-3)."""
ALL_CARDS = (1 << CARDS) - 1
CARD_BITS = (*(1 << c for c in range(CARDS)), 0)
"""``CARD_BITS[c]`` = ``1 << c``; 0 at index -1 (no card)."""
_ID = attrgetter("id")
STRONGER_MASKS = tuple(
    sum(1 << c for c in range(CARDS) if STRONGER[c * CARDS + t]) for t in range(CARDS)
)
"""``STRONGER_MASKS[t]``: bit ``c`` set when card ``c`` goes on top of card ``t`` (R-ZK-4)."""
SEEN = 1024
"""States whose running totals a fast path keeps (then all are dropped and rebuilt)."""


def card_ids(names: Iterable[str | None]) -> list[int]:
    """Indices of the named cards (``None`` and ``"?"`` are skipped)."""
    return [INDEX[n] for n in names if n is not None and n != "?"]


def set_cards(out: FloatArray, start: int, names: Iterable[str | None]) -> None:
    """Write a card-set segment (64 floats from ``start``)."""
    ids = card_ids(names)
    if ids:
        out[np.asarray(ids) + start] = 1.0


class _ZokerEncoder(Encoder):
    """Shared header: ``to_act`` (n, relative one-hot) and ``terminal`` (1)."""

    uses_log = False

    def __init__(self, game: Game[Any]) -> None:
        super().__init__(game)
        self._status_segments(to_act="seat to act, relative one-hot (0 = me)")

    def _per_seat(
        self, out: FloatArray, start: int, me: int, values: Sequence[float], scale: float
    ) -> None:
        """A per-seat segment (relative order), each value divided by ``scale``."""
        n = self.num_players
        for p, x in enumerate(values):
            out[start + rel_seat(me, p, n)] = x / scale


class TikoEncoder(_ZokerEncoder):
    """Zoker Tiko (n = 2..5). Layout:

    - ``to_act`` (n), ``terminal`` (1);
    - ``hand`` (64): my cards;
    - ``played_before`` (64): cards played in finished tricks (public, D-TI-5);
    - ``unseen`` (64): cards in no one's view: not in my hand, never played
      (the other hands and the stock);
    - ``trick`` (n × 64): the card each relative seat played in the trick in
      progress;
    - ``top`` (64): the card on top of the pile (the one to beat);
    - ``beats_top`` (64): 1 for every card that would go on top of it
      (R-ZK-4; all 1 when the pile is empty: the lead goes on top);
    - ``top_seat`` (n), ``leader`` (n): relative one-hots;
    - ``won`` (n): cards won per relative seat / 64; ``hand_sizes`` (n) / 4;
    - ``stock`` (1): stock size / 64; ``pile`` (1): cards in the pile / n.

    Since every played card is public and any card may be played at any
    time, the cards (hand, played, unseen) and the trick in progress are the
    seat's whole information state about the hidden cards; the order of
    earlier tricks is left out.
    """

    name = "zoker-tiko"

    def __init__(self, game: Game[Any]) -> None:
        super().__init__(game)
        n = self.num_players
        seg = self._segment
        self.s_hand = seg("hand", CARDS, "card set: my hand")
        self.s_played = seg("played_before", CARDS, "card set: played in finished tricks")
        self.s_unseen = seg("unseen", CARDS, "card set: not mine and never played")
        self.s_trick = seg("trick", n * CARDS, "per relative seat: its card in this trick")
        self.s_top = seg("top", CARDS, "card set: the top card of the pile")
        self.s_beats = seg("beats_top", CARDS, "card set: cards that would go on top")
        self.s_top_seat = seg("top_seat", n, "owner of the top card, relative one-hot")
        self.s_leader = seg("leader", n, "leader of this trick, relative one-hot")
        self.s_won = seg("won", n, "cards won per relative seat / 64")
        self.s_hand_sizes = seg("hand_sizes", n, "cards in hand per relative seat / 4")
        self.s_stock = seg("stock", 1, "stock size / 64")
        self.s_pile = seg("pile", 1, "cards in the pile / players")
        self._before: dict[int, list[Any]] = {}
        """id(state) -> [state, cards folded, mask]: the played-before set, grown from
        ``state.played`` (which only grows) so that each observation adds only the
        cards played since the last one."""
        self._rel = [[rel_seat(me, p, n) for p in range(n)] for me in range(n)]
        self._at = tuple(
            x.start
            for x in (
                self.s_hand, self.s_played, self.s_unseen, self.s_trick, self.s_top,
                self.s_beats, self.s_top_seat, self.s_leader, self.s_to_act, self.s_terminal,
                self.s_won,
            )
        )  # fmt: skip
        assert self.s_pile.stop == self.size  # the counts are the last 2n + 2 elements

    compiled_twin = ("tiko", "TikoObserver")

    def _compiled_args(self) -> tuple[type, tuple[Any, ...]]:
        return TikoState, (STRONGER_MASKS,)

    def observe(self, state: State[Any], seat: int) -> FloatArray:
        """As :meth:`Encoder.observe`, from the fields ``TikoState._view(seat)`` reads
        (bit-identical; tested): every 0/1 element as one bit of one integer."""
        n = self.num_players
        if type(state) is not TikoState or type(seat) is not int or not 0 <= seat < n:
            return super().observe(state, seat)
        rel = self._rel[seat]
        pile = state.pile
        played = state.played
        upto = len(played) - len(pile)
        entry = self._before.get(id(state))
        if entry is None or entry[0] is not state or entry[1] > upto:
            if len(self._before) >= SEEN:
                self._before.clear()
            entry = self._before[id(state)] = [state, 0, 0]
        before: int = entry[2]
        for c in played[entry[1] : upto]:
            before |= 1 << c
        entry[1] = upto
        entry[2] = before
        hand = 0
        for c in state.hands[seat]:
            hand |= 1 << c
        at = self._at
        bits = (hand << at[0]) | (before << at[1])
        pm = 0
        trick = at[3]
        for c, p in zip(pile, state.pile_seats, strict=True):
            pm |= 1 << c
            bits |= 1 << (trick + rel[p] * CARDS + c)
        bits |= (ALL_CARDS & ~(hand | before | pm)) << at[2]
        if pile:
            top = pile[-1]
            bits |= (1 << (at[4] + top)) | (STRONGER_MASKS[top] << at[5])
        else:
            bits |= ALL_CARDS << at[5]
        if state.over:
            bits |= 1 << at[9]
        else:
            bits |= 1 << (at[8] + rel[state.turn])
        if state.top_seat >= 0:
            bits |= 1 << (at[6] + rel[state.top_seat])
        bits |= 1 << (at[7] + rel[state.leader])
        out = bits_to_floats(bits, self.size)
        # won / 64, hand sizes / 4 (relative seats), stock / 64, pile / n: contiguous
        counts = [0.0] * (2 * n + 2)
        hands = state.hands
        won = state.won
        for p in range(n):
            r = rel[p]
            counts[r] = won[p] / CARDS
            counts[n + r] = len(hands[p]) / 4
        counts[2 * n] = len(state.stock) / CARDS
        counts[2 * n + 1] = len(pile) / n
        out[at[10] :] = counts
        return out

    def fill(self, view: Mapping[str, Any], out: FloatArray) -> None:
        n = self.num_players
        me = self._fill_status(view, out)
        hand = card_ids(view.get("hand", ()))
        played = card_ids(view["played"])
        pile = card_ids(view["pile"])
        if hand:
            out[np.asarray(hand) + self.s_hand.start] = 1.0
        before = played[: len(played) - len(pile)]
        if before:
            out[np.asarray(before) + self.s_played.start] = 1.0
        unseen = np.ones(CARDS, dtype=bool)
        unseen[hand] = False
        unseen[played] = False
        out[self.s_unseen.start : self.s_unseen.stop] = unseen
        for c, p in zip(pile, view["pile_seats"], strict=True):
            out[self.s_trick.start + rel_seat(me, p, n) * CARDS + c] = 1.0
        if pile:
            top = pile[-1]
            out[self.s_top.start + top] = 1.0
            out[self.s_beats.start : self.s_beats.stop] = STRONGER_ROWS[top]
        else:
            out[self.s_beats.start : self.s_beats.stop] = 1.0
        self._one_hot_seat(out, self.s_top_seat.start, me, view.get("top_seat"))
        self._one_hot_seat(out, self.s_leader.start, me, view["leader"])
        self._per_seat(out, self.s_won.start, me, view["won"], CARDS)
        self._per_seat(out, self.s_hand_sizes.start, me, view["hand_sizes"], 4)
        out[self.s_stock.start] = view["stock"] / CARDS
        out[self.s_pile.start] = len(pile) / n


ATTR = 13
"""A card by attributes: present, colour one-hot (4), size one-hot (4), shape one-hot (4)."""
ATTR_BITS = tuple(
    1 | 1 << (1 + (c >> 4)) | 1 << (5 + ((c >> 2) & 3)) | 1 << (9 + (c & 3)) for c in range(CARDS)
)
"""Card ``c``'s 13 attribute elements (:func:`set_attributes`) as the bits of an integer."""


def set_attributes(out: FloatArray, at: int, card: int) -> None:
    """Write one card as ``present`` + colour, size and shape one-hots (13 floats).

    The three attributes name the card exactly (R-ZK-1), in 13 floats instead of 64.
    """
    out[at] = 1.0
    out[at + 1 + (card >> 4)] = 1.0
    out[at + 5 + ((card >> 2) & 3)] = 1.0
    out[at + 9 + (card & 3)] = 1.0


class MemoEncoder(_ZokerEncoder):
    """Zoker Memo (n = 2..5; places ``P`` = 64, the most a table can grow to). Layout:

    - ``to_act`` (n), ``terminal`` (1);
    - ``places`` (P × 17): per place (place 1 first): occupied, face down and
      never seen, known (seen before: perfect recall), turned face up now,
      and the known card's attributes (13: present, colour, size, shape);
    - ``pairs_with_face_up`` (P): 1 at every known card that would make a
      pair with the card face up now (R-ZK-3, or any shared attribute with
      ``easy``);
    - ``known_on_table`` (64), ``taken`` (64), ``unseen`` (64): card sets:
      seen cards still on the table, cards taken in pairs (from the log), and
      cards never face up (face-down places and the stock);
    - ``taken_by`` (n): cards taken per relative seat / 64;
    - ``table`` (3): places / 64, occupied places / 64, stock / 64;
    - ``easy`` (1): the easy pairing rule is on.

    Uses the log (the pairs taken are only there); the public "no pair
    remained" moments (which constrain the face-down cards a little) are left out.
    :meth:`observe` builds the same vector from the state's fields without the
    log: a card leaves the table only in a pair, so the cards taken are the cards
    ever face up that are no longer on the table (bit-identical, tested).
    """

    name = "zoker-memo"
    uses_log = True
    incremental = True
    PLACE = 17

    def __init__(self, game: Game[Any]) -> None:
        super().__init__(game)
        n = self.num_players
        seg = self._segment
        self.s_places = seg(
            "places",
            CARDS * self.PLACE,
            "per place: occupied, never seen, known, face up now, known card (13 attributes)",
        )
        self.s_partner = seg("pairs_with_face_up", CARDS, "per place: pairs with the face-up card")
        self.s_known = seg("known_on_table", CARDS, "card set: seen cards on the table")
        self.s_taken = seg("taken", CARDS, "card set: cards taken in pairs")
        self.s_unseen = seg("unseen", CARDS, "card set: never face up")
        self.s_taken_by = seg("taken_by", n, "cards taken per relative seat / 64")
        self.s_table = seg("table", 3, "places / 64, occupied / 64, stock / 64")
        self.s_easy = seg("easy", 1, "1 with the easy pairing rule")
        easy = bool(game.options.get("easy"))
        self.partners = ALIKE_ROWS if easy else COMPATIBLE_ROWS
        self._partner_masks = ALIKE_ANY if easy else COMPATIBLE
        self._easy_bit = int(easy) << self.s_easy.start
        self._rel = [[rel_seat(me, p, n) for p in range(n)] for me in range(n)]
        at = self.PLACE
        self._known = tuple(
            1
            | 4
            | (1 << 4)
            | (1 << (5 + (c >> 4)))
            | (1 << (9 + ((c >> 2) & 3)))
            | (1 << (13 + (c & 3)))
            for c in range(CARDS)
        )
        """A place holding a card once face up: occupied, known, its 13 attributes (from
        element 4); a place never seen is ``0b11`` (occupied, never seen)."""
        assert at == 17 and self.s_table.start == self.s_taken_by.stop
        self._at = (
            self.s_known.start,
            self.s_partner.start,
            self.s_places.start,
            self.s_taken.start,
            self.s_taken_by.start,
            self.s_terminal.start,
            self.s_to_act.start,
            self.s_unseen.start,
            self.s_table.stop,
        )
        """Segment starts read by :meth:`observe` (in its order)."""
        self._rows: dict[int, list[Any]] = {}
        """id(state) -> [places, seen, row]: the ``places`` bits of :meth:`_places`."""
        self._bufs: dict[tuple[int, int], list[Any]] = {}
        """(id(state), seat) -> [state, vector, its memoryview, places, seen, table,
        marks]: the last vector of :meth:`observe` and the fields it reflects."""
        self._place_rows = tuple(
            float_view(bits_to_floats(self._known[c], 17).copy()) for c in range(CARDS)
        )
        """A place holding card ``c``, seen: its 17 elements (without the face-up mark)."""
        self._never_row = float_view(bits_to_floats(3, 17).copy())
        self._empty_row = float_view(np.zeros(17, dtype=np.float32))
        self._s_places = self.s_places.start
        self._s_counts = self.s_taken_by.start
        self._sets = (self.s_known.start, self.s_taken.start, self.s_unseen.start)

    def _places(self, state: MemoState, places: list[int], seen: int) -> int:
        """The ``places`` bits (from the segment's first element), a function of the
        places' cards and the cards ever face up: kept per state and, while the places
        hold the same cards, updated only at the places of cards seen since."""
        entry = self._rows.get(id(state))
        if entry is not None and entry[0] == places:
            row: int = entry[2]
            d = seen ^ entry[1]
            while d:
                low = d & -d
                c = low.bit_length() - 1
                if c in places:  # its place turns between never seen (0b11) and known
                    row ^= (self._known[c] ^ 3) << (17 * places.index(c))
                d ^= low
            entry[1] = seen
            entry[2] = row
            return row
        known = self._known
        row = 0
        for c in reversed(places):  # the last place first, each shifted up in turn
            row <<= 17
            if c >= 0:
                row |= known[c] if seen >> c & 1 else 3
        if entry is None and len(self._rows) >= SEEN:
            self._rows.clear()
        self._rows[id(state)] = [places.copy(), seen, row]
        return row

    compiled_twin = ("memo", "MemoObserver")

    def _compiled_args(self) -> tuple[type, tuple[Any, ...]]:
        return MemoState, (self._partner_masks, self._known, bool(self._easy_bit))

    def observe(self, state: State[Any], seat: int) -> FloatArray:
        """As :meth:`Encoder.observe`, from the fields ``MemoState._view`` reads and
        its ``seen`` and ``table`` card sets (bit-identical; tested).

        Incremental: per (state, seat) the last vector is kept with the fields it was
        built from (the places, the seen and table sets, the face-up place); the next
        observation rewrites only the elements of what changed since (the places whose
        card left or joined the table or was seen, the cards of the changed sets, the
        face-up and partner marks, the seat to act, the counts) and returns a copy.
        A state whose places changed otherwise (another state at a reused id, a
        restored one) is built afresh by :meth:`_build`."""
        if (
            type(state) is not MemoState
            or type(seat) is not int
            or not 0 <= seat < self.num_players
        ):
            return super().observe(state, seat)
        key = (id(state), seat)
        e = self._bufs.get(key)
        if e is None or e[0] is not state:
            return self._fresh(key, state, seat)
        places = state.places
        seen = state.seen
        table = state.table
        mv = e[2]
        old_places: list[int] = e[3]
        old_seen: int = e[4]
        old_table: int = e[5]
        if seen != old_seen or table != old_table:
            if old_seen & ~seen:  # seen only grows: not the same game
                return self._fresh(key, state, seat)
            s_places = self._s_places
            if table != old_table or len(places) != len(old_places):
                # the places as the changed table says they are now, checked
                expect = old_places.copy()
                expect.extend([-1] * (len(places) - len(old_places)))
                d = old_table & ~table
                while d:  # places emptied first (a refill may reuse them)
                    low = d & -d
                    i = old_places.index(low.bit_length() - 1)
                    expect[i] = -1
                    at = s_places + 17 * i
                    mv[at : at + 17] = self._empty_row
                    d ^= low
                d = table & ~old_table
                while d:
                    low = d & -d
                    c = low.bit_length() - 1
                    if c not in places:
                        return self._fresh(key, state, seat)
                    expect[places.index(c)] = c
                    d ^= low
                if expect != places:
                    return self._fresh(key, state, seat)
                e[3] = places.copy()
            elif places != old_places:
                return self._fresh(key, state, seat)
            rows = self._place_rows
            s_known, s_taken, s_unseen = self._sets
            d = (old_table ^ table) | (seen ^ old_seen)
            while d:  # each changed card: its place (if on the table) and its 3 sets
                low = d & -d
                c = low.bit_length() - 1
                d ^= low
                if table & low:
                    at = s_places + 17 * places.index(c)
                    if seen & low:
                        mv[at : at + 17] = rows[c]
                        mv[s_known + c] = 1.0
                        mv[s_taken + c] = 0.0
                        mv[s_unseen + c] = 0.0
                    else:
                        mv[at : at + 17] = self._never_row
                elif seen & low:  # taken in a pair
                    mv[s_known + c] = 0.0
                    mv[s_taken + c] = 1.0
                    mv[s_unseen + c] = 0.0
            e[4] = seen
            e[5] = table
        elif places != old_places:
            return self._fresh(key, state, seat)
        # the face-up mark, the partner marks, the seat to act: clear the old, set the new
        for i in e[6]:
            mv[i] = 0.0
        marks = self._marks(state, seat)
        for i in marks:
            mv[i] = 1.0
        e[6] = marks
        # taken_by / 64 (relative seats), then table: places, occupied, stock / 64
        n = self.num_players
        at = self._s_counts
        rel = self._rel[seat]
        for p, x in enumerate(state.taken):
            mv[at + rel[p]] = x / CARDS
        at += n
        mv[at] = len(places) / CARDS
        mv[at + 1] = table.bit_count() / CARDS
        mv[at + 2] = len(state.stock) / CARDS
        buf: FloatArray = e[1]
        return buf.copy()

    def _fresh(self, key: tuple[int, int], state: MemoState, seat: int) -> FloatArray:
        """Build ``seat``'s vector in ``state`` afresh and keep it for the next observation."""
        if len(self._bufs) >= INCREMENTAL:
            self._bufs.clear()
        buf = self._build(state, seat)
        mv = float_view(buf)
        self._bufs[key] = [
            state,
            buf,
            mv,
            state.places.copy(),
            state.seen,
            state.table,
            self._marks(state, seat),
        ]
        return buf.copy()

    def _marks(self, state: MemoState, seat: int) -> list[int]:
        """The elements that are 1 for the face-up place, its partners and the seat to
        act (or the end): the marks that move from one observation to the next."""
        at = self._at
        marks = [at[5]] if state.over else [at[6] + self._rel[seat][state.turn]]
        f = state.first
        if f >= 0:
            places = state.places
            marks.append(at[2] + f * 17 + 3)
            pairs = self._partner_masks[places[f]] & state.seen & state.table
            while pairs:
                low = pairs & -pairs
                marks.append(at[1] + places.index(low.bit_length() - 1))
                pairs ^= low
        return marks

    def _build(self, state: MemoState, seat: int) -> FloatArray:
        """The vector of ``seat`` in ``state`` from its fields, as one bit-integer."""
        n = self.num_players
        rel = self._rel[seat]
        (
            s_known,
            s_partner,
            s_places,
            s_taken,
            s_taken_by,
            s_terminal,
            s_to_act,
            s_unseen,
            s_table_stop,
        ) = self._at
        places = state.places
        seen = state.seen
        table = state.table
        bits = (self._places(state, places, seen) << s_places) | self._easy_bit
        on = seen & table
        bits |= (on << s_known) | ((seen & ~table) << s_taken) | ((ALL_CARDS & ~seen) << s_unseen)
        f = state.first
        if f >= 0:
            bits |= 1 << (s_places + f * 17 + 3)
            pairs = self._partner_masks[places[f]] & on
            partner = s_partner
            while pairs:
                low = pairs & -pairs
                bits |= 1 << (partner + places.index(low.bit_length() - 1))
                pairs ^= low
        if state.over:
            bits |= 1 << s_terminal
        else:
            bits |= 1 << (s_to_act + rel[state.turn])
        out = bits_to_floats(bits, self.size)
        # taken_by / 64 (relative seats), then table: places, occupied, stock / 64
        counts = [0.0] * (n + 3)
        for p, x in enumerate(state.taken):
            counts[rel[p]] = x / CARDS
        counts[n] = len(places) / CARDS
        counts[n + 1] = table.bit_count() / CARDS
        counts[n + 2] = len(state.stock) / CARDS
        out[s_taken_by:s_table_stop] = counts
        return out

    def fill(self, view: Mapping[str, Any], out: FloatArray) -> None:
        me = self._fill_status(view, out)
        table = view["table"]
        face_up = [p - 1 for p in view["face_up"]]
        unseen = np.ones(CARDS, dtype=bool)
        known_cards = []
        occupied = 0
        for i, entry in enumerate(table):
            if entry is None:
                continue
            occupied += 1
            at = self.s_places.start + i * self.PLACE
            out[at] = 1.0
            if entry == "?":
                out[at + 1] = 1.0
                continue
            c = INDEX[entry]
            known_cards.append((i, c))
            unseen[c] = False
            out[at + 2] = 1.0
            set_attributes(out, at + 4, c)
            out[self.s_known.start + c] = 1.0
        for entry in view["log"]:
            if entry["key"] == "memo.pair":
                for name in entry["args"]["cards"].split():
                    c = INDEX[name]
                    unseen[c] = False
                    out[self.s_taken.start + c] = 1.0
        if face_up:
            f = face_up[0]
            out[self.s_places.start + f * self.PLACE + 3] = 1.0
            fc = INDEX[table[f]]
            row = self.partners[fc]
            for i, c in known_cards:
                if i != f and row[c]:
                    out[self.s_partner.start + i] = 1.0
        out[self.s_unseen.start : self.s_unseen.stop] = unseen
        self._per_seat(out, self.s_taken_by.start, me, view["taken"], CARDS)
        t = self.s_table.start
        out[t] = len(table) / CARDS
        out[t + 1] = occupied / CARDS
        out[t + 2] = view["stock"] / CARDS
        out[self.s_easy.start] = float(bool(view["options"].get("easy")))


class SoloEncoder(_ZokerEncoder):
    """Zoker Solo (1 player; the whole position is public but the stock order). Layout:

    - ``to_act`` (1), ``terminal`` (1);
    - ``upper`` (12 × 13): per upper place (``a1``..``d3``, reading order) its
      card's attributes (present, colour, size, shape);
    - ``piles`` (4 × 15): per bottom pile (``a4``..``d4``) its top card's
      attributes (13), its height / 64 and whether it is empty;
    - ``fits`` (12 × 4): upper place → pile: the move is legal (compatible
      top, R-SO-3, or an empty place, R-SO-6);
    - ``merges`` (4 × 4): pile → pile with compatible tops (R-SO-4);
    - ``in_piles`` (64), ``unseen`` (64): card sets: cards in the bottom
      piles, and cards not on the table (the stock);
    - ``stock`` (1) / 64; ``score`` (1): the tallest pile / 64;
      ``may_deal`` (1): four upper places are empty and the stock is not (R-SO-5).
    """

    name = "zoker-solo"
    PILE = ATTR + 2

    def __init__(self, game: Game[Any]) -> None:
        super().__init__(game)
        seg = self._segment
        self.s_upper = seg("upper", 12 * ATTR, "per upper place: card attributes (13)")
        self.s_piles = seg("piles", 4 * self.PILE, "per pile: top card (13), height / 64, empty")
        self.s_fits = seg("fits", 48, "upper place x pile: the card may go there")
        self.s_merges = seg("merges", 16, "pile x pile: compatible tops")
        self.s_in_piles = seg("in_piles", CARDS, "card set: cards in the piles")
        self.s_unseen = seg("unseen", CARDS, "card set: cards in the stock")
        self.s_misc = seg("misc", 3, "stock / 64, score / 64, may deal")
        assert self.s_merges.start == self.s_fits.stop  # one bit per move id (below)
        a = self.s_upper.start
        self._upper_bits = tuple(
            (*(ATTR_BITS[c] << (a + i * ATTR) for c in range(CARDS)), 0) for i in range(UPPER)
        )
        """``[place][card]``: the card's attribute bits in upper place ``place`` (0 at
        index -1, an empty place)."""
        a = self.s_piles.start
        self._pile_bits = tuple(
            tuple(ATTR_BITS[c] << (a + k * self.PILE) for c in range(CARDS)) for k in range(4)
        )
        """``[pile][card]``: the card's attribute bits as the top of bottom pile ``pile``."""
        self._empty_bits = tuple(1 << (a + k * self.PILE + ATTR + 1) for k in range(4))
        self._heights = tuple(a + k * self.PILE + ATTR for k in range(4))
        # R-SO-3/4/6: "fits" and "merges" are the legal moves: move id s*4+d is upper
        # place s (s < 12) or pile s-12 onto pile d, so its element is s_fits + id; the
        # deal (id 64, R-SO-5) is "may_deal".
        self._move_bits = (
            *(1 << (self.s_fits.start + i) for i in range(CARDS)),
            1 << (self.s_misc.start + 2),
        )
        self._stock_seen: dict[int, list[Any]] = {}
        """id(state) -> [state, stock size, stock mask]: the stock's card set, made
        anew only when the stock changed (a deal, R-SO-5: it only shrinks)."""

    compiled_twin = ("solo", "SoloObserver")

    def _compiled_args(self) -> tuple[type, tuple[Any, ...]]:
        return SoloState, (ATTR_BITS, ATTR)

    def observe(self, state: State[Any], seat: int) -> FloatArray:
        """As :meth:`Encoder.observe`, from the fields ``SoloState._view`` reads
        (bit-identical; tested): every 0/1 element as one bit of one integer.

        R-SO-1: all 64 cards are dealt, each in an upper place, a bottom pile or
        the stock, so the piles' card set is what neither the upper places nor
        the stock hold (the stock's set is kept per state: it changes only with
        a deal)."""
        if type(state) is not SoloState or type(seat) is not int or seat != 0:
            return super().observe(state, seat)
        stock = state.stock
        entry = self._stock_seen.get(id(state))
        if entry is None or entry[0] is not state or entry[1] != len(stock):
            if len(self._stock_seen) >= SEEN:
                self._stock_seen.clear()
            sm = 0
            for c in stock:
                sm |= 1 << c
            entry = self._stock_seen[id(state)] = [state, len(stock), sm]
        sm = entry[2]
        upper = state.upper
        # the places' bits do not overlap, so their sum is their union
        bits = sum(map(tuple.__getitem__, self._upper_bits, upper))
        um = sum(map(CARD_BITS.__getitem__, upper))
        pile_bits = self._pile_bits
        heights = [len(p) for p in state.piles]
        for k, pile in enumerate(state.piles):
            bits |= pile_bits[k][pile[-1]] if pile else self._empty_bits[k]
        legal = state.legal_actions()
        if legal:
            bits |= (1 << self.s_to_act.start) | sum(
                map(self._move_bits.__getitem__, map(_ID, legal))
            )
        else:
            bits |= 1 << self.s_terminal.start
        bits |= ((ALL_CARDS & ~(um | sm)) << self.s_in_piles.start) | (sm << self.s_unseen.start)
        out = bits_to_floats(bits, self.size)
        at = self._heights
        for k in range(4):
            if heights[k]:
                out[at[k]] = heights[k] / CARDS
        m = self.s_misc.start
        out[m] = len(stock) / CARDS
        out[m + 1] = max(heights) / CARDS
        return out

    def fill(self, view: Mapping[str, Any], out: FloatArray) -> None:
        self._fill_status(view, out)
        unseen = np.ones(CARDS, dtype=bool)
        upper = [None if x is None else INDEX[x] for x in view["upper"]]
        for i, c in enumerate(upper):
            if c is not None:
                set_attributes(out, self.s_upper.start + i * ATTR, c)
                unseen[c] = False
        tops: list[int | None] = []
        for k, pile in enumerate(view["piles"]):
            at = self.s_piles.start + k * self.PILE
            cards = card_ids(pile)
            if cards:
                unseen[cards] = False
                out[np.asarray(cards) + self.s_in_piles.start] = 1.0
                set_attributes(out, at, cards[-1])
                out[at + ATTR] = len(cards) / CARDS
                tops.append(cards[-1])
            else:
                out[at + ATTR + 1] = 1.0
                tops.append(None)
        for i, c in enumerate(upper):
            if c is None:
                continue
            for d, t in enumerate(tops):
                if t is None or COMPATIBLE_ROWS[t, c]:
                    out[self.s_fits.start + i * 4 + d] = 1.0
        for a, ta in enumerate(tops):
            for d, td in enumerate(tops):
                if a != d and ta is not None and td is not None and COMPATIBLE_ROWS[ta, td]:
                    out[self.s_merges.start + a * 4 + d] = 1.0
        out[self.s_unseen.start : self.s_unseen.stop] = unseen
        m = self.s_misc.start
        out[m] = view["stock"] / CARDS
        out[m + 1] = view["score"] / CARDS
        out[m + 2] = float(upper.count(None) >= 4 and view["stock"] > 0)


class PairsEncoder(_ZokerEncoder):
    """The pairs trainer (1 player, everything face up). Layout:

    - ``to_act`` (1), ``terminal`` (1);
    - ``table`` (64): card set of the cards on the table (actions name cards,
      so the places' order does not matter);
    - ``has_partner`` (64): card set of table cards with a compatible card on
      the table (R-ZK-3);
    - ``tallies`` (4): pairs / 32, straights / 16, score / 48,
      mistakes / (mistakes + 1);
    - ``left`` (1): cards on the table / cards dealt.
    """

    name = "zoker-pairs"

    def __init__(self, game: Game[Any]) -> None:
        super().__init__(game)
        seg = self._segment
        self.s_table = seg("table", CARDS, "card set: on the table")
        self.s_partner = seg("has_partner", CARDS, "card set: has a compatible card on the table")
        self.s_tallies = seg(
            "tallies", 4, "pairs / 32, straights / 16, score / 48, mistakes / (mistakes + 1)"
        )
        self.s_left = seg("left", 1, "cards on the table / cards dealt")

    compiled_twin = ("pairs", "PairsObserver")

    def _compiled_args(self) -> tuple[type, tuple[Any, ...]]:
        return PairsState, (COMPATIBLE,)

    def observe(self, state: State[Any], seat: int) -> FloatArray:
        """As :meth:`Encoder.observe`, from the fields ``PairsState._view`` reads (the
        table's bitmask; bit-identical, tested)."""
        if type(state) is not PairsState or type(seat) is not int or seat != 0:
            return super().observe(state, seat)
        table = state.table
        partner = 0
        on = 0
        t = table
        while t:
            low = t & -t
            c = low.bit_length() - 1
            if COMPATIBLE[c] & table:
                partner |= low
            on += 1
            t ^= low
        bits = (table << self.s_table.start) | (partner << self.s_partner.start)
        bits |= 1 << (self.s_terminal.start if state.over else self.s_to_act.start)
        out = bits_to_floats(bits, self.size)
        t0 = self.s_tallies.start
        out[t0] = state.pairs / 32
        out[t0 + 1] = state.straights / 16
        out[t0 + 2] = state.score / 48
        out[t0 + 3] = state.mistakes / (state.mistakes + 1)
        out[self.s_left.start] = on / max(1, len(state.layout))
        return out

    def fill(self, view: Mapping[str, Any], out: FloatArray) -> None:
        self._fill_status(view, out)
        cards = card_ids(view["table"])
        if cards:
            on = np.zeros(CARDS, dtype=np.float32)
            on[cards] = 1.0
            out[self.s_table.start : self.s_table.stop] = on
            partners = (COMPATIBLE_ROWS @ on) * on
            out[self.s_partner.start : self.s_partner.stop] = partners > 0
        t = self.s_tallies.start
        out[t] = view["pairs"] / 32
        out[t + 1] = view["straights"] / 16
        out[t + 2] = view["score"] / 48
        out[t + 3] = view["mistakes"] / (view["mistakes"] + 1)
        out[self.s_left.start] = len(cards) / max(1, len(view["table"]))


LINE_ROWS = np.array(
    [[(LINE_MASKS[ln] >> c) & 1 for c in range(CARDS)] for ln in range(NUM_LINES)],
    dtype=np.float32,
)
"""``LINE_ROWS[l, c]`` = 1 when card ``c`` lies on line ``l`` of the cube (76 lines)."""
LINE_INDEX: dict[str, int] = {line_name(ln): ln for ln in range(NUM_LINES)}
KUBO_LAYERS = ("colour", "size", "shape")
KUBO_STOCK = CARDS - 4
"""Cards in a Kubo round besides the four corners: the most a hand or stock can hold."""


class KuboEncoder(_ZokerEncoder):
    """Zoker Kubo (n = 2..5). Layout:

    - ``to_act`` (n), ``terminal`` (1);
    - card sets (64 each): ``board`` (placed), ``hand`` (mine), ``placeable``
      (empty places a card could go now, R-KU-3/4), ``covered`` (empty
      places never fillable, R-KU-5), ``unseen`` (not on the board, not mine:
      the other hands and the stock);
    - ``line_fill`` (76): placed cards on each line of the cube / 4 (lines in
      the engine's order: ``pakka.games.zoker.deck.LINES``);
    - ``open_lines`` (76): lines completed and not yet claimed (manual claims);
    - ``turn`` (n): whose turn it is, relative one-hot (in the claim window
      another seat is to act); ``claimers`` (n): seats still to answer the
      claim window, relative;
    - ``phase`` (2): play, claims; ``may_draw`` (1);
    - ``placed`` (1 + n): cards placed this turn / 60, and per relative seat
      on its last turn / 60;
    - ``hand_sizes`` (n) / 60; ``stock`` (1) / 60;
    - ``round_points`` (n): per relative seat / the most a round can give
      (every line's points); ``totals`` (n): match points per relative seat /
      ((that + 60) × rounds), negative when the cards left in hand at a
      round's end (subtracted, R-KU-10) outweigh the points;
    - ``round`` (1): round / rounds; ``layers`` (3): the layer attribute
      one-hot (colour, size, shape); ``manual`` (1): claims are manual.

    The board, hands and counts are the seat's whole information state: every
    placed card stays on the board and drawn cards are uniformly random.

    :meth:`observe` builds the same vector from the state's fields
    (bit-identical, tested): the board's derived sets (placeable, covered, the
    line fills) are kept per state and grown by the cards placed since the
    last observation (see :meth:`_board`).
    """

    signed_segments = ("totals",)

    name = "zoker-kubo"

    def __init__(self, game: Game[Any]) -> None:
        super().__init__(game)
        n = self.num_players
        seg = self._segment
        self.s_board = seg("board", CARDS, "card set: placed cards")
        self.s_hand = seg("hand", CARDS, "card set: my hand")
        self.s_placeable = seg("placeable", CARDS, "card set: places a card could go now")
        self.s_covered = seg("covered", CARDS, "card set: places that can never be filled")
        self.s_unseen = seg("unseen", CARDS, "card set: not placed and not mine")
        self.s_line_fill = seg("line_fill", NUM_LINES, "per line: placed cards / 4")
        self.s_open = seg("open_lines", NUM_LINES, "per line: completed, unclaimed (manual)")
        self.s_turn = seg("turn", n, "whose turn, relative one-hot")
        self.s_claimers = seg("claimers", n, "seats still to answer the claim window")
        self.s_phase = seg("phase", 2, "one-hot: play, claims")
        self.s_may_draw = seg("may_draw", 1, "1 when I may draw more now (D-KU-2)")
        self.s_placed = seg("placed", 1 + n, "placed this turn / 60; per seat last turn / 60")
        self.s_hand_sizes = seg("hand_sizes", n, "cards in hand per relative seat / 60")
        self.s_stock = seg("stock", 1, "stock / 60")
        self.s_round_points = seg("round_points", n, "points this round / round maximum")
        self.s_totals = seg(
            "totals", n, "match points / ((round maximum + 60) x rounds); below 0 with penalties"
        )
        self.s_round = seg("round", 1, "round / rounds")
        self.s_layers = seg("layers", 3, "layer attribute one-hot: colour, size, shape")
        self.s_manual = seg("manual", 1, "1 with manual claims")
        points = game.options["points"]
        assert isinstance(points, tuple)
        self.round_max = max(1, sum(int(points[k]) for k in LINE_KINDS))
        self.rounds = game.int_option("rounds")
        self.manual = game.options["claims"] == "manual"
        geo = geometry(str(game.options["layers"]))
        self._support = tuple(
            sum(1 << d for d in range(CARDS) if (geo.neighbours[d] | geo.below[d]) >> c & 1)
            for c in range(CARDS)
        )
        """``_support[c]``: the places a card could go once ``c`` is placed (R-KU-3/4)."""
        self._under = tuple(
            sum(1 << d for d in range(CARDS) if geo.above[d] >> c & 1) for c in range(CARDS)
        )
        """``_under[c]``: the places that ``c`` covers for good once placed (R-KU-5)."""
        self._const = (
            1 << (self.s_layers.start + KUBO_LAYERS.index(str(game.options["layers"])))
        ) | (int(self.manual) << self.s_manual.start)
        self._rel = [[rel_seat(me, p, n) for p in range(n)] for me in range(n)]
        self._at = (
            self.s_board.start,
            self.s_claimers.start,
            self.s_covered.start,
            self.s_hand.start,
            self.s_line_fill.start,
            self.s_may_draw.start,
            self.s_open.start,
            self.s_phase.start,
            self.s_placeable.start,
            self.s_placed.start,
            self.s_terminal.start,
            self.s_to_act.start,
            self.s_turn.start,
            self.s_unseen.start,
            self.s_line_fill.stop,
            self.s_round.stop,
        )
        """Segment starts read by :meth:`observe` (in its order)."""
        self._boards: dict[int, list[Any]] = {}
        """id(state) -> [board, supported, covering, line fills]: see :meth:`_board`."""
        assert (
            self.s_placed.start == self.s_may_draw.stop and self.s_round.start == self.s_totals.stop
        )

    compiled_twin = ("kubo", "KuboObserver")

    def _compiled_args(self) -> tuple[type, tuple[Any, ...]]:
        return KuboState, (LINE_MASKS, KUBO_STOCK, KUBO_PLAY, KUBO_CLAIMS)

    def _board(self, state: KuboState) -> list[Any]:
        """``[board, supported, covering, line fills / 4]`` for ``state.board``: the
        places next to or on a placed card, the places under one, and the ``line_fill``
        segment. All are functions of the board alone, kept per state and grown by the
        cards placed since (a board only gains cards within a round); any other board
        (a new round, another state at a reused id) is computed afresh."""
        b = state.board
        entry = self._boards.get(id(state))
        if entry is not None:
            if entry[0] == b:
                return entry
            if entry[0] & ~b == 0:
                new = b & ~entry[0]
                supported, covering, fill = entry[1], entry[2], entry[3]
                while new:
                    low = new & -new
                    c = low.bit_length() - 1
                    supported |= self._support[c]
                    covering |= self._under[c]
                    for ln in LINES_THROUGH[c]:
                        fill[ln] += 0.25
                    new ^= low
                entry[:3] = (b, supported, covering)
                return entry
        if len(self._boards) >= SEEN:
            self._boards.clear()
        supported = covering = 0
        t = b
        while t:
            low = t & -t
            c = low.bit_length() - 1
            supported |= self._support[c]
            covering |= self._under[c]
            t ^= low
        fill = (LINE_ROWS @ bits_to_floats(b, CARDS)) / 4.0
        entry = self._boards[id(state)] = [b, supported, covering, fill]
        return entry

    def observe(self, state: State[Any], seat: int) -> FloatArray:
        """As :meth:`Encoder.observe`, from the fields ``KuboState._view(seat)`` reads
        (bit-identical; tested)."""
        n = self.num_players
        if type(state) is not KuboState or type(seat) is not int or not 0 <= seat < n:
            return super().observe(state, seat)
        rel = self._rel[seat]
        (
            s_board,
            s_claimers,
            s_covered,
            s_hand,
            s_line_fill,
            s_may_draw,
            s_open,
            s_phase,
            s_placeable,
            s_placed,
            s_terminal,
            s_to_act,
            s_turn,
            s_unseen,
            s_line_fill_stop,
            s_round_stop,
        ) = self._at
        b, supported, covering, fill = self._board(state)
        hand = 0
        for c in state.hands[seat]:
            hand |= 1 << c
        empty = ALL_CARDS & ~b
        bits = (
            self._const
            | (b << s_board)
            | (hand << s_hand)
            | ((supported & ~covering & empty) << s_placeable)
            | ((covering & empty) << s_covered)
            | ((empty & ~hand) << s_unseen)
            | (1 << (s_turn + rel[state.turn]))
        )
        over = state.over
        phase = state.phase
        if over:
            bits |= 1 << s_terminal
        else:
            cp = state.claimers[0] if phase == KUBO_CLAIMS else state.turn
            bits |= 1 << (s_to_act + rel[cp])
        if self.manual:
            for ln in state.open_lines:
                bits |= 1 << (s_open + ln)
            for p in state.claimers:
                bits |= 1 << (s_claimers + rel[p])
        bits |= 1 << (s_phase + (phase == KUBO_CLAIMS))
        if not over and phase == KUBO_PLAY and state._may_draw():
            bits |= 1 << s_may_draw
        out = bits_to_floats(bits, self.size)
        out[s_line_fill:s_line_fill_stop] = fill
        # placed (1 + n), hand sizes (n), stock, round points (n), totals (n), round
        counts = [0.0] * (4 * n + 3)
        counts[0] = state.placed_now / KUBO_STOCK
        hands = state.hands
        points = state.points
        totals = state.totals
        scale = (self.round_max + KUBO_STOCK) * self.rounds
        for p in range(n):
            r = rel[p]
            counts[1 + r] = state.placed_last[p] / KUBO_STOCK
            counts[1 + n + r] = len(hands[p]) / KUBO_STOCK
            counts[2 + 2 * n + r] = points[p] / self.round_max
            counts[2 + 3 * n + r] = totals[p] / scale
        counts[1 + 2 * n] = len(state.stock) / KUBO_STOCK
        counts[2 + 4 * n] = (state.round_no + (0 if over else 1)) / self.rounds
        out[s_placed:s_round_stop] = counts
        return out

    def fill(self, view: Mapping[str, Any], out: FloatArray) -> None:
        me = self._fill_status(view, out)
        board = np.zeros(CARDS, dtype=np.float32)
        placed = card_ids(view["board"])
        board[placed] = 1.0
        out[self.s_board.start : self.s_board.stop] = board
        hand = card_ids(view.get("hand", ()))
        set_cards(out, self.s_placeable.start, view["placeable"])
        set_cards(out, self.s_covered.start, view["covered"])
        if hand:
            out[np.asarray(hand) + self.s_hand.start] = 1.0
        unseen = 1.0 - board
        unseen[hand] = 0.0
        out[self.s_unseen.start : self.s_unseen.stop] = unseen
        out[self.s_line_fill.start : self.s_line_fill.stop] = (LINE_ROWS @ board) / 4.0
        for name in view.get("open_lines", ()):
            out[self.s_open.start + LINE_INDEX[name]] = 1.0
        self._one_hot_seat(out, self.s_turn.start, me, view["turn"])
        for p in view.get("claimers", ()):
            self._one_hot_seat(out, self.s_claimers.start, me, p)
        out[self.s_phase.start + (view["phase"] == "claims")] = 1.0
        out[self.s_may_draw.start] = float(bool(view["may_draw"]))
        out[self.s_placed.start] = view["placed_this_turn"] / KUBO_STOCK
        self._per_seat(out, self.s_placed.start + 1, me, view["placed_last_turn"], KUBO_STOCK)
        self._per_seat(out, self.s_hand_sizes.start, me, view["hand_sizes"], KUBO_STOCK)
        out[self.s_stock.start] = view["stock"] / KUBO_STOCK
        self._per_seat(out, self.s_round_points.start, me, view["round_points"], self.round_max)
        self._per_seat(
            out,
            self.s_totals.start,
            me,
            view["totals"],
            (self.round_max + KUBO_STOCK) * self.rounds,
        )
        out[self.s_round.start] = view["round"] / self.rounds
        out[self.s_layers.start + KUBO_LAYERS.index(view["layers"])] = 1.0
        out[self.s_manual.start] = float(view["options"].get("claims") == "manual")
