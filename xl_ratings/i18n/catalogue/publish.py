"""Messages: publishing (website, PDF, rating lists) (see :mod:`xl_ratings.i18n.catalogue`)."""

from __future__ import annotations

from . import message

