"""The Zoker deck and its games, one package each: ``solo``, ``memo``, ``tiko``,
``kubo`` and the ``pairs`` trainer.

Shared by all five, at this level: the deck and its tables (:mod:`.deck`), the
deck as a game's deck and small helpers (:mod:`.common`), the display layer's base
and card names (:mod:`.display`) and the shared texts (:mod:`.messages`). Nothing
is imported here: each game loads on first use (``pakka.games.BUILTIN``).
"""
