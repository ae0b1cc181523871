"""Twenty-Five, the Irish trick-taking game of the Spoil Five family, for 3 to 9 players.

Built on :mod:`twentynine.common` alone: nothing of Twenty-Nine's engine is loaded.

* :mod:`.pack`: the 52 cards as small ints, their names, and how they rank by trump.
* :mod:`.house_rules`: the options (:class:`~.house_rules.HouseRules`) and their records.
* :mod:`.moves`: what a player can do (:class:`~.moves.Move`).
* :mod:`.round_state`: one deal as a fast state machine (the hot path, compiled).
"""
