"""Play over the network: the table in a web browser (:mod:`.web`), the table server that
seats several players at one game (:mod:`.server`), its wire format (:mod:`.protocol`) and
the client that joins it (:mod:`.client`).  Nothing here is part of the rules engine: the
server keeps the only :class:`~twentynine.engine.game.Game` and sends each client its seat's view.
"""
