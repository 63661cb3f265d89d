"""Messages: the Excel surface (functions in cells, one-click scripts) (see :mod:`xl_ratings.i18n.catalogue`)."""

from __future__ import annotations

from ...errors import message

