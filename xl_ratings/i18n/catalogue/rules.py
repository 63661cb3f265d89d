"""Messages: the rulebooks (ranks, results, parameters; imported by systems/) (see :mod:`xl_ratings.i18n.catalogue`)."""

from __future__ import annotations

from ...errors import message


