"""Messages of the files layer (a topic of the catalogue, :mod:`xl_ratings.i18n.catalogue`).

Declared here rather than in ``i18n/catalogue/`` because this layer imports
nothing of the package but :mod:`xl_ratings.errors`.
"""

from __future__ import annotations

