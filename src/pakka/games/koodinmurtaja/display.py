"""Koodinmurtaja's display layer: legal actions, prompts and card names in words.

Pure: no I/O and no front-end imports. Every front end (the terminal, the server
and its browser client) takes from here what it shows about the game that is
computed from the rules, so none of them re-derives a rule or parses notation:

* :meth:`KoodinmurtajaDisplay.card_names` (French cards as players say them) and
  :meth:`~KoodinmurtajaDisplay.hidden_card` (a hidden card for screen readers);
* :meth:`~KoodinmurtajaDisplay.describe` / :meth:`~KoodinmurtajaDisplay.legal`:
  a legal action as a :class:`~pakka.core.seam.LegalAction`, and
  :meth:`~KoodinmurtajaDisplay.describe_view` for a front end that holds only a
  view and the action's notation;
* :meth:`~KoodinmurtajaDisplay.prompt`: what the phase asks of the player to act;
  :meth:`~KoodinmurtajaDisplay.legend`: how to type a guess;
* :meth:`~KoodinmurtajaDisplay.plausible_ranks` and
  :meth:`~KoodinmurtajaDisplay.suggested`: the guesses worth offering first.

Labels name cards with ``{card:card}`` and ranks with nested messages, never raw
notation. A label may name the player's own hidden cards (the drawn card, the
card to reveal): structured legal actions go to the player to act only.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from typing import TYPE_CHECKING, Any, ClassVar

from typing_extensions import TypedDict

from pakka.core.cards import CARDS, RANK_NAMES, Card, parse_card, rank_from_text
from pakka.core.seam import ActionKind, Display, LegalAction, Message, Target, msg
from pakka.games.koodinmurtaja.actions import ActionTable, Guess, GuessRank, KMAction, Reveal
from pakka.games.koodinmurtaja.cards import FULL_DECK, HALF_DECK, rank_of, strength, text_of

if TYPE_CHECKING:
    from pakka.core.game import Action, State

# -- French cards in words (generic; to be shared by every French-deck game) ------------

SUIT_WORDS: Mapping[str, Mapping[str, str]] = {
    "en": {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"},
    "fi": {"S": "pata", "H": "hertta", "D": "ruutu", "C": "risti"},
}
"""Suit letter -> its name as players say it."""
RANK_WORDS: Mapping[str, Mapping[int, str]] = {
    "en": {11: "jack", 12: "queen", 13: "king", 14: "ace"},
    "fi": {11: "jätkä", 12: "rouva", 13: "kuningas", 14: "ässä"},
}
"""Rank -> its word where players use one (the others are said as numbers)."""
JOKER_WORDS: Mapping[str, str] = {"en": "joker", "fi": "jokeri"}


def rank_word(rank: int, lang: str) -> str:
    """A rank as players say it: ``"queen"``/``"rouva"``, ``"10"``."""
    words = RANK_WORDS.get(lang, RANK_WORDS["en"])
    return words.get(rank, str(rank))


def french_card_name(card: Card, lang: str) -> str:
    """One French card in words: English ``"ace of spades"``, ``"10 of diamonds"``;
    Finnish ``"pata-ässä"``, ``"ruutu-10"``, ``"risti-jätkä"``."""
    if card.is_joker:
        return JOKER_WORDS.get(lang, JOKER_WORDS["en"])
    suit = SUIT_WORDS.get(lang, SUIT_WORDS["en"])[card.suit_letter]
    rank = rank_word(card.rank, lang)
    if lang == "fi":
        return f"{suit}-{rank}"
    return f"{rank} of {suit}"


@cache
def french_card_names(lang: str, joker: bool = False) -> Mapping[str, str]:
    """Every card code of the 52-card deck (and ``JK`` if ``joker``) -> its name."""
    cards = CARDS if joker else CARDS[:52]
    return {str(c): french_card_name(c, lang) for c in cards}


# -- Koodinmurtaja ------------------------------------------------------------------------

_RANK_CODES = tuple(RANK_NAMES[r] for r in range(2, 15))
_RANK_KEYS = tuple("koodinmurtaja.rank." + RANK_NAMES[r] for r in range(2, 15))
"""_RANK_KEYS[rank - 2]: the rank in words with its article ("a queen", "an 8")."""


@cache
def _table(players: int) -> ActionTable:
    return ActionTable(players)


def _player(seat: int) -> Message:
    """A seat as a label names it (a fresh message: front ends may put the player's
    name in its args)."""
    return msg("koodinmurtaja.player", seat=seat)


class KoodinmurtajaDisplay(Display):
    """Labels, prompts and card names of Koodinmurtaja (stateless)."""

    def card_names(self, lang: str) -> Mapping[str, str]:
        return french_card_names(lang)

    # -- words for cards and ranks ---------------------------------------------------------
    @staticmethod
    def hidden_card(seat: int, position: int) -> Message:
        """Hidden card ``position`` (1-based, R-KM-4: 1 is the lowest) of ``seat`` in
        words, without a case ending on the player's name: "hidden card 3 of seat 2" /
        "piilokortti 3, pelaaja 2"."""
        return msg("koodinmurtaja.hidden_card", position=position, player=_player(seat))

    @staticmethod
    def rank(rank: int) -> Message:
        """A rank 2..14 in words, as a guess names it ("a queen" / "rouva")."""
        return msg(_RANK_KEYS[rank - 2])

    # -- legal actions ------------------------------------------------------------------------
    def describe(self, state: State[Any], action: Action) -> LegalAction:
        """``action`` (legal in ``state``) for the player to act."""
        return self._describe(action, *self._state_context(state))  # type: ignore[arg-type]

    def legal(self, state: State[Any]) -> list[LegalAction]:
        drawn, own = self._state_context(state)
        return [self._describe(a, drawn, own) for a in state.legal_actions()]

    def describe_view(self, view: Mapping[str, Any], text: str) -> LegalAction:
        """The action written ``text`` (legal in the position of ``view``, the view of
        the player to act) as a structured value: for front ends that hold a view and
        the engine's notation but not the state."""
        action = _table(int(view["players"])).parse(text)
        drawn = view.get("drawn")
        seat = view.get("seat")
        own: list[str | None] = (
            [e.get("card") for e in view["codes"][seat]] if isinstance(seat, int) else []
        )
        return self._describe(action, None if drawn is None else (drawn.get("card") or ""), own)

    @staticmethod
    def _state_context(state: State[Any]) -> tuple[str | None, list[str | None]]:
        """The drawn card (``None``: none drawn) and the own code of the player to act."""
        s: Any = state
        cp = s.current_player
        drawn = text_of(s.drawn) if s.drawn >= 0 else None
        own: list[str | None] = [] if cp is None else [text_of(k) for k in s.code[cp]]
        return drawn, own

    def _describe(
        self, action: KMAction, drawn: str | None, own: Sequence[str | None]
    ) -> LegalAction:
        """``drawn``: the drawn card's code (``""``: drawn but unseen; ``None``: no card
        drawn, R-KM-13); ``own``: the player's own code by position."""
        kind: ActionKind
        cards: list[str] = []
        target: Target | None
        if isinstance(action, Guess):
            # R-KM-8 / D-KM-2: point at a hidden card and name its rank.
            kind = ActionKind.GUESS
            target = {
                "seat": action.target,
                "position": action.position,
                "rank": _RANK_CODES[action.rank - 2],
            }
            label = msg(
                "koodinmurtaja.label.guess",
                card=self.hidden_card(action.target, action.position + 1),
                rank=self.rank(action.rank),
            )
        elif isinstance(action, GuessRank):
            # D-KM-2 rank-only variant: name a rank the target holds hidden.
            kind = ActionKind.GUESS
            target = {"seat": action.target, "rank": _RANK_CODES[action.rank - 2]}
            label = msg(
                "koodinmurtaja.label.guess_rank",
                player=_player(action.target),
                rank=self.rank(action.rank),
            )
        elif isinstance(action, Reveal):
            # D-KM-7 option empty_stock_penalty: reveal one of one's own hidden cards.
            kind = ActionKind.REVEAL
            target = {"position": action.position}
            card = own[action.position] if action.position < len(own) else None
            if card:
                cards = [card]
                label = msg("koodinmurtaja.label.reveal", position=action.position + 1, card=card)
            else:
                label = msg("koodinmurtaja.label.reveal_unseen", position=action.position + 1)
        else:  # Stop (R-KM-10.3)
            kind = ActionKind.STOP
            target = None
            if drawn:
                cards = [drawn]
                label = msg("koodinmurtaja.label.stop", card=drawn)
            elif drawn is not None:
                label = msg("koodinmurtaja.label.stop_unseen")
            else:
                label = msg("koodinmurtaja.label.stop_empty")
        return {
            "id": action.id,
            "text": str(action),
            "kind": kind.value,
            "cards": cards,
            "target": target,
            "label": label,
        }

    # -- what the position asks -----------------------------------------------------------------
    def prompt(self, view: Mapping[str, Any]) -> Message:
        """What the phase of ``view`` asks of the player to act, as one message."""
        phase = view.get("phase")
        cp = view.get("current_player")
        if view.get("is_terminal") or phase == "over" or cp is None:
            return msg("koodinmurtaja.prompt.over")
        if phase == "reveal":
            # D-KM-7 option: a wrong guess with an empty stock costs a hidden card.
            return msg("koodinmurtaja.prompt.reveal", player=cp)
        target = view.get("target")
        if phase == "continue":
            # R-KM-10: the same target, the next one (never wrapping), or stop.
            same = target if view.get("same_target") else None
            nxt = view.get("next_target")
            if same is not None and nxt is not None:
                options = msg("koodinmurtaja.targets.both", same=same, next=nxt)
            elif same is not None or nxt is not None:
                options = msg("koodinmurtaja.targets.one", seat=same if same is not None else nxt)
            else:
                return msg("koodinmurtaja.prompt.stop_only", player=cp)
            return msg("koodinmurtaja.prompt.continue", player=cp, options=options)
        # R-KM-8: the first guess of a turn is compulsory.
        return msg("koodinmurtaja.prompt.guess", player=cp, target=target)

    def legend(self, view: Mapping[str, Any]) -> Message | None:
        """How the viewer types a guess (only when it is their turn to guess)."""
        me = view.get("seat")
        if me is None or view.get("current_player") != me:
            return None
        if view.get("phase") not in ("guess", "continue"):
            return None
        target = view.get("target")
        if view.get("options", {}).get("guess", "positional") == "positional":
            # the notation counts seats from 0; ``target`` is read as a seat (from 1)
            return msg("koodinmurtaja.legend", example=f"{target}/1=Q", target=target)
        return msg("koodinmurtaja.legend_rank", example=f"{target}=Q", target=target)

    # -- which guesses to offer first -----------------------------------------------------------
    @staticmethod
    def plausible_ranks(view: Mapping[str, Any], seat: int, position: int) -> set[int]:
        """Ranks the hidden card at ``position`` (1-based) of ``seat`` can have by what
        the board shows plainly: the code is sorted (R-KM-4, R-KM-3 strength), so the
        card lies strictly between the nearest cards the viewer can see on either side
        and is none of the cards seen; ranks publicly refuted for it (D-KM-7) are out.
        (No deeper deduction: that is the hint's job.)"""
        code = view["codes"][seat]
        lo, hi = -1, 52
        for e in code[: position - 1]:
            if e.get("card"):
                lo = max(lo, strength(parse_card(e["card"])))
        for e in code[position:]:
            if e.get("card"):
                hi = min(hi, strength(parse_card(e["card"])))
        # R-KM-2: the half deck holds spades and hearts only.
        deck = HALF_DECK if view.get("options", {}).get("deck") == "half" else FULL_DECK
        seen = {strength(parse_card(e["card"])) for c in view["codes"] for e in c if e.get("card")}
        drawn = view.get("drawn") or {}
        if drawn.get("card"):
            seen.add(strength(parse_card(drawn["card"])))
        refuted = {rank_from_text(r) for r in code[position - 1].get("not", [])}
        return {rank_of(k) for k in deck if lo < k < hi and k not in seen} - refuted

    def suggested(self, view: Mapping[str, Any], legal: Sequence[LegalAction]) -> list[LegalAction]:
        """The legal actions worth offering first: stop and reveal, then the guesses
        whose rank fits the visible order of the code (rank-only guesses all fit)."""
        special = [a for a in legal if a["kind"] != ActionKind.GUESS.value]
        guesses = []
        for a in legal:
            t = a["target"]
            if a["kind"] != ActionKind.GUESS.value or t is None:
                continue
            if "position" not in t or rank_from_text(t["rank"]) in self.plausible_ranks(
                view, t["seat"], t["position"] + 1
            ):
                guesses.append(a)
        return special + guesses

    # -- the hint overlay ------------------------------------------------------------------
    hints: ClassVar[bool] = True

    def hint(self, view: Mapping[str, Any]) -> KMHint:
        """Rank probabilities of every hidden card the seat of ``view`` cannot see, by
        exact deduction from the view (R-KM-4 order, D-KM-7 refutations), at every
        player count."""
        from pakka.games.koodinmurtaja.deduction import knowledge_from_view, rank_probabilities

        marg = knowledge_from_view(view).marginals()
        cards: dict[str, dict[str, float]] = {}
        for handle, probs in marg.items():
            ranks = rank_probabilities(probs)
            cards[str(handle)] = {
                RANK_NAMES[r]: round(p, 4) for r, p in sorted(ranks.items()) if p > 0
            }
        return {"cards": cards}


class KMHint(TypedDict):
    """The hint overlay: per hidden card's handle, its rank probabilities."""

    cards: dict[str, dict[str, float]]
    """Handle (as text) -> rank -> probability (rounded to 4 places, zeros left out)."""


DISPLAY = KoodinmurtajaDisplay()
"""The one instance (``Koodinmurtaja.display``)."""
