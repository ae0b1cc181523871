"""The coach: hints, the review of a deal, the history of finished deals and statistics.

Everything here works from a seat's **view** (what the player could know) or from a
finished deal's record; nothing here draws or imports a terminal or network library
(Textual, rich, aiohttp), so the table, the command line and the tests share it.

* :mod:`.hint`: the strongest bot's suggestion for the player's turn, with a reason and
  the estimated worth of every legal alternative;
* :mod:`.review`: every decision of a deal graded against the bot's best, from the view
  the player had at that moment;
* :mod:`.history`: every finished deal in a local SQLite database;
* :mod:`.stats`: statistics over that history, as plain data;
* :mod:`.recorder`: each finished deal of a game, written into the history;
* :mod:`.clock`: the move made for a player whose move clock ran out (the hint's
  choice), the same at a local table and a hosted one;
* :mod:`.text`: plain words the table shares (where each seat sits, counts, the
  contract's words).
"""
