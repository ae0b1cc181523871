"""``python -m twentynine``: the same command as ``twentynine``."""

import sys

from .cli.program import main

sys.exit(main())
