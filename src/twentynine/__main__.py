"""``python -m twentynine``: the same command as ``twentynine``."""

import sys

from .cli import main

sys.exit(main())
