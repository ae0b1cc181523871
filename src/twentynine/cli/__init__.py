"""The command line: ``twentynine`` and its commands (:mod:`.program`), the coach's
commands (:mod:`.coach_commands`) and the arena where bots play each other
(:mod:`.arena`).
"""
