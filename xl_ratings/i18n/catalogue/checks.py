"""Messages: the Checks sheet lines of a run (rules the officer decides on) (see :mod:`xl_ratings.i18n.catalogue`)."""

from __future__ import annotations


