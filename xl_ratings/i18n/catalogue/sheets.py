"""Messages: the input sheets (Settings, Players, Events, Games, Awards, Points, History) (see :mod:`xl_ratings.i18n.catalogue`)."""

from __future__ import annotations

from ...errors import message


