"""Messages: importing tournament files and matching players (see :mod:`xl_ratings.i18n.catalogue`)."""

from __future__ import annotations


