"""The game-independent layer of pakka: cards, randomness, options, the engine contract.

Everything above (``pakka.games``, ``pakka.bots``, front ends) builds on these
pieces; nothing here knows about a particular game or does any I/O.
"""
