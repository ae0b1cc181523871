#!/usr/bin/env bash
# Build today's hard as it was at commit 0849e73, compiled with mypyc, into DIR (default
# /tmp/old-hard-c), for benchmarks/versus_old.py:
#
#   benchmarks/old_hard_compiled.sh /tmp/old-hard-c
#   python benchmarks/versus_old.py --old '/tmp/old-hard-c/.venv/bin/python benchmarks/old_bot_server.py hard'
#
# Why: the pure old hard takes ~0.3-0.5 s a decision here, so 500 boards of each rule set
# would take ~6 hours of one core; compiled it takes a third of the CPU time.  It is the
# same bot: the only source change is the one mypyc needs (it cannot compile
# `Deal.__new__(Deal)`, so a blank Deal is made by a keyword of __init__ that returns
# before any set-up), and the same modules are compiled as in this project's build.
# Check (benchmarks/same_decisions.py 6: hard with the clock lifted, 6 deals, both
# rule sets): pure and compiled make the same 245 decisions (same hash), 58.5 s against
# 19.7 s of CPU.  Being faster, it is cut by its 1 s clock less often than the pure one:
# if anything, a stronger opponent.
set -euo pipefail
dir=${1:-/tmp/old-hard-c}
repo=$(cd "$(dirname "$0")/.." && pwd)
rm -rf "$dir" && mkdir -p "$dir"
git -C "$repo" archive 0849e73 | tar -x -C "$dir"
cd "$dir"
python3 - <<'PY'
import re
p = "src/twentynine/deal.py"
s = open(p).read()
s = s.replace("        scores: tuple[int, int] = (0, 0),\n    ) -> None:",
              "        scores: tuple[int, int] = (0, 0),\n        _blank: bool = False,\n    ) -> None:", 1)
s = s.replace('        card)."""\n        if dealer not in (0, 1, 2, 3):',
              '        card)."""\n        if _blank:\n            return\n        if dealer not in (0, 1, 2, 3):', 1)
s = s.replace("d = cls.__new__(cls)", "d = cls((), (), _blank=True)")
s = s.replace("d = Deal.__new__(Deal)", "d = Deal((), (), _blank=True)")
open(p, "w").write(s)
v = "src/twentynine/views.py"
t = open(v).read().replace("d = Deal.__new__(Deal)", "d = Deal((), (), _blank=True)")
open(v, "w").write(t)
pp = "pyproject.toml"
u = open(pp).read().replace('requires = ["setuptools>=68", "wheel"]',
                            'requires = ["setuptools>=68", "wheel", "mypy>=1.10"]')
open(pp, "w").write(u)
assert "__new__" not in s and "__new__" not in t, "the patch no longer applies"
PY
cat > setup.py <<'PY'
import os
from mypyc.build import mypycify
from setuptools import setup
MODS = ["cards", "rules", "actions", "auction", "contract", "play", "scoring", "deal",
        "bots/worlds", "bots/search"]
paths = [os.path.join("src", "twentynine", *m.split("/")) + ".py" for m in MODS]
setup(ext_modules=mypycify(paths, opt_level="3", debug_level="0"))
PY
python3 -m venv .venv
.venv/bin/pip install -q .
.venv/bin/python -c "import twentynine.deal as d; assert d.__file__.endswith('.so'), d.__file__; print('compiled old hard in', '$dir')"
