"""Importers: tournament results as clubs and pairing programs produce them.

Each parser reads one source into the neutral :class:`~.model.Tournament`
(players, games, event, notes); every problem is reported at once as an
:class:`~xl_ratings.errors.InputErrors` whose messages name the file, the
line or cell, and the value, in English and Chinese.

=============  =================================================  =====================
format         reads                                              entry point
=============  =================================================  =====================
trf            FIDE TRF16 (Swiss-Manager, Vega, JaVaFo, lichess)  :func:`.trf.parse`
h9             EGF results file h9/h10 (OpenGotha, Pairgoth)      :func:`.h9.parse`
opengotha      OpenGotha tournament XML                           :func:`.opengotha.parse`
crosstable     round-robin matrix or Swiss table (sheet / CSV)    :func:`.crosstable.parse_rows`
report         the club report workbook (Event, Players, Games)   :func:`.report.parse_report_tables`
=============  =================================================  =====================

:func:`.detect.load` tells the format from the content and dispatches.
"""

from .detect import FORMATS, guess_format, load
from .model import ImportedEvent, ImportedGame, ImportedPlayer, Source, Tournament

__all__ = ["FORMATS", "guess_format", "load", "ImportedEvent", "ImportedGame", "ImportedPlayer", "Source",
           "Tournament"]
