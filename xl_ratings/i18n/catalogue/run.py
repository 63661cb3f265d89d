"""Messages: a run (periods, the History ledger, summaries, command-line notes) (see :mod:`xl_ratings.i18n.catalogue`)."""

from __future__ import annotations

from . import message

