"""Twenty-Nine's rules engine: the cards, the rules, the deal's state machine, the game,
the events it emits, a seat's view and the records that replay it.

It imports nothing of the package above it (the bots, the table, the front ends), nor any
user interface or network library; :mod:`twentynine.common` is all it shares with another
game.
"""
