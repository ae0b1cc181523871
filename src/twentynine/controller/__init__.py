"""The table without a screen: the local table (:mod:`.local_table`), the interface every
front end plays through (:mod:`.table_like`) and the saved game (:mod:`.saves`).

Importing this package loads none of them: the saved game sits below the bots' table, and
a module of it is imported by its own name.
"""
