"""The data directory under its old address, for the table server until it imports
:func:`twentynine.files.data_dir` itself.  The saved game's format is
:mod:`twentynine.saves`; writing files is :mod:`twentynine.files`."""

from ..files import data_dir as data_dir
