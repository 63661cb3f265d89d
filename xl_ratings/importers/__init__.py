"""Importers: tournament results as clubs and pairing programs produce them.

Each format is a module of :mod:`.formats` declaring one record (its name, what
it carries, its sniff, its parse), listed in one registry
(:data:`.formats.REGISTRY`).  Each parser reads one source into the neutral
:class:`~.model.Tournament` (players, games, event, notes) -- the only thing
the workbook pipeline (:mod:`xl_ratings.intake`) takes from here; every problem
is reported at once as an :class:`~xl_ratings.errors.InputErrors` whose
messages name the file, the line or cell, and the value, in English and Chinese.

=============  =================================================  ==============================
format         reads                                              entry point
=============  =================================================  ==============================
trf            FIDE TRF16 (Swiss-Manager, Vega, JaVaFo, lichess)  :func:`.formats.trf.parse`
h9             EGF results file h9/h10 (OpenGotha, Pairgoth)      :func:`.formats.h9.parse`
opengotha      OpenGotha tournament XML                           :func:`.formats.opengotha.parse`
crosstable     round-robin matrix or Swiss table (sheet / CSV)    :func:`.formats.crosstable.parse_rows`
report         the club report workbook (Event, Players, Games)   :func:`.formats.report.parse_report_tables`
=============  =================================================  ==============================

:func:`.detect.load` tells the format from the content (each record's sniff) and
dispatches to the record's parse.
"""

from .detect import FORMATS, guess_format, load
from .formats import REGISTRY, Format, crosstable, h9, opengotha, report, trf
from .model import ImportedEvent, ImportedGame, ImportedPlayer, Source, Tournament

__all__ = ["FORMATS", "REGISTRY", "Format", "guess_format", "load", "ImportedEvent", "ImportedGame",
           "ImportedPlayer", "Source", "Tournament", "crosstable", "h9", "opengotha", "report", "trf"]
