"""What every card game of the package shares, and nothing of any one game.

A game's engine (Twenty-Nine's :mod:`twentynine.engine`, Twenty-Five's
:mod:`twentynine.twentyfive`) builds on this layer; this layer imports no game.
"""
