"""Example pakka bots (see docs/bots.md); ``pakka arena … --bots mybots.greedy:GreedyBot``."""
